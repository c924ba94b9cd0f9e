// CPU/GPU instances from StarPU's files and moldableILP instances: small fixtures written here from
// StarPU's documented formats (perfmodel_history.c's dump, starpu_fxt_tool's tasks.rec fields), then the
// real files of ../shared/corpus/starpu with the values its README names.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <numeric>

#include "corpus_required.h"
#include "io/cpugpu_import.h"
#include "model/instance.h"
#include "solvers/cpugpu/cpugpu_solvers.h"
#include "solvers/registry.h"

namespace hetsched {
namespace {

namespace fs = std::filesystem;

// A directory laid out as StarPU's $STARPU_PERF_MODEL_DIR/sampling, removed at the end of the test.
class SamplingDir {
public:
    SamplingDir() {
        std::string pattern = (fs::temp_directory_path() / "hetsched-starpu-XXXXXX").string();
        m_root = ::mkdtemp(pattern.data());
        fs::create_directories(m_root / "sampling" / "codelets" / "45");
        fs::create_directories(m_root / "sampling" / "bus");
    }
    ~SamplingDir() {
        std::error_code ec;
        fs::remove_all(m_root, ec);
    }
    fs::path write(const fs::path& relative, const std::string& text) const {
        const fs::path path = m_root / relative;
        fs::create_directories(path.parent_path());
        std::ofstream(path) << text;
        return path;
    }
    fs::path root() const { return m_root; }
    fs::path sampling() const { return m_root / "sampling"; }

private:
    fs::path m_root;
};

// One combination of a version-45 model: device type and id, then the history rows (hash size flops
// mean dev sum sum2 n), as perfmodel_history.c writes them.
std::string comb(int index, int type, int id, const std::vector<std::string>& rows) {
    std::string text = "####################\n# COMB_" + std::to_string(index) + "\n# number of types devices\n1\n"
                       "####################\n# DEV_0\n# device type (CPU - 0, CUDA - 1, OPENCL - 2, MIC - 3)\n" +
                       std::to_string(type) + "\n####################\n# DEV_0\n# device id \n" + std::to_string(id) +
                       "\n####################\n# DEV_0\n# number of cores \n1\n##########\n# number of implementations\n1\n"
                       "#####\n# Model for impl0\n# number of entries\n" + std::to_string(rows.size()) +
                       "\n# sumlnx\tsumlnx2\tsumlny\tsumlnxlny\talpha\tbeta\tn\tminx\tmaxx\n"
                       "0.000000e+00\t0.000000e+00\t0.000000e+00\t0.000000e+00\tnan\tnan\t0\t0\t0\n# a\tb\tc\nnan\tnan\tnan\n"
                       "# not multiple-regression-base\n0\n# hash\tsize\tflops\tmean (us)\tdev (us)\tsum\tsum2\tn\n";
    for (const std::string& row : rows) text += row + "\n";
    return text + "\n";
}

std::string model45(const std::vector<std::string>& combs) {
    std::string text = "##################\n# Performance Model Version\n45\n\n####################\n# COMBs\n"
                       "# number of combinations\n" + std::to_string(combs.size()) + "\n";
    for (const std::string& c : combs) text += c;
    return text;
}

// A kernel "axpy" with two footprints: on the CPU 100 us and 400 us, on two CUDA GPUs 10/30 us and 20/40 us.
std::string axpyModel() {
    return model45({comb(0, 0, 0, {"0000abcd\t1000\t1.0e6\t1.000000e+02\t1.0e0\t1.0e4\t1.0e6\t100",
                                   "1234ffff\t4000\t4.0e6\t4.000000e+02\t2.0e0\t4.0e4\t1.6e7\t100"}),
                    // CUDA combinations listed in another order than their ids, as in chol_model_11.mirage.
                    comb(1, 1, 1, {"0000abcd\t1000\t1.0e6\t3.000000e+01\t1.0e0\t3.0e3\t9.0e4\t100",
                                   "1234ffff\t4000\t4.0e6\t4.000000e+01\t1.0e0\t4.0e3\t1.6e5\t100"}),
                    comb(2, 1, 0, {"0000abcd\t1000\t1.0e6\t1.000000e+01\t1.0e0\t1.0e3\t1.0e4\t100",
                                   "1234ffff\t4000\t4.0e6\t2.000000e+01\t1.0e0\t2.0e3\t4.0e4\t100"})});
}

const char* kConfig = "# Current configuration\n8 # Number of CPUs\n2 # Number of CUDA devices\n2 # Number of OpenCL devices\n"
                      "0 # Number of MIC devices\n";

// A tasks.rec as starpu_fxt_tool writes it (fields of src/debug/traces/starpu_fxt.c), four tasks: three
// axpy of both footprints, and one task without a performance model.
const char* kTasksRec = R"(Name: axpy
Model: axpy
JobId: 1
SubmitOrder: 1
Priority: 0
Tag: 0
WorkerId: 0
MemoryNode: 1
SubmitTime: 1.250000
StartTime: 2.000000
EndTime: 2.010000
Footprint: abcd
GFlop: 0.001000
Sizes: 1000
MPIRank: 0

Name: axpy
Model: axpy
JobId: 2
DependsOn: 1
Tag: 0
WorkerId: 4
StartTime: 2.100000
EndTime: 2.500000
Footprint: 1234ffff
GFlop: 0.004000

Name: init
JobId: 3
Tag: 0
WorkerId: 5
StartTime: 0.100000
EndTime: 0.200000
Footprint: 0

Name: axpy
Model: axpy
JobId: 4
Tag: 0
WorkerId: 1
StartTime: 3.000000
EndTime: 3.020000
Footprint: 1234ffff
GFlop: 0.004000
)";

TEST(StarPuPerfModel, ReadsEveryCombinationKeyedByDeviceNotByOrder) {
    Expected<StarPuPerfModel> model = readStarPuPerfModel(axpyModel(), "axpy");
    ASSERT_TRUE(model) << model.error().message;
    EXPECT_EQ(model->version, 45);
    ASSERT_EQ(model->architectures.size(), 3u);
    EXPECT_EQ(model->architectures[1].deviceType, 1);
    EXPECT_EQ(model->architectures[1].deviceId, 1);
    ASSERT_EQ(model->architectures[2].entries.size(), 2u);
    EXPECT_EQ(model->architectures[2].entries[1].footprint, 0x1234ffffu);
    EXPECT_EQ(model->architectures[2].entries[1].sizeBytes, 4000u);
    EXPECT_DOUBLE_EQ(model->architectures[2].entries[1].meanUs, 20.0);
}

TEST(StarPuPerfModel, Version44WithoutTheCoefficientLineIsRead) {
    std::string v44 = axpyModel();
    v44.replace(v44.find("\n45\n"), 4, "\n44\n");
    for (std::size_t at; (at = v44.find("# not multiple-regression-base\n0\n")) != std::string::npos;)
        v44.erase(at, std::string("# not multiple-regression-base\n0\n").size());
    Expected<StarPuPerfModel> model = readStarPuPerfModel(v44, "axpy");
    ASSERT_TRUE(model) << model.error().message;
    EXPECT_EQ(model->version, 44);
    EXPECT_DOUBLE_EQ(model->architectures[0].entries[1].meanUs, 400.0);
}

TEST(StarPuPerfModel, OtherVersionsAndBrokenTablesAreRefusedNamingWhat) {
    std::string v42 = axpyModel();
    v42.replace(v42.find("\n45\n"), 4, "\n42\n");
    Expected<StarPuPerfModel> old = readStarPuPerfModel(v42, "axpy");
    ASSERT_FALSE(old);
    EXPECT_NE(old.error().message.find("version 42"), std::string::npos) << old.error().message;
    EXPECT_NE(old.error().message.find("line 3"), std::string::npos) << old.error().message;

    std::string shortRow = axpyModel();
    shortRow.replace(shortRow.find("\t1.0e4\t1.0e6\t100"), 16, "");
    Expected<StarPuPerfModel> broken = readStarPuPerfModel(shortRow, "axpy");
    ASSERT_FALSE(broken);
    EXPECT_NE(broken.error().message.find("columns"), std::string::npos) << broken.error().message;

    const std::string full = axpyModel();
    Expected<StarPuPerfModel> truncated = readStarPuPerfModel(full.substr(0, full.find("# hash")), "axpy");
    ASSERT_FALSE(truncated);
    EXPECT_NE(truncated.error().message.find("ends"), std::string::npos) << truncated.error().message;
}

TEST(StarPuBusConfig, CountsAreNamedByTheirComments) {
    Expected<StarPuMachine> machine = readStarPuBusConfig(kConfig);
    ASSERT_TRUE(machine) << machine.error().message;
    EXPECT_EQ(machine->cpus, 8);
    EXPECT_EQ(machine->cuda, 2);
    EXPECT_EQ(machine->opencl, 2);
    EXPECT_FALSE(readStarPuBusConfig("# nothing\n"));
    EXPECT_FALSE(readStarPuBusConfig("twelve # Number of CPUs\n"));
}

TEST(StarPuTasksRec, RecordsWithTheirFieldsAndContinuations) {
    Expected<std::vector<StarPuTaskRecord>> tasks = readStarPuTasksRec(kTasksRec);
    ASSERT_TRUE(tasks) << tasks.error().message;
    ASSERT_EQ(tasks->size(), 4u);
    EXPECT_EQ((*tasks)[0].model, "axpy");
    EXPECT_EQ((*tasks)[0].footprint, 0xabcdu);
    EXPECT_EQ((*tasks)[0].workerId, 0);
    EXPECT_DOUBLE_EQ(*(*tasks)[1].startTimeMs, 2.1);
    EXPECT_TRUE((*tasks)[2].model.empty());
    EXPECT_EQ((*tasks)[3].line, 36u);

    Expected<std::vector<RecRecord>> records = readRecFile("%rec: a\n\nKey: first\n+ second\n\nBroken line\n");
    ASSERT_FALSE(records);
    EXPECT_NE(records.error().message.find("line 6"), std::string::npos) << records.error().message;
    Expected<std::vector<RecRecord>> joined = readRecFile("%rec: a\n\nKey: first\n+ second\n");
    ASSERT_TRUE(joined);
    EXPECT_EQ(*joined->front().field("Key"), "first\nsecond");
    EXPECT_EQ(joined->front().type, "a");
}

// The CPU time is the CPU mean; the GPU time the mean of the CUDA means: (10 + 30) / 2 = 20 us for
// footprint abcd, (20 + 40) / 2 = 30 us for 1234ffff.
TEST(StarPuImport, CountsByHashOrSizeAndTheCudaMean) {
    SamplingDir dir;
    dir.write("sampling/codelets/45/axpy.hostx", axpyModel());
    dir.write("sampling/bus/hostx.config", kConfig);
    CpuGpuImportOptions options;
    options.host = "hostx";
    Expected<std::vector<KernelCount>> counts = parseKernelCounts({"axpy@abcd=2", "axpy@4000=3"});
    ASSERT_TRUE(counts) << counts.error().message;
    options.counts = *counts;
    Expected<CpuGpuImport> in = importStarPuModels({dir.root().string()}, options);
    ASSERT_TRUE(in) << in.error().message;
    ASSERT_EQ(in->instance.tasks.size(), 5u);
    EXPECT_DOUBLE_EQ(in->instance.tasks[0].cpu, 100);
    EXPECT_DOUBLE_EQ(in->instance.tasks[0].gpu, 20);
    EXPECT_DOUBLE_EQ(in->instance.tasks[4].cpu, 400);
    EXPECT_DOUBLE_EQ(in->instance.tasks[4].gpu, 30);
    EXPECT_EQ(in->instance.cpus, 8);
    EXPECT_EQ(in->instance.gpus, 2);
    const std::string notes = [&] {
        std::string all;
        for (const std::string& n : in->notes) all += n + "\n";
        return all;
    }();
    EXPECT_NE(notes.find("hostx.config"), std::string::npos) << notes;
    EXPECT_NE(notes.find("OpenCL"), std::string::npos) << notes;

    options.reserveCpuPerGpu = true;
    Expected<CpuGpuImport> reserved = importStarPuModels({dir.sampling().string()}, options);
    ASSERT_TRUE(reserved) << reserved.error().message;
    EXPECT_EQ(reserved->instance.cpus, 6);
}

TEST(StarPuImport, ASymbolOfSeveralFootprintsNeedsOneNamed) {
    SamplingDir dir;
    const fs::path file = dir.write("sampling/codelets/45/axpy.hostx", axpyModel());
    dir.write("sampling/bus/hostx.config", kConfig);
    CpuGpuImportOptions options;   // the host from the file's name
    options.counts = *parseKernelCounts({"axpy=4"});
    Expected<CpuGpuImport> in = importStarPuModels({file.string()}, options);
    ASSERT_FALSE(in);
    EXPECT_NE(in.error().message.find("0000abcd"), std::string::npos) << in.error().message;
    EXPECT_NE(in.error().message.find("1234ffff"), std::string::npos) << in.error().message;
    options.counts = *parseKernelCounts({"gemm=4"});
    Expected<CpuGpuImport> unknown = importStarPuModels({file.string()}, options);
    ASSERT_FALSE(unknown);
    EXPECT_NE(unknown.error().message.find("axpy"), std::string::npos) << unknown.error().message;
    EXPECT_FALSE(parseKernelCounts({"axpy"}));
    EXPECT_FALSE(parseKernelCounts({"axpy@=3"}));
}

TEST(StarPuImport, TasksRecGivesTheTaskListAndSkipsTasksWithoutAModel) {
    SamplingDir dir;
    dir.write("sampling/codelets/45/axpy.hostx", axpyModel());
    dir.write("sampling/bus/hostx.config", kConfig);
    const fs::path rec = dir.write("tasks.rec", kTasksRec);
    CpuGpuImportOptions options;
    options.host = "hostx";
    options.tasksFile = rec.string();
    Expected<CpuGpuImport> in = importStarPuModels({dir.root().string()}, options);
    ASSERT_TRUE(in) << in.error().message;
    ASSERT_EQ(in->instance.tasks.size(), 3u);
    EXPECT_EQ(in->instance.tasks[1].name, "axpy#2");
    EXPECT_DOUBLE_EQ(in->instance.tasks[1].cpu, 400);
    EXPECT_DOUBLE_EQ(in->instance.tasks[1].gpu, 30);
    bool skipped = false;
    for (const std::string& n : in->notes) skipped = skipped || n.find("without a Model") != std::string::npos;
    EXPECT_TRUE(skipped);
}

// A task of a kernel no model holds, completed by starpu_tasks_rec_complete: one estimate per worker in
// StarPU's order (2 CUDA, 2 OpenCL, then the CPU workers): GPU time (20 + 30) / 2, CPU time 100.
TEST(StarPuImport, EstimatedTimesStandInForAKernelWithoutModel) {
    SamplingDir dir;
    dir.write("sampling/codelets/45/axpy.hostx", axpyModel());
    dir.write("sampling/bus/hostx.config", kConfig);
    const fs::path rec = dir.write("tasks.rec", "Name: scal\nModel: scal\nJobId: 7\nFootprint: 99\n"
                                                "EstimatedTime: 2.000000e+01 3.000000e+01 inf inf 1.000000e+02 1.000000e+02\n");
    CpuGpuImportOptions options;
    options.host = "hostx";
    options.tasksFile = rec.string();
    Expected<CpuGpuImport> in = importStarPuModels({dir.root().string()}, options);
    ASSERT_TRUE(in) << in.error().message;
    ASSERT_EQ(in->instance.tasks.size(), 1u);
    EXPECT_EQ(in->instance.tasks[0].name, "scal#7");
    EXPECT_DOUBLE_EQ(in->instance.tasks[0].gpu, 25);
    EXPECT_DOUBLE_EQ(in->instance.tasks[0].cpu, 100);
}

TEST(StarPuImport, AKernelMeasuredOnOneKindIsRefusedOrKeptThere) {
    SamplingDir dir;
    dir.write("sampling/codelets/45/cpuonly.hostx", model45({comb(0, 0, 0, {"00000001\t8\t0\t5.0e1\t1.0\t5.0e2\t2.5e4\t10"})}));
    dir.write("sampling/bus/hostx.config", kConfig);
    CpuGpuImportOptions options;
    options.host = "hostx";
    Expected<CpuGpuImport> noGpuAtAll = importStarPuModels({dir.root().string()}, options);
    ASSERT_FALSE(noGpuAtAll);
    EXPECT_NE(noGpuAtAll.error().message.find("no GPU"), std::string::npos) << noGpuAtAll.error().message;

    dir.write("sampling/codelets/45/axpy.hostx", axpyModel());
    Expected<CpuGpuImport> refused = importStarPuModels({dir.root().string()}, options);
    ASSERT_FALSE(refused);
    EXPECT_NE(refused.error().message.find("cpuonly@00000001"), std::string::npos) << refused.error().message;
    EXPECT_NE(refused.error().message.find("--keep-one-sided"), std::string::npos) << refused.error().message;
    options.keepOneSided = true;
    Expected<CpuGpuImport> kept = importStarPuModels({dir.root().string()}, options);
    ASSERT_TRUE(kept) << kept.error().message;
    ASSERT_EQ(kept->instance.tasks.size(), 3u);
    const CpuGpuTask& cpuOnly = kept->instance.tasks[2];
    EXPECT_EQ(cpuOnly.name, "cpuonly@00000001");
    EXPECT_DOUBLE_EQ(cpuOnly.cpu, 50);
    EXPECT_DOUBLE_EQ(cpuOnly.gpu, kUnmeasuredTimeUs);
    Expected<SolveResult> solved = solve(Instance{kept->instance}, "dual-approx", {});
    ASSERT_TRUE(solved) << solved.error().message;
    EXPECT_LT(*solved->objective, 1000);   // the CPU-only kernel ran on a CPU
}

TEST(StarPuImport, WithoutAConfigTheCountsComeFromTheFlags) {
    SamplingDir dir;
    const fs::path file = dir.write("models/axpy.hostx", axpyModel());
    CpuGpuImportOptions options;
    Expected<CpuGpuImport> missing = importStarPuModels({file.string()}, options);
    ASSERT_FALSE(missing);
    EXPECT_NE(missing.error().message.find("--cpus"), std::string::npos) << missing.error().message;
    options.cpus = 4;
    options.gpus = 1;
    Expected<CpuGpuImport> in = importStarPuModels({file.string()}, options);
    ASSERT_TRUE(in) << in.error().message;
    EXPECT_EQ(in->instance.tasks.size(), 2u);   // one task per measured kernel and footprint
    EXPECT_EQ(in->instance.cpus, 4);
}

// A moldableILP line written here in the project's format: task 1 takes 8 on one core, 5 on two, 2 on a GPU.
TEST(MoldableIlp, TheOneCoreTimeIsTheCpuTimeAndTheRestIsDropped) {
    const std::string text = R"({"meta":{"n":2,"m":2,"k":1},"cpudata":{"nb_p":[1,2],"t1":[8,5],"t2":[3,2]},"gpudata":{"t1":2,"t2":6}})";
    ASSERT_TRUE(looksLikeMoldableIlp(text));
    Expected<CpuGpuImport> in = readMoldableIlpInstance(text);
    ASSERT_TRUE(in) << in.error().message;
    EXPECT_EQ(in->instance.cpus, 2);
    EXPECT_EQ(in->instance.gpus, 1);
    ASSERT_EQ(in->instance.tasks.size(), 2u);
    EXPECT_DOUBLE_EQ(in->instance.tasks[0].cpu, 8);
    EXPECT_DOUBLE_EQ(in->instance.tasks[0].gpu, 2);
    EXPECT_DOUBLE_EQ(in->instance.tasks[1].gpu, 6);
    bool dropped = false;
    for (const std::string& n : in->notes) dropped = dropped || n.find("dropped") != std::string::npos;
    EXPECT_TRUE(dropped);
    Expected<CpuGpuImport> broken = readMoldableIlpInstance(R"({"meta":{"n":2,"m":2,"k":1},"cpudata":{"t1":[8]},"gpudata":{"t1":2}})");
    ASSERT_FALSE(broken);
    EXPECT_NE(broken.error().message.find("t2"), std::string::npos) << broken.error().message;
}

// ---- the corpus (../shared/corpus/starpu, see its README) ----

bool corpusPresent() { return !kCorpus.empty() && fs::is_directory(kCorpus / "starpu"); }

// The README's values for tile 960 on mirage: (CPU, GPU) = (18849.7, 5474.6), (45646.8, 6406.6),
// (87780.2, 2820.8) us for potrf, trsm, gemm; m = 12, k = 3 (OpenCL devices are the same GPUs).
TEST(StarPuCorpus, MirageCholeskyOf12x12TilesSolvesWithEverySolver) {
    if (!corpusPresent()) GTEST_SKIP() << "no corpus at " << kCorpus;
    CpuGpuImportOptions options;
    options.host = "mirage";
    // A 12 x 12 tiled Cholesky: 12 potrf, 66 trsm, and 66 syrk + 220 gemm, all chol_model_22 in StarPU's example.
    options.counts = *parseKernelCounts({"chol_model_11@3686400=12", "chol_model_21@7372800=66", "chol_model_22@24c84a50=286"});
    Expected<CpuGpuImport> in = importStarPuModels({(kCorpus / "starpu" / "sampling").string()}, options);
    ASSERT_TRUE(in) << in.error().message;
    const CpuGpuInstance& instance = in->instance;
    EXPECT_EQ(instance.cpus, 12);
    EXPECT_EQ(instance.gpus, 3);
    ASSERT_EQ(instance.tasks.size(), 12u + 66u + 286u);
    EXPECT_NEAR(instance.tasks[0].cpu, 18849.7, 0.1);
    EXPECT_NEAR(instance.tasks[0].gpu, 5474.6, 0.1);
    EXPECT_NEAR(instance.tasks[12].cpu, 45646.8, 0.1);
    EXPECT_NEAR(instance.tasks[12].gpu, 6406.6, 0.1);
    EXPECT_NEAR(instance.tasks.back().cpu, 87780.2, 0.1);
    EXPECT_NEAR(instance.tasks.back().gpu, 2820.8, 0.1);
    EXPECT_NEAR(accelerationOf(instance.tasks.back()), 31.12, 0.01);

    // Every cpugpu solver solves it, with a verified schedule no shorter than the dual approximation's bound.
    double lowerBound = 0;
    for (const CpuGpuTask& t : instance.tasks) lowerBound += std::min(t.cpu, t.gpu);
    lowerBound /= instance.cpus + instance.gpus;
    const std::vector<SolverSpec> solvers = solversForKind("cpugpu");
    ASSERT_GE(solvers.size(), 4u);
    for (const SolverSpec& spec : solvers) {
        SCOPED_TRACE(spec.name);
        SolverOptions given;
        if (findOption(spec.options, "time_limit")) given["time_limit"] = 5;
        Expected<SolveResult> result = solve(Instance{instance}, spec.name, given);
        ASSERT_TRUE(result) << result.error().message;
        // exact may stop at its time limit on 364 tasks: its best schedule then, with a gap.
        EXPECT_TRUE(result->status == SolveStatus::Optimal || result->status == SolveStatus::Feasible ||
                    (spec.name == "exact" && result->status == SolveStatus::TimeLimit))
            << solveStatusText(*result);
        EXPECT_FALSE(result->schedule.lanes.empty());
        ASSERT_TRUE(result->objective);
        if (!result->answerIsBound) {
            EXPECT_GE(*result->objective, lowerBound * (1 - 1e-9));
        }
    }
}

TEST(StarPuCorpus, AttilaAndTheMirageGemmImportTooWithTheirGpuSpeedUps) {
    if (!corpusPresent()) GTEST_SKIP() << "no corpus at " << kCorpus;
    CpuGpuImportOptions options;
    options.host = "attila";
    options.counts = *parseKernelCounts({"chol_model_22@24c84a50=10", "chol_model_11@cea37d6d=2"});
    Expected<CpuGpuImport> attila = importStarPuModels({(kCorpus / "starpu" / "sampling").string()}, options);
    ASSERT_TRUE(attila) << attila.error().message;
    EXPECT_EQ(attila->instance.cpus, 12);
    EXPECT_NEAR(attila->instance.tasks[0].cpu, 84075.6, 0.1);
    EXPECT_NEAR(accelerationOf(attila->instance.tasks[0]), 29.95, 0.01);
    EXPECT_NEAR(accelerationOf(attila->instance.tasks.back()), 0.30, 0.01);   // small potrf tiles: faster on a CPU

    CpuGpuImportOptions gemm;
    gemm.counts = *parseKernelCounts({"starpu_dgemm_gemm@492beed5=1"});
    Expected<CpuGpuImport> in = importStarPuModels({(kCorpus / "starpu" / "sampling" / "codelets" / "45" / "starpu_dgemm_gemm.mirage").string()}, gemm);
    ASSERT_TRUE(in) << in.error().message;
    EXPECT_NEAR(in->instance.tasks[0].cpu, 706887.0, 0.1);
    EXPECT_NEAR(accelerationOf(in->instance.tasks[0]), 30.43, 0.01);
    EXPECT_EQ(in->instance.gpus, 3);   // mirage.config found from the model's folder
}

TEST(StarPuCorpus, TheRecDumpHasNoGpuTimeAndIsRefusedSayingSo) {
    if (!corpusPresent()) GTEST_SKIP() << "no corpus at " << kCorpus;
    Expected<CpuGpuImport> in = importCpuGpuFiles({(kCorpus / "starpu" / "rec" / "starvz-lu_trace" / "platform_file.rec").string()}, {});
    ASSERT_FALSE(in);
    EXPECT_NE(in.error().message.find("GPU"), std::string::npos) << in.error().message;
    EXPECT_NE(in.error().message.find("dplrnt"), std::string::npos) << in.error().message;
}

TEST(StarPuCorpus, MoldableIlpInstancesKeepTheirSumsAndSolve) {
    if (!corpusPresent()) GTEST_SKIP() << "no corpus at " << kCorpus;
    struct Case {
        const char* file;
        int m;
        double gpuSum;
    };
    for (const Case& c : {Case{"problem_n10_m4_k1_i0.in", 4, 136.03}, Case{"problem_n10_m16_k1_i0.in", 16, 83.62}}) {
        SCOPED_TRACE(c.file);
        Expected<CpuGpuImport> in = importCpuGpuFiles({(kCorpus / "starpu" / "moldableilp" / c.file).string()}, {});
        ASSERT_TRUE(in) << in.error().message;
        EXPECT_EQ(in->instance.tasks.size(), 10u);
        EXPECT_EQ(in->instance.cpus, c.m);
        EXPECT_EQ(in->instance.gpus, 1);
        double cpu = 0, gpu = 0;
        for (const CpuGpuTask& t : in->instance.tasks) cpu += t.cpu, gpu += t.gpu;
        EXPECT_NEAR(cpu, 671.50, 0.01);
        EXPECT_NEAR(gpu, c.gpuSum, 0.01);
        for (const SolverSpec& spec : solversForKind("cpugpu")) {
            Expected<SolveResult> result = solve(Instance{in->instance}, spec.name, {});
            ASSERT_TRUE(result) << spec.name << ": " << result.error().message;
        }
    }
}

}  // namespace
}  // namespace hetsched
