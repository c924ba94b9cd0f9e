// libFuzzer harness of the moldableILP instance reader (Bleuse et al.'s CPU+GPU instances, one JSON line):
// read twice, and the instance it makes written and read back (tests/fuzz/fuzz_common.h).
#include "fuzz_common.h"
#include "io/cpugpu_import.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace hetsched;
    const std::string_view text = fuzz::asText(data, size);
    (void)looksLikeMoldableIlp(text);
    const Expected<CpuGpuImport> first = readMoldableIlpInstance(text);
    fuzz::expectSameAnswer(first, readMoldableIlpInstance(text));
    if (first) fuzz::expectRoundTrip(Instance(first->instance));
    return 0;
}
