// The trace and table writers (export/trace_writers.h), read back by the tools our users have: PajeNG's
// pj_dump, libxml2 for Jedule, nlohmann for Chrome traces, pdflatex/pdfinfo/pdftotext for TikZ. Each file must
// hold exactly the intervals of the schedules it was written from.
#include <gtest/gtest.h>
#include <libxml/parser.h>
#include <libxml/tree.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <limits>
#include <map>
#include <nlohmann/json.hpp>
#include <regex>
#include <sstream>
#include <unistd.h>

#include "example_files.h"
#include "export/trace_writers.h"
#include "io/formats.h"
#include "io/child_process.h"
#include "io/instance_io.h"
#include "model/dag_random.h"
#include "solvers/registry.h"

namespace hetsched {
namespace {

namespace fs = std::filesystem;

// ---------------------------------------------------------------------------------------------------------
// Schedules made by hand.

Interval task(double start, double end, const std::string& name, int id, IntervalKind kind = IntervalKind::Compute) {
    return {start, end, kind, name, id, "", ""};
}

// Two clusters; task "wide" runs on the first three processors of C0 (a moldable task, as the dag family's
// schedules show one: the same task and times on consecutive lanes).
Schedule twoClusters(double scale = 1) {
    Schedule s;
    s.title = "two clusters";
    s.timeUnit = "s";
    for (int k = 0; k < 4; ++k) s.lanes.push_back({"C0 #" + std::to_string(k), "cluster C0", {}});
    for (int k = 0; k < 2; ++k) s.lanes.push_back({"C1 #" + std::to_string(k), "cluster C1", {}});
    for (int k = 0; k < 3; ++k) s.lanes[static_cast<std::size_t>(k)].intervals.push_back(task(0, 4 * scale, "wide", 0));
    s.lanes[3].intervals = {task(0, 1 * scale, "t1", 1), task(1 * scale, 1.5 * scale, "\u2192 t3", 3, IntervalKind::Redistribution),
                            task(1.5 * scale, 6 * scale, "t3", 3)};
    s.lanes[4].intervals = {task(0.5 * scale, 2 * scale, "t2", 2, IntervalKind::Send)};
    s.lanes[5].intervals = {{2 * scale, 5 * scale, IntervalKind::Idle, "", -1, "", ""}};
    s.markers.push_back({"makespan", 6 * scale, true});
    s.metrics = {{"makespan", 6 * scale, "s"}, {"lower bound", 5 * scale, "s"}};
    return s;
}

// Names with every character special to LaTeX, XML, JSON, CSV or Paje.
const std::string kSpecialName = "a_b & c#1 {x} 50% ~^\\ \"q\" <i>, 'y' \u00e9 \u2192 z";

ScheduleSet threeRuns() {
    ScheduleSet set;
    set.title = "three runs";
    set.runs = {{"heft", twoClusters(1)}, {"mheft & co", twoClusters(1.5)}, {"cpa_2", twoClusters(2.5)}};
    set.runs[1].schedule.lanes[4].intervals[0].label = kSpecialName;
    return set;
}

ScheduleSet oneRun(Schedule schedule, const std::string& name = "heft") {
    ScheduleSet set;
    set.runs.push_back({name, std::move(schedule)});
    return set;
}

std::string written(std::string_view format, const ScheduleSet& set, const FigureOptions& options = {}) {
    Expected<std::string> text = writeScheduleTrace(format, set, options);
    EXPECT_TRUE(text.ok()) << format << ": " << (text.ok() ? "" : text.error().message);
    return text.ok() ? *text : std::string();
}

// ---------------------------------------------------------------------------------------------------------
// Intervals as every reader gives them back, compared with the schedules' own.

struct Row {
    std::string run, category, lane, task, kind;
    double start = 0, end = 0;
};

std::string describe(const Row& r) {
    std::ostringstream out;
    out << r.run << " | " << r.category << " | " << r.lane << " | " << r.task << " | " << r.start << " | " << r.end << " | " << r.kind;
    return out.str();
}

// What each format writes where the schedule has no name: Paje, Jedule and Chrome name a task by its kind when
// it has no label; Paje turns double quotes into single ones.
enum class Naming { Csv, KindWhenUnnamed, Paje };

std::vector<Row> rowsOf(const ScheduleSet& set, Naming naming) {
    std::vector<Row> rows;
    for (const ScheduleRun& run : set.runs)
        for (const Lane& lane : run.schedule.lanes)
            for (const Interval& in : lane.intervals) {
                std::string name = in.label;
                if (naming != Naming::Csv && name.empty()) name = intervalKindName(in.kind);
                if (naming == Naming::Paje) std::replace(name.begin(), name.end(), '"', '\'');
                rows.push_back({run.name, lane.category, lane.name, name, intervalKindName(in.kind), in.start, in.end});
            }
    return rows;
}

void expectSameRows(std::vector<Row> actual, std::vector<Row> expected, const std::string& reader) {
    const auto order = [](const Row& a, const Row& b) {
        return std::tie(a.run, a.category, a.lane, a.start, a.end, a.kind, a.task) <
               std::tie(b.run, b.category, b.lane, b.start, b.end, b.kind, b.task);
    };
    // Times are compared after rounding to 1e-9 (pj_dump prints fixed decimals, Chrome counts microseconds).
    for (std::vector<Row>* rows : {&actual, &expected})
        for (Row& r : *rows) {
            r.start = std::round(r.start * 1e9) / 1e9;
            r.end = std::round(r.end * 1e9) / 1e9;
        }
    std::sort(actual.begin(), actual.end(), order);
    std::sort(expected.begin(), expected.end(), order);
    ASSERT_EQ(actual.size(), expected.size()) << reader;
    for (std::size_t k = 0; k < actual.size(); ++k) EXPECT_EQ(describe(actual[k]), describe(expected[k])) << reader << " row " << k;
}

// RFC 4180: quoted fields may hold commas, doubled quotes and line breaks.
std::vector<std::vector<std::string>> parseCsv(const std::string& text) {
    std::vector<std::vector<std::string>> records(1, std::vector<std::string>(1));
    bool quoted = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (quoted) {
            if (c == '"' && i + 1 < text.size() && text[i + 1] == '"') records.back().back() += '"', ++i;
            else if (c == '"') quoted = false;
            else records.back().back() += c;
        } else if (c == '"') {
            quoted = true;
        } else if (c == ',') {
            records.back().emplace_back();
        } else if (c == '\n') {
            records.emplace_back(1);
        } else {
            records.back().back() += c;
        }
    }
    if (records.back().size() == 1 && records.back()[0].empty()) records.pop_back();
    return records;
}

std::vector<Row> rowsFromCsv(const std::string& text) {
    const auto records = parseCsv(text);
    EXPECT_FALSE(records.empty());
    EXPECT_EQ(records.front(), (std::vector<std::string>{"run", "lane", "category", "task", "start", "end", "kind"}));
    std::vector<Row> rows;
    for (std::size_t k = 1; k < records.size(); ++k) {
        const auto& f = records[k];
        EXPECT_EQ(f.size(), 7u) << "CSV record " << k;
        if (f.size() != 7) continue;
        rows.push_back({f[0], f[2], f[1], f[3], f[6], std::stod(f[4]), std::stod(f[5])});
    }
    return rows;
}

// ---------------------------------------------------------------------------------------------------------
// External tools: found on PATH; missing, a test skips with a message, or fails when the environment says CI.

std::optional<std::string> findTool(const std::string& name) {
    const char* path = std::getenv("PATH");
    std::stringstream dirs(path ? path : "/usr/bin:/bin");
    std::string dir;
    while (std::getline(dirs, dir, ':'))
        if (!dir.empty() && fs::exists(fs::path(dir) / name)) return (fs::path(dir) / name).string();
    return std::nullopt;
}

#define REQUIRE_TOOL(variable, name, package)                                                                      \
    const std::optional<std::string> variable = findTool(name);                                                   \
    if (!variable) {                                                                                              \
        if (std::getenv("CI")) FAIL() << name << " is missing (Debian " << package << ", scripts/install-deps.sh)"; \
        GTEST_SKIP() << name << " is not installed (Debian " << package << "): skipped";                           \
    }

ChildResult runTool(const std::string& tool, const std::vector<std::string>& args, const fs::path& directory = {}) {
    std::vector<std::string> arguments = args;
    std::string program = tool;
    if (!directory.empty()) {   // pdflatex writes beside its working directory: run it through env -C
        arguments.insert(arguments.begin(), {"-C", directory.string(), tool});
        program = *findTool("env");
    }
    Expected<ChildResult> result = runChildProcess(program, arguments, ChildOptions(120));
    EXPECT_TRUE(result.ok()) << tool << ": " << (result.ok() ? "" : result.error().message);
    return result.ok() ? *result : ChildResult{};
}

// Scratch directories of this process, removed at its end unless a test failed (then kept to look at) or
// HETSCHED_KEEP_TEST_FILES is set.
class ScratchDirectories : public ::testing::Environment {
public:
    static std::vector<fs::path>& all() {
        static std::vector<fs::path> directories;
        return directories;
    }
    void TearDown() override {
        if (::testing::UnitTest::GetInstance()->Failed() || std::getenv("HETSCHED_KEEP_TEST_FILES")) return;
        std::error_code ignored;
        for (const fs::path& dir : all()) fs::remove_all(dir, ignored);
    }
};
[[maybe_unused]] ::testing::Environment* const kScratch = ::testing::AddGlobalTestEnvironment(new ScratchDirectories);

fs::path freshDirectory(const std::string& name) {
    const fs::path dir = fs::temp_directory_path() / ("hetsched-trace-" + name + "-" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir);
    ScratchDirectories::all().push_back(dir);
    return dir;
}

void writeFile(const fs::path& path, const std::string& text) { std::ofstream(path, std::ios::binary) << text; }

std::string readFile(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

// ---------------------------------------------------------------------------------------------------------
// Readers of the other formats.

// pj_dump -u prints containers depth first, each container's states right after it:
//   Container, PARENT, TYPE, START, END, DURATION, NAME
//   State, CONTAINER, Task, START, END, DURATION, IMBRICATION, VALUE, TASK
std::vector<Row> rowsFromPjDump(const std::string& dump) {
    std::vector<Row> rows;
    std::string run, category, lane;
    std::istringstream lines(dump);
    std::string line;
    const auto afterNumbers = [](const std::string& rest, int count) {
        std::size_t at = 0;
        for (int k = 0; k < count; ++k) at = rest.find(", ", at) + 2;
        return at;
    };
    while (std::getline(lines, line)) {
        if (line.rfind("Container, ", 0) == 0) {
            for (const char* type : {"Run", "Category", "Lane"}) {
                const std::size_t at = line.find(std::string(", ") + type + ", ");
                if (at == std::string::npos) continue;
                const std::string rest = line.substr(at + std::string(type).size() + 4);
                const std::string name = rest.substr(afterNumbers(rest, 3));
                if (std::string(type) == "Run") run = name;
                else if (std::string(type) == "Category") category = name;
                else lane = name;
                break;
            }
        } else if (line.rfind("State, ", 0) == 0) {
            const std::size_t at = line.find(", Task, ");
            EXPECT_NE(at, std::string::npos) << line;
            EXPECT_EQ(line.substr(7, at - 7), lane) << "a state outside its container: " << line;
            const std::string rest = line.substr(at + 8);
            std::vector<std::string> fields;
            std::size_t from = 0;
            for (int k = 0; k < 5; ++k) {
                const std::size_t comma = rest.find(", ", from);
                fields.push_back(rest.substr(from, comma - from));
                from = comma + 2;
            }
            rows.push_back({run, category, lane, rest.substr(from), fields[4], std::stod(fields[0]), std::stod(fields[1])});
        }
    }
    return rows;
}

std::string attribute(xmlNode* node, const char* name) {
    xmlChar* value = xmlGetProp(node, reinterpret_cast<const xmlChar*>(name));
    std::string text = value ? reinterpret_cast<const char*>(value) : "";
    xmlFree(value);
    return text;
}

std::vector<xmlNode*> children(xmlNode* node, const char* name) {
    std::vector<xmlNode*> found;
    for (xmlNode* child = node ? node->children : nullptr; child; child = child->next)
        if (child->type == XML_ELEMENT_NODE && xmlStrcmp(child->name, reinterpret_cast<const xmlChar*>(name)) == 0)
            found.push_back(child);
    return found;
}

struct JeduleFile {
    std::vector<Row> rows;
    std::size_t events = 0;
    std::size_t multiLaneEvents = 0;
    std::map<std::string, std::string> meta;
};

// Reads SimGrid's dialect: <res> nesting root > run > category, an <rset id="C.R.0" names="a|b"> per category,
// events of <prop key= value=> with <select resources="C.R.0.[a-b]">.
JeduleFile readJedule(const std::string& text) {
    JeduleFile file;
    xmlDoc* doc = xmlReadMemory(text.data(), static_cast<int>(text.size()), "trace.jed", nullptr, XML_PARSE_NONET);
    EXPECT_NE(doc, nullptr) << "libxml2 refused the Jedule file";
    if (!doc) return file;
    xmlNode* root = xmlDocGetRootElement(doc);
    EXPECT_EQ(std::string(reinterpret_cast<const char*>(root->name)), "jedule");
    for (xmlNode* meta : children(root, "jedule_meta"))
        for (xmlNode* prop : children(meta, "prop")) file.meta[attribute(prop, "key")] = attribute(prop, "value");
    struct ResourceSet {
        std::string run, category;
        std::vector<std::string> names;
    };
    std::map<std::string, ResourceSet> sets;
    const std::vector<xmlNode*> platforms = children(root, "platform");
    EXPECT_EQ(platforms.size(), 1u);
    for (xmlNode* top : children(platforms.empty() ? nullptr : platforms[0], "res"))
        for (xmlNode* run : children(top, "res"))
            for (xmlNode* category : children(run, "res"))
                for (xmlNode* rset : children(category, "rset")) {
                    ResourceSet s{attribute(run, "name"), attribute(category, "name"), {}};
                    std::stringstream names(attribute(rset, "names"));
                    std::string name;
                    while (std::getline(names, name, '|')) s.names.push_back(name);
                    EXPECT_EQ(std::to_string(s.names.size()), attribute(rset, "nb"));
                    sets[attribute(rset, "id")] = s;
                }
    const std::regex selectForm(R"re(^(\d+\.\d+\.0)\.\[(\d+)-(\d+)\]$)re");
    for (xmlNode* events : children(root, "events"))
        for (xmlNode* event : children(events, "event")) {
            ++file.events;
            std::map<std::string, std::string> props;
            for (xmlNode* prop : children(event, "prop")) props[attribute(prop, "key")] = attribute(prop, "value");
            std::size_t lanes = 0;
            for (xmlNode* util : children(event, "res_util"))
                for (xmlNode* select : children(util, "select")) {
                    std::smatch m;
                    const std::string resources = attribute(select, "resources");
                    EXPECT_TRUE(std::regex_match(resources, m, selectForm)) << resources;
                    if (m.empty() || !sets.count(m[1].str())) continue;
                    const ResourceSet& s = sets[m[1].str()];
                    for (std::size_t k = std::stoul(m[2].str()); k <= std::stoul(m[3].str()) && k < s.names.size(); ++k, ++lanes)
                        file.rows.push_back({s.run, s.category, s.names[k], props["name"], props["type"], std::stod(props["start"]),
                                             std::stod(props["end"])});
                }
            if (lanes > 1) ++file.multiLaneEvents;
        }
    xmlFreeDoc(doc);
    return file;
}

struct ChromeFile {
    std::vector<Row> rows;
    std::map<int, std::string> processNames;
    std::map<std::pair<int, int>, std::string> threadNames;
};

// "X" events back to intervals: the run and category from the process's name ("run: category" in a
// comparison, its label the run), the lane from the thread's name.
ChromeFile readChromeTrace(const std::string& text, const ScheduleSet& set) {
    ChromeFile file;
    const nlohmann::json trace = nlohmann::json::parse(text);
    EXPECT_TRUE(trace.contains("displayTimeUnit"));
    std::map<int, std::string> runOf;
    for (const nlohmann::json& e : trace.at("traceEvents")) {
        if (e.at("ph") != "M") continue;
        const int pid = e.at("pid").get<int>();
        if (e.at("name") == "process_name") file.processNames[pid] = e.at("args").at("name").get<std::string>();
        if (e.at("name") == "process_labels") runOf[pid] = e.at("args").at("labels").get<std::string>();
        if (e.at("name") == "thread_name") file.threadNames[{pid, e.at("tid").get<int>()}] = e.at("args").at("name").get<std::string>();
    }
    for (const nlohmann::json& e : trace.at("traceEvents")) {
        if (e.at("ph") != "X") continue;
        const int pid = e.at("pid").get<int>();
        const std::string run = set.runs.size() == 1 ? set.runs[0].name : runOf[pid];
        std::string category = file.processNames[pid];
        if (set.runs.size() > 1) {
            EXPECT_EQ(category.rfind(run + ": ", 0), 0u) << category;
            category = category.substr(run.size() + 2);
        }
        const double ts = e.at("ts").get<double>();
        const double dur = e.at("dur").get<double>();
        file.rows.push_back({run, category, file.threadNames[{pid, e.at("tid").get<int>()}], e.at("name").get<std::string>(),
                             e.at("cat").get<std::string>(), ts / 1e6, (ts + dur) / 1e6});
    }
    return file;
}

// ---------------------------------------------------------------------------------------------------------
// What every writer refuses.

class EveryWriter : public ::testing::TestWithParam<const char*> {};

TEST_P(EveryWriter, RefusesNothingToWriteWithAMessage) {
    const Expected<std::string> none = writeScheduleTrace(GetParam(), ScheduleSet{}, {});
    ASSERT_FALSE(none.ok());
    EXPECT_NE(none.error().message.find("no schedule"), std::string::npos) << none.error().message;
    ScheduleSet empty = oneRun(Schedule{}, "infeasible run");
    empty.runs[0].schedule.lanes.push_back({"P0", "cpu", {}});
    const Expected<std::string> text = writeScheduleTrace(GetParam(), empty, {});
    if (std::string(GetParam()) == "metrics-csv" || std::string(GetParam()) == "latex-table") {
        ASSERT_FALSE(text.ok());   // no interval is fine for a table, no metric is not
        EXPECT_NE(text.error().message.find("no run has a metric"), std::string::npos) << text.error().message;
    } else {
        ASSERT_FALSE(text.ok());
        EXPECT_NE(text.error().message.find("'infeasible run'"), std::string::npos) << text.error().message;
        EXPECT_NE(text.error().message.find("no interval"), std::string::npos) << text.error().message;
    }
}

TEST_P(EveryWriter, RefusesNaNNegativeAndBackwardTimesNamingRunAndLane) {
    const auto refusal = [&](double start, double end) {
        ScheduleSet set = threeRuns();
        set.runs[2].schedule.lanes[4].intervals[0].start = start;
        set.runs[2].schedule.lanes[4].intervals[0].end = end;
        const Expected<std::string> text = writeScheduleTrace(GetParam(), set, {});
        EXPECT_FALSE(text.ok()) << GetParam() << " wrote " << start << ".." << end;
        return text.ok() ? std::string() : text.error().message;
    };
    for (const auto& [start, end, words] : {std::tuple{std::nan(""), 2.0, "NaN"}, std::tuple{-1.0, 2.0, "negative"},
                                            std::tuple{1.0, std::numeric_limits<double>::infinity(), "infinite"}, std::tuple{2.0, 1.0, "before it starts"}}) {
        const std::string message = refusal(start, end);
        EXPECT_NE(message.find("run 'cpa_2'"), std::string::npos) << message;
        EXPECT_NE(message.find("lane 'C1 #0'"), std::string::npos) << message;
        EXPECT_NE(message.find(words), std::string::npos) << message;
    }
}

TEST_P(EveryWriter, WritesARunWithoutIntervalsBesideOthers) {
    ScheduleSet set = threeRuns();
    for (Lane& lane : set.runs[1].schedule.lanes) lane.intervals.clear();
    const Expected<std::string> text = writeScheduleTrace(GetParam(), set, {});
    ASSERT_TRUE(text.ok()) << text.error().message;
    if (std::string(GetParam()) != "csv") {
        EXPECT_NE(text->find("mheft"), std::string::npos) << "the empty run is named";
    }
}

// Every trace and table writer of the format table: a new one is held to these claims without a line here.
std::vector<const char*> traceAndTableWriters() {
    std::vector<const char*> names;
    for (const FileFormat* format : fileFormats(FormatDirection::Write, {FormatContent::Trace, FormatContent::Table}))
        names.push_back(format->name.c_str());
    return names;
}

INSTANTIATE_TEST_SUITE_P(Formats, EveryWriter, ::testing::ValuesIn(traceAndTableWriters()),
                         [](const auto& info) {
                             std::string name = info.param;
                             std::replace(name.begin(), name.end(), '-', '_');
                             return name;
                         });

TEST(TraceFormats, UnknownNameIsRefusedListingTheKnownOnes) {
    const Expected<std::string> text = writeScheduleTrace("svg-ish", threeRuns(), {});
    ASSERT_FALSE(text.ok());
    for (const char* name : {"'svg-ish'", "tikz", "paje", "jedule", "chrome-trace", "csv", "metrics-csv", "latex-table"})
        EXPECT_NE(text.error().message.find(name), std::string::npos) << text.error().message;
    // They are the format table's traces and tables, found by name or by an extension only one has.
    for (const FileFormat* format : fileFormats(FormatDirection::Write, {FormatContent::Trace, FormatContent::Table}))
        EXPECT_NE(text.error().message.find(format->name), std::string::npos) << text.error().message;
    EXPECT_NE(findFileFormat("paje", FormatDirection::Write), nullptr);
    EXPECT_EQ((*writeFormatFor("gantt.jed", "", {FormatContent::Trace}))->name, "jedule");
    EXPECT_EQ((*writeFormatFor("gantt.trace", "", {FormatContent::Trace}))->name, "paje");
    const Expected<const FileFormat*> tex = writeFormatFor("gantt.tex", "", {FormatContent::Trace, FormatContent::Table});
    ASSERT_FALSE(tex.ok());
    EXPECT_NE(tex.error().message.find("may be tikz or latex-table"), std::string::npos) << tex.error().message;
}

// ---------------------------------------------------------------------------------------------------------
// CSV of the intervals and the metrics tables.

TEST(IntervalsCsv, OneLinePerIntervalWithRunColumnAndRfc4180Quoting) {
    Schedule s;
    s.lanes.push_back({"P, 0", "cpu", {task(0, 1.5, "say \"hi\"", 0), task(1.5, 2, "line\nbreak", 1, IntervalKind::Send)}});
    EXPECT_EQ(written("csv", oneRun(s, "run 1")),
              "run,lane,category,task,start,end,kind\n"
              "run 1,\"P, 0\",cpu,\"say \"\"hi\"\"\",0,1.5,compute\n"
              "run 1,\"P, 0\",cpu,\"line\nbreak\",1.5,2,send\n");
}

TEST(IntervalsCsv, AComparisonOfThreeRunsReadsBackExactly) {
    const ScheduleSet set = threeRuns();
    expectSameRows(rowsFromCsv(written("csv", set)), rowsOf(set, Naming::Csv), "CSV");
}

TEST(MetricsTables, OneRowPerRunUnitsInTheHeaderEmptyWhereARunLacksAMetric) {
    ScheduleSet set = threeRuns();
    set.runs[2].schedule.metrics = {{"makespan", 14.4, "s"}, {"flops, total", 2.5e9, "flop"}};
    EXPECT_EQ(written("metrics-csv", set),
              "run,makespan (s),lower bound (s),\"flops, total (flop)\"\n"
              "heft,6,5,\n"
              "mheft & co,9,7.5,\n"
              "cpa_2,14.4,,2.5e+09\n");
    const std::string latex = written("latex-table", set);
    EXPECT_NE(latex.find("\\begin{tabular}{lrrr}\n\\toprule\n"
                         "run & makespan (s) & lower bound (s) & flops, total (flop) \\\\\n\\midrule\n"
                         "heft & 6 & 5 &  \\\\\n"
                         "mheft \\& co & 9 & 7.5 &  \\\\\n"
                         "cpa\\_2 & 14.4 &  & $2.5\\times 10^{9}$ \\\\\n"
                         "\\bottomrule\n\\end{tabular}\n"),
              std::string::npos)
        << latex;
}

TEST(MetricsTables, TheLatexTableCompilesWithBooktabs) {
    REQUIRE_TOOL(pdflatex, "pdflatex", "texlive-latex-base");
    ScheduleSet set = threeRuns();
    set.runs[0].name = kSpecialName;
    const fs::path dir = freshDirectory("latex-table");
    writeFile(dir / "table.tex", written("latex-table", set));
    writeFile(dir / "paper.tex", "\\documentclass{article}\\usepackage{booktabs}\\begin{document}\n"
                                 "\\begin{table}\\centering\\input{table.tex}\\caption{Metrics}\\end{table}\n\\end{document}\n");
    const ChildResult result = runTool(*pdflatex, {"-interaction=nonstopmode", "-halt-on-error", "paper.tex"}, dir);
    EXPECT_EQ(result.exitCode, 0) << lastLines(result.stdoutText, 12);
}

// ---------------------------------------------------------------------------------------------------------
// Paje, read back by PajeNG.

TEST(PajeTrace, HeaderContainersAndEventsInTimeOrder) {
    const std::string paje = written("paje", threeRuns());
    EXPECT_EQ(paje.find("%EventDef PajeDefineContainerType 0"), paje.find("%EventDef"));
    EXPECT_NE(paje.find("%EventDef PajePushState 5\n%       Time date"), std::string::npos);
    EXPECT_NE(paje.find("3 0 r2 HSRun 0 \"mheft & co\"\n"), std::string::npos);
    EXPECT_NE(paje.find("3 0 r2c2 HSCategory r2 \"cluster C1\"\n"), std::string::npos);
    EXPECT_NE(paje.find("3 0 r2l5 HSLane r2c2 \"C1 #0\"\n"), std::string::npos);
    // Every timed event after the definitions comes in time order.
    std::istringstream lines(paje);
    std::string line;
    double last = 0;
    while (std::getline(lines, line)) {
        if (line.empty() || line[0] == '%' || line[0] == '#') continue;
        std::istringstream fields(line);
        int event = 0;
        double time = 0;
        fields >> event;
        if (event < 3) continue;
        fields >> time;
        EXPECT_GE(time, last) << line;
        last = time;
    }
}

TEST(PajeTrace, PajeNGDumpsExactlyTheIntervalsOfTheCsv) {
    REQUIRE_TOOL(pjDump, "pj_dump", "pajeng");
    const ScheduleSet set = threeRuns();
    const fs::path dir = freshDirectory("paje");
    writeFile(dir / "three.paje", written("paje", set));
    const ChildResult dump = runTool(*pjDump, {"-u", "-l", "17", (dir / "three.paje").string()});
    ASSERT_EQ(dump.exitCode, 0) << dump.stderrText;
    EXPECT_EQ(dump.stderrText, "");
    // The CSV's intervals, with the task named by its kind where it has no name and quotes made single.
    std::vector<Row> expected = rowsFromCsv(written("csv", set));
    for (Row& r : expected) {
        if (r.task.empty()) r.task = r.kind;
        std::replace(r.task.begin(), r.task.end(), '"', '\'');
    }
    expectSameRows(rowsFromPjDump(dump.stdoutText), expected, "pj_dump");
}

TEST(PajeTrace, OverlappingIntervalsOfALaneGoToASecondContainer) {
    REQUIRE_TOOL(pjDump, "pj_dump", "pajeng");
    Schedule s;
    s.lanes.push_back({"link", "links", {task(0, 3, "a", 0), task(1, 2, "b", 1), task(2, 4, "c", 2), task(4, 4, "instant", 3)}});
    const fs::path dir = freshDirectory("paje-overlap");
    writeFile(dir / "overlap.paje", written("paje", oneRun(s)));
    const ChildResult dump = runTool(*pjDump, {"-u", "-l", "17", (dir / "overlap.paje").string()});
    ASSERT_EQ(dump.exitCode, 0) << dump.stderrText;
    std::vector<Row> expected = {{"heft", "links", "link", "a", "compute", 0, 3},
                                 {"heft", "links", "link (2)", "b", "compute", 1, 2},
                                 {"heft", "links", "link (2)", "c", "compute", 2, 4},
                                 {"heft", "links", "link", "instant", "compute", 4, 4}};
    expectSameRows(rowsFromPjDump(dump.stdoutText), expected, "pj_dump");
}

// ---------------------------------------------------------------------------------------------------------
// Jedule, read back with libxml2.

TEST(JeduleTrace, ATaskOnThreeProcessorsIsOneEventOverTheirRange) {
    const std::string jed = written("jedule", oneRun(twoClusters()));
    EXPECT_NE(jed.find("<rset id=\"0.0.0\" nb=\"4\" names=\"C0 #0|C0 #1|C0 #2|C0 #3\" />"), std::string::npos) << jed;
    EXPECT_NE(jed.find("<prop key=\"name\" value=\"wide\" />\n      <prop key=\"start\" value=\"0\" />\n"
                       "      <prop key=\"end\" value=\"4\" />\n      <prop key=\"type\" value=\"compute\" />\n"
                       "      <res_util>\n        <select resources=\"0.0.0.[0-2]\" />\n      </res_util>"),
              std::string::npos)
        << jed;
    const JeduleFile file = readJedule(jed);
    EXPECT_EQ(file.events, 6u);   // 8 intervals, "wide" on three lanes
    EXPECT_EQ(file.multiLaneEvents, 1u);
    expectSameRows(file.rows, rowsOf(oneRun(twoClusters()), Naming::KindWhenUnnamed), "Jedule");
}

TEST(JeduleTrace, AComparisonWithSpecialNamesParsesBackToTheSameIntervals) {
    ScheduleSet set = threeRuns();
    set.title = "runs <&> \"compared\"";
    const JeduleFile file = readJedule(written("jedule", set));
    EXPECT_EQ(file.meta.at("title"), "runs <&> \"compared\"");
    EXPECT_EQ(file.meta.at("generator"), "HetSched");
    expectSameRows(file.rows, rowsOf(set, Naming::KindWhenUnnamed), "Jedule");
}

// ---------------------------------------------------------------------------------------------------------
// Chrome trace events, read back with nlohmann.

TEST(ChromeTrace, ProcessesPerCategoryThreadsPerLaneAndTheSameIntervals) {
    const ScheduleSet set = threeRuns();
    const std::string text = written("chrome-trace", set);
    const ChromeFile file = readChromeTrace(text, set);
    EXPECT_EQ(file.processNames.size(), 6u);   // 3 runs x 2 clusters
    EXPECT_EQ(file.processNames.at(3), "mheft & co: cluster C0");
    EXPECT_EQ(file.threadNames.at({4, 1}), "C1 #0");
    expectSameRows(file.rows, rowsOf(set, Naming::KindWhenUnnamed), "Chrome trace");
    // Complete events carry microseconds: task "wide" of the second run lasts 4 x 1.5 s.
    const nlohmann::json trace = nlohmann::json::parse(text);
    bool found = false;
    for (const nlohmann::json& e : trace.at("traceEvents"))
        if (e.at("ph") == "X" && e.at("name") == "wide" && e.at("pid") == 3 && e.at("tid") == 1) {
            EXPECT_NEAR(e.at("dur").get<double>(), 6e6, 1e-6);
            found = true;
        }
    EXPECT_TRUE(found);
}

TEST(ChromeTrace, MalformedUtf8InANameIsReplacedNotThrown) {
    Schedule s = twoClusters();
    s.lanes[0].name = "bad \xff\xfe name";
    const ScheduleSet set = oneRun(s);
    const std::string text = written("chrome-trace", set);
    EXPECT_NO_THROW({
        const nlohmann::json parsed = nlohmann::json::parse(text);
        EXPECT_TRUE(parsed.contains("traceEvents"));
    });
    EXPECT_NE(text.find("bad \xef\xbf\xbd"), std::string::npos);
}

// ---------------------------------------------------------------------------------------------------------
// TikZ, compiled by pdflatex and measured with poppler.

struct Word {
    double x0, y0, x1, y1;
    std::string text;
};

// pdftotext -bbox writes XHTML: its entities back to characters.
std::string unescapeXml(std::string text) {
    for (const auto& [entity, character] : {std::pair{"&lt;", "<"}, std::pair{"&gt;", ">"}, std::pair{"&quot;", "\""},
                                            std::pair{"&apos;", "'"}, std::pair{"&amp;", "&"}})
        for (std::size_t at = text.find(entity); at != std::string::npos; at = text.find(entity, at + 1))
            text.replace(at, std::string(entity).size(), character);
    return text;
}

std::vector<Word> wordsOf(const std::string& bbox, double& width, double& height) {
    std::smatch page;
    const std::regex pageForm(R"re(<page width="([\d.]+)" height="([\d.]+)")re");
    EXPECT_TRUE(std::regex_search(bbox, page, pageForm));
    width = page.empty() ? 0 : std::stod(page[1].str());
    height = page.empty() ? 0 : std::stod(page[2].str());
    std::vector<Word> words;
    const std::regex wordForm(R"re(<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>)re");
    for (auto it = std::sregex_iterator(bbox.begin(), bbox.end(), wordForm); it != std::sregex_iterator(); ++it)
        words.push_back({std::stod((*it)[1].str()), std::stod((*it)[2].str()), std::stod((*it)[3].str()),
                         std::stod((*it)[4].str()), unescapeXml((*it)[5].str())});
    return words;
}

struct CompiledFigure {
    bool compiled = false;
    std::string log;
    double width = 0, height = 0;   // the PDF page, in points
    std::vector<Word> words;
};

// Compiles `tex` alone; the page size from pdfinfo and every word's box from pdftotext -bbox.
CompiledFigure compileFigure(const std::string& tex, const std::string& name) {
    CompiledFigure figure;
    const std::optional<std::string> pdflatex = findTool("pdflatex");
    const std::optional<std::string> pdfinfo = findTool("pdfinfo");
    const std::optional<std::string> pdftotext = findTool("pdftotext");
    if (!pdflatex || !pdfinfo || !pdftotext) return figure;
    const fs::path dir = freshDirectory(name);
    writeFile(dir / "figure.tex", tex);
    const ChildResult latex = runTool(*pdflatex, {"-interaction=nonstopmode", "-halt-on-error", "figure.tex"}, dir);
    figure.log = lastLines(latex.stdoutText, 15);
    figure.compiled = latex.exitCode == 0 && fs::exists(dir / "figure.pdf");
    if (!figure.compiled) return figure;
    const ChildResult info = runTool(*pdfinfo, {(dir / "figure.pdf").string()});
    std::smatch size;
    const std::regex sizeForm(R"re(Page size:\s+([\d.]+) x ([\d.]+) pts)re");
    EXPECT_TRUE(std::regex_search(info.stdoutText, size, sizeForm)) << info.stdoutText;
    const ChildResult bbox = runTool(*pdftotext, {"-bbox", (dir / "figure.pdf").string(), "-"});
    double bboxWidth = 0, bboxHeight = 0;
    figure.words = wordsOf(bbox.stdoutText, bboxWidth, bboxHeight);
    figure.width = size.empty() ? 0 : std::stod(size[1].str());
    figure.height = size.empty() ? 0 : std::stod(size[2].str());
    return figure;
}

#define REQUIRE_TEX_TOOLS()                                                  \
    REQUIRE_TOOL(pdflatexTool, "pdflatex", "texlive-latex-base");           \
    REQUIRE_TOOL(pdfinfoTool, "pdfinfo", "poppler-utils");                  \
    REQUIRE_TOOL(pdftotextTool, "pdftotext", "poppler-utils")

// The issue's properties of a figure for a paper: the page is the size asked, every word lies inside it, no
// two words overlap, and the text is 6 to 10 pt high.
void expectPaperFigure(const CompiledFigure& figure, const FigureSize& size, const std::string& what) {
    ASSERT_TRUE(figure.compiled) << what << ":\n" << figure.log;
    EXPECT_NEAR(figure.width, size.widthPoints(), 0.05) << what;
    EXPECT_NEAR(figure.height, size.heightPoints(), 0.05) << what;
    EXPECT_FALSE(figure.words.empty()) << what;
    for (const Word& w : figure.words) {
        EXPECT_TRUE(w.x0 >= -0.01 && w.y0 >= -0.01 && w.x1 <= figure.width + 0.01 && w.y1 <= figure.height + 0.01)
            << what << ": '" << w.text << "' leaves the page (" << w.x0 << ", " << w.y0 << ", " << w.x1 << ", " << w.y1 << ")";
        EXPECT_GE(w.y1 - w.y0, 6.0 - 0.01) << what << ": '" << w.text << "'";
        EXPECT_LE(w.y1 - w.y0, 10.0) << what << ": '" << w.text << "'";
    }
    for (std::size_t i = 0; i < figure.words.size(); ++i)
        for (std::size_t j = i + 1; j < figure.words.size(); ++j) {
            const Word& a = figure.words[i];
            const Word& b = figure.words[j];
            const double dx = std::min(a.x1, b.x1) - std::max(a.x0, b.x0);
            const double dy = std::min(a.y1, b.y1) - std::max(a.y0, b.y0);
            EXPECT_FALSE(dx > 0.3 && dy > 0.3) << what << ": '" << a.text << "' overlaps '" << b.text << "'";
        }
}

bool hasWord(const CompiledFigure& figure, const std::string& text) {
    return std::any_of(figure.words.begin(), figure.words.end(), [&](const Word& w) { return w.text == text; });
}

FigureOptions sized(const std::string& size) {
    FigureOptions options;
    options.size = *parseFigureSize(size);
    return options;
}

TEST(TikzFigure, OneRunAtOneColumnWidthIsAPaperFigure) {
    REQUIRE_TEX_TOOLS();
    const ScheduleSet set = oneRun(twoClusters());
    const std::string tex = written("tikz", set);   // default size: 85x50mm, 8 pt
    const CompiledFigure figure = compileFigure(tex, "one-run");
    expectPaperFigure(figure, *parseFigureSize("85x50mm"), "one run, 85x50mm");
    // Lanes named, the title, the axis, the legend; "wide" on three processors is one bar with one name.
    for (const char* word : {"two", "clusters", "C0", "#3", "C1", "wide", "t3", "time", "(s)", "compute", "redistribution", "6"})
        EXPECT_TRUE(hasWord(figure, word)) << word;
    EXPECT_EQ(std::count_if(figure.words.begin(), figure.words.end(), [](const Word& w) { return w.text == "wide"; }), 1);
    EXPECT_NE(tex.find("\\definecolor{hsKindcompute}{HTML}{4e79a7}"), std::string::npos);
}

TEST(TikzFigure, AComparisonOfThreeRunsAtTwoPaperSizes) {
    REQUIRE_TEX_TOOLS();
    for (const char* size : {"85x50mm", "175x100mm"}) {
        const CompiledFigure figure = compileFigure(written("tikz", threeRuns(), sized(size)), std::string("three-") + size);
        expectPaperFigure(figure, *parseFigureSize(size), std::string("three runs, ") + size);
        for (const char* word : {"heft", "mheft", "cpa_2", "time"}) EXPECT_TRUE(hasWord(figure, word)) << size << ": " << word;
    }
}

TEST(TikzFigure, SpecialCharactersInNamesAreSetAsWritten) {
    REQUIRE_TEX_TOOLS();
    Schedule s;
    s.lanes.push_back({"P_0 & #1", "cpu", {task(0, 10, kSpecialName, 0)}});
    FigureOptions options = sized("175x40mm");
    options.title = "50% of {all} ~runs~";
    const CompiledFigure figure = compileFigure(written("tikz", oneRun(s), options), "special");
    expectPaperFigure(figure, *options.size, "special characters");
    for (const char* word : {"a_b", "&", "c#1", "{x}", "50%", "~^\\", "<i>,", "\u00e9", "{all}", "~runs~", "P_0", "#1"})
        EXPECT_TRUE(hasWord(figure, word)) << word;
}

TEST(TikzFigure, ManyLanesAreGroupedByCategoryAndGreyUsesPatterns) {
    REQUIRE_TEX_TOOLS();
    Schedule s;
    s.timeUnit = "s";
    for (int c = 0; c < 2; ++c)
        for (int k = 0; k < 100; ++k)
            s.lanes.push_back({std::string("N").append(std::to_string(c)).append(" #").append(std::to_string(k)),
                               std::string("node ").append(std::to_string(c)), {}});
    for (int t = 0; t < 50; ++t) {
        const auto first = static_cast<std::size_t>((t * 7) % 190);
        for (std::size_t l = first; l < first + 8; ++l)
            s.lanes[l].intervals.push_back(task(t, t + 3, "task " + std::to_string(t), t, t % 3 ? IntervalKind::Compute : IntervalKind::Send));
    }
    FigureOptions options;
    options.palette = PaletteName::Grey;
    options.legend = LegendPlacement::Below;
    const std::string tex = written("tikz", oneRun(s), options);
    EXPECT_NE(tex.find("\\pgfsetfillpattern"), std::string::npos);
    const CompiledFigure figure = compileFigure(tex, "grouped");
    expectPaperFigure(figure, *parseFigureSize("85x50mm"), "200 lanes, grey");
    EXPECT_TRUE(hasWord(figure, "(100)"));   // "node 0 (100)": the category and its lane count
    EXPECT_FALSE(hasWord(figure, "#5"));     // no lane names squeezed in
}

TEST(TikzFigure, InputsIntoAPaperTwiceWithOrWithoutTheStandalonePackage) {
    REQUIRE_TOOL(pdflatex, "pdflatex", "texlive-latex-base");
    FigureOptions grey;
    grey.palette = PaletteName::Grey;
    const fs::path dir = freshDirectory("paper");
    ScheduleSet set = threeRuns();
    Schedule nothing;   // an infeasible run beside the others: its name says so
    nothing.lanes.push_back({"P0", "cpu", {}});
    set.runs.push_back({"seq", nothing});
    const std::string tex = written("tikz", set, grey);
    EXPECT_NE(tex.find("seq (no intervals)"), std::string::npos);
    writeFile(dir / "gantt.tex", tex);
    for (const char* preamble : {"\\usepackage{tikz}", "\\usepackage{standalone}\\usepackage{tikz}"}) {
        writeFile(dir / "paper.tex", std::string("\\documentclass[twocolumn]{article}") + preamble +
                                         "\\begin{document}Text.\n"
                                         "\\begin{figure}\\centering\\input{gantt.tex}\\caption{One.}\\end{figure}\n"
                                         "\\begin{figure}\\centering\\input{gantt.tex}\\caption{Two.}\\end{figure}\n"
                                         "More text.\\end{document}\n");
        const ChildResult result = runTool(*pdflatex, {"-interaction=nonstopmode", "-halt-on-error", "paper.tex"}, dir);
        EXPECT_EQ(result.exitCode, 0) << preamble << "\n" << lastLines(result.stdoutText, 15);
        EXPECT_NE(readFile(dir / "paper.log").find("Output written on paper.pdf (1 page"), std::string::npos) << preamble;
    }
}

TEST(TikzFigure, RefusesASizeTooSmallAFontBelowSixPointsOrTheGraphPart) {
    ScheduleSet set = threeRuns();
    for (ScheduleRun& run : set.runs)
        for (int k = 0; k < 300; ++k) run.schedule.lanes.push_back({"extra " + std::to_string(k), "cluster C2", {}});
    const Expected<std::string> small = writeScheduleTrace("tikz", set, sized("30x12mm"));
    ASSERT_FALSE(small.ok());
    EXPECT_NE(small.error().message.find("--size 30x12mm"), std::string::npos) << small.error().message;
    FigureOptions graphOnly;
    graphOnly.part = "dag";
    const Expected<std::string> part = writeScheduleTrace("tikz", threeRuns(), graphOnly);
    ASSERT_FALSE(part.ok());
    EXPECT_NE(part.error().message.find("--part"), std::string::npos) << part.error().message;
    FigureOptions tiny;
    tiny.fontPoints = 5;
    const Expected<std::string> font = writeScheduleTrace("tikz", threeRuns(), tiny);
    ASSERT_FALSE(font.ok());
    EXPECT_NE(font.error().message.find("--font-pt"), std::string::npos) << font.error().message;
}

// ---------------------------------------------------------------------------------------------------------
// Real results: every built-in example solved by its family's default solver, and three dag solvers compared.

void expectEveryReaderAgrees(const ScheduleSet& set, const std::string& what) {
    expectSameRows(rowsFromCsv(written("csv", set)), rowsOf(set, Naming::Csv), what + ", CSV");
    expectSameRows(readJedule(written("jedule", set)).rows, rowsOf(set, Naming::KindWhenUnnamed), what + ", Jedule");
    expectSameRows(readChromeTrace(written("chrome-trace", set), set).rows, rowsOf(set, Naming::KindWhenUnnamed),
                   what + ", Chrome trace");
    if (const std::optional<std::string> pjDump = findTool("pj_dump")) {
        const fs::path dir = freshDirectory("real-paje");
        writeFile(dir / "trace.paje", written("paje", set));
        const ChildResult dump = runTool(*pjDump, {"-u", "-l", "17", (dir / "trace.paje").string()});
        EXPECT_EQ(dump.exitCode, 0) << what << ": " << dump.stderrText;
        expectSameRows(rowsFromPjDump(dump.stdoutText), rowsOf(set, Naming::Paje), what + ", pj_dump");
    }
    EXPECT_TRUE(writeScheduleTrace("metrics-csv", set, {}).ok()) << what;
    EXPECT_TRUE(writeScheduleTrace("latex-table", set, {}).ok()) << what;
}

TEST(TraceWriters, EveryBuiltInExampleReadsBackTheSameInEveryFormatAndCompiles) {
    const bool tex = findTool("pdflatex") && findTool("pdfinfo") && findTool("pdftotext");
    if (!tex && std::getenv("CI")) FAIL() << "pdflatex or poppler-utils missing";
    std::size_t examples = 0;
    for (const fs::path& file : testing::exampleFiles()) {
        const std::string name = file.filename().string();
        Expected<Instance> instance = readInstanceFile(file.string());
        ASSERT_TRUE(instance.ok()) << name << ": " << instance.error().message;
        Expected<SolveResult> result = solve(*instance, "");
        ASSERT_TRUE(result.ok()) << name << ": " << result.error().message;
        ASSERT_GT(result->schedule.intervalCount(), 0u) << name;
        const ScheduleSet set = oneRun(result->schedule, result->solver);
        expectEveryReaderAgrees(set, name);
        if (tex) expectPaperFigure(compileFigure(written("tikz", set), "example-" + name), *parseFigureSize("85x50mm"), name);
        ++examples;
    }
    EXPECT_GE(examples, 10u);
}

TEST(TraceWriters, ThreeDagSolversComparedInOneFile) {
    Expected<Instance> instance = readInstanceFile(std::string(HETSCHED_EXAMPLES_DIR) + "/dag-two-clusters.json");
    ASSERT_TRUE(instance.ok()) << instance.error().message;
    ScheduleSet set;
    set.title = "dag-two-clusters";
    for (const SolverSpec& spec : solversForKind("dag")) {
        if (set.runs.size() == 3) break;
        Expected<SolveResult> result = solve(*instance, spec.name);
        ASSERT_TRUE(result.ok()) << spec.name << ": " << result.error().message;
        if (result->schedule.intervalCount() > 0) set.runs.push_back({spec.name, result->schedule});
    }
    ASSERT_EQ(set.runs.size(), 3u);
    expectEveryReaderAgrees(set, "three dag runs");
    // A moldable task is one Jedule event over its processors where its copies sit on consecutive lanes.
    const JeduleFile jedule = readJedule(written("jedule", set));
    std::size_t intervals = 0;
    for (const ScheduleRun& run : set.runs) intervals += run.schedule.intervalCount();
    EXPECT_EQ(jedule.rows.size(), intervals);
    if (std::getenv("CI") || (findTool("pdflatex") && findTool("pdftotext")))
        expectPaperFigure(compileFigure(written("tikz", set, sized("175x100mm")), "dag-three"), *parseFigureSize("175x100mm"),
                          "three dag runs");
}

TEST(TraceWriters, AThousandTaskDagOnFourClustersAtBothPaperSizes) {
    DagPlatformConfig platformConfig;
    platformConfig.seed = 7;
    Expected<DagPlatform> platform = generatePlatform(platformConfig);
    ASSERT_TRUE(platform.ok()) << platform.error().message;
    DagGeneratorConfig graph;
    graph.n = 1000;
    graph.seed = 7;
    Expected<DagInstance> dag = generateDag(graph, *platform);
    ASSERT_TRUE(dag.ok()) << dag.error().message;
    Expected<SolveResult> result = solve(Instance{*dag}, "");
    ASSERT_TRUE(result.ok()) << result.error().message;
    const ScheduleSet set = oneRun(result->schedule, result->solver);
    ASSERT_GT(set.runs[0].schedule.lanes.size(), 64u);   // grouped by cluster, not one label per processor
    expectEveryReaderAgrees(set, "1000-task dag");
    if (!std::getenv("CI") && !(findTool("pdflatex") && findTool("pdftotext") && findTool("pdfinfo")))
        GTEST_SKIP() << "pdflatex or poppler-utils not installed: the figure is not compiled";
    for (const char* size : {"85x50mm", "175x100mm"}) {
        const CompiledFigure figure = compileFigure(written("tikz", set, sized(size)), std::string("dag-1000-") + size);
        expectPaperFigure(figure, *parseFigureSize(size), std::string("1000-task dag, ") + size);
        EXPECT_TRUE(hasWord(figure, "C0")) << size;
    }
}

}  // namespace
}  // namespace hetsched
