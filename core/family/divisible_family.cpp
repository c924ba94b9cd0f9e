// The divisible-load family: a master and workers, with return messages.
#include "family/family_builder.h"
#include "model/instance_checks.h"

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
    return family_detail::describeFamily<DivisibleInstance>({"divisible load", exampleDivisibleInstance, divisibleInstanceProblem});
}

}  // namespace hetsched
