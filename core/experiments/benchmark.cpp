#include "experiments/benchmark.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <filesystem>
#include <limits>
#include <map>
#include <set>
#include <sstream>

#include <glob.h>

#include "io/formats.h"
#include "io/instance_io.h"
#include "model/instance.h"
#include "simulation/simulation.h"
#include "solvers/family_solution.h"
#include "solvers/registry.h"

namespace hetsched {

namespace {

namespace fs = std::filesystem;

bool hasGlobCharacters(const std::string& text) { return text.find_first_of("*?[") != std::string::npos; }

// The regular files below `dir`, recursively, sorted by path; hidden files and folders are left out.
std::vector<std::string> filesBelow(const std::string& dir) {
    std::vector<std::string> files;
    std::error_code ec;
    for (auto it = fs::recursive_directory_iterator(dir, fs::directory_options::skip_permission_denied, ec);
         !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
        const std::string name = it->path().filename().string();
        if (!name.empty() && name.front() == '.') {
            if (it->is_directory(ec)) it.disable_recursion_pending();
            continue;
        }
        if (it->is_regular_file(ec)) files.push_back(it->path().string());
    }
    std::sort(files.begin(), files.end());
    return files;
}

// A path, directory or pattern as the files it names; `fromDirectory` says which came from a directory (there,
// files of other kinds are skipped instead of refused). `flag` names the option in messages.
struct FoundFile {
    std::string path;
    bool fromDirectory = false;
};
Expected<std::vector<FoundFile>> expandPaths(const std::vector<std::string>& given, const std::string& flag) {
    std::vector<FoundFile> found;
    for (const std::string& entry : given) {
        std::vector<std::string> matches;
        if (hasGlobCharacters(entry) && !fs::exists(entry)) {
            glob_t g{};
            const int code = ::glob(entry.c_str(), 0, nullptr, &g);
            if (code == 0)
                for (std::size_t i = 0; i < g.gl_pathc; ++i) matches.emplace_back(g.gl_pathv[i]);
            globfree(&g);
            if (code != 0 && code != GLOB_NOMATCH) return ioError(flag + " " + entry + ": the pattern could not be read");
            if (matches.empty()) return invalidInput(flag + " " + entry + ": no file matches this pattern");
        } else {
            matches.push_back(entry);
        }
        for (const std::string& m : matches) {
            std::error_code ec;
            if (fs::is_directory(m, ec)) {
                const std::vector<std::string> inside = filesBelow(m);
                if (inside.empty()) return invalidInput(flag + " " + m + ": no file in this directory");
                for (const std::string& f : inside) found.push_back({f, true});
            } else if (fs::is_regular_file(m, ec)) {
                found.push_back({m, false});
            } else {
                return ioError(flag + " " + m + ": no such file or directory");
            }
        }
    }
    return found;
}

bool hasExtension(const std::string& path, const char* extension) {
    std::string ext = fs::path(path).extension().string();
    std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    return ext == extension;
}

// A field of a raw row: no comma, no line break (the rows are split on commas).
std::string encodeField(const std::string& text) {
    std::string out;
    for (char c : text) {
        switch (c) {
            case '%': out += "%25"; break;
            case ',': out += "%2C"; break;
            case '\n': out += "%0A"; break;
            case '\r': out += "%0D"; break;
            default: out += c;
        }
    }
    return out;
}

std::string decodeField(const std::string& text) {
    std::string out;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '%' && i + 2 < text.size()) {
            const std::string code = text.substr(i + 1, 2);
            const char c = code == "25" ? '%' : code == "2C" ? ',' : code == "0A" ? '\n' : code == "0D" ? '\r' : 0;
            if (c != 0) {
                out += c;
                i += 2;
                continue;
            }
        }
        out += text[i];
    }
    return out;
}

std::string optionalNumber(const std::optional<double>& value) { return value ? exactNumber(*value) : std::string(); }

// A field of the CSV tables, quoted when it has to be (RFC 4180).
std::string csvField(const std::string& text) {
    if (text.find_first_of(",\"\n\r") == std::string::npos) return text;
    std::string out = "\"";
    for (char c : text) out += c == '"' ? std::string("\"\"") : std::string(1, c);
    return out + "\"";
}

// The solvers of `kind` the configuration chooses, in the family's order when none is named, else in the order
// named.
std::vector<std::string> solversFor(const BenchmarkConfig& config, const std::string& kind) {
    std::vector<std::string> names;
    if (config.solvers.empty()) {
        for (const SolverSpec& s : solversForKind(kind)) names.push_back(s.name);
        return names;
    }
    for (const std::string& name : config.solvers)
        if (findSolver(kind, name)) names.push_back(name);
    return names;
}

std::optional<Error> checkSolverNames(const BenchmarkConfig& config) {
    for (const std::string& name : config.solvers) {
        bool known = false;
        for (const SolverSpec& s : solverSpecs()) known = known || s.name == name;
        if (!known) {
            std::set<std::string> names;
            for (const SolverSpec& s : solverSpecs()) names.insert(s.name);
            std::string list;
            for (const std::string& n : names) list += (list.empty() ? "" : ", ") + n;
            return invalidInput("--solvers: no family has a solver '" + name + "' (known: " + list + ")");
        }
    }
    return std::nullopt;
}

// In a directory, a file is taken as a task graph only when a task graph format claims it by its own extension or
// surely by its content (a README.txt or notes beside the workflows are not tried as daggen or STG files).
bool claimedAsTaskGraph(const std::string& path, std::string_view text) {
    const SniffInput in = sniffInput(text);
    for (const FileFormat* f : fileFormats(FormatDirection::Read, {FormatContent::TaskGraph}))
        if (f->hasExtension(path) || (f->sniff && f->sniff(in) == SniffScore::Sure)) return true;
    return false;
}

const char* kColumns =
    "unit,instance,platform,kind,solver,status,answer,objective_name,objective,slr,speedup,simulated_makespan,seconds,"
    "message";

bool hasAnswer(const std::string& status) {
    return status == "optimal" || status == "feasible" || status == "time_limit" || status == "cancelled" ||
           status == "iteration_limit";
}

}  // namespace

bool benchmarkMaximises(const std::string& objectiveName) { return objectiveName == "throughput"; }

double benchmarkCriticalPath(const DagInstance& in) {
    // A set of processors runs a task at the speed of its slowest processor: the best set whose slowest speed
    // is s holds every processor at least as fast, so the fastest clusters' prefixes are the only candidates.
    std::vector<const DagCluster*> bySpeed;
    for (const DagCluster& c : in.platform.clusters) bySpeed.push_back(&c);
    std::sort(bySpeed.begin(), bySpeed.end(), [](const DagCluster* a, const DagCluster* b) { return a->speed > b->speed; });
    const DagGraph graph = buildDagGraph(in.tasks.size(), in.edges);
    std::vector<double> finish(in.tasks.size(), 0);
    double longest = 0;
    for (std::size_t t : graph.topologicalOrder) {
        double fastest = std::numeric_limits<double>::infinity();
        double processors = 0;
        for (const DagCluster* c : bySpeed) {
            processors += c->processors;
            fastest = std::min(fastest, amdahlSeconds(in.tasks[t], c->speed, processors));
        }
        double ready = 0;
        for (std::size_t e : graph.inEdges[t]) ready = std::max(ready, finish[in.edges[e].from]);
        finish[t] = ready + (std::isfinite(fastest) ? fastest : 0);
        longest = std::max(longest, finish[t]);
    }
    return longest;
}

Expected<std::vector<BenchmarkCase>> benchmarkCases(const BenchmarkConfig& config) {
    if (config.instances.empty())
        return invalidInput("--instances is required: the instance and task graph files, directories or patterns");
    if (std::optional<Error> problem = checkSolverNames(config)) return *problem;
    Expected<std::vector<FoundFile>> instances = expandPaths(config.instances, "--instances");
    if (!instances) return instances.error();
    std::vector<std::string> platforms;
    if (!config.platforms.empty()) {
        Expected<std::vector<FoundFile>> found = expandPaths(config.platforms, "--platforms");
        if (!found) return found.error();
        for (const FoundFile& f : *found)
            if (!f.fromDirectory || hasExtension(f.path, ".xml") || hasExtension(f.path, ".json"))
                platforms.push_back(f.path);
        if (platforms.empty()) return invalidInput("--platforms: no platform file (.xml, .json) found");
    }
    std::vector<BenchmarkCase> cases;
    for (const FoundFile& f : *instances) {
        Expected<std::string> text = readTextFile(f.path);
        if (!text) return text.error();
        ExternalFileKind kind = classifyExternalFile(f.path, *text);
        // A format given by the flag makes every file that is no HetSched instance a task graph of that format.
        if (config.format != "auto" && kind != ExternalFileKind::HetSched) kind = ExternalFileKind::TaskGraph;
        else if (kind == ExternalFileKind::TaskGraph && f.fromDirectory && !claimedAsTaskGraph(f.path, *text))
            kind = ExternalFileKind::Unknown;
        if (kind == ExternalFileKind::HetSched) {
            cases.push_back({f.path, "", false});
        } else if (kind == ExternalFileKind::TaskGraph) {
            if (platforms.empty())
                return invalidInput(f.path + " is a task graph: give --platforms (SimGrid XML or JSON platforms) to "
                                             "place it on");
            for (const std::string& p : platforms) cases.push_back({f.path, p, true});
        } else if (!f.fromDirectory) {
            return invalidInput(f.path + " is neither a HetSched instance nor a task graph hetsched imports" +
                                std::string(kind == ExternalFileKind::SimGridPlatform ? " (a SimGrid platform: give it to --platforms)" : ""));
        }
    }
    if (cases.empty()) return invalidInput("--instances: no instance or task graph file found");
    return cases;
}

Expected<std::size_t> benchmarkUnitCount(const BenchmarkConfig& config) {
    Expected<std::vector<BenchmarkCase>> cases = benchmarkCases(config);
    if (!cases) return cases.error();
    return cases->size();
}

Expected<SweepRows> runBenchmarkShard(const BenchmarkConfig& config, const Shard& shard, const Progress& progress) {
    Expected<std::vector<BenchmarkCase>> listed = benchmarkCases(config);
    if (!listed) return listed.error();
    const std::vector<BenchmarkCase>& cases = *listed;
    SweepRows out;
    out.columns = kColumns;
    out.totalUnits = cases.size();
    const double total = double(shard.unitsOf(out.totalUnits));
    double done = 0;
    std::map<std::string, Expected<DagPlatform>> platforms;   // loaded once per shard
    for (std::size_t unit = std::size_t(shard.index - 1); unit < cases.size(); unit += std::size_t(shard.count)) {
        if (progress.stopRequested()) return cancelledError();
        progress.report(done / total, "benchmark");
        const BenchmarkCase& c = cases[unit];
        const std::string head = encodeField(c.instance) + ',' + encodeField(c.platform) + ',';
        auto failed = [&](const std::string& kind, const std::string& solver, const std::string& message) {
            out.rows.push_back({unit, head + kind + ',' + encodeField(solver) + ",error,,,,,,,0," + encodeField(message), {}, 0});
        };
        // The instance: a file as it is, or a task graph placed on the case's platform.
        Expected<Instance> instance = invalidInput("not loaded");
        if (c.taskGraph) {
            auto it = platforms.find(c.platform);
            if (it == platforms.end()) it = platforms.emplace(c.platform, readDagPlatformFile(c.platform)).first;
            if (!it->second) {
                failed("dag", "", it->second.error().message);
                done += 1;
                continue;
            }
            Expected<DagImport> imported = importTaskGraphFile(c.instance, *it->second, config.import, config.format);
            instance = imported ? Expected<Instance>(Instance{std::move(imported->instance)})
                                : Expected<Instance>(imported.error());
        } else {
            instance = readInstanceFile(c.instance);
        }
        if (!instance) {
            failed(c.taskGraph ? "dag" : "", "", instance.error().message);
            done += 1;
            continue;
        }
        const std::string kind = instanceKind(*instance);
        const std::vector<std::string> solvers = solversFor(config, kind);
        if (solvers.empty()) {
            failed(kind, "", "none of the solvers given (--solvers) solves a " + kind + " instance");
            done += 1;
            continue;
        }
        const bool simulate = config.simulate && !simulationUnavailableReason(kind);
        const double criticalPath = kind == "dag" ? benchmarkCriticalPath(std::get<DagInstance>(*instance)) : 0;
        for (std::size_t k = 0; k < solvers.size(); ++k) {
            const double step = 1.0 / double(solvers.size());
            const Progress part = progress.scaled((done + step * double(k)) / total, (done + step * double(k + 1)) / total);
            Expected<SolveResult> r = solve(*instance, solvers[k], {}, part);
            if (!r && r.error().kind == ErrorKind::Cancelled) return r.error();
            if (!r) {
                failed(kind, solvers[k], r.error().message);
                continue;
            }
            std::optional<double> slr, speedup, simulated;
            std::string message = r->message;
            if (kind == "dag" && r->objective && r->objectiveName == "makespan" && criticalPath > 0)
                slr = *r->objective / criticalPath;
            if (const DagSolution* s = solutionOf<DagSolution>(*r))
                speedup = dagMetrics(std::get<DagInstance>(*instance), *s).speedupOverSeq;
            if (simulate && r->objective && r->status != SolveStatus::Infeasible) {
                Expected<SimulationResult> s = simulateResult(*instance, *r, {}, part);
                if (!s && s.error().kind == ErrorKind::Cancelled) return s.error();
                if (s) simulated = s->simulatedMakespan;
                else message += (message.empty() ? "" : "; ") + std::string("simulation: ") + s.error().message;
            }
            std::string row = head + kind + ',' + encodeField(r->solver) + ',' + solveStatusName(r->status) + ',' +
                              (r->answerIsBound ? "lower_bound" : "schedule") + ',' + encodeField(r->objectiveName) +
                              ',' + optionalNumber(r->objective) + ',' + optionalNumber(slr) + ',' +
                              optionalNumber(speedup) + ',' + optionalNumber(simulated) + ',' + exactNumber(r->seconds) +
                              ',' + encodeField(message);
            out.rows.push_back({unit, std::move(row), {}, 0});
        }
        done += 1;
    }
    progress.report(1.0, "benchmark");
    return out;
}

Expected<BenchmarkTable> benchmarkFromRows(const BenchmarkConfig& config, const SweepRows& raw) {
    if (raw.columns != kColumns)
        return invalidInput("the rows are not a benchmark's (columns " + raw.columns + ")");
    BenchmarkTable table;
    table.simulated = config.simulate;
    std::size_t expectedUnit = 0;
    for (const SweepRow& row : raw.rows) {
        SweepRowReader read(row, raw.columns);
        if (row.unit != expectedUnit && row.unit != expectedUnit + 1)
            return read.error("expected a row of unit " + std::to_string(expectedUnit) + " or " +
                              std::to_string(expectedUnit + 1) + ": the rows are not in unit order, or a unit is missing");
        if (table.runs.empty() && row.unit != 0) return read.error("expected a row of unit 0");
        expectedUnit = row.unit;
        BenchmarkRun run;
        run.unit = row.unit;
        std::string* texts[] = {&run.instance, &run.platform, &run.kind, &run.solver, &run.status, &run.answer,
                                &run.objectiveName};
        for (std::string* t : texts) {
            Expected<std::string> field = read.text();
            if (!field) return field.error();
            *t = decodeField(*field);
        }
        std::optional<double>* numbers[] = {&run.objective, &run.slr, &run.speedup, &run.simulatedMakespan};
        for (std::optional<double>* n : numbers) {
            Expected<std::string> field = read.text();
            if (!field) return field.error();
            if (field->empty()) continue;
            std::istringstream in(*field);
            double value = 0;
            if (*field == "inf") value = std::numeric_limits<double>::infinity();
            else if (!(in >> value) || !in.eof()) return read.error("'" + *field + "' is not a number");
            *n = value;
        }
        Expected<double> seconds = read.number();
        if (!seconds) return seconds.error();
        run.seconds = *seconds;
        Expected<std::string> message = read.text();
        if (!message) return message.error();
        run.message = decodeField(*message);
        if (auto extra = read.finish()) return *extra;
        table.runs.push_back(std::move(run));
    }
    if (raw.totalUnits > 0 && (table.runs.empty() || table.runs.back().unit + 1 != raw.totalUnits))
        return invalidInput("the rows end before the last unit (" + std::to_string(raw.totalUnits) + " units)");
    // Ratios within each case, against the best schedule's objective.
    for (std::size_t first = 0; first < table.runs.size();) {
        std::size_t last = first;
        while (last < table.runs.size() && table.runs[last].unit == table.runs[first].unit) ++last;
        std::optional<double> best;
        auto counts = [](const BenchmarkRun& r) { return r.answer == "schedule" && r.objective && hasAnswer(r.status); };
        for (std::size_t i = first; i < last; ++i) {
            const BenchmarkRun& r = table.runs[i];
            if (!counts(r)) continue;
            const bool max = benchmarkMaximises(r.objectiveName);
            if (!best || (max ? *r.objective > *best : *r.objective < *best)) best = *r.objective;
        }
        for (std::size_t i = first; i < last && best; ++i) {
            BenchmarkRun& r = table.runs[i];
            if (!counts(r)) continue;
            const double numerator = benchmarkMaximises(r.objectiveName) ? *best : *r.objective;
            const double denominator = benchmarkMaximises(r.objectiveName) ? *r.objective : *best;
            r.ratio = numerator == denominator ? 1.0
                      : denominator > 0        ? numerator / denominator
                                               : std::numeric_limits<double>::infinity();
        }
        first = last;
    }
    // The summary per family and solver, in the order of their first run.
    std::vector<std::pair<std::string, std::string>> order;
    std::map<std::pair<std::string, std::string>, std::vector<const BenchmarkRun*>> bySolver;
    for (const BenchmarkRun& r : table.runs) {
        if (r.solver.empty()) continue;   // a case that could not be loaded
        const auto key = std::make_pair(r.kind, r.solver);
        if (!bySolver.count(key)) order.push_back(key);
        bySolver[key].push_back(&r);
    }
    for (const auto& key : order) {
        BenchmarkSummary s;
        s.kind = key.first;
        s.solver = key.second;
        std::vector<double> ratios, slrs, speedups;
        double seconds = 0;
        for (const BenchmarkRun* r : bySolver[key]) {
            ++s.runs;
            seconds += r->seconds;
            if (r->status == "error") ++s.errors;
            if (r->ratio) {
                ratios.push_back(*r->ratio);
                if (*r->ratio == 1.0) ++s.wins;
            }
            if (r->slr) slrs.push_back(*r->slr);
            if (r->speedup) speedups.push_back(*r->speedup);
        }
        s.answered = static_cast<int>(ratios.size());
        s.meanSeconds = s.runs > 0 ? seconds / s.runs : 0;
        auto mean = [](const std::vector<double>& v) {
            double sum = 0;
            for (double x : v) sum += x;
            return sum / double(v.size());
        };
        if (!ratios.empty()) {
            s.meanRatio = mean(ratios);
            std::sort(ratios.begin(), ratios.end());
            const std::size_t n = ratios.size();
            s.medianRatio = n % 2 == 1 ? ratios[n / 2] : (ratios[n / 2 - 1] + ratios[n / 2]) / 2;
            s.worstRatio = ratios.back();
        }
        if (!slrs.empty()) s.meanSlr = mean(slrs);
        if (!speedups.empty()) s.meanSpeedup = mean(speedups);
        table.summary.push_back(s);
    }
    return table;
}

Expected<BenchmarkTable> runBenchmark(const BenchmarkConfig& config, const Progress& progress) {
    Expected<SweepRows> rows = runBenchmarkShard(config, Shard{}, progress);
    if (!rows) return rows.error();
    return benchmarkFromRows(config, *rows);
}

std::string benchmarkRunsCsv(const BenchmarkTable& table) {
    std::string out = "instance,platform,kind,solver,status,answer,objective_name,objective,ratio,slr,speedup,seconds";
    out += table.simulated ? ",simulated_makespan,message\n" : ",message\n";
    for (const BenchmarkRun& r : table.runs) {
        out += csvField(r.instance) + ',' + csvField(r.platform) + ',' + r.kind + ',' + csvField(r.solver) + ',' +
               r.status + ',' + r.answer + ',' + r.objectiveName + ',' + optionalNumber(r.objective) + ',' +
               optionalNumber(r.ratio) + ',' + optionalNumber(r.slr) + ',' + optionalNumber(r.speedup) + ',' +
               exactNumber(r.seconds);
        if (table.simulated) out += ',' + optionalNumber(r.simulatedMakespan);
        out += ',' + csvField(r.message) + '\n';
    }
    return out;
}

std::string benchmarkSummaryCsv(const BenchmarkTable& table) {
    std::string out = "kind,solver,runs,answered,errors,mean_ratio,median_ratio,worst_ratio,wins,mean_slr,mean_speedup,"
                      "mean_seconds\n";
    for (const BenchmarkSummary& s : table.summary) {
        const bool any = s.answered > 0;
        out += s.kind + ',' + csvField(s.solver) + ',' + std::to_string(s.runs) + ',' + std::to_string(s.answered) +
               ',' + std::to_string(s.errors) + ',' + (any ? exactNumber(s.meanRatio) : "") + ',' +
               (any ? exactNumber(s.medianRatio) : "") + ',' + (any ? exactNumber(s.worstRatio) : "") + ',' +
               std::to_string(s.wins) + ',' + optionalNumber(s.meanSlr) + ',' + optionalNumber(s.meanSpeedup) + ',' +
               exactNumber(s.meanSeconds) + '\n';
    }
    return out;
}

const ExperimentOptions& benchmarkOptions() {
    static const ExperimentOptions options = [] {
        const OptionTable& import = taskGraphImportOptionTable();
        auto imported = [&](const char* name) { return *findOption(import, name); };
        ExperimentOptions o;
        o.table = {
            OptionSpec::textList("instances",
                                 "the instances: HetSched instance files and task graphs of any format hetsched "
                                 "imports, as files, directories (searched recursively) or glob patterns",
                                 {}, {}),
            OptionSpec::textList("platforms",
                                 "the platforms task graphs are placed on: SimGrid XML or JSON platform files, "
                                 "directories or glob patterns",
                                 {}, {}),
            OptionSpec::textList("solvers", "the solvers to run (none given: every solver of each instance's family)",
                                 {}, {}),
            imported("format"),
            imported("reference-speed"),
            imported("alpha"),
            imported("default-flops"),
            imported("default-bytes"),
            OptionSpec::flag("simulate", "also replay every schedule on SimGrid and record its simulated makespan",
                             false),
            OptionSpec::flag("summary", "print the summary per solver (mean, median and worst ratio, wins) instead "
                                        "of every run",
                             false),
        };
        return o;
    }();
    return options;
}

BenchmarkConfig benchmarkConfig(const OptionValues& v) {
    BenchmarkConfig c;
    c.instances = v.texts("instances");
    c.platforms = v.texts("platforms");
    c.solvers = v.texts("solvers");
    c.format = taskGraphFormat(v);
    c.import.referenceSpeed = v.number("reference-speed");
    c.import.alpha = v.number("alpha");
    c.import.defaultFlops = v.numberIfSet("default-flops");
    c.import.defaultBytes = v.numberIfSet("default-bytes");
    c.simulate = v.flag("simulate");
    c.summary = v.flag("summary");
    return c;
}

OptionValues benchmarkValues(const BenchmarkConfig& c) {
    OptionValues v(benchmarkOptions().table);
    v.set("instances", c.instances);
    v.set("platforms", c.platforms);
    v.set("solvers", c.solvers);
    v.set("format", c.format);
    v.set("reference-speed", c.import.referenceSpeed);
    v.set("alpha", c.import.alpha);
    if (c.import.defaultFlops) v.set("default-flops", *c.import.defaultFlops);
    if (c.import.defaultBytes) v.set("default-bytes", *c.import.defaultBytes);
    v.set("simulate", c.simulate);
    v.set("summary", c.summary);
    return v;
}

std::vector<std::string> benchmarkFlags(const BenchmarkConfig& config) {
    return experimentOptionFlags(benchmarkOptions(), benchmarkValues(config));
}

}  // namespace hetsched
