// libFuzzer harness of StarPU's readers: the same bytes as a performance model (SYMBOL.HOST), as a bus
// configuration (HOST.config), as a bus bandwidth matrix (HOST.bandwidth), as a recutils file (tasks.rec,
// starpu_perfmodel_recdump), each read twice; then the whole import (`hetsched import --kind cpugpu`) of the
// bytes as a model file, twice, and the instance it makes written and read back (tests/fuzz/fuzz_common.h).
#include <filesystem>
#include <fstream>
#include <unistd.h>

#include "fuzz_common.h"
#include "io/cpugpu_import.h"
#include "io/divisible_import.h"

namespace {

// A directory of this process for the model file the import reads by path.
const std::filesystem::path& scratchDirectory() {
    static const std::filesystem::path directory = [] {
        std::string pattern = (std::filesystem::temp_directory_path() / "hetsched-fuzz-starpu-XXXXXX").string();
        if (!::mkdtemp(pattern.data())) hetsched::fuzz::finding("cannot make a scratch directory");
        return std::filesystem::path(pattern);
    }();
    return directory;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace hetsched;
    const std::string_view text = fuzz::asText(data, size);
    fuzz::expectSameAnswer(readStarPuPerfModel(text, "kernel"), readStarPuPerfModel(text, "kernel"));
    fuzz::expectSameAnswer(readStarPuBusConfig(text), readStarPuBusConfig(text));
    fuzz::expectSameAnswer(readRecFile(text), readRecFile(text));
    fuzz::expectSameAnswer(readStarPuTasksRec(text), readStarPuTasksRec(text));

    const DivisibleFromPlatformOptions busOptions{.returnBytes = 1e6};
    const Expected<DivisibleImport> bus = divisibleFromStarPuBus(text, 2, 1e9, busOptions);
    fuzz::expectSameAnswer(bus, divisibleFromStarPuBus(text, 2, 1e9, busOptions));
    if (bus) fuzz::expectRoundTrip(Instance(bus->instance));

    // The file as a model of machine "fuzzhost" (a .rec dump when it holds "%rec:"), 3 tasks of its kernel.
    const std::filesystem::path model = scratchDirectory() / "kernel.fuzzhost";
    {
        std::ofstream out(model, std::ios::binary | std::ios::trunc);
        out.write(text.data(), static_cast<std::streamsize>(text.size()));
        if (!out) fuzz::finding("cannot write the scratch model file");
    }
    CpuGpuImportOptions options;
    options.cpus = 4;
    options.gpus = 2;
    options.keepOneSided = true;
    options.counts.push_back({"kernel", std::nullopt, 3});
    const Expected<CpuGpuImport> first = importStarPuModels({model.string()}, options);
    fuzz::expectSameAnswer(first, importStarPuModels({model.string()}, options));
    if (first) fuzz::expectRoundTrip(Instance(first->instance));
    return 0;
}
