// libFuzzer harness of the partition cost profile reader (JSON records, per-device CSV, long CSV profiles):
// the bytes read with each way of filling the gaps between measured counts (linear, step, measured), with
// and without dropping non-positive costs, each twice; what reads is written and read back
// (tests/fuzz/fuzz_common.h).
#include "fuzz_common.h"
#include "io/partition_profile_reader.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace hetsched;
    const std::string_view text = fuzz::asText(data, size);
    for (const CostFill fill : {CostFill::Linear, CostFill::Step, CostFill::Measured}) {
        for (const bool drop : {false, true}) {
            PartitionProfileOptions options;
            options.tasks = 64;
            options.fill = fill;
            options.dropNonPositive = drop;
            const Expected<PartitionImport> first = readPartitionProfile(text, options, "fuzz-input");
            fuzz::expectSameAnswer(first, readPartitionProfile(text, options, "fuzz-input"));
            if (first) fuzz::expectRoundTrip(Instance(first->instance));
        }
    }
    return 0;
}
