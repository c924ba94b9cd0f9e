// Every kind of instance the app knows; a new family adds one alternative here and its descriptor in
// core/family/families.cpp.
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <variant>

#include "model/dag.h"
#include "model/cpugpu.h"
#include "model/divisible.h"
#include "model/partition.h"
#include "model/steady_state.h"

namespace hetsched {

using Instance = std::variant<PartitionInstance, DivisibleInstance, CpuGpuInstance, SteadyStateInstance, DagInstance>;

// The "kind" of each alternative's instance and result files, in the order of Instance's alternatives
// (public contract: never renamed). Its family (core/family) takes its kind from here.
inline constexpr std::array<std::string_view, std::variant_size_v<Instance>> kInstanceKinds = {
    "partition", "divisible", "cpugpu", "steady_state", "dag"};

// The value of the instance file's "kind" key ("partition", "divisible", ...).
std::string instanceKind(const Instance& instance);
// The alternative of Instance whose kind that is; none for an unknown kind.
std::optional<std::size_t> instanceKindIndex(std::string_view kind);
// "partition, divisible, ...": the known kinds, for messages.
std::string knownInstanceKinds();

// Calls f(std::type_identity<A>{}) for the alternative A of Instance at `index` (< its size): how a layer
// dispatches on a kind read from a file to its own overload for each family, with no table to keep in order
// (a family without the overload does not compile).
template <class F>
decltype(auto) visitInstanceAlternative(std::size_t index, F&& f);

namespace instance_detail {
template <class F, std::size_t... I>
decltype(auto) visitAlternative(std::size_t index, F& f, std::index_sequence<I...>) {
    using Result = decltype(f(std::type_identity<std::variant_alternative_t<0, Instance>>{}));
    static constexpr Result (*calls[])(F&) = {
        [](F& g) -> Result { return g(std::type_identity<std::variant_alternative_t<I, Instance>>{}); }...};
    return calls[index](f);
}
}  // namespace instance_detail

template <class F>
decltype(auto) visitInstanceAlternative(std::size_t index, F&& f) {
    return instance_detail::visitAlternative(index, f, std::make_index_sequence<std::variant_size_v<Instance>>{});
}

}  // namespace hetsched
