// One solver run kept in the document: the result JSON the project stores, and the schedule the charts draw.
#pragma once

#include <QString>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "model/instance.h"
#include "simulation/simulation.h"
#include "solvers/registry.h"

namespace hetsched::ui {

struct RunRecord {
    nlohmann::json json;                        // the result exactly as `hetsched solve` prints it
    std::shared_ptr<const SolveResult> result;  // for the charts; null when the JSON could not be read back
    QString restoreError;                       // why `result` is null
    std::size_t instanceDigest = 0;             // the instance the run was computed on (see instanceDigest)
    // That instance itself, so that the run draws against it after an edit or an undo; null while it is
    // the entry's instance as read from a project (the document keeps it here before it changes).
    std::shared_ptr<const Instance> instance;
    // Its replay on SimGrid in this session (null until simulated); its summary is kept in json["simulation"].
    std::shared_ptr<const SimulationResult> simulation;

    QString solver() const;
    QString status() const;
    // The status as shown: "optimal among FIFO schedules" where the solver is optimal in a class only.
    QString statusText() const;
    QString objectiveName() const;
    std::optional<double> objective() const;
    // The objective is a lower bound on the optimum, not the value of the schedule drawn.
    bool isBound() const;
    // The objective as shown: with its unit and 4 significant digits ("9.924 s"), "≥ 5.75" for a bound,
    // "—" when there is none.
    QString objectiveText() const;
    std::optional<double> seconds() const;
    QString message() const;
    // The simulated makespan of its last simulation on SimGrid (json["simulation"]), none when not simulated.
    std::optional<double> simulatedMakespan() const;
    // The solver options the run was made with (recorded by the GUI as "options"; empty for a run that
    // did not record them, which Re-run repeats with the solver's defaults).
    SolverOptions options() const;
};

// A fingerprint of an instance's content, to tell which runs were computed on its current version; the
// same from its JSON form (instanceToJson) when that is at hand. In-session only (never stored): a task
// graph's is taken from its fields, the other families' from their JSON text.
std::size_t instanceDigest(const Instance& instance);
std::size_t instanceDigest(const nlohmann::json& instanceJson);

// What a run keeps of its simulation in the project: the result's keys but its tasks and transfers
// (planned and simulated makespans, simulator, platform, tolerance, family keys, notes).
nlohmann::json simulationSummary(const SimulationResult& simulation);

// A run as the GUI keeps it: the result JSON (resultToJson of `result` on `solvedOn`, the instance it was
// computed on) with the options it was solved with added as "options".
RunRecord makeRunRecord(const Instance& solvedOn, SolveResult result, std::size_t digest,
                        const SolverOptions& options = {});

// Reads a stored run back into a result the charts can draw; on failure the record keeps the JSON and says
// why.
RunRecord restoreRunRecord(const Instance& instance, nlohmann::json json, std::size_t digest);

// What an editor says while the selected run cannot be drawn on it because its result could not be read
// back: "The selected run cannot be read back (why): <consequence>"; empty when `run` is null or readable.
QString unreadableRunMessage(const RunRecord* run, const QString& consequence);

// The instance `run` was solved on: its own copy when it keeps one, else `current` (the entry's instance).
const Instance& solvedInstance(const RunRecord& run, const Instance& current);

// x_i and C_i(x_i) of a partition result's typed solution, resource by resource of `solvedOn` (the instance
// it was solved on); empty when it has none (infeasible, or not a partition result).
struct AssignedCount {
    std::string resource;
    std::int64_t tasks = 0;
    double cost = 0;
};
std::vector<AssignedCount> partitionAssignment(const PartitionInstance& solvedOn, const SolveResult& result);

}  // namespace hetsched::ui
