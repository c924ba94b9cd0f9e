// libFuzzer harness of the instance reader (every family's JSON): read twice, and what reads is written
// and read back (tests/fuzz/fuzz_common.h).
#include "fuzz_common.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace hetsched;
    const std::string_view text = fuzz::asText(data, size);
    const Expected<Instance> first = parseInstance(text);
    fuzz::expectSameAnswer(first, parseInstance(text));
    if (first) fuzz::expectRoundTrip(*first);
    return 0;
}
