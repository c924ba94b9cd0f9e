// The dag solvers as they were before issue 27 (commit 78abf9f), kept verbatim as the reference that the
// current solvers' schedules are compared with (tests/core/test_dag_same_schedules.cpp). They share the
// model's functions (Amdahl times, redistribution model, graph building) and the solution types.
#pragma once

#include "solvers/dag/dag_solvers.h"

namespace hetsched::dag_reference {

Expected<DagAllocation> referenceAllocateHcpa(const DagInstance& in, long long maxIterations = -1,
                                              const Progress& progress = {});
Expected<DagSolution> referenceSolveDagCpa(const DagInstance& in, const Progress& progress = {});
Expected<DagSolution> referenceSolveDagHcpa(const DagInstance& in, const Progress& progress = {});
Expected<DagSolution> referenceSolveDagSHcpa(const DagInstance& in, const Progress& progress = {});
Expected<DagSolution> referenceSolveDagMheft(const DagInstance& in, const Progress& progress = {});
Expected<DagSolution> referenceSolveDagSeq(const DagInstance& in, const Progress& progress = {});
Expected<DagSolution> referenceSolveDagHeft(const DagInstance& in, const Progress& progress = {});

}  // namespace hetsched::dag_reference
