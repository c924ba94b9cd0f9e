// The checks an instance of each family must pass before any solver runs on it, on the typed model: the same
// rules its JSON reader enforces (the readers call them), so that an instance made or edited in memory (the
// GUI, an import, a generator, Python) is held to what a file is. Each returns why the instance is invalid,
// naming the element as the instance file's JSON path does ("resources[1].cost.table[3]: ..."), or nothing.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "model/cpugpu.h"
#include "model/dag.h"
#include "model/divisible.h"
#include "model/partition.h"
#include "model/steady_state.h"

namespace hetsched {

std::optional<std::string> partitionInstanceProblem(const PartitionInstance& instance);
std::optional<std::string> divisibleInstanceProblem(const DivisibleInstance& instance);
std::optional<std::string> cpuGpuInstanceProblem(const CpuGpuInstance& instance);
// A steady-state instance's rules are its reader's, no more: a platform is drawn and saved one node at a time,
// so one its solvers cannot run on yet (no route from the source, ...) is valid; the solvers refuse it with
// steadyUnsolvableReason (model/steady_state.h).
std::optional<std::string> steadyInstanceProblem(const SteadyStateInstance& instance);
// The checks every source of a DagInstance goes through (JSON, imports, generators, edits): non-empty lists,
// unique names, finite values in range, known distinct endpoints, no duplicate edge, no cycle (named), and every
// task able to run somewhere in reasonable time (model/dag_checks.cpp). The incremental check of an edit that
// stands in for it is model/dag_edit_check.h.
std::optional<std::string> dagInstanceProblem(const DagInstance& instance);
// Its wording, shared with the dag reader: "a -> b -> a"; "task \"t\" fits nowhere: ..."; the fastest speed.
std::string dagCycleText(const DagInstance& instance, const std::vector<std::size_t>& cycle);
std::string dagTaskFitsNowhere(const DagTask& task, double fastestSpeed);
double dagFastestSpeed(const DagPlatform& platform);

// Their limits, shared with the readers.
namespace partition_limits {
inline constexpr std::int64_t kMaxTasks = 100'000'000;
inline constexpr std::int64_t kMaxCount = 1'000'000'000;
inline constexpr double kMaxCost = 1e100;               // keeps sums of costs finite
inline constexpr double kMaxAdmissiblePairs = 2e8;      // (resource, count) pairs the solvers materialise
}  // namespace partition_limits
namespace divisible_limits {
inline constexpr double kMinValue = 1e-30;              // keeps every product and sum of the solvers finite
inline constexpr double kMaxValue = 1e30;
inline constexpr std::size_t kMaxWorkers = 1'000'000;
}  // namespace divisible_limits
namespace dag_limits {
inline constexpr std::size_t kMaxTasks = 1'000'000;
inline constexpr std::size_t kMaxEdges = 20'000'000;
inline constexpr std::size_t kMaxClusters = 10'000;
inline constexpr long long kMaxProcessors = 1'000'000;   // in all
inline constexpr double kMaxValue = 1e30;                // flops, bytes, speeds, bandwidths
inline constexpr double kMinRate = 1e-6;                 // speeds and bandwidths
inline constexpr double kMaxLatency = 1e30;              // seconds: SimGrid accepts any (a computed cluster latency of 2.1e6 s)
inline constexpr double kMaxTaskSeconds = 1e15;          // a task longer than this on one fastest processor fits nowhere
}  // namespace dag_limits
namespace cpugpu_limits {
inline constexpr double kMinTime = 1e-9;                // a million tasks of at most 1e12 sum to 1e18
inline constexpr double kMaxTime = 1e12;
inline constexpr int kMaxProcessors = 10'000;
inline constexpr std::size_t kMaxTasks = 1'000'000;
inline constexpr double kMinEpsilon = 1e-6;
inline constexpr double kMaxEpsilon = 1;
}  // namespace cpugpu_limits
namespace steady_limits {
inline constexpr double kMinValue = 1e-9;               // keeps every product of the LPs finite and their
inline constexpr double kMaxValue = 1e9;                // coefficients within GLPK's reach
inline constexpr std::size_t kMaxNodes = 100'000;
inline constexpr std::size_t kMaxLinks = 1'000'000;
}  // namespace steady_limits

}  // namespace hetsched
