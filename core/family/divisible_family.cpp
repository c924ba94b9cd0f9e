// The divisible-load family: a master and workers, with return messages.
#include "family/family_builder.h"
#include "model/instance_checks.h"
#include "io/divisible_io.h"
#include "simulation/divisible_simulation.h"
#include "solvers/divisible/divisible_result.h"
#include "solvers/registry_detail.h"

namespace hetsched {

namespace {

// Three workers with d = 0.8 c: the theorems apply; reorder the scenario to see the LP answer change.
DivisibleInstance exampleDivisibleInstance() {
    DivisibleInstance in;
    in.horizon = 1;
    in.workers = {{"P1", 1, 2, 0.8}, {"P2", 2, 1, 1.6}, {"P3", 1.5, 1.5, 1.2}};
    return in;
}

}  // namespace

FamilyDescriptor divisibleFamily() {
    return family_detail::describeFamily<DivisibleInstance>({"divisible", "divisible load", readDivisibleInstance,
                                                            divisibleInstanceToJson, divisibleResultFromJson,
                                                            exampleDivisibleInstance,
                                                            registry_detail::divisibleSolvers,
                                                            simulateDivisibleResult, {}, divisibleInstanceProblem,
                                                            divisibleResultJson});
}

}  // namespace hetsched
