// The dag family: task graphs of moldable tasks on a cluster of clusters.
#include "family/family_builder.h"
#include "simulation/dag_simulation.h"
#include "io/dag_io.h"
#include "solvers/dag/dag_result.h"
#include "solvers/registry_detail.h"

namespace hetsched {

namespace {

// A fork-join of four moldable tasks on two clusters of the paper's kind (Fast and Gigabit Ethernet).
DagInstance exampleDagInstance() {
    DagInstance in;
    in.platform.clusters = {{"C0", 8, 1e9, 1.25e7, 1e-4}, {"C1", 16, 2e9, 1.25e8, 1e-4}};
    in.platform.backbone = {3.125e8, 0.05};
    in.tasks = {{"t0", 2e10, 0.1}, {"t1", 8e10, 0.05}, {"t2", 4e10, 0.2}, {"t3", 1e10, 0.1}};
    in.edges = {{0, 1, 4e6}, {0, 2, 4e6}, {1, 3, 1e6}, {2, 3, 1e6}};
    return in;
}

}  // namespace

FamilyDescriptor dagFamily() {
    return family_detail::describeFamily<DagInstance>({"dag", "task graph", readDagInstance, dagInstanceToJson,
                                                      dagResultFromJson, exampleDagInstance,
                                                      registry_detail::dagSolvers, simulateDagResult, {},
                                                      dagInstanceProblem, dagInstanceText});
}

}  // namespace hetsched
