// The partition family: identical tasks on resources with cost functions (Pilla 2022).
#include "family/family_builder.h"
#include "model/instance_checks.h"
#include "io/partition_io.h"
#include "solvers/partition/partition_result.h"
#include "solvers/registry_detail.h"

namespace hetsched {

namespace {

// Ten tasks on one resource of cost x: add resources and edit their costs from there.
PartitionInstance examplePartitionInstance() {
    PartitionInstance in;
    in.tasks = 10;
    in.objective = PartitionObjective::Makespan;
    PartitionResource r;
    r.name = "r0";
    r.lower = 0;
    r.upper = in.tasks;
    r.cost.kind = CostFunction::Kind::Affine;
    r.cost.fixed = 0;
    r.cost.perTask = 1;
    in.resources.push_back(r);
    return in;
}

}  // namespace

FamilyDescriptor partitionFamily() {
    return family_detail::describeFamily<PartitionInstance>({"partition", "partition", readPartitionInstance,
                                                            partitionInstanceToJson, partitionResultFromJson,
                                                            examplePartitionInstance,
                                                            registry_detail::partitionSolvers, nullptr,
                                                            "a partition of identical tasks has no communication "
                                                            "and no order to replay: its schedule is its own "
                                                            "simulation",
                                                            partitionInstanceProblem, partitionInstanceText});
}

}  // namespace hetsched
