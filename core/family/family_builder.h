// Builds a FamilyDescriptor from a family's typed functions (for the <family>_family.cpp files only).
#pragma once

#include <variant>

#include "family/family.h"

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
    std::string displayName;
    In (*example)() = nullptr;
    std::optional<std::string> (*instanceProblem)(const In&) = nullptr;   // the family's typed checks
};

template <class In>
FamilyDescriptor describeFamily(const TypedFamily<In>& f) {
    FamilyDescriptor d;
    d.kind = std::string(kInstanceKinds[variantIndexOf<In>()]);
    d.displayName = f.displayName;
    d.variantIndex = variantIndexOf<In>();
    d.instanceProblem = [problem = f.instanceProblem](const Instance& instance) {
        return problem(std::get<In>(instance));
    };
    d.exampleInstance = [example = f.example] { return Instance{example()}; };
    return d;
}

}  // namespace hetsched::family_detail
