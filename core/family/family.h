// One descriptor per family of instances (partition, divisible, ...): its kind, the name people use, its typed
// instance check and its example, for the GUI, the catalog of solvers and the tests. Core's layers dispatch on
// Instance's alternatives each with its own overloads, below this one (docs/architecture.md, "Adding a family"):
// the instance file (io/instance_io.cpp), the result file (results/result_io.cpp), the solvers
// (solvers/registry.cpp) and the simulation (simulation/simulation.cpp).
#pragma once

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "model/instance.h"

namespace hetsched {

struct FamilyDescriptor {
    std::string kind;           // the "kind" of its instance and result files (model/instance.h's kInstanceKinds)
    std::string displayName;    // how a person names it ("CPU/GPU")
    std::size_t variantIndex = 0;   // its alternative in Instance
    // Why the instance is invalid (the family's typed checks, model/instance_checks.h: the rules of its instance
    // file's reader, naming the element by its JSON path); none when it is sound. What the GUI checks an edit
    // with, what every solver entry checks first (the steady-state solvers add steadyUnsolvableReason), and
    // what an instance made in memory is held to.
    std::function<std::optional<std::string>(const Instance&)> instanceProblem;
    // A small instance to start from: what File > New Instance adds, solvable by every solver of the family.
    std::function<Instance()> exampleInstance;
};

// Every family, in the order of Instance's alternatives.
const std::vector<FamilyDescriptor>& families();
// The family of that kind; null when there is none.
const FamilyDescriptor* findFamily(std::string_view kind);
// The family of the instance's alternative.
const FamilyDescriptor& familyOf(const Instance& instance);

// The descriptors of the families, each in its own file (core/family/<family>_family.cpp).
FamilyDescriptor partitionFamily();
FamilyDescriptor divisibleFamily();
FamilyDescriptor cpuGpuFamily();
FamilyDescriptor steadyStateFamily();
FamilyDescriptor dagFamily();

}  // namespace hetsched
