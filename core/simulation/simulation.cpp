// The family-independent part of simulations: delay causes, the result JSON, and dispatch by kind.
#include "simulation/simulation.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <tuple>

#include "io/instance_io.h"
#include "simulation/cpugpu_simulation.h"
#include "simulation/dag_simulation.h"
#include "simulation/divisible_simulation.h"
#include "simulation/simulation_detail.h"
#include "simulation/steady_simulation.h"
#include "solvers/dag/dag_result.h"
#include "solvers/family_solution.h"

namespace hetsched {

namespace {

struct CauseName {
    DelayCause cause;
    const char* name;
    const char* text;
};
constexpr CauseName kCauses[] = {
    {DelayCause::None, "none", "on time"},
    {DelayCause::Contention, "contention", "contention"},
    {DelayCause::WaitingForData, "waiting_for_data", "waiting for data"},
    {DelayCause::WaitingForProcessors, "waiting_for_processors", "waiting for processors"},
    {DelayCause::Model, "model", "the platform differs from the model"},
};

nlohmann::json activityJson(const SimulatedActivity& a, bool transfer) {
    nlohmann::json j = {{"id", a.id}};
    if (transfer) {
        j["from"] = a.from;
        j["to"] = a.to;
        j["bytes"] = a.bytes;
    }
    j["start"] = a.start;
    j["end"] = a.end;
    j["planned_start"] = a.plannedStart;
    j["planned_end"] = a.plannedEnd;
    j["delay"] = a.delay();
    j["cause"] = delayCauseName(a.cause);
    j["uncontended_duration"] = a.uncontendedSeconds;
    return j;
}

}  // namespace

const char* delayCauseName(DelayCause cause) {
    for (const CauseName& c : kCauses)
        if (c.cause == cause) return c.name;
    return "none";
}

const char* delayCauseText(DelayCause cause) {
    for (const CauseName& c : kCauses)
        if (c.cause == cause) return c.text;
    return "on time";
}

std::optional<DelayCause> delayCauseFromName(const std::string& name) {
    for (const CauseName& c : kCauses)
        if (name == c.name) return c.cause;
    return std::nullopt;
}

double simulationTolerance(double plannedMakespan) { return std::max(1e-9, 1e-6 * std::abs(plannedMakespan)); }

nlohmann::json simulationResultToJson(const SimulationResult& r) {
    nlohmann::json j = simulationSummaryToJson(r);
    nlohmann::json tasks = nlohmann::json::array(), transfers = nlohmann::json::array();
    for (const SimulatedActivity& a : r.tasks) tasks.push_back(activityJson(a, false));
    for (const SimulatedActivity& a : r.transfers) transfers.push_back(activityJson(a, true));
    j["tasks"] = std::move(tasks);
    j["transfers"] = std::move(transfers);
    return j;
}

nlohmann::json simulationSummaryToJson(const SimulationResult& r) {
    nlohmann::json j;
    j["kind"] = r.kind;
    j["solver"] = r.solver;
    j["simulator"] = r.simulator;
    j["platform"] = r.generatedPlatform ? nlohmann::json{{"source", "generated"}}
                                        : nlohmann::json{{"source", "file"}, {"file", r.platformFile}};
    j["seconds"] = r.seconds;
    j["planned_makespan"] = r.plannedMakespan;
    j["simulated_makespan"] = r.simulatedMakespan;
    j["difference"] = r.simulatedMakespan - r.plannedMakespan;
    j["relative_difference"] = r.plannedMakespan > 0 ? (r.simulatedMakespan - r.plannedMakespan) / r.plannedMakespan : 0.0;
    j["tolerance"] = r.tolerance;
    for (const auto& [key, value] : r.familyKeys.items()) j[key] = value;
    if (!r.notes.empty()) j["notes"] = r.notes;
    return j;
}

namespace {

// Each family's replay on SimGrid (simulation/<family>_simulation.h), one overload per alternative of Instance;
// a family without one says why in unavailable().
struct Replay {
    const SolveResult& result;
    const SimulationOptions& options;
    const Progress& progress;
    Expected<SimulationResult> operator()(const DivisibleInstance& in) const {
        return simulateDivisibleResult(in, result, options, progress);
    }
    Expected<SimulationResult> operator()(const CpuGpuInstance& in) const {
        return simulateCpuGpuResult(in, result, options, progress);
    }
    Expected<SimulationResult> operator()(const SteadyStateInstance& in) const {
        return simulateSteadyResult(in, result, options, progress);
    }
    Expected<SimulationResult> operator()(const DagInstance& in) const {
        return simulateDagResult(in, result, options, progress);
    }
    Expected<SimulationResult> operator()(const PartitionInstance&) const {
        return invalidInput(*unavailable(std::type_identity<PartitionInstance>{}));
    }
    template <class In>
    static std::optional<std::string> unavailable(std::type_identity<In>) { return std::nullopt; }
    static std::optional<std::string> unavailable(std::type_identity<PartitionInstance>) {
        return "a partition of identical tasks has no communication and no order to replay: its schedule is its own "
               "simulation";
    }
};

}  // namespace

std::optional<std::string> simulationUnavailableReason(const std::string& kind) {
    const std::optional<std::size_t> index = instanceKindIndex(kind);
    if (!index) return "no simulation for the kind \"" + kind + "\"";
    return visitInstanceAlternative(*index, [](auto alternative) { return Replay::unavailable(alternative); });
}

Expected<SimulationResult> simulateResult(const Instance& instance, const SolveResult& result,
                                          const SimulationOptions& options, const Progress& progress) {
    const std::string kind = instanceKind(instance);
    if (auto reason = simulationUnavailableReason(kind)) return invalidInput(*reason);
    // A cancelled or time-limited result carries the best schedule found: it can be simulated.
    if (!result.objective || result.status == SolveStatus::Infeasible)
        return invalidInput("the result has no schedule to simulate (status " + std::string(solveStatusName(result.status)) + ")");
    if (!options.platformFile.empty() && !std::holds_alternative<DagInstance>(instance))
        return invalidInput("a SimGrid platform file can be given for dag instances only (the " + kind +
                            " simulation generates its platform)");
    return std::visit(Replay{result, options, progress}, instance);
}

namespace simulation_detail {

Expected<SimulationPlan> planOnPlatformXml(TemporaryDirectory& directory, const std::string& xml) {
    Expected<std::string> dir = directory.path();
    if (!dir) return dir.error();
    SimulationPlan plan;
    plan.platformFile = (std::filesystem::path(*dir) / "platform.xml").string();
    if (auto written = writeTextFileAtomically(plan.platformFile, xml); !written) return written.error();
    return plan;
}

std::string formatSeconds(double value) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.6g", value);
    return buffer;
}

SimulatedActivity plannedActivity(std::string id, double plannedStart, double plannedEnd, std::string from,
                                  std::string to, double bytes) {
    SimulatedActivity a;
    a.id = std::move(id);
    a.from = std::move(from);
    a.to = std::move(to);
    a.bytes = bytes;
    a.plannedStart = plannedStart;
    a.plannedEnd = plannedEnd;
    return a;
}

std::string xmlNumber(double value) {
    char buffer[40];
    std::snprintf(buffer, sizeof buffer, "%.17g", value);
    return buffer;
}

std::string xmlAttribute(const std::string& value) {
    std::string out = "\"";
    for (char c : value) {
        switch (c) {
        case '&': out += "&amp;"; break;
        case '<': out += "&lt;"; break;
        case '>': out += "&gt;"; break;
        case '"': out += "&quot;"; break;
        case '\'': out += "&apos;"; break;
        default: out += c;
        }
    }
    return out + "\"";
}

void addMakespanMarkers(Schedule& schedule, const SimulationResult& r) {
    schedule.markers.push_back({"simulated makespan", r.simulatedMakespan, false});
    schedule.markers.push_back({"planned makespan", r.plannedMakespan, true});
    schedule.metrics.push_back({"simulated makespan (s)", r.simulatedMakespan});
    schedule.metrics.push_back({"planned makespan (s)", r.plannedMakespan});
    schedule.metrics.push_back({"difference (s)", r.simulatedMakespan - r.plannedMakespan});
}

void assignCauses(const std::vector<SimulatedActivity*>& all, const std::vector<std::vector<Wait>>& waits,
                  double tolerance) {
    std::vector<std::size_t> order(all.size());
    for (std::size_t k = 0; k < order.size(); ++k) order[k] = k;
    // In simulated start order, so that what an activity waited for already has its cause.
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        return std::tie(all[a]->start, all[a]->end, a) < std::tie(all[b]->start, all[b]->end, b);
    });
    auto offPlan = [&](const SimulatedActivity& a) { return std::abs(a.delay()) > tolerance; };
    for (std::size_t k : order) {
        SimulatedActivity& a = *all[k];
        a.cause = DelayCause::None;
        if (!offPlan(a)) continue;
        const double startDelay = a.start - a.plannedStart;
        const double stretch = (a.end - a.start) - (a.plannedEnd - a.plannedStart);
        if (std::abs(stretch) > std::abs(startDelay)) {
            a.cause = a.end - a.start > a.uncontendedSeconds + tolerance ? DelayCause::Contention : DelayCause::Model;
            continue;
        }
        // What it waited for last and is off its plan (ties: the furthest off); else what its planned
        // start waited for.
        const Wait* binding = nullptr;
        for (bool simulated : {true, false}) {
            for (const Wait& w : waits[k]) {
                const SimulatedActivity& b = *all[w.activity];
                const bool last = simulated ? b.end >= a.start - tolerance : b.plannedEnd >= a.plannedStart - tolerance;
                if (!last || !offPlan(b)) continue;
                if (binding == nullptr || std::abs(b.delay()) > std::abs(all[binding->activity]->delay())) binding = &w;
            }
            if (binding != nullptr) break;
        }
        if (binding == nullptr) {
            a.cause = DelayCause::Model;
            continue;
        }
        const DelayCause inherited = all[binding->activity]->cause;
        switch (binding->kind) {
        case WaitKind::Data: a.cause = DelayCause::WaitingForData; break;
        case WaitKind::Transfer:
            a.cause = inherited == DelayCause::Contention || inherited == DelayCause::Model ? inherited
                                                                                            : DelayCause::WaitingForData;
            break;
        case WaitKind::Processor: a.cause = DelayCause::WaitingForProcessors; break;
        case WaitKind::Inherit: a.cause = inherited; break;
        }
    }
}

}  // namespace simulation_detail

}  // namespace hetsched
