#include "io/dag_import.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <new>

#include "io/dag_io.h"
#include "io/graph_reader_util.h"
#include "io/instance_io.h"
#include "io/json_reader.h"
#include "io/simgrid_platform.h"
#include "model/dag_makespan_bounds.h"

namespace hetsched {

namespace {

}  // namespace

std::string taskGraphFormatNames() {
    return "auto|" + fileFormatNames(FormatDirection::Read, {FormatContent::TaskGraph});
}

const OptionTable& taskGraphImportOptionTable() {
    static const OptionTable table = [] {
        const TaskGraphImportOptions d;
        std::vector<std::string> formats{"auto"};
        for (const FileFormat* f : fileFormats(FormatDirection::Read, {FormatContent::TaskGraph}))
            formats.push_back(f->name);
        OptionSpec referenceSpeed = OptionSpec::number(
            "reference-speed", "flop/s of the machine that measured the runtimes (WfFormat, DAX, STG): a task of r "
            "seconds gets r x reference-speed flops", 0, d.referenceSpeed, 1e20);
        referenceSpeed.minimumExcluded = true;
        return OptionTable{
            OptionSpec::choice("format", "the graph's format; auto decides by extension, then by content", formats,
                               "auto"),
            referenceSpeed,
            OptionSpec::number("alpha", "Amdahl fraction (the share of a task that more processors do not speed up) of "
                               "the tasks whose file gives none: 1 sequential, as a runtime measured on one core is; "
                               "0 perfectly parallel", 0, d.alpha, 1),
            OptionSpec::optionalNumber("default-flops", "flops of the tasks the file gives no size (none: such a "
                                       "file is refused)", 0, 1e30),
            OptionSpec::optionalNumber("default-bytes", "bytes of the dependencies the file gives no size (none: "
                                       "such a file is refused)", 0, 1e30),
            OptionSpec::integer("seed", "seeds the random platform (--platform-seed overrides it)", 0, 1,
                                std::int64_t(1) << 52),
            OptionSpec::integer("max-tasks", "the most tasks a file may have; a larger one is refused", 1,
                                static_cast<std::int64_t>(d.maxTasks),
                                static_cast<std::int64_t>(dag_limits::kMaxTasks)),
            OptionSpec::integer("max-edges", "the most dependencies a file may ask for (counted as they are read, "
                                "before duplicates are merged in DOT); more is refused", 1,
                                static_cast<std::int64_t>(d.maxEdges), static_cast<std::int64_t>(dag_limits::kMaxEdges)),
        };
    }();
    return table;
}

TaskGraphImportOptions taskGraphImportOptions(const OptionValues& values) {
    TaskGraphImportOptions options;
    options.referenceSpeed = values.number("reference-speed");
    options.alpha = values.number("alpha");
    options.defaultFlops = values.numberIfSet("default-flops");
    options.defaultBytes = values.numberIfSet("default-bytes");
    options.maxTasks = static_cast<std::size_t>(values.integer("max-tasks"));
    options.maxEdges = static_cast<std::size_t>(values.integer("max-edges"));
    return options;
}

std::string taskGraphFormat(const OptionValues& values) { return values.text("format"); }

OptionValues taskGraphImportValues(const TaskGraphImportOptions& options, const std::string& format) {
    OptionValues values(taskGraphImportOptionTable());
    values.set("format", format);
    values.set("reference-speed", options.referenceSpeed);
    values.set("alpha", options.alpha);
    if (options.defaultFlops) values.set("default-flops", *options.defaultFlops);
    if (options.defaultBytes) values.set("default-bytes", *options.defaultBytes);
    values.set("max-tasks", static_cast<std::int64_t>(options.maxTasks));
    values.set("max-edges", static_cast<std::int64_t>(options.maxEdges));
    return values;
}

Expected<const FileFormat*> detectTaskGraphFormat(const std::string& path, std::string_view text) {
    Expected<const FileFormat*> format = detectReadFormat(path, text, {FormatContent::TaskGraph});
    if (format) return format;
    if (sniffInput(text).firstLine.starts_with("<") && detectReadFormat(path, text, {FormatContent::Platform}))
        return invalidInput("a SimGrid platform, not a task graph (give it as --platform FILE, or import it with "
                            "--kind steady_state)");
    return invalidInput("unknown task graph format: the name (.dot .gv .json .dax .stg) and the content match none "
                        "(give --format " + fileFormatNames(FormatDirection::Read, {FormatContent::TaskGraph}) + ")");
}

Expected<const FileFormat*> taskGraphFormatFor(const std::string& path, std::string_view text, const std::string& name) {
    if (name.empty() || name == "auto") return detectTaskGraphFormat(path, text);
    if (const FileFormat* f = findFileFormat(name, FormatDirection::Read, {FormatContent::TaskGraph})) return f;
    return invalidInput("--format must be one of " + taskGraphFormatNames() + ", got '" + name + "'");
}

ExternalFileKind classifyExternalFile(const std::string& path, std::string_view text) {
    Expected<const FileFormat*> format = detectReadFormat(
        path, text,
        {FormatContent::Instance, FormatContent::Project, FormatContent::TaskGraph, FormatContent::Platform,
         FormatContent::FamilyData});
    if (!format) return ExternalFileKind::Unknown;
    switch ((*format)->content) {
    case FormatContent::TaskGraph: return ExternalFileKind::TaskGraph;
    case FormatContent::FamilyData: return ExternalFileKind::FamilyData;
    case FormatContent::Platform:
        // A JSON platform alone is no instance: the instance reader says what it lacks.
        return (*format)->name == "simgrid" ? ExternalFileKind::SimGridPlatform : ExternalFileKind::HetSched;
    default: return ExternalFileKind::HetSched;
    }
}

std::optional<Error> importOptionsProblem(const TaskGraphImportOptions& options) {
    if (!(options.referenceSpeed >= dag_limits::kMinRate && options.referenceSpeed <= dag_limits::kMaxValue))
        return invalidInput("the reference speed must be between 1e-6 and 1e30 flop/s");
    if (!(options.alpha >= 0 && options.alpha <= 1)) return invalidInput("alpha must be in [0, 1]");
    if (options.defaultFlops && !(*options.defaultFlops >= 0 && *options.defaultFlops <= dag_limits::kMaxValue))
        return invalidInput("the default flops must be between 0 and 1e30");
    if (options.defaultBytes && !(*options.defaultBytes >= 0 && *options.defaultBytes <= dag_limits::kMaxValue))
        return invalidInput("the default bytes must be between 0 and 1e30");
    if (options.maxTasks < 1 || options.maxTasks > dag_limits::kMaxTasks)
        return invalidInput("the limit of tasks must be between 1 and " + std::to_string(dag_limits::kMaxTasks));
    if (options.maxEdges < 1 || options.maxEdges > dag_limits::kMaxEdges)
        return invalidInput("the limit of dependencies must be between 1 and " + std::to_string(dag_limits::kMaxEdges));
    return std::nullopt;
}

Error missingSizeError(std::size_t count, const std::string& example, bool edges) {
    const std::string what = edges ? "dependenc" : "task";
    const std::string plural = edges ? (count == 1 ? "y" : "ies") : (count == 1 ? "" : "s");
    return invalidInput(std::to_string(count) + " " + what + plural + " without a size (" + example + "): give " +
                        (edges ? "--default-bytes B" : "--default-flops F") + " (the " +
                        (edges ? "Default bytes" : "Default flops") + " field of the import dialog)");
}

Expected<TaskGraphImport> readTaskGraph(const std::string& path, std::string_view text,
                                        const TaskGraphImportOptions& options, const std::string& formatName) {
    Expected<const FileFormat*> format = taskGraphFormatFor(path, text, formatName);
    if (!format) return Error{format.error().kind, graph_reader::asUtf8(path + ": " + format.error().message)};
    Expected<TaskGraphImport> read = invalidInput("no format");
    // A reader answers with a value; what it cannot (memory exhausted) is a message too, never an
    // exception through the GUI's event loop (the canvas imports a dropped file on the GUI thread).
    try {
        read = (*format)->readTaskGraph(text, options);
    } catch (const std::bad_alloc&) {
        read = invalidInput("not enough memory to read the file");
    } catch (const std::exception& e) {
        read = invalidInput(std::string("cannot read the file: ") + e.what());
    }
    // Messages quote the file, which may not be UTF-8 (the GUI and JSON need it to be).
    if (!read) return Error{read.error().kind, graph_reader::asUtf8(path + ": " + read.error().message)};
    // Every reader checks the limits as it reads; this is the last word on what reaches an instance.
    if (read->graph.tasks.size() > options.maxTasks)
        return Error{ErrorKind::InvalidInput,
                     path + ": " + graph_reader::tooManyTasksError(read->graph.tasks.size(), options.maxTasks).message};
    if (read->graph.edges.size() > options.maxEdges)
        return Error{ErrorKind::InvalidInput, path + ": " + graph_reader::tooManyEdgesError(options.maxEdges).message};
    // Names that are not UTF-8 (a Latin-1 file, say) are read as Latin-1: every byte is a character, so
    // no name is lost, and the instance can be written (nlohmann::json refuses to write invalid UTF-8).
    std::size_t latin1Names = 0;
    std::string latin1Example;
    for (DagTask& task : read->graph.tasks) {
        if (graph_reader::isValidUtf8(task.name)) continue;
        task.name = graph_reader::latin1ToUtf8(task.name);
        if (latin1Names++ == 0) latin1Example = graph_reader::quoted(task.name);
    }
    for (std::string& note : read->notes) note = graph_reader::asUtf8(std::move(note));
    read->format = graph_reader::asUtf8(std::move(read->format));
    if (latin1Names > 0)
        read->notes.push_back(graph_reader::countOf(latin1Names, "task name", "task names") +
                              " not in UTF-8 read as Latin-1 (ISO 8859-1), e.g. " + latin1Example);
    // Said whoever made them so (the file or --alpha 0): such tasks run on a whole cluster in a blink.
    const std::size_t perfectlyParallel = static_cast<std::size_t>(std::count_if(
        read->graph.tasks.begin(), read->graph.tasks.end(), [](const DagTask& task) { return task.alpha == 0; }));
    if (perfectlyParallel > 0)
        read->notes.push_back("warning: " + std::to_string(perfectlyParallel) + " of " + std::to_string(read->graph.tasks.size()) +
                              " tasks are perfectly parallel (alpha 0): p processors run one p times faster, on up to "
                              "all the processors of a cluster; give their sequential fraction with --alpha (1: sequential)");
    return read;
}

Expected<DagInstance> placeTaskGraph(TaskGraph graph, const DagPlatform& platform) {
    DagInstance in;
    in.platform = platform;
    in.tasks = std::move(graph.tasks);
    in.edges = std::move(graph.edges);
    if (in.tasks.empty()) return invalidInput("the graph has no task");
    if (auto problem = dagInstanceProblem(in)) return invalidInput(*problem);
    return in;
}

Expected<DagImport> importTaskGraphFile(const std::string& path, const DagPlatform& platform,
                                        const TaskGraphImportOptions& options, const std::string& format) {
    Expected<std::string> text = ioError("cannot read " + path);
    try {
        text = readTextFile(path);
    } catch (const std::bad_alloc&) {
        return ioError(path + ": not enough memory to read the file");
    }
    if (!text) return text.error();
    Expected<TaskGraphImport> read = readTaskGraph(path, *text, options, format);
    if (!read) return read.error();
    const std::optional<double> recorded = read->graph.recordedMakespan;
    Expected<DagInstance> placed = placeTaskGraph(std::move(read->graph), platform);
    if (!placed) return Error{placed.error().kind, path + ": " + placed.error().message};
    addPlacementNotes(*placed, recorded, read->notes);
    return DagImport{std::move(*placed), std::move(read->format), std::move(read->notes), recorded};
}

void addPlacementNotes(const DagInstance& placed, std::optional<double> recordedMakespan, std::vector<std::string>& notes) {
    if (!recordedMakespan || placed.tasks.empty()) return;
    const RecordedMakespanCheck check = checkRecordedMakespan(placed, *recordedMakespan);
    notes.push_back((check.farOff ? "warning: " : "") + check.text);
}

Expected<DagPlatform> parseDagPlatformJson(std::string_view jsonText) {
    try {
        const nlohmann::json root = json_detail::parseJsonText(jsonText);
        if (!root.is_object()) json_detail::JsonNode(root, "").fail("expected a dag instance or a platform object");
        if (root.contains("kind")) {
            Expected<Instance> instance = instanceFromJson(root);
            if (!instance) return instance.error();
            if (const auto* dag = std::get_if<DagInstance>(&*instance)) return dag->platform;
            return invalidInput("a \"" + root["kind"].get<std::string>() +
                                "\" instance has no cluster platform (expected a \"dag\" instance or a platform object)");
        }
        // A bare platform: read through the instance reader with one placeholder task, so that the
        // checks are the same; error paths keep the platform's own keys.
        nlohmann::json wrapped = {{"kind", "dag"}, {"platform", root},
                                  {"tasks", nlohmann::json::array({{{"name", "t"}, {"flops", 0}, {"alpha", 0}}})},
                                  {"edges", nlohmann::json::array()}};
        Expected<Instance> instance = instanceFromJson(wrapped);
        if (!instance) {
            std::string message = instance.error().message;
            for (std::size_t at = message.find("platform."); at != std::string::npos; at = message.find("platform.", at))
                message.erase(at, 9);
            return Error{instance.error().kind, message};
        }
        return std::get<DagInstance>(*instance).platform;
    } catch (const json_detail::InputError& e) {
        return invalidInput(e.what());
    }
}

Expected<DagPlatform> readSimGridDagPlatform(const std::string& path) {
    Expected<SimGridPlatform> loaded = loadSimGridPlatform(path);
    if (!loaded) return loaded.error();
    Expected<DagPlatform> platform = dagPlatformFromSimGrid(*loaded);
    if (platform) {
        // Absolute, so that the instance still names the file when read from elsewhere.
        std::error_code ec;
        const std::filesystem::path absolute = std::filesystem::absolute(path, ec);
        platform->simgrid.file = ec ? path : absolute.lexically_normal().string();
    }
    return platform;
}

Expected<DagPlatform> readJsonDagPlatform(const std::string& path) {
    Expected<std::string> text = readTextFile(path);
    if (!text) return text.error();
    return parseDagPlatformJson(*text);
}

Expected<DagPlatform> readDagPlatformFile(const std::string& path) {
    // By extension (.xml, .json), else by the file's head.
    std::string head;
    const std::vector<const FileFormat*> platformFormats = fileFormats(FormatDirection::Read, {FormatContent::Platform});
    if (std::none_of(platformFormats.begin(), platformFormats.end(),
                     [&](const FileFormat* f) { return f->hasExtension(path); })) {
        Expected<std::string> text = readTextFile(path);
        if (!text) return text.error();
        head = text->substr(0, 65536);
    }
    Expected<const FileFormat*> format = detectReadFormat(path, head, {FormatContent::Platform});
    Expected<DagPlatform> platform =
        format ? (*format)->readPlatform(path)
               : Expected<DagPlatform>(invalidInput("unknown platform format (expected a SimGrid .xml or a .json platform)"));
    if (!platform) return Error{platform.error().kind, path + ": " + platform.error().message};
    return platform;
}

}  // namespace hetsched
