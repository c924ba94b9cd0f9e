// Every kind of instance the app knows; a new family adds one alternative here.
#pragma once

#include <string>
#include <variant>

#include "model/partition.h"

namespace hetsched {

using Instance = std::variant<PartitionInstance>;

// The value of the instance file's "kind" key ("partition", ...).
std::string instanceKind(const Instance& instance);

}  // namespace hetsched
