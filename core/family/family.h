// One descriptor per family of instances (partition, divisible, ...): what the rest of core dispatches on
// instead of a visitor or an if-chain of its own. A new family is one folder (its model, reader and writer,
// solvers and its descriptor) and one line in families.cpp.
#pragma once

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "common/expected.h"
#include "model/instance.h"
#include "simulation/simulation.h"
#include "solvers/registry.h"

namespace hetsched {

namespace registry_detail {
struct RegisteredSolver;
}
namespace json_detail {
class JsonNode;
}

struct FamilyDescriptor {
    std::string kind;           // the "kind" of its instance and result files (public contract: never renamed)
    std::string displayName;    // how a person names it ("CPU/GPU")
    std::size_t variantIndex = 0;   // its alternative in Instance
    // The instance file (its whole JSON object, "kind" included) read with validation naming the JSON path
    // of every error, and written back.
    std::function<Expected<Instance>(const nlohmann::json&)> readInstance;
    // The same reader on any JsonNode (io/json_reader.h), such as the root of a file parsed by simdjson.
    std::function<Expected<Instance>(const json_detail::JsonNode&)> readInstanceNode;
    std::function<nlohmann::json(const Instance&)> writeInstance;
    // The instance file's text, byte for byte writeInstance(instance).dump(2): streamed from the typed model
    // by the families whose instances grow large (no document tree of a million tasks), through the tree by
    // the others.
    std::function<std::string(const Instance&)> writeInstanceText;
    // A stored result (as `hetsched solve` prints it) read back into its SolveResult with the family's keys
    // checked against the instance; the keys common to every family are read by resultFromJson.
    std::function<Expected<SolveResult>(const Instance&, const nlohmann::json&)> readResult;
    // The constraints a stored result violates on the instance (the family's verifier run on the solution
    // read back from it); empty when it is a valid answer.
    std::function<std::vector<std::string>(const Instance&, const nlohmann::json&)> verify;
    // Why no solver can run on the instance (the family's typed checks, model/instance_checks.h: the rules of
    // its instance file, naming the element by its JSON path); none when it is sound. What every solver entry
    // checks first, and what an instance made in memory is held to.
    std::function<std::optional<std::string>(const Instance&)> instanceProblem;
    // A small instance to start from: what File > New Instance adds, solvable by every solver of the family.
    std::function<Instance()> exampleInstance;
    // Its solvers in their listed order, the first whose isDefaultFor holds being the default.
    std::vector<registry_detail::RegisteredSolver> (*solvers)() = nullptr;
    // A result's schedule replayed on SimGrid (simulation/simulation.h); null when the family has no
    // simulation, and `noSimulation` says why to the user.
    std::function<Expected<SimulationResult>(const Instance&, const SolveResult&, const SimulationOptions&,
                                             const Progress&)>
        simulate;
    std::string noSimulation;
};

// Every family, in the order of Instance's alternatives.
const std::vector<FamilyDescriptor>& families();
// The family of that kind; null when there is none.
const FamilyDescriptor* findFamily(std::string_view kind);
// The family of the instance's alternative.
const FamilyDescriptor& familyOf(const Instance& instance);
// "partition, divisible, ...": the known kinds, for messages.
std::string knownFamilyKinds();

// The descriptors of the families, each in its own file (core/family/<family>_family.cpp).
FamilyDescriptor partitionFamily();
FamilyDescriptor divisibleFamily();
FamilyDescriptor cpuGpuFamily();
FamilyDescriptor steadyStateFamily();
FamilyDescriptor dagFamily();

}  // namespace hetsched
