// The format table (io/formats.h): one entry per format, with its sniffer beside it.
#include "io/formats.h"

#include <algorithm>
#include <cctype>
#include <filesystem>

#include "export/trace_writers.h"
#include "io/cpugpu_import.h"
#include "io/dag_import.h"
#include "io/divisible_import.h"
#include "io/family_import.h"
#include "io/graph_reader_util.h"
#include "io/partition_profile_reader.h"

namespace hetsched {

namespace {

std::string lowercase(std::string_view text) {
    std::string lower(text);
    for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return lower;
}

bool contains(std::string_view text, std::string_view what) { return text.find(what) != std::string_view::npos; }

// --- Sniffers -------------------------------------------------------------------------------------------

// A HetSched instance carries "kind" (workflow formats never do); any other JSON object may be one, badly made.
SniffScore sniffInstance(const SniffInput& in) {
    if (!in.firstLine.starts_with("{")) return SniffScore::No;
    return contains(in.head, "\"kind\"") ? SniffScore::Sure : SniffScore::Maybe;
}

SniffScore sniffProject(const SniffInput& in) {
    return in.firstLine.starts_with("{") && contains(in.head, "\"entries\"") ? SniffScore::Maybe : SniffScore::No;
}

// WfFormat, WorkflowHub, SimGrid's and WRENCH's JSON: a "workflow" object; any JSON object is read as one when
// a task graph is asked for.
SniffScore sniffWfFormat(const SniffInput& in) {
    if (!in.firstLine.starts_with("{")) return SniffScore::No;
    return contains(in.head, "\"workflow\"") ? SniffScore::Sure : SniffScore::Maybe;
}

// DOT: [strict] (di)graph [ID] { ... } on the first meaningful line, after any /* comments */ (daggen writes
// one); the keyword stands alone (a line of prose that mentions a graph is not DOT).
SniffScore sniffDot(const SniffInput& in) {
    const std::string line = lowercase(in.firstLine);
    std::string_view rest(line);
    const auto skipBlanks = [&rest] { rest.remove_prefix(std::min(rest.size(), rest.find_first_not_of(" \t\r"))); };
    for (skipBlanks(); rest.starts_with("/*"); skipBlanks()) {
        const std::size_t end = rest.find("*/", 2);
        if (end == std::string_view::npos) return SniffScore::No;
        rest.remove_prefix(end + 2);
    }
    const auto keyword = [&rest](std::string_view word) {
        if (!rest.starts_with(word)) return false;
        const std::string_view after = rest.substr(word.size());
        if (!after.empty() && after.front() != ' ' && after.front() != '\t' && after.front() != '{' &&
            after.front() != '\r')
            return false;
        rest.remove_prefix(word.size());
        return true;
    };
    if (keyword("strict")) skipBlanks();
    return keyword("digraph") || keyword("graph") ? SniffScore::Sure : SniffScore::No;
}

SniffScore sniffDax(const SniffInput& in) {
    return in.firstLine.starts_with("<") && contains(lowercase(in.head.substr(0, 4096)), "<adag") ? SniffScore::Sure
                                                                                                 : SniffScore::No;
}

SniffScore sniffDaggenText(const SniffInput& in) {
    return in.firstLine.starts_with("NODE_COUNT") ? SniffScore::Sure : SniffScore::No;
}

// STG: the task count alone on the first line, or followed by a processor count ("452 20").
SniffScore sniffStg(const SniffInput& in) {
    std::string_view line = in.firstLine;
    for (int number = 0; number < 2; ++number) {
        if (line.empty() || !std::isdigit(static_cast<unsigned char>(line.front()))) return SniffScore::No;
        const std::size_t end = std::min(line.find_first_not_of("0123456789"), line.size());
        const std::size_t next = line.find_first_not_of(" \t\r", end);
        if (next == std::string_view::npos) return SniffScore::Maybe;
        if (next == end) return SniffScore::No;   // a digit run followed by another character
        line = line.substr(next);
    }
    return SniffScore::No;
}

SniffScore sniffSimGridPlatform(const SniffInput& in) {
    return in.firstLine.starts_with("<") && contains(in.head, "<platform") ? SniffScore::Sure : SniffScore::No;
}

// A bare JSON platform {"clusters": [...], "backbone": {...}}: neither an instance nor a workflow.
SniffScore sniffJsonPlatform(const SniffInput& in) {
    return in.firstLine.starts_with("{") && contains(in.head, "\"clusters\"") && !contains(in.head, "\"kind\"") &&
                   !contains(in.head, "\"workflow\"")
               ? SniffScore::Sure
               : SniffScore::No;
}

// A StarPU performance model (sampling/codelets/45/SYMBOL.HOST): its header comment names the format.
SniffScore sniffStarPuModel(const SniffInput& in) {
    return contains(in.head.substr(0, 512), "# Performance Model Version") ? SniffScore::Sure : SniffScore::No;
}

// GNU recutils (tasks.rec, starpu_perfmodel_recdump): a record descriptor, or a task record's first field.
SniffScore sniffRec(const SniffInput& in) {
    if (in.firstLine.starts_with("%rec:")) return SniffScore::Sure;
    for (std::string_view field : {"Name:", "Model:", "JobId:"})
        if (in.firstLine.starts_with(field)) return SniffScore::Maybe;
    return SniffScore::No;
}

SniffScore sniffMoldableIlp(const SniffInput& in) {
    return looksLikeMoldableIlp(in.head) ? SniffScore::Sure : SniffScore::No;
}

// Measured costs: a CSV header (a comma on the first line, not JSON) or a JSON array of device records.
SniffScore sniffPartitionProfile(const SniffInput& in) {
    if (in.firstLine.starts_with("[")) return SniffScore::Maybe;
    return !in.firstLine.starts_with("{") && !in.firstLine.starts_with("<") && contains(in.firstLine, ",")
               ? SniffScore::Maybe
               : SniffScore::No;
}

// --- Entries ----------------------------------------------------------------------------------------------

FileFormat reader(std::string name, std::string label, std::vector<std::string> extensions, FormatContent content,
                  std::function<SniffScore(const SniffInput&)> sniff, std::vector<std::string> shared = {}) {
    FileFormat f;
    f.name = std::move(name);
    f.label = std::move(label);
    f.extensions = std::move(extensions);
    f.sharedExtensions = std::move(shared);
    f.direction = FormatDirection::Read;
    f.content = content;
    f.sniff = std::move(sniff);
    return f;
}

FileFormat taskGraphReader(std::string name, std::string label, std::vector<std::string> extensions,
                           std::function<SniffScore(const SniffInput&)> sniff,
                           Expected<TaskGraphImport> (*read)(std::string_view, const TaskGraphImportOptions&),
                           bool sizesInFlops, std::vector<std::string> shared = {}) {
    FileFormat f = reader(std::move(name), std::move(label), std::move(extensions), FormatContent::TaskGraph,
                          std::move(sniff), std::move(shared));
    f.readTaskGraph = read;
    f.sizesInFlops = sizesInFlops;
    return f;
}

FileFormat platformReader(std::string name, std::string label, std::vector<std::string> extensions,
                          std::function<SniffScore(const SniffInput&)> sniff,
                          Expected<DagPlatform> (*read)(const std::string& path)) {
    FileFormat f = reader(std::move(name), std::move(label), std::move(extensions), FormatContent::Platform,
                          std::move(sniff));
    f.readPlatform = read;
    return f;
}

FileFormat familyReader(std::string name, std::string label, std::vector<std::string> extensions, std::string family,
                        const OptionTable& (*importOptions)(), std::function<SniffScore(const SniffInput&)> sniff,
                        Expected<FamilyImport> (*read)(const std::vector<std::string>&, const OptionValues&),
                        std::vector<std::string> shared = {}, bool readsDirectories = false) {
    FileFormat f = reader(std::move(name), std::move(label), std::move(extensions), FormatContent::FamilyData,
                          std::move(sniff), std::move(shared));
    f.family = std::move(family);
    f.importOptions = importOptions;
    f.readFamily = read;
    f.readsDirectories = readsDirectories;
    return f;
}

FileFormat writer(std::string name, std::string label, std::vector<std::string> extensions, FormatContent content,
                  std::function<Expected<std::string>(const ScheduleSet&, const FigureOptions&)> write = {}) {
    FileFormat f;
    f.name = std::move(name);
    f.label = std::move(label);
    f.extensions = std::move(extensions);
    f.direction = FormatDirection::Write;
    f.content = content;
    f.writeSchedule = std::move(write);
    return f;
}

std::vector<FileFormat> makeTable() {
    using C = FormatContent;
    return {
        // Readers. Ties between sniffers go to the earlier entry.
        reader("instance", "HetSched instance", {".json"}, C::Instance, sniffInstance),
        reader("project", "HetSched project", {".hsproj"}, C::Project, sniffProject),
        taskGraphReader("dot", "Graphviz DOT", {".dot", ".gv"}, sniffDot, readDotTaskGraph, true),
        taskGraphReader("wfformat", "WfFormat JSON (WfCommons, WorkflowHub, SimGrid, WRENCH)", {".json"}, sniffWfFormat,
                        readWfFormatTaskGraph, false),
        taskGraphReader("dax", "Pegasus DAX", {".dax"}, sniffDax, readDaxTaskGraph, false, {".xml"}),
        taskGraphReader("stg", "Standard Task Graph (STG)", {".stg"}, sniffStg, readStgTaskGraph, false),
        taskGraphReader("daggen", "daggen text output", {}, sniffDaggenText, readDaggenTextTaskGraph, true, {".txt"}),
        platformReader("simgrid", "SimGrid platform", {".xml"}, sniffSimGridPlatform, readSimGridDagPlatform),
        platformReader("platform-json", "JSON platform (a dag instance or its clusters)", {".json"}, sniffJsonPlatform,
                       readJsonDagPlatform),
        // The data of the other families' users, each read with its family's import options (a SimGrid platform is
        // the "simgrid" platform above where both may read it: File > Open then asks what it should become).
        familyReader("starpu-model", "StarPU performance models (sampling/, codelets/45/SYMBOL.HOST)", {}, "cpugpu",
                     cpuGpuImportOptionTable, sniffStarPuModel, readCpuGpuFamilyData, {}, true),
        familyReader("starpu-rec", "StarPU records (tasks.rec, starpu_perfmodel_recdump)", {".rec"}, "cpugpu",
                     cpuGpuImportOptionTable, sniffRec, readCpuGpuFamilyData),
        familyReader("moldableilp", "moldableILP instance (Bleuse et al.)", {".in"}, "cpugpu", cpuGpuImportOptionTable,
                     sniffMoldableIlp, readCpuGpuFamilyData),
        familyReader("partition-profile", "Measured costs per device (CSV, JSON records)", {".csv"}, "partition",
                     partitionImportOptionTable, sniffPartitionProfile, readPartitionFamilyData, {".json"}),
        familyReader("simgrid-star", "SimGrid platform as a divisible-load star (--master)", {".xml"}, "divisible",
                     divisibleImportOptionTable, sniffSimGridPlatform, readDivisibleFamilyData),
        familyReader("starpu-bus", "StarPU measured bus (sampling/bus/HOST.bandwidth)", {".bandwidth"}, "divisible",
                     divisibleImportOptionTable, nullptr, readDivisibleFamilyData),
        // Writers. Figures are drawn by the GUI's chart code (ui/views/common/chart_export).
        writer("png", "PNG image", {".png"}, C::Figure),
        writer("pdf", "PDF document", {".pdf"}, C::Figure),
        writer("svg", "SVG drawing", {".svg"}, C::Figure),
        // Traces and tables, written by core (export/trace_writers.h) for every family, comparison and simulation.
        writer("tikz", "TikZ picture for LaTeX", {".tex"}, C::Trace, writeTikzGantt),
        writer("paje", "Paje trace (ViTE, PajeNG, StarVZ)", {".paje", ".trace"}, C::Trace, writePajeTrace),
        writer("jedule", "Jedule XML (SimGrid's dialect)", {".jed"}, C::Trace, writeJeduleTrace),
        writer("chrome-trace", "Chrome trace events (Perfetto)", {".json"}, C::Trace, writeChromeTrace),
        writer("csv", "Intervals as CSV", {".csv"}, C::Trace, writeIntervalsCsv),
        writer("metrics-csv", "Metrics of the runs as CSV", {".csv"}, C::Table, writeMetricsCsv),
        writer("latex-table", "Metrics of the runs as a LaTeX table", {".tex"}, C::Table, writeMetricsLatex),
    };
}

std::string extensionPatterns(const std::vector<std::string>& extensions) {
    std::string patterns;
    for (const std::string& e : extensions) patterns.append(patterns.empty() ? "*" : " *").append(e);
    return patterns;
}

bool holds(const FileFormat& f, FormatDirection direction, std::initializer_list<FormatContent> contents) {
    return f.direction == direction &&
           (contents.size() == 0 || std::find(contents.begin(), contents.end(), f.content) != contents.end());
}

}  // namespace

SniffInput sniffInput(std::string_view text) {
    text = graph_reader::withoutByteOrderMark(text);
    SniffInput in;
    in.head = text.substr(0, 65536);
    std::size_t at = 0;
    while (at < in.head.size()) {
        std::size_t end = in.head.find('\n', at);
        if (end == std::string_view::npos) end = in.head.size();
        const std::string_view line = in.head.substr(at, end - at);
        const std::size_t first = line.find_first_not_of(" \t\r");
        if (first != std::string_view::npos && line[first] != '#' && line.substr(first, 2) != "//") {
            in.firstLine = line.substr(first);
            break;
        }
        at = end + 1;
    }
    return in;
}

std::string FileFormat::dialogFilter() const {
    std::vector<std::string> all = extensions;
    all.insert(all.end(), sharedExtensions.begin(), sharedExtensions.end());
    return label + " (" + (all.empty() ? std::string("*") : extensionPatterns(all)) + ")";
}

namespace {
bool endsWithOneOf(const std::string& path, const std::vector<std::string>& extensions) {
    const std::string lower = lowercase(path);
    return std::any_of(extensions.begin(), extensions.end(), [&](const std::string& e) {
        return lower.size() > e.size() && lower.compare(lower.size() - e.size(), e.size(), e) == 0;
    });
}
}  // namespace

bool FileFormat::hasExtension(const std::string& path) const { return endsWithOneOf(path, extensions); }
bool FileFormat::hasSharedExtension(const std::string& path) const { return endsWithOneOf(path, sharedExtensions); }

const std::vector<FileFormat>& fileFormats() {
    static const std::vector<FileFormat> table = makeTable();
    return table;
}

std::vector<const FileFormat*> fileFormats(FormatDirection direction, std::initializer_list<FormatContent> contents) {
    std::vector<const FileFormat*> found;
    for (const FileFormat& f : fileFormats())
        if (holds(f, direction, contents)) found.push_back(&f);
    return found;
}

const FileFormat* findFileFormat(std::string_view name, FormatDirection direction,
                                 std::initializer_list<FormatContent> contents) {
    for (const FileFormat* f : fileFormats(direction, contents))
        if (f->name == name) return f;
    return nullptr;
}

std::string fileFormatNames(FormatDirection direction, std::initializer_list<FormatContent> contents) {
    std::string names;
    for (const FileFormat* f : fileFormats(direction, contents)) names.append(names.empty() ? "" : "|").append(f->name);
    return names;
}

namespace {

// detectReadFormat among `candidates`; `names` is the --format choices its error lists.
Expected<const FileFormat*> detectAmong(const std::string& path, std::string_view text,
                                        const std::vector<const FileFormat*>& candidates, const std::string& names) {
    const SniffInput in = sniffInput(text);
    // Formats whose extension the path has, and those often found under it (decided by content).
    std::vector<const FileFormat*> owning, byExtension;
    for (const FileFormat* f : candidates)
        if (f->hasExtension(path)) owning.push_back(f);
    for (const FileFormat* f : candidates)
        if (f->hasExtension(path) || f->hasSharedExtension(path)) byExtension.push_back(f);
    // The surest sniffer among `formats`; the first of them when none recognises the content and `fallback`.
    const auto surest = [&in](const std::vector<const FileFormat*>& formats, bool fallback) -> const FileFormat* {
        const FileFormat* best = nullptr;
        SniffScore bestScore = SniffScore::No;
        for (const FileFormat* f : formats) {
            const SniffScore score = f->sniff ? f->sniff(in) : SniffScore::No;
            if (score > bestScore) best = f, bestScore = score;
        }
        return best ? best : fallback && !formats.empty() ? formats.front() : nullptr;
    };
    if (const FileFormat* f = surest(byExtension, false)) return f;
    if (!owning.empty()) return owning.front();   // the content recognised by none: the reader says what is wrong
    if (const FileFormat* f = surest(candidates, false)) return f;
    return invalidInput("unknown format: the name (" + [&] {
        std::string patterns;
        for (const FileFormat* f : candidates)
            if (!f->extensions.empty()) patterns.append(patterns.empty() ? "" : " ").append(extensionPatterns(f->extensions));
        return patterns;
    }() + ") and the content match none (give --format " + names + ")");
}

}  // namespace

Expected<const FileFormat*> detectReadFormat(const std::string& path, std::string_view text,
                                             std::initializer_list<FormatContent> contents) {
    return detectAmong(path, text, fileFormats(FormatDirection::Read, contents),
                       fileFormatNames(FormatDirection::Read, contents));
}

Expected<const FileFormat*> detectFamilyFormat(const std::string& path, std::string_view head, std::string_view family) {
    std::vector<const FileFormat*> formats;
    std::string names;
    for (const FileFormat* f : fileFormats(FormatDirection::Read, {FormatContent::FamilyData}))
        if (f->family == family) formats.push_back(f), names.append(names.empty() ? "" : "|").append(f->name);
    if (formats.empty()) {
        std::string kinds;
        for (const std::string& k : familyDataKinds()) kinds.append(kinds.empty() ? "" : ", ").append(k);
        return invalidInput("no file format gives a " + std::string(family) + " instance (those that do: " + kinds + ")");
    }
    std::error_code error;
    if (std::filesystem::is_directory(path, error)) {
        for (const FileFormat* f : formats)
            if (f->readsDirectories) return f;
        return invalidInput(path + " is a directory: a " + std::string(family) + " instance is read from a file (" + names + ")");
    }
    Expected<const FileFormat*> found = detectAmong(path, head, formats, names);
    return found ? found : Expected<const FileFormat*>(formats.front());
}

std::vector<std::string> familyDataKinds() {
    std::vector<std::string> kinds;
    for (const FileFormat* f : fileFormats(FormatDirection::Read, {FormatContent::FamilyData}))
        if (std::find(kinds.begin(), kinds.end(), f->family) == kinds.end()) kinds.push_back(f->family);
    return kinds;
}

Expected<const FileFormat*> writeFormatFor(const std::string& path, std::string_view name,
                                           std::initializer_list<FormatContent> contents) {
    const std::string names = fileFormatNames(FormatDirection::Write, contents);
    if (!name.empty()) {
        if (const FileFormat* f = findFileFormat(name, FormatDirection::Write, contents)) return f;
        return invalidInput("--format must be one of " + names + ", got '" + std::string(name) + "'");
    }
    std::vector<const FileFormat*> byExtension;
    for (const FileFormat* f : fileFormats(FormatDirection::Write, contents))
        if (f->hasExtension(path)) byExtension.push_back(f);
    if (byExtension.size() == 1) return byExtension.front();
    if (byExtension.empty())
        return invalidInput("cannot tell the format of '" + path + "' from its extension: give --format " + names);
    std::string which;
    for (const FileFormat* f : byExtension) which.append(which.empty() ? "" : " or ").append(f->name);
    return invalidInput("'" + path + "' may be " + which + ": give --format " + which.substr(0, which.find(' ')) +
                        " (or another of " + names + ")");
}

std::string fileDialogFilters(FormatDirection direction, std::initializer_list<FormatContent> contents,
                              const std::string& allLabel) {
    std::vector<std::string> everyExtension;
    std::string filters;
    for (const FileFormat* f : fileFormats(direction, contents)) {
        for (const auto* list : {&f->extensions, &f->sharedExtensions})
            for (const std::string& e : *list)
                if (std::find(everyExtension.begin(), everyExtension.end(), e) == everyExtension.end())
                    everyExtension.push_back(e);
        filters += ";;" + f->dialogFilter();
    }
    if (!allLabel.empty()) filters = allLabel + " (" + extensionPatterns(everyExtension) + ")" + filters;
    else if (!filters.empty()) filters.erase(0, 2);
    return filters + ";;All files (*)";
}

Expected<std::string> writeScheduleTrace(std::string_view formatName, const ScheduleSet& set,
                                         const FigureOptions& options) {
    const FileFormat* format = findFileFormat(formatName, FormatDirection::Write, {FormatContent::Trace, FormatContent::Table});
    if (!format)
        return invalidInput("unknown schedule format '" + std::string(formatName) + "' (known: " +
                            fileFormatNames(FormatDirection::Write, {FormatContent::Trace, FormatContent::Table}) + ")");
    return format->writeSchedule(set, options);
}

}  // namespace hetsched
