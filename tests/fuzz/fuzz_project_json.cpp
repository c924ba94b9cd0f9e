// libFuzzer harness of the project reader (.hsproj: instances, runs, layouts): read twice, and what reads
// is written and read back (a deep runs or layout value overflowed the stack in the reader's copies).
#include "fuzz_common.h"
#include "io/project.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace hetsched;
    const std::string_view text = fuzz::asText(data, size);
    const Expected<Project> first = parseProject(text);
    fuzz::expectSameAnswer(first, parseProject(text));
    if (!first) return 0;
    const std::string json = projectToJson(*first).dump();
    const Expected<Project> back = parseProject(json);
    if (!back) fuzz::finding("a written project does not read back", back.error().message);
    return 0;
}
