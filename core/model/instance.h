// Every kind of instance the app knows; a new family adds one alternative here and its descriptor in
// core/family/families.cpp.
#pragma once

#include <string>
#include <variant>

#include "model/dag.h"
#include "model/cpugpu.h"
#include "model/divisible.h"
#include "model/partition.h"
#include "model/steady_state.h"

namespace hetsched {

using Instance = std::variant<PartitionInstance, DivisibleInstance, CpuGpuInstance, SteadyStateInstance, DagInstance>;

// The value of the instance file's "kind" key ("partition", "divisible", ...).
std::string instanceKind(const Instance& instance);

}  // namespace hetsched
