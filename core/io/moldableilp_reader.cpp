// The moldableILP project's CPU+GPU instances (Bleuse, Hunold, Kedad-Sidhoum et al., TPDS 2017): one
// JSON line, {"meta": {n, m, k}, "cpudata": {"nb_p": [1..m], "t1": [time on 1..m cores], ...},
// "gpudata": {"t1": time on one GPU, ...}}. Our CPU/GPU model has sequential CPU tasks: t_i[0] is the
// CPU time, the times on more cores are dropped (said in a note).
#include <cmath>
#include <filesystem>

#include "io/cpugpu_import.h"
#include "io/graph_reader_util.h"
#include "io/instance_io.h"
#include "io/json_reader.h"

namespace hetsched {

using json_detail::JsonNode;

bool looksLikeMoldableIlp(std::string_view text) {
    const std::string_view head = graph_reader::trimmed(text.substr(0, 4096));
    return head.starts_with("{") && head.find("\"meta\"") != std::string_view::npos &&
           (head.find("\"cpudata\"") != std::string_view::npos || text.find("\"cpudata\"") != std::string_view::npos);
}

Expected<CpuGpuImport> readMoldableIlpInstance(std::string_view text) {
    try {
        const nlohmann::json json = json_detail::parseJsonText(text);
        const JsonNode root(json, "");
        root.requireObject();
        const JsonNode meta = root.at("meta");
        const std::int64_t n = meta.at("n").integer(1, 1'000'000);
        const std::int64_t m = meta.at("m").integer(0, 10'000);
        const std::int64_t k = meta.at("k").integer(0, 10'000);
        const JsonNode cpu = root.at("cpudata"), gpu = root.at("gpudata");
        CpuGpuImport result;
        result.format = "moldableILP instance";
        CpuGpuInstance& in = result.instance;
        in.cpus = static_cast<int>(m);
        in.gpus = static_cast<int>(k);
        if (m == 0 && k == 0) meta.at("m").fail("m and k are both 0: the platform needs a processor");
        std::size_t moldable = 0, gpuLists = 0;
        for (std::int64_t i = 1; i <= n; ++i) {
            std::string key = "t";
            key += std::to_string(i);   // appended: GCC 12 warns falsely (-Wrestrict) on "t" + std::string
            const JsonNode cpuTimes = cpu.at(key.c_str());
            cpuTimes.requireArray();
            if (cpuTimes.size() == 0) cpuTimes.fail("expected the task's time on 1, 2, ... cores, got an empty list");
            CpuGpuTask task;
            task.name = key;
            task.cpu = cpuTimes[0].numberIn(1e-9, 1e12);
            for (std::size_t c = 1; c < cpuTimes.size(); ++c) cpuTimes[c].numberIn(1e-9, 1e12);   // checked, then dropped
            moldable += cpuTimes.size() > 1;
            const JsonNode gpuTime = gpu.at(key.c_str());
            if (gpuTime.raw().is_array()) {
                // One time per GPU: identical GPUs in our model, so their mean (said in a note).
                if (gpuTime.size() == 0) gpuTime.fail("expected the task's time on a GPU, got an empty list");
                double sum = 0;
                for (std::size_t g = 0; g < gpuTime.size(); ++g) sum += gpuTime[g].numberIn(1e-9, 1e12);
                task.gpu = sum / static_cast<double>(gpuTime.size());
                ++gpuLists;
            } else {
                task.gpu = gpuTime.numberIn(1e-9, 1e12);
            }
            in.tasks.push_back(std::move(task));
        }
        result.notes.push_back("n = " + std::to_string(n) + " tasks, m = " + std::to_string(m) + " CPUs, k = " +
                               std::to_string(k) + " GPUs from meta; CPU time = cpudata.t_i[0] (one core), GPU time = gpudata.t_i");
        if (moldable > 0)
            result.notes.push_back("the times on 2 or more cores of " + std::to_string(moldable) +
                                   " moldable tasks were dropped: our CPU/GPU model runs a task on one core");
        if (gpuLists > 0)
            result.notes.push_back(std::to_string(gpuLists) + " tasks list a time per GPU: their mean is the GPU time");
        Expected<Instance> checked = instanceFromJson(instanceToJson(Instance{in}));
        if (!checked) return invalidInput("the imported CPU/GPU instance: " + checked.error().message);
        return result;
    } catch (const json_detail::InputError& e) {
        return invalidInput(e.what());
    }
}

Expected<CpuGpuImport> importCpuGpuFiles(const std::vector<std::string>& paths, const CpuGpuImportOptions& options) {
    namespace fs = std::filesystem;
    for (const std::string& path : paths) {
        std::error_code ec;
        if (fs::is_directory(path, ec)) continue;
        Expected<std::string> text = readTextFile(path);
        if (!text) return text.error();
        if (!looksLikeMoldableIlp(*text)) continue;
        if (paths.size() != 1) return invalidInput(path + ": a moldableILP instance is imported alone (one file)");
        Expected<CpuGpuImport> in = readMoldableIlpInstance(*text);
        if (!in) return Error{in.error().kind, path + ": " + in.error().message};
        if (options.cpus) in->instance.cpus = *options.cpus;
        if (options.gpus) in->instance.gpus = *options.gpus;
        if (options.cpus || options.gpus)
            in->notes.push_back("overridden by the flags: m = " + std::to_string(in->instance.cpus) + ", k = " +
                                std::to_string(in->instance.gpus));
        in->instance.epsilon = options.epsilon;
        return in;
    }
    return importStarPuModels(paths, options);
}

}  // namespace hetsched
