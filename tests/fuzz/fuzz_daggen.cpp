// libFuzzer harness of the task graph reader for daggen's text output (tests/fuzz/fuzz_common.h says what is checked).
#include "fuzz_common.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    hetsched::fuzz::importTaskGraph(hetsched::fuzz::asText(data, size), "daggen");
    return 0;
}
