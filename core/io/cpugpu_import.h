// CPU/GPU instances from the files of the people who run such tasks: StarPU's performance models
// (sampling/codelets/45/SYMBOL.HOST, the machine's sampling/bus/HOST.config, a run's tasks.rec, a
// starpu_perfmodel_recdump file) and the moldableILP project's instances (Bleuse et al.). docs/formats.md
// shows each format and what is read from it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/expected.h"
#include "common/options.h"
#include "model/cpugpu.h"

namespace hetsched {

// One row of a history table: a data footprint measured on one device combination.
struct StarPuHistoryEntry {
    std::uint32_t footprint = 0;   // StarPU's hash of the data sizes ("%08x" in the file)
    std::uint64_t sizeBytes = 0;   // the data's total size
    double flops = 0;              // as the application declared it (may be 0 or NaN)
    double meanUs = 0;             // mean execution time, microseconds
    double deviationUs = 0;
    std::uint64_t samples = 0;
    std::size_t line = 0;          // 1-based, in the file it came from
};

// StarPU's device types as the files number them (CPU - 0, CUDA - 1, OPENCL - 2, MIC - 3, ...).
enum class StarPuDeviceType { Cpu = 0, Cuda = 1, OpenCl = 2, Mic = 3 };

// One device combination of a model (single-device combinations are what StarPU measures per worker).
struct StarPuArchitecture {
    int deviceType = 0;
    int deviceId = 0;
    int cores = 1;
    std::vector<StarPuHistoryEntry> entries;   // of the first implementation (the one StarPU's estimates use)
};

struct StarPuPerfModel {
    std::string symbol;
    int version = 45;
    std::vector<StarPuArchitecture> architectures;
};

// A performance model file. Versions 45 (StarPU 1.3 and later) and 44 (the same without the
// multiple-regression count line) are read; any other version is refused naming it. Errors name the
// line and what was expected there (the caller adds the file).
Expected<StarPuPerfModel> readStarPuPerfModel(std::string_view text, const std::string& symbol);

// sampling/bus/HOST.config: the numbers of CPUs, CUDA, OpenCL and MIC devices of the machine.
struct StarPuMachine {
    int cpus = 0;
    int cuda = 0;
    int opencl = 0;
    int mic = 0;
};
Expected<StarPuMachine> readStarPuBusConfig(std::string_view text);

// A GNU recutils record (starpu_fxt_tool's tasks.rec, starpu_perfmodel_recdump's output): its
// record type (the last "%rec:" above it, empty if none), its fields in order, its first line.
struct RecRecord {
    std::string type;
    std::size_t line = 0;
    std::vector<std::pair<std::string, std::string>> fields;   // values trimmed, continuation lines joined
    const std::string* field(std::string_view name) const;     // the first field of that name, or null
};
Expected<std::vector<RecRecord>> readRecFile(std::string_view text);

// A task of tasks.rec (the fields starpu_fxt_tool writes; only Model and Footprint are needed).
struct StarPuTaskRecord {
    std::string name;                         // Name (else Model)
    std::string model;                        // Model: the performance model's symbol
    std::optional<std::uint32_t> footprint;   // Footprint, hexadecimal
    std::string jobId;
    std::optional<int> workerId;
    std::optional<double> startTimeMs, endTimeMs;   // StartTime/EndTime (ms)
    std::optional<double> gflop;
    std::vector<double> estimatedUs;          // EstimatedTime (starpu_tasks_rec_complete): one per worker
    std::size_t line = 0;
};
// The task records of a tasks.rec (records without a JobId, or "Control:" records, are not tasks).
Expected<std::vector<StarPuTaskRecord>> readStarPuTasksRec(std::string_view text);

// "SYMBOL[@FOOTPRINT]=N": N tasks of that kernel; FOOTPRINT is the hash (hex) or the size in bytes.
struct KernelCount {
    std::string symbol;
    std::optional<std::string> footprint;
    std::int64_t count = 0;
};
Expected<std::vector<KernelCount>> parseKernelCounts(const std::vector<std::string>& entries);

struct CpuGpuImportOptions {
    std::optional<std::string> host;            // the machine (SYMBOL.HOST, HOST.config); from a model file's name if unset
    std::vector<KernelCount> counts;            // the tasks, by kernel
    std::optional<std::string> tasksFile;       // or the tasks of a run (tasks.rec)
    std::optional<int> cpus, gpus;              // override HOST.config
    bool reserveCpuPerGpu = false;              // m = CPUs - CUDA devices (a core per GPU driver, as StarPU may do)
    bool keepOneSided = false;                  // keep a kernel measured on one kind of device only, on that kind
    double epsilon = 1e-3;
};

// The options as a table named as the flags of `hetsched import --kind cpugpu` (without "--"): host,
// counts, tasks, cpus, gpus, reserve-cpu-per-gpu, keep-one-sided.
const OptionTable& cpuGpuImportOptionTable();
Expected<CpuGpuImportOptions> cpuGpuImportOptions(const OptionValues& values);

// An imported instance with what was read from where ("m = 12 CPUs, k = 3 GPUs from mirage.config").
struct CpuGpuImport {
    CpuGpuInstance instance;
    std::string format;
    std::vector<std::string> notes;
};

// A time given to the kind of device a kernel was never measured on when keepOneSided: so long that
// no schedule within any bound the solvers prove puts it there.
constexpr double kUnmeasuredTimeUs = 1e12;

// StarPU: `paths` are sampling directories (or $STARPU_PERF_MODEL_DIR, or codelets/45), model files
// SYMBOL.HOST, or starpu_perfmodel_recdump .rec files. Times stay in microseconds. Errors name the file.
Expected<CpuGpuImport> importStarPuModels(const std::vector<std::string>& paths, const CpuGpuImportOptions& options);

// One moldableILP instance (a line of JSON: meta {n, m, k}, cpudata.t_i per CPU count, gpudata.t_i):
// the time on one CPU is the CPU time; the multi-core times are dropped, with a note.
Expected<CpuGpuImport> readMoldableIlpInstance(std::string_view text);

// True when the text looks like a moldableILP instance (a JSON object with "meta" and "cpudata").
bool looksLikeMoldableIlp(std::string_view text);

// Any of the above by content: moldableILP files read alone, everything else through importStarPuModels.
Expected<CpuGpuImport> importCpuGpuFiles(const std::vector<std::string>& paths, const CpuGpuImportOptions& options);

}  // namespace hetsched
