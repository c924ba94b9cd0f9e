// libFuzzer harness of the task graph reader for Kasahara's STG (tests/fuzz/fuzz_common.h says what is checked).
#include "fuzz_common.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    hetsched::fuzz::importTaskGraph(hetsched::fuzz::asText(data, size), "stg");
    return 0;
}
