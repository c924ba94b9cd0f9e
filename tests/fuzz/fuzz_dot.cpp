// libFuzzer harness of the DOT reader (Graphviz's cgraph); after each input a plain graph must still read
// (cgraph's lexer state). tests/fuzz/fuzz_common.h says what else is checked.
#include "fuzz_common.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    hetsched::fuzz::importTaskGraph(hetsched::fuzz::asText(data, size), "dot");
    // Whatever the input left behind, the next read of a plain graph works (an unclosed /* comment kept
    // cgraph's lexer inside the comment for every later read of the process).
    const hetsched::Expected<hetsched::TaskGraphImport> plain =
        hetsched::readDotTaskGraph("digraph { a -> b }", hetsched::TaskGraphImportOptions{.defaultFlops = 1, .defaultBytes = 0});
    if (!plain || plain->graph.tasks.size() != 2) hetsched::fuzz::finding("a plain graph no longer reads after this input");
    return 0;
}
