// The CPU/GPU solvers as they were before issue 27 (commit 78abf9f), kept verbatim as the reference that the
// current solvers' schedules are compared with (tests/core/test_cpugpu_same_schedules.cpp). They share the
// model and the solution types only.
#pragma once

#include "solvers/cpugpu/cpugpu_solvers.h"

namespace hetsched::cpugpu_reference {

double referenceCpuGpuLowerBound(const CpuGpuInstance& in);
Expected<CpuGpuSolution> referenceSolveCpuGpuLowerBound(const CpuGpuInstance& in, const Progress& progress = {});
Expected<CpuGpuDualStep> referenceCpuGpuDualStep(const CpuGpuInstance& in, double lambda,
                                                 CpuGpuDualVariant variant, const Progress& progress = {});
CpuGpuSolution referenceCpuGpuShelfSchedule(const CpuGpuInstance& in, double lambda,
                                            const std::vector<CpuGpuUnit>& allotment, bool compact);
Expected<CpuGpuSolution> referenceSolveCpuGpuDualApprox(const CpuGpuInstance& in,
                                                        const CpuGpuDualOptions& options = {},
                                                        const Progress& progress = {});
Expected<CpuGpuSolution> referenceSolveCpuGpuDualApprox2(const CpuGpuInstance& in, const Progress& progress = {});
Expected<CpuGpuSolution> referenceSolveCpuGpuHeft(const CpuGpuInstance& in, const Progress& progress = {});
Expected<CpuGpuSolution> referenceSolveCpuGpuHeteroPrio(const CpuGpuInstance& in,
                                                        const CpuGpuHeteroPrioOptions& options = {},
                                                        const Progress& progress = {});

}  // namespace hetsched::cpugpu_reference
