// The shared corpus of files other projects wrote (../shared/corpus, see its README): every task graph
// imports as its README says and solves with the dag family's default solver; every platform becomes the
// platform of a dag instance and a steady-state instance that solves; the files to refuse are refused
// with the reason the README gives. Skipped, with a message, when the corpus is absent.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <string>
#include <vector>

#include "io/cpugpu_import.h"
#include "io/dag_import.h"
#include "io/divisible_import.h"
#include "io/instance_io.h"
#include "io/partition_profile_reader.h"
#include "io/simgrid_platform.h"
#include "model/dag_random.h"
#include "simulation/simulation.h"
#include "solvers/registry.h"
#include "corpus_required.h"

namespace hetsched {
namespace {

namespace fs = std::filesystem;

std::vector<fs::path> filesUnder(const std::vector<std::string>& folders) {
    std::vector<fs::path> files;
    for (const std::string& folder : folders) {
        if (!fs::is_directory(kCorpus / folder)) continue;
        for (const auto& entry : fs::recursive_directory_iterator(kCorpus / folder))
            if (entry.is_regular_file()) files.push_back(entry.path());
    }
    std::sort(files.begin(), files.end());
    return files;
}

bool corpusPresent() { return !kCorpus.empty() && fs::is_directory(kCorpus); }

// As the README's command: --clusters 4 --default-flops 1e9 --default-bytes 0.
TaskGraphImportOptions corpusOptions() {
    TaskGraphImportOptions options;
    options.defaultFlops = 1e9;
    options.defaultBytes = 0;
    return options;
}

bool solved(SolveStatus status) { return status == SolveStatus::Optimal || status == SolveStatus::Feasible; }

TEST(ImportCorpus, EveryTaskGraphImportsAndSolvesButTheCycle) {
    HETSCHED_CORPUS_REQUIRED(corpusPresent(), "no corpus at " << kCorpus << " (../shared/corpus beside the repository)");
    Expected<DagPlatform> platform = generatePlatform(DagPlatformConfig{});
    ASSERT_TRUE(platform.ok());
    const std::vector<fs::path> graphs = filesUnder({"daggen", "dot-wild", "pegasus-dax", "simgrid-dag", "stg", "wfcommons"});
    ASSERT_GE(graphs.size(), 20u) << "the corpus lost files";
    int imported = 0;
    for (const fs::path& file : graphs) {
        SCOPED_TRACE(file.string());
        Expected<DagImport> in = importTaskGraphFile(file.string(), *platform, corpusOptions());
        if (file.filename() == "HEAD_dag-from-dot_dag_with_cycle.dot" || file.filename().string().find("dax_with_cycle") != std::string::npos) {
            ASSERT_FALSE(in.ok());
            EXPECT_NE(in.error().message.find("cycle"), std::string::npos) << in.error().message;
            EXPECT_NE(in.error().message.find(" -> "), std::string::npos) << "the cycle's tasks: " << in.error().message;
            continue;
        }
        ASSERT_TRUE(in.ok()) << in.error().message;
        EXPECT_FALSE(in->format.empty());
        Expected<SolveResult> result = solve(Instance{in->instance}, "", {});
        ASSERT_TRUE(result.ok()) << result.error().message;
        EXPECT_TRUE(solved(result->status));
        ++imported;
    }
    const auto cyclic = std::count_if(graphs.begin(), graphs.end(), [](const fs::path& f) {
        return f.filename() == "HEAD_dag-from-dot_dag_with_cycle.dot" || f.filename().string().find("dax_with_cycle") != std::string::npos;
    });
    EXPECT_EQ(imported, static_cast<int>(graphs.size() - static_cast<std::size_t>(cyclic)));
}

// The README's notes on particular files, read through the importers.
TEST(ImportCorpus, DuplicateEdgesAndControlEdgesAreWhatTheReadmeSays) {
    HETSCHED_CORPUS_REQUIRED(corpusPresent(), "no corpus at " << kCorpus);
    Expected<DagPlatform> platform = generatePlatform(DagPlatformConfig{});
    ASSERT_TRUE(platform.ok());
    for (const char* name : {"daggen/n50_fat0.8_d0.5_j2_ccr2.dot", "daggen/n100_fat0.5_d0.5_j1_ccr1.dot"}) {
        Expected<DagImport> in = importTaskGraphFile((kCorpus / name).string(), *platform);
        ASSERT_TRUE(in.ok()) << in.error().message;
        const bool merged = std::any_of(in->notes.begin(), in->notes.end(),
                                        [](const std::string& n) { return n.find("duplicate") != std::string::npos; });
        EXPECT_TRUE(merged) << name << ": daggen writes some edges twice; the summary says they were merged";
    }
    // Graphs without sizes are refused without the defaults, naming the flags.
    Expected<DagImport> bare = importTaskGraphFile((kCorpus / "dot-wild/davidbarsky_Thesis/cholskeysample.dot").string(), *platform);
    ASSERT_FALSE(bare.ok());
    EXPECT_NE(bare.error().message.find("--default-flops"), std::string::npos) << bare.error().message;
}

TEST(ImportCorpus, EveryPlatformImportsForBothFamiliesButTheRemovedStorageTag) {
    HETSCHED_CORPUS_REQUIRED(corpusPresent(), "no corpus at " << kCorpus);
    const std::vector<fs::path> platforms = filesUnder({"simgrid-platforms", "simgrid-platforms-legacy"});
    ASSERT_GE(platforms.size(), 7u);
    for (const fs::path& file : platforms) {
        SCOPED_TRACE(file.string());
        Expected<SimGridPlatform> loaded = loadSimGridPlatform(file.string());
        if (file.filename() == "storage.xml") {
            ASSERT_FALSE(loaded.ok()) << "SimGrid aborts on <storage_type>: refused with a message, no crash";
            EXPECT_NE(loaded.error().message.find("storage.xml"), std::string::npos) << loaded.error().message;
            continue;
        }
        ASSERT_TRUE(loaded.ok()) << loaded.error().message;
        Expected<DagPlatform> dag = readDagPlatformFile(file.string());
        ASSERT_TRUE(dag.ok()) << dag.error().message;
        TaskGraph graph;
        graph.tasks = {{"a", 1e10, 0.1}, {"b", 2e10, 0.0}, {"c", 1e10, 0.2}};
        graph.edges = {{0, 1, 1e8}, {0, 2, 1e6}};
        Expected<DagInstance> placed = placeTaskGraph(graph, *dag);
        ASSERT_TRUE(placed.ok()) << placed.error().message;
        Expected<SolveResult> dagResult = solve(Instance{*placed}, "", {});
        ASSERT_TRUE(dagResult.ok()) << dagResult.error().message;
        EXPECT_TRUE(solved(dagResult->status));

        Expected<SteadyStateInstance> steady = steadyStateFromSimGrid(*loaded);
        ASSERT_TRUE(steady.ok()) << steady.error().message;
        Expected<SolveResult> steadyResult = solve(Instance{*steady}, "", {});
        ASSERT_TRUE(steadyResult.ok()) << steadyResult.error().message;
        EXPECT_TRUE(solved(steadyResult->status));
    }
}

// starpu/ (its README): every codelet file holds 4 combinations (CPU0, CUDA0-2) of 3 footprints; each
// machine has 12 CPUs and 3 CUDA GPUs; the bus star has RAM -> CUDA0 at 6031.0 MB/s and back at 6517.6; the
// SimGrid platform imports or is refused with a message; the recdump is refused for lack of GPU times; the
// moldableILP instances import with n = 10, k = 1 and the m of their names. Instances solve.
TEST(ImportCorpus, EveryStarPuFileGetsTheOutcomeItsReadmeNames) {
    if (!corpusPresent()) GTEST_SKIP() << "no corpus at " << kCorpus;
    const std::vector<fs::path> files = filesUnder({"starpu"});
    ASSERT_GE(files.size(), 16u) << "the corpus lost files";
    int checked = 0;
    for (const fs::path& file : files) {
        SCOPED_TRACE(file.string());
        const std::string name = file.filename().string();
        const std::string folder = file.parent_path().filename().string();
        if (name == "README.md") continue;
        ++checked;
        if (folder == "45") {
            Expected<std::string> text = readTextFile(file.string());
            ASSERT_TRUE(text.ok());
            Expected<StarPuPerfModel> model = readStarPuPerfModel(*text, name.substr(0, name.rfind('.')));
            ASSERT_TRUE(model.ok()) << model.error().message;
            ASSERT_EQ(model->architectures.size(), 4u);
            for (const StarPuArchitecture& arch : model->architectures) EXPECT_EQ(arch.entries.size(), 3u);
            // Each model alone, one task per footprint: a CPU/GPU instance of 12 CPUs and 3 GPUs that solves.
            Expected<CpuGpuImport> in = importCpuGpuFiles({file.string()}, {});
            ASSERT_TRUE(in.ok()) << in.error().message;
            EXPECT_EQ(in->instance.cpus, 12);
            EXPECT_EQ(in->instance.gpus, 3);
            EXPECT_EQ(in->instance.tasks.size(), 3u);
            Expected<SolveResult> result = solve(Instance{in->instance}, "", {});
            ASSERT_TRUE(result.ok()) << result.error().message;
            EXPECT_TRUE(solved(result->status));
        } else if (file.extension() == ".config") {
            Expected<std::string> text = readTextFile(file.string());
            ASSERT_TRUE(text.ok());
            Expected<StarPuMachine> machine = readStarPuBusConfig(*text);
            ASSERT_TRUE(machine.ok()) << machine.error().message;
            EXPECT_EQ(machine->cpus, 12);
            EXPECT_EQ(machine->cuda, 3);
            EXPECT_EQ(machine->opencl, 3);
        } else if (file.extension() == ".bandwidth" || file.extension() == ".latency") {
            fs::path bandwidth = file;
            bandwidth.replace_extension(".bandwidth");
            DivisibleFromPlatformOptions options;
            options.workerSpeed = 1e12;
            options.returnBytes = 1e6;
            Expected<DivisibleImport> star = importDivisibleFile(bandwidth.string(), options);
            ASSERT_TRUE(star.ok()) << star.error().message;
            ASSERT_EQ(star->instance.workers.size(), 3u);
            EXPECT_NEAR(1e6 / star->instance.workers[0].c / 1e6, 6031.0, 0.1);
            EXPECT_NEAR(1e6 / star->instance.workers[2].d / 1e6, 6517.2, 0.1);
            const bool latencies = std::any_of(star->notes.begin(), star->notes.end(),
                                               [](const std::string& n) { return n.find("9.84 / 9.80 / 9.82") != std::string::npos; });
            EXPECT_TRUE(latencies) << "the measured latencies are said";
            Expected<SolveResult> result = solve(Instance{star->instance}, "", {});
            ASSERT_TRUE(result.ok()) << result.error().message;
        } else if (file.extension() == ".xml") {
            Expected<DagPlatform> dag = readDagPlatformFile(file.string());
            if (!dag.ok()) {
                EXPECT_FALSE(dag.error().message.empty());
            }
        } else if (file.extension() == ".rec") {
            Expected<CpuGpuImport> in = importCpuGpuFiles({file.string()}, {});
            ASSERT_FALSE(in.ok());
            EXPECT_NE(in.error().message.find("no GPU"), std::string::npos) << in.error().message;
        } else if (folder == "moldableilp") {
            Expected<CpuGpuImport> in = importCpuGpuFiles({file.string()}, {});
            ASSERT_TRUE(in.ok()) << in.error().message;
            EXPECT_EQ(in->instance.tasks.size(), 10u);
            EXPECT_EQ(in->instance.gpus, 1);
            EXPECT_EQ(in->instance.cpus, name.find("_m16_") != std::string::npos ? 16 : 4);
            Expected<SolveResult> result = solve(Instance{in->instance}, "", {});
            ASSERT_TRUE(result.ok()) << result.error().message;
        } else {
            ADD_FAILURE() << "a file the README does not describe";
        }
    }
    EXPECT_GE(checked, 15);
}

// partition-profiles/: FLHetBench's 21 devices, ResNet latencies 53.7257 to 291.0, as linear costs that solve.
TEST(ImportCorpus, EveryPartitionProfileImportsAsLinearCosts) {
    if (!corpusPresent()) GTEST_SKIP() << "no corpus at " << kCorpus;
    for (const fs::path& file : filesUnder({"partition-profiles"})) {
        if (file.extension() != ".json") continue;
        SCOPED_TRACE(file.string());
        PartitionProfileOptions options;
        options.tasks = 500;
        options.costColumn = "ResNet Latency";
        Expected<PartitionImport> in = importPartitionProfileFile(file.string(), options);
        ASSERT_TRUE(in.ok()) << in.error().message;
        ASSERT_EQ(in->instance.resources.size(), 21u);
        double lo = INFINITY, hi = 0;
        for (const PartitionResource& r : in->instance.resources) lo = std::min(lo, r.cost.perTask), hi = std::max(hi, r.cost.perTask);
        EXPECT_NEAR(lo, 53.7257, 1e-4);
        EXPECT_NEAR(hi, 291.0, 1e-9);
        Expected<SolveResult> result = solve(Instance{in->instance}, "", {});
        ASSERT_TRUE(result.ok()) << result.error().message;
        EXPECT_TRUE(solved(result->status));
    }
}

// hetsched simulate on every platform of the corpus: a task graph imported on the platform is simulated
// on the file itself, a steady-state instance of it on its generated platform; wifi_energy.xml's Wi-Fi
// links are refused by ptask_L07 (a message, no crash), storage.xml is refused when loaded (above).
TEST(ImportCorpus, SchedulesOnEveryPlatformAreSimulatedButOnWifi) {
    HETSCHED_CORPUS_REQUIRED(corpusPresent(), "no corpus at " << kCorpus);
    const std::vector<fs::path> platforms = filesUnder({"simgrid-platforms"});
    ASSERT_GE(platforms.size(), 7u);
    const fs::path graphFile = kCorpus / "daggen" / "n10_default.dot";
    for (const fs::path& file : platforms) {
        SCOPED_TRACE(file.string());
        Expected<DagPlatform> dag = readDagPlatformFile(file.string());
        ASSERT_TRUE(dag.ok()) << dag.error().message;
        Expected<DagImport> in = importTaskGraphFile(graphFile.string(), *dag, corpusOptions());
        ASSERT_TRUE(in.ok()) << in.error().message;
        const Instance instance{in->instance};
        Expected<SolveResult> planned = solve(instance, "hcpa", {});
        ASSERT_TRUE(planned.ok()) << planned.error().message;
        Expected<SimulationResult> simulated = simulateResult(instance, *planned);
        if (file.filename() == "wifi_energy.xml") {
            ASSERT_FALSE(simulated.ok());
            EXPECT_NE(simulated.error().message.find("ptask_L07"), std::string::npos) << simulated.error().message;
        } else {
            ASSERT_TRUE(simulated.ok()) << simulated.error().message;
            EXPECT_FALSE(simulated->generatedPlatform);
            EXPECT_EQ(simulated->tasks.size(), in->instance.tasks.size());
            EXPECT_GT(simulated->simulatedMakespan, 0);
        }

        Expected<SimGridPlatform> loaded = loadSimGridPlatform(file.string());
        ASSERT_TRUE(loaded.ok());
        Expected<SteadyStateInstance> steady = steadyStateFromSimGrid(*loaded);
        ASSERT_TRUE(steady.ok()) << steady.error().message;
        Expected<SolveResult> steadyResult = solve(Instance{*steady}, "", {});
        ASSERT_TRUE(steadyResult.ok()) << steadyResult.error().message;
        Expected<SimulationResult> periods = simulateResult(Instance{*steady}, *steadyResult);
        ASSERT_TRUE(periods.ok()) << periods.error().message;
        EXPECT_LE(periods->simulatedMakespan, periods->plannedMakespan * (1 + 1e-9));
    }
}

}  // namespace
}  // namespace hetsched
