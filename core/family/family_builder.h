// Builds a FamilyDescriptor from a family's typed functions (for the <family>_family.cpp files only).
#pragma once

#include <variant>

#include "family/family.h"
#include "io/json_reader.h"

namespace hetsched::family_detail {

// The index of In among Instance's alternatives; does not compile for a type that is not one.
template <class In, std::size_t I = 0>
constexpr std::size_t variantIndexOf() {
    static_assert(I < std::variant_size_v<Instance>, "the instance type is not an alternative of Instance");
    if constexpr (std::is_same_v<std::variant_alternative_t<I, Instance>, In>) return I;
    else return variantIndexOf<In, I + 1>();
}

template <class In>
struct TypedFamily {
    std::string kind;
    std::string displayName;
    In (*read)(const json_detail::JsonNode& root) = nullptr;   // throws InputError naming the JSON path
    nlohmann::json (*write)(const In&) = nullptr;
    Expected<SolveResult> (*readResult)(const In&, const nlohmann::json&) = nullptr;   // runs the verifier
    In (*example)() = nullptr;
    std::vector<registry_detail::RegisteredSolver> (*solvers)() = nullptr;
    // Replays a result on SimGrid; null: no simulation, `noSimulation` says why.
    Expected<SimulationResult> (*simulate)(const In&, const SolveResult&, const SimulationOptions&,
                                           const Progress&) = nullptr;
    std::string noSimulation;
    std::optional<std::string> (*instanceProblem)(const In&) = nullptr;   // the family's typed checks
    std::string (*writeText)(const In&) = nullptr;   // streamed `write(in).dump(2)`; null: through the tree
};

template <class In>
FamilyDescriptor describeFamily(const TypedFamily<In>& f) {
    FamilyDescriptor d;
    d.kind = f.kind;
    d.displayName = f.displayName;
    d.variantIndex = variantIndexOf<In>();
    d.readInstanceNode = [read = f.read](const json_detail::JsonNode& root) -> Expected<Instance> {
        try {
            return Instance{read(root)};
        } catch (const json_detail::InputError& e) {
            return invalidInput(e.what());
        } catch (const std::exception& e) {   // nlohmann type errors and allocation failures, never a crash
            return invalidInput(std::string("cannot read the instance: ") + e.what());
        }
    };
    d.readInstance = [readNode = d.readInstanceNode](const nlohmann::json& json) {
        return readNode(json_detail::JsonNode(json, ""));
    };
    d.writeInstance = [write = f.write](const Instance& instance) { return write(std::get<In>(instance)); };
    d.writeInstanceText = [write = f.write, writeText = f.writeText](const Instance& instance) {
        return writeText ? writeText(std::get<In>(instance)) : write(std::get<In>(instance)).dump(2);
    };
    d.readResult = [readResult = f.readResult](const Instance& instance, const nlohmann::json& json) {
        return readResult(std::get<In>(instance), json);
    };
    d.verify = [readResult = f.readResult](const Instance& instance, const nlohmann::json& json) {
        const Expected<SolveResult> read = readResult(std::get<In>(instance), json);
        return read ? std::vector<std::string>{} : std::vector<std::string>{read.error().message};
    };
    d.instanceProblem = [problem = f.instanceProblem](const Instance& instance) {
        return problem(std::get<In>(instance));
    };
    d.exampleInstance = [example = f.example] { return Instance{example()}; };
    d.solvers = f.solvers;
    if (f.simulate)
        d.simulate = [simulate = f.simulate](const Instance& instance, const SolveResult& result,
                                             const SimulationOptions& options, const Progress& progress) {
            return simulate(std::get<In>(instance), result, options, progress);
        };
    d.noSimulation = f.noSimulation;
    return d;
}

}  // namespace hetsched::family_detail
