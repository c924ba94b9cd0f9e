// Reading large instance files (issue 27): `readInstanceFile` (simdjson's DOM under the readers' JsonNode,
// validation and the typed model) against simdjson's bare parse of the same file in the same run (On-Demand,
// touching every value: what reading cannot go below), and against the nlohmann path the readers had before
// (parse into nlohmann's tree, then the same readers over it). Writing: the instance's JSON text (indented by 2)
// through nlohmann's tree as before, and streamed from the typed model as `hetsched generate` writes it now.
// The files are those of the issue, written once into $TMPDIR (or /tmp) as `hetsched generate` writes them:
//   dag      `generate dag --tasks 100000 --density 0.1 --jump 1 --clusters 8 --seed 3` (157 MB)
//   cpugpu   the paper's random instance, n = 10^6, m = 64, k = 8, seed 2013 (about 55 MB)
//   partition T = 1e5, n = 100, costs uniform in [0, 1000] (bench/partition_instances.h, about 88 MB)
//   project  a project (.hsproj) of the cpugpu instance with its `heft` run (about 230 MB): File > Open
// and the result files `hetsched solve` writes for the cpugpu (`heft`) and partition (`threshold`) files.
#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include <simdjson.h>

#include "experiments/cpugpu_experiments.h"
#include "family/family.h"
#include "io/instance_io.h"
#include "io/project.h"
#include "reference/project_text_before.h"
#include "results/result_io.h"
#include "solvers/registry.h"
#include "io/json_reader.h"
#include "model/dag_random.h"
#include "dag_instances.h"
#include "partition_instances.h"

namespace {

using namespace hetsched;

enum FileKind : int { Dag = 0, CpuGpu = 1, Partition = 2, ProjectFile = 3 };

const char* kindName(int kind) {
    switch (kind) {
    case Dag: return "dag";
    case CpuGpu: return "cpugpu";
    case ProjectFile: return "project";
    default: return "partition";
    }
}

Instance makeInstance(int kind) {
    if (kind == Dag) return Instance{bench::largeDagInstance()};
    if (kind == CpuGpu) return Instance{randomCpuGpuInstance(1000000, 64, 8, 2013)};
    return Instance{bench::benchInstance(100000, 100, bench::Shape::Random)};
}

// The file of `kind`, written once per machine (kept between runs: delete it to write it again).
const std::string& fileOf(int kind) {
    static std::string paths[4];
    std::string& path = paths[kind];
    if (!path.empty()) return path;
    const char* tmp = std::getenv("TMPDIR");
    path = (std::filesystem::path(tmp && *tmp ? tmp : "/tmp") / ("hetsched_bench_read_" + std::string(kindName(kind)) + ".json")).string();
    if (!std::filesystem::exists(path) && kind == ProjectFile) {
        const Instance instance = makeInstance(CpuGpu);
        Project project;
        project.entries.push_back({"a million tasks", instance, {resultToJson(instance, *solve(instance, "heft"))}});
        std::ofstream(path, std::ios::binary) << projectFileText(project);
    } else if (!std::filesystem::exists(path)) {
        const std::string text = instanceToJson(makeInstance(kind)).dump(2) + "\n";
        std::ofstream(path, std::ios::binary) << text;
    }
    return path;
}

void setBytes(benchmark::State& state, const std::string& path) {
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) *
                            static_cast<std::int64_t>(std::filesystem::file_size(path)));
}

// Every scalar of the document read once (On-Demand reads lazily: a value not asked for is not parsed).
std::size_t walk(simdjson::ondemand::value value) {
    switch (value.type()) {
    case simdjson::ondemand::json_type::array: {
        std::size_t n = 0;
        for (simdjson::ondemand::value item : value.get_array()) n += walk(item);
        return n;
    }
    case simdjson::ondemand::json_type::object: {
        std::size_t n = 0;
        for (simdjson::ondemand::field field : value.get_object()) n += walk(field.value());
        return n;
    }
    case simdjson::ondemand::json_type::number: return double(value) != 0 ? 1 : 0;
    case simdjson::ondemand::json_type::string: return std::string_view(value).size();
    case simdjson::ondemand::json_type::boolean: return bool(value) ? 1 : 0;
    case simdjson::ondemand::json_type::null: return 0;
    }
    return 0;
}

// The baseline: the file loaded and every value parsed by simdjson's On-Demand API, nothing kept.
void bareParse(benchmark::State& state) {
    const std::string& path = fileOf(static_cast<int>(state.range(0)));
    simdjson::ondemand::parser parser;
    std::size_t sum = 0;
    for (auto _ : state) {
        const simdjson::padded_string text = simdjson::padded_string::load(path);
        simdjson::ondemand::document doc = parser.iterate(text);
        sum += walk(doc.get_value());
    }
    benchmark::DoNotOptimize(sum);
    setBytes(state, path);
    state.SetLabel(kindName(static_cast<int>(state.range(0))));
}

// simdjson's DOM parse alone (what readInstanceFile parses with), file loaded.
void domParse(benchmark::State& state) {
    const std::string& path = fileOf(static_cast<int>(state.range(0)));
    simdjson::dom::parser parser;
    for (auto _ : state) {
        simdjson::dom::element root = parser.load(path);
        benchmark::DoNotOptimize(root);
    }
    setBytes(state, path);
    state.SetLabel(kindName(static_cast<int>(state.range(0))));
}

std::string describe(const Instance& instance) {
    return std::visit([](const auto& in) {
        using In = std::decay_t<decltype(in)>;
        if constexpr (std::is_same_v<In, DagInstance>) return std::to_string(in.tasks.size()) + " tasks, " + std::to_string(in.edges.size()) + " edges";
        else if constexpr (std::is_same_v<In, CpuGpuInstance>) return std::to_string(in.tasks.size()) + " tasks";
        else if constexpr (std::is_same_v<In, PartitionInstance>) return std::to_string(in.resources.size()) + " resources";
        else return std::string();
    }, instance);
}

// The file of the benchmark's argument read by `read` at each iteration; the label says what was read.
template <class Read>
void readEach(benchmark::State& state, Read read) {
    const std::string& path = fileOf(static_cast<int>(state.range(0)));
    std::string label;
    for (auto _ : state) {
        Expected<Instance> in = read(path);
        if (!in) {
            state.SkipWithError(in.error().message.c_str());
            return;
        }
        label = describe(*in);
    }
    setBytes(state, path);
    state.SetLabel(std::string(kindName(static_cast<int>(state.range(0)))) + ": " + label);
}

// What `hetsched solve FILE` reads with: the typed instance, validated.
void readInstance(benchmark::State& state) {
    readEach(state, [](const std::string& path) { return readInstanceFile(path); });
}

// The path before: nlohmann's parse into its tree, then the same readers over it.
void readInstanceNlohmann(benchmark::State& state) {
    readEach(state, [](const std::string& path) -> Expected<Instance> {
        Expected<std::string> text = readTextFile(path);
        if (!text) return text.error();
        return instanceFromJson(json_detail::parseJsonText(*text));
    });
}

// A project file as the GUI opens it (parseProject: simdjson, the instances typed, the runs kept as JSON
// values), and as it did before (nlohmann's parse, then the same reader over its tree).
template <class Read>
void readProjectWith(benchmark::State& state, Read read) {
    const std::string& path = fileOf(ProjectFile);
    for (auto _ : state) {
        Expected<std::string> text = readTextFile(path);
        Expected<Project> project = text ? read(*text) : Expected<Project>(text.error());
        if (!project) {
            state.SkipWithError(project.error().message.c_str());
            return;
        }
        benchmark::DoNotOptimize(project->entries.size());
    }
    setBytes(state, path);
    state.SetLabel("project: a million CPU/GPU tasks and their heft run");
}
void readProject(benchmark::State& state) {
    readProjectWith(state, [](const std::string& text) { return parseProject(text); });
}
void readProjectNlohmann(benchmark::State& state) {
    readProjectWith(state, [](const std::string& text) { return projectFromJson(json_detail::parseJsonText(text)); });
}

// What File > Open does with the project's runs beside its instances: each read back into a SolveResult. As before,
// from the JSON trees parseProject kept (resultFromJson over each run's tree), and now where they lie in the document
// (parseProject's ProjectRunReader: resultFromNode on simdjson's node, no tree; ProjectDocument::prepareRun).
template <class Open>
void openProjectWith(benchmark::State& state, Open open) {
    const std::string& path = fileOf(ProjectFile);
    for (auto _ : state) {
        Expected<std::string> text = readTextFile(path);
        if (!text) {
            state.SkipWithError(text.error().message.c_str());
            return;
        }
        std::size_t read = 0;
        if (Expected<bool> opened = open(*text, read); !opened || read != 1) {
            state.SkipWithError(opened ? "the run did not read back" : opened.error().message.c_str());
            return;
        }
    }
    setBytes(state, path);
    state.SetLabel("project: a million CPU/GPU tasks and their heft run, read back");
}
void openProjectTrees(benchmark::State& state) {
    openProjectWith(state, [](const std::string& text, std::size_t& read) -> Expected<bool> {
        Expected<Project> project = parseProject(text);
        if (!project) return project.error();
        for (const ProjectEntry& entry : project->entries)
            for (const nlohmann::json& run : entry.runs) read += resultFromJson(entry.instance, run).ok();
        return true;
    });
}
void openProjectInPlace(benchmark::State& state) {
    openProjectWith(state, [](const std::string& text, std::size_t& read) -> Expected<bool> {
        Expected<Project> project =
            parseProject(text, [&](std::size_t, const ProjectEntry& soFar, const json_detail::JsonNode& run) {
                read += resultFromNode(soFar.instance, run.asRoot()).ok();
            });
        if (!project) return project.error();
        return true;
    });
}

// The same project written as File > Save writes it (projectFileText: streamed), and as it was written before
// (projectToJson's tree, copied into an ordered tree for the key order, then dumped).
template <class Write>
void writeProjectWith(benchmark::State& state, Write write) {
    Expected<std::string> text = readTextFile(fileOf(ProjectFile));
    Expected<Project> project = text ? parseProject(*text) : Expected<Project>(text.error());
    if (!project) {
        state.SkipWithError(project.error().message.c_str());
        return;
    }
    std::size_t bytes = 0;
    for (auto _ : state) bytes = write(*project).size();
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * bytes));
    state.SetLabel("project: a million CPU/GPU tasks and their heft run");
}
void writeProject(benchmark::State& state) {
    writeProjectWith(state, [](const Project& p) { return projectFileText(p); });
}
void writeProjectTree(benchmark::State& state) {
    writeProjectWith(state, [](const Project& p) { return project_reference::projectTextThroughTrees(p); });
}

// The instance written as `hetsched generate` writes it (the text, not the disk).
void writeInstance(benchmark::State& state) {
    const std::string& path = fileOf(static_cast<int>(state.range(0)));
    const Expected<Instance> in = readInstanceFile(path);
    std::size_t bytes = 0;
    for (auto _ : state) {
        const std::string text = instanceToJson(*in).dump(2) + "\n";
        bytes = text.size();
        benchmark::DoNotOptimize(text.data());
    }
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * bytes));
    state.SetLabel(kindName(static_cast<int>(state.range(0))));
}

// The same text streamed from the typed model (instanceText, io/instance_io.h), what `generate` writes now.
void writeInstanceStreamed(benchmark::State& state) {
    const std::string& path = fileOf(static_cast<int>(state.range(0)));
    const Expected<Instance> in = readInstanceFile(path);
    std::size_t bytes = 0;
    for (auto _ : state) {
        const std::string text = instanceText(*in) + "\n";
        bytes = text.size();
        benchmark::DoNotOptimize(text.data());
    }
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * bytes));
    state.SetLabel(kindName(static_cast<int>(state.range(0))));
}

// What `hetsched solve FILE --solver S -o OUT` does outside its solver, on the same file in the same process:
// the counters give the solver's own time (the result's `seconds`), and each iteration writes the result as the
// command does (writeResultText into writeFileAtomically: the file in $TMPDIR, renamed into place). Its floor,
// `writeResultBytes`, writes the same bytes already made: what the disk's page cache takes, with no number turned
// into text. Beside bareParse of the same file, they are what the whole command cannot go below.
const char* solverOf(int kind) { return kind == Partition ? "threshold" : "heft"; }

template <class Write>
void writeResultWith(benchmark::State& state, Write write) {
    const int kind = static_cast<int>(state.range(0));
    const Expected<Instance> in = readInstanceFile(fileOf(kind));
    Expected<SolveResult> result = in ? solve(*in, solverOf(kind)) : Expected<SolveResult>(in.error());
    if (!result) {
        state.SkipWithError(result.error().message.c_str());
        return;
    }
    const char* tmp = std::getenv("TMPDIR");
    const std::string out = (std::filesystem::path(tmp && *tmp ? tmp : "/tmp") / "hetsched_bench_result.json").string();
    const std::string text = resultText(*in, *result);
    for (auto _ : state) {
        Expected<bool> written = writeFileAtomically(out, [&](const TextSink& sink) { write(*in, *result, text, sink); });
        if (!written) {
            state.SkipWithError(written.error().message.c_str());
            return;
        }
    }
    std::filesystem::remove(out);
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * text.size()));
    state.counters["solver_ms"] = result->seconds * 1e3;
    state.SetLabel(std::string(kindName(kind)) + ", " + solverOf(kind));
}
void writeResult(benchmark::State& state) {
    writeResultWith(state, [](const Instance& in, const SolveResult& r, const std::string&, const TextSink& sink) {
        writeResultText(in, r, sink);
    });
}
void writeResultBytes(benchmark::State& state) {
    writeResultWith(state, [](const Instance&, const SolveResult&, const std::string& text, const TextSink& sink) {
        for (std::size_t at = 0; at < text.size(); at += std::size_t{1} << 20)
            sink(std::string_view(text).substr(at, std::size_t{1} << 20));
    });
}

}  // namespace

// Argument: 0 dag, 1 cpugpu, 2 partition.
BENCHMARK(bareParse)->DenseRange(0, 3)->Unit(benchmark::kMillisecond)->Iterations(3);
BENCHMARK(readProject)->Unit(benchmark::kMillisecond)->Iterations(3);
BENCHMARK(readProjectNlohmann)->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK(openProjectTrees)->Unit(benchmark::kMillisecond)->Iterations(3);
BENCHMARK(openProjectInPlace)->Unit(benchmark::kMillisecond)->Iterations(3);
BENCHMARK(writeProject)->Unit(benchmark::kMillisecond)->Iterations(3);
BENCHMARK(writeProjectTree)->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK(domParse)->DenseRange(0, 2)->Unit(benchmark::kMillisecond)->Iterations(3);
BENCHMARK(readInstance)->DenseRange(0, 2)->Unit(benchmark::kMillisecond)->Iterations(3);
BENCHMARK(readInstanceNlohmann)->DenseRange(0, 2)->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK(writeInstance)->DenseRange(0, 2)->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK(writeInstanceStreamed)->DenseRange(0, 2)->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK(writeResult)->DenseRange(1, 2)->Unit(benchmark::kMillisecond)->Iterations(3);
BENCHMARK(writeResultBytes)->DenseRange(1, 2)->Unit(benchmark::kMillisecond)->Iterations(3);
BENCHMARK_MAIN();
