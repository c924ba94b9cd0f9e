// JSON form of moldable task graph instances ("kind": "dag"); see docs/formats.md.
#pragma once

#include <nlohmann/json.hpp>

#include "common/expected.h"
#include "io/json_reader.h"
#include "model/dag.h"

namespace hetsched {

// Throws json_detail::InputError naming the path of the first problem.
DagInstance readDagInstance(const json_detail::JsonNode& root);
nlohmann::json dagInstanceToJson(const DagInstance& instance);
// The same document's text, dagInstanceToJson(instance).dump(2) byte for byte, written without its tree.
std::string dagInstanceText(const DagInstance& instance);

// The checks every source of a DagInstance goes through (JSON, imports, generators): non-empty
// lists, unique names, finite values in range, known distinct endpoints, no duplicate edge, no cycle
// (named), and every task able to run somewhere in reasonable time. Empty when valid.
std::optional<std::string> dagInstanceProblem(const DagInstance& instance);

// Limits of the validation (also used by the importers and generators).
namespace dag_limits {
constexpr std::size_t kMaxTasks = 1'000'000;
constexpr std::size_t kMaxEdges = 20'000'000;
constexpr std::size_t kMaxClusters = 10'000;
constexpr long long kMaxProcessors = 1'000'000;   // in all
constexpr double kMaxValue = 1e30;                // flops, bytes, speeds, bandwidths
constexpr double kMinRate = 1e-6;                 // speeds and bandwidths
constexpr double kMaxLatency = 1e30;              // seconds: SimGrid accepts any (a computed cluster latency of 2.1e6 s)
constexpr double kMaxTaskSeconds = 1e15;          // a task longer than this on one fastest processor fits nowhere
}  // namespace dag_limits

}  // namespace hetsched
