// libFuzzer harness of the instance reader (every family's JSON): read twice, and what reads is written
// and read back (tests/fuzz/fuzz_common.h). The CPU/GPU reader of one forward pass (what `hetsched solve FILE`
// tries first), and the task graph one, read nothing that the reader refuses or reads otherwise.
#include "fuzz_common.h"

#include "io/cpugpu_io.h"
#include "io/dag_io.h"
#include "io/json_reader.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace hetsched;
    const std::string_view text = fuzz::asText(data, size);
    const Expected<Instance> first = parseInstance(text);
    fuzz::expectSameAnswer(first, parseInstance(text));
    if (first) fuzz::expectRoundTrip(*first);
    std::string padded(text);
    padded.append(json_detail::kJsonPadding, ' ');
    if (const std::optional<CpuGpuInstance> forward = readCpuGpuInstanceForward(std::string_view(padded).substr(0, size))) {
        if (!first) fuzz::finding("the forward CPU/GPU reader reads what the reader refuses", first.error().message);
        if (instanceToJson(Instance{*forward}) != instanceToJson(*first))
            fuzz::finding("the forward CPU/GPU reader reads another instance than the reader");
    }
    if (const std::optional<DagInstance> forward = readDagInstanceForward(std::string_view(padded).substr(0, size))) {
        if (!first) fuzz::finding("the forward task graph reader reads what the reader refuses", first.error().message);
        if (instanceToJson(Instance{*forward}) != instanceToJson(*first))
            fuzz::finding("the forward task graph reader reads another instance than the reader");
    }
    return 0;
}
