// One solver run kept in the document: the typed result the charts, tables and editors read, with what the
// project stores beside it (options, simulation); JSON only for a stored run that cannot be read back.
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

namespace hetsched::json_detail {
class JsonNode;
}

namespace hetsched::ui {

struct RunRecord {
    std::shared_ptr<const SolveResult> result;  // what the views read; null when the stored JSON could not be read back
    QString restoreError;                       // why `result` is null
    // A stored run whose result could not be read back (restoreError): its JSON exactly as read, shown by its
    // keys and saved back unchanged. Empty while `result` holds the run.
    nlohmann::json unreadable;
    SolverOptions solverOptions;                // the options it was solved with (empty: the solver's defaults)
    std::size_t instanceDigest = 0;             // the instance the run was computed on (see instanceDigest)
    // That instance itself, so that the run draws against it after an edit or an undo; null while it is
    // the entry's instance as read from a project (the document keeps it here before it changes).
    std::shared_ptr<const Instance> instance;
    // Its replay on SimGrid (null until simulated), whole: read back from a project or made in this session.
    std::shared_ptr<const SimulationResult> simulation;
    // What a project kept of a simulation that cannot be drawn again (a summary of the first project format, or
    // a stored simulation that does not read back): shown in the table and saved back unchanged.
    nlohmann::json keptSimulationSummary;

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
    // The objective's value alone, a bound's too ("5.75"): what "lower_bound = ..." states.
    QString objectiveValueText() const;
    std::optional<double> seconds() const;
    QString message() const;
    // The simulated makespan of its last simulation on SimGrid, none when not simulated.
    std::optional<double> simulatedMakespan() const;
    // The solver options the run was made with (recorded by the GUI as "options"; empty for a run that
    // did not record them, which Re-run repeats with the solver's defaults).
    const SolverOptions& options() const { return solverOptions; }
    // The summary of its simulation shown in the table (simulator, planned and simulated makespans), from the
    // whole simulation or what the project kept; empty when it was not simulated.
    nlohmann::json simulationSummaryJson() const;
};

// A fingerprint of an instance's content, to tell which runs were computed on its current version; the
// same from its JSON form (instanceToJson) when that is at hand. In-session only (never stored), taken from
// the instance's fields (no JSON written).
std::size_t instanceDigest(const Instance& instance);
std::size_t instanceDigest(const nlohmann::json& instanceJson);

// A run as the GUI keeps it: the typed result of a solve, with the options it was solved with.
RunRecord makeRunRecord(SolveResult result, std::size_t digest, const SolverOptions& options = {});

// Reads a stored run (a result as `hetsched solve` prints it, with "options" and "simulation" where the GUI
// added them), computed on `instance`, back into a result the charts can draw, from its node in either parser's
// document (a project's run is read where it lies in the file, never as a tree): a whole simulation is read back,
// a summary (or one that does not read back) kept as stored. On failure the record keeps the run's JSON (but a
// simulation read back) and says why.
RunRecord readRunRecord(const Instance& instance, const json_detail::JsonNode& run, std::size_t digest);
// The same from a tree.
RunRecord restoreRunRecord(const Instance& instance, const nlohmann::json& json, std::size_t digest);

// The run as a file: the result as `hetsched solve` prints it (written at this edge from the typed result on
// `solvedOn`, the instance it was computed on), with "options" and the simulation's summary where there are
// some; a run that could not be read back, exactly as it was read.
nlohmann::json runJson(const RunRecord& run, const Instance& solvedOn);

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
