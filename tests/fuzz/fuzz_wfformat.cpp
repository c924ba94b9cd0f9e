// libFuzzer harness of the task graph reader for WfCommons WfFormat, WorkflowHub, SimGrid and WRENCH JSON (tests/fuzz/fuzz_common.h says what is checked).
#include "fuzz_common.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    hetsched::fuzz::importTaskGraph(hetsched::fuzz::asText(data, size), "wfformat");
    return 0;
}
