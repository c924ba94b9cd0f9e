// Task graph files read in the hetsched-import child process (see isolated_import.h).
#include "io/isolated_import.h"

#include <nlohmann/json.hpp>

#include "io/dag_io.h"
#include "io/graph_reader_util.h"
#include "io/json_reader.h"

namespace hetsched {

using json_detail::JsonNode;

namespace {

// A number of the protocol: JSON has no infinity or NaN, and the options and sizes never are either.
nlohmann::json optionalNumber(const std::optional<double>& value) { return value ? nlohmann::json(*value) : nlohmann::json(); }

}  // namespace

std::string taskGraphImportOptionsToJson(const TaskGraphImportOptions& options) {
    return nlohmann::json{{"reference_speed", options.referenceSpeed},
                          {"alpha", options.alpha},
                          {"default_flops", optionalNumber(options.defaultFlops)},
                          {"default_bytes", optionalNumber(options.defaultBytes)},
                          {"max_tasks", options.maxTasks},
                          {"max_edges", options.maxEdges}}
        .dump();
}

Expected<TaskGraphImportOptions> taskGraphImportOptionsFromJson(std::string_view text) {
    try {
        const nlohmann::json json = json_detail::parseJsonText(text);
        const JsonNode root(json, "options");
        root.requireObject();
        TaskGraphImportOptions options;
        options.referenceSpeed = root.at("reference_speed").number();
        options.alpha = root.at("alpha").number();
        for (auto [key, into] : {std::pair{"default_flops", &options.defaultFlops}, std::pair{"default_bytes", &options.defaultBytes}})
            if (const JsonNode value = root.at(key); !value.raw().is_null()) *into = value.number();
        options.maxTasks = static_cast<std::size_t>(root.at("max_tasks").integer(1, dag_limits::kMaxTasks));
        options.maxEdges = static_cast<std::size_t>(root.at("max_edges").integer(1, dag_limits::kMaxEdges));
        if (std::optional<Error> problem = importOptionsProblem(options)) return *problem;
        return options;
    } catch (const json_detail::InputError& e) {
        return invalidInput(e.what());
    }
}

std::string taskGraphImportToJson(const TaskGraphImport& read) {
    nlohmann::json tasks = nlohmann::json::array(), edges = nlohmann::json::array();
    for (const DagTask& t : read.graph.tasks) tasks.push_back({t.name, t.flops, t.alpha});
    for (const DagEdge& e : read.graph.edges) edges.push_back({e.from, e.to, e.bytes});
    // readTaskGraph hands out UTF-8 only; should anything else slip through, it is replaced, not thrown.
    return nlohmann::json{{"format", read.format}, {"notes", read.notes}, {"tasks", std::move(tasks)}, {"edges", std::move(edges)},
                          {"recorded_makespan", optionalNumber(read.graph.recordedMakespan)}}
        .dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

Expected<TaskGraphImport> taskGraphImportFromJson(std::string_view text) {
    try {
        const nlohmann::json json = json_detail::parseJsonText(text);
        const JsonNode root(json, "");
        root.requireObject();
        if (const std::optional<JsonNode> error = root.find("error")) return invalidInput(error->nonEmptyString());
        TaskGraphImport read;
        read.format = root.at("format").string();
        const JsonNode notes = root.at("notes");
        notes.requireArray();
        for (std::size_t i = 0; i < notes.size(); ++i) read.notes.push_back(notes[i].string());
        const JsonNode tasks = root.at("tasks");
        tasks.requireArray();
        if (tasks.size() > dag_limits::kMaxTasks) tasks.fail("more tasks than an instance may have");
        read.graph.tasks.reserve(tasks.size());
        for (std::size_t i = 0; i < tasks.size(); ++i) {
            const JsonNode task = tasks[i];
            task.requireArray();
            if (task.size() != 3) task.fail("expected [name, flops, alpha]");
            read.graph.tasks.push_back({task[0].string(), task[1].number(), task[2].number()});
        }
        const JsonNode edges = root.at("edges");
        edges.requireArray();
        if (edges.size() > dag_limits::kMaxEdges) edges.fail("more dependencies than an instance may have");
        read.graph.edges.reserve(edges.size());
        const auto lastTask = static_cast<std::int64_t>(read.graph.tasks.size()) - 1;
        for (std::size_t i = 0; i < edges.size(); ++i) {
            const JsonNode edge = edges[i];
            edge.requireArray();
            if (edge.size() != 3) edge.fail("expected [from, to, bytes]");
            read.graph.edges.push_back({static_cast<std::size_t>(edge[0].integer(0, lastTask)),
                                        static_cast<std::size_t>(edge[1].integer(0, lastTask)), edge[2].number()});
        }
        if (const std::optional<JsonNode> recorded = root.find("recorded_makespan"); recorded && !recorded->raw().is_null())
            read.graph.recordedMakespan = recorded->numberIn(0, dag_limits::kMaxValue);
        return read;
    } catch (const json_detail::InputError& e) {
        return invalidInput(std::string("hetsched-import printed an answer that cannot be read: ") + e.what());
    }
}

Expected<std::string> importRunnerPath() {
    return helperProgramPath("hetsched-import", "HETSCHED_IMPORT_RUNNER", "the program that reads task graph files");
}

Expected<TaskGraphImport> readTaskGraphFileIsolated(const std::string& path, const TaskGraphImportOptions& options,
                                                    const std::string& format, const ChildOptions& child) {
    if (std::optional<Error> problem = importOptionsProblem(options)) return *problem;
    Expected<std::string> runner = importRunnerPath();
    if (!runner) return Error{runner.error().kind, path + ": " + runner.error().message};
    Expected<ChildResult> run =
        runChildProcess(*runner, {"task-graph", path, format, taskGraphImportOptionsToJson(options)}, child);
    if (!run) {
        if (run.error().kind == ErrorKind::Cancelled) return run.error();
        return Error{run.error().kind, path + ": reading it was stopped: " + run.error().message};
    }
    const std::string said = graph_reader::asUtf8(lastLines(run->stderrText));
    if (run->signal != 0)
        return invalidInput(path + ": hetsched-import " + describeChildEnd(*run) + " reading this file" +
                            (said.empty() ? std::string() : ": " + said));
    Expected<TaskGraphImport> read = taskGraphImportFromJson(run->stdoutText);
    if (!read && run->exitCode != 0 && read.error().message.find("cannot be read") != std::string::npos)
        return invalidInput(path + ": hetsched-import " + describeChildEnd(*run) + (said.empty() ? std::string() : ": " + said));
    if (!read) {   // the reader's message names the file; a malformed answer is named here
        const std::string& message = read.error().message;
        return message.rfind(path, 0) == 0 ? read.error() : invalidInput(path + ": " + message);
    }
    if (run->exitCode != 0) return invalidInput(path + ": hetsched-import " + describeChildEnd(*run));
    return read;
}

Expected<DagImport> importTaskGraphFileIsolated(const std::string& path, const DagPlatform& platform,
                                                const TaskGraphImportOptions& options, const std::string& format,
                                                const ChildOptions& child) {
    Expected<TaskGraphImport> read = readTaskGraphFileIsolated(path, options, format, child);
    if (!read) return read.error();
    const std::optional<double> recorded = read->graph.recordedMakespan;
    Expected<DagInstance> placed = placeTaskGraph(std::move(read->graph), platform);
    if (!placed) return Error{placed.error().kind, path + ": " + placed.error().message};
    addPlacementNotes(*placed, recorded, read->notes);
    return DagImport{std::move(*placed), std::move(read->format), std::move(read->notes), recorded};
}

}  // namespace hetsched
