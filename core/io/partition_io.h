// JSON form of partition instances ("kind": "partition"); see docs/formats.md.
#pragma once

#include <nlohmann/json.hpp>

#include "io/json_reader.h"
#include "model/partition.h"

namespace hetsched {

namespace json_detail {
class JsonTextWriter;
}

// Throws json_detail::InputError naming the path of the first problem.
PartitionInstance readPartitionInstance(const json_detail::JsonNode& root);
nlohmann::json partitionInstanceToJson(const PartitionInstance& instance);
// The same document's text, partitionInstanceToJson(instance).dump(2) byte for byte, written without its tree.
std::string partitionInstanceText(const PartitionInstance& instance);
// The same, into a writer at its place (an instance inside a project file).
void writePartitionInstance(const PartitionInstance& instance, json_detail::JsonTextWriter& writer);

}  // namespace hetsched
