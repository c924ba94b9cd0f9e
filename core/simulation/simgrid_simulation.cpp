// Writes a simulation plan to a temporary file, runs hetsched-simgrid on it and reads the timings back.
#include "simulation/simgrid_simulation.h"

#include <cstdlib>
#include <filesystem>
#include <sstream>

#include "io/child_process.h"
#include "io/instance_io.h"
#include "io/json_reader.h"

namespace hetsched {

namespace fs = std::filesystem;

std::size_t SimulationPlan::host(const std::string& name) {
    auto [it, inserted] = m_hostIndex.emplace(name, hosts.size());
    if (inserted) hosts.push_back(name);
    return it->second;
}

TemporaryDirectory::~TemporaryDirectory() {
    std::error_code ec;
    if (!m_path.empty()) fs::remove_all(m_path, ec);
}

Expected<std::string> TemporaryDirectory::path() {
    if (!m_path.empty()) return m_path;
    std::string pattern = (fs::temp_directory_path() / "hetsched-simulation-XXXXXX").string();
    if (::mkdtemp(pattern.data()) == nullptr)
        return ioError("cannot create a temporary directory in " + fs::temp_directory_path().string());
    m_path = pattern;
    return m_path;
}

nlohmann::json simulationPlanToJson(const SimulationPlan& plan) {
    nlohmann::json runs = nlohmann::json::array();
    for (const SimRun& run : plan.runs) {
        nlohmann::json activities = nlohmann::json::array();
        for (const SimActivity& a : run.activities) {
            nlohmann::json entry = {{"name", a.name}, {"hosts", a.hosts}};
            if (!a.flops.empty()) entry["flops"] = a.flops;
            if (!a.bytes.empty()) {
                nlohmann::json bytes = nlohmann::json::array();
                for (const SimActivity::Bytes& b : a.bytes) bytes.push_back({b.from, b.to, b.bytes});
                entry["bytes"] = std::move(bytes);
            }
            activities.push_back(std::move(entry));
        }
        nlohmann::json precedences = nlohmann::json::array();
        for (const auto& [before, after] : run.precedences) precedences.push_back({before, after});
        runs.push_back({{"activities", std::move(activities)}, {"precedences", std::move(precedences)}});
    }
    return {{"platform", plan.platformFile}, {"hosts", plan.hosts}, {"runs", std::move(runs)}};
}

Expected<SimOutput> simOutputFromJson(const SimulationPlan& plan, const std::string& text) {
    // The child's answer is bounded like a user's file: nesting it deeper would overflow the stack here.
    if (auto problem = json_detail::jsonNestingProblem(text))
        return invalidInput("the SimGrid runner printed malformed JSON: " + *problem);
    const nlohmann::json root = nlohmann::json::parse(text, nullptr, false);
    if (root.is_discarded() || !root.is_object()) return invalidInput("the SimGrid runner printed malformed JSON");
    if (root.contains("error")) return invalidInput(root["error"].is_string() ? root["error"].get<std::string>() : "error");
    try {
        const nlohmann::json& runs = root.at("runs");
        if (runs.size() != plan.runs.size()) return invalidInput("the SimGrid runner answered for another number of runs");
        SimOutput out;
        out.simulator = "SimGrid " + root.value("simgrid_version", std::string("?")) + " (" +
                        root.value("model", std::string("?")) + ")";
        for (std::size_t r = 0; r < runs.size(); ++r) {
            const auto start = runs[r].at("start").get<std::vector<double>>();
            const auto end = runs[r].at("end").get<std::vector<double>>();
            const auto alone = runs[r].at("alone").get<std::vector<double>>();
            const std::size_t n = plan.runs[r].activities.size();
            if (start.size() != n || end.size() != n || alone.size() != n)
                return invalidInput("the SimGrid runner answered for another number of activities");
            std::vector<SimTiming> run(n);
            for (std::size_t k = 0; k < n; ++k) run[k] = {start[k], end[k], alone[k]};
            out.runs.push_back(std::move(run));
        }
        return out;
    } catch (const nlohmann::json::exception& e) {
        return invalidInput(std::string("the SimGrid runner printed unexpected JSON: ") + e.what());
    }
}

namespace {

// The child's standard error without its progress lines: SimGrid's last words for a message.
std::string withoutProgress(const std::string& text) {
    std::istringstream in(text);
    std::string kept;
    for (std::string line; std::getline(in, line);)
        if (line.rfind("progress ", 0) != 0) kept += line + "\n";
    return kept;
}

}  // namespace

Expected<SimOutput> runSimGridPlan(const SimulationPlan& plan, const Progress& progress, double timeoutSeconds) {
    Expected<std::string> runner = simgridRunnerPath();
    if (!runner) return runner.error();
    TemporaryDirectory directory;
    Expected<std::string> dir = directory.path();
    if (!dir) return dir.error();
    const std::string planFile = (fs::path(*dir) / "plan.json").string();
    if (auto written = writeTextFileAtomically(planFile, simulationPlanToJson(plan).dump()); !written) return written.error();

    ChildOptions options;
    options.timeoutSeconds = timeoutSeconds;
    options.progress = progress;
    options.onStderrLine = [&progress](const std::string& line) {
        // "progress DONE TOTAL" from the child as activities end.
        std::istringstream in(line);
        std::string word;
        double done = 0, total = 0;
        if (in >> word >> done >> total && word == "progress" && total > 0)
            progress.report(done / total, "simulating with SimGrid");
    };
    progress.report(0, "simulating with SimGrid");
    Expected<ChildResult> run = runChildProcess(*runner, {"simulate", planFile}, options);
    if (!run) return run.error();
    if (run->signal != 0)
        return solverError("hetsched-simgrid " + describeChildEnd(*run) + " simulating on " + plan.platformFile + ": " +
                           lastLines(withoutProgress(run->stderrText)));
    Expected<SimOutput> timings = simOutputFromJson(plan, run->stdoutText);
    if (!timings) {
        if (run->exitCode != 0 && timings.error().message.find("malformed JSON") != std::string::npos)
            return solverError("hetsched-simgrid " + describeChildEnd(*run) + ": " +
                               lastLines(withoutProgress(run->stderrText)));
        return Error{timings.error().kind, "SimGrid simulation on " + plan.platformFile + ": " + timings.error().message};
    }
    if (run->exitCode != 0)
        return solverError("hetsched-simgrid " + describeChildEnd(*run) + ": " + lastLines(withoutProgress(run->stderrText)));
    progress.report(1, "simulating with SimGrid");
    return timings;
}

}  // namespace hetsched
