// libFuzzer harness of the JSON platform reader (a dag instance's platform, or a bare platform object, as
// `hetsched import --platform FILE.json` and the import dialog read it; SimGrid-free).
#include "fuzz_common.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace hetsched;
    const std::string_view text = fuzz::asText(data, size);
    const Expected<DagPlatform> first = parseDagPlatformJson(text);
    fuzz::expectSameAnswer(first, parseDagPlatformJson(text));
    if (!first) return 0;
    DagInstance instance;
    instance.platform = *first;
    instance.tasks.push_back({"t", 0, 0});   // as the reader itself checks a bare platform
    fuzz::expectRoundTrip(Instance(std::move(instance)));
    return 0;
}
