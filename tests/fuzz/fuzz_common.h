// What every harness checks of a reader: any bytes get a value or an Error, never a crash, a hang or an
// unbounded allocation (libFuzzer and the sanitizers catch those); the same bytes read twice in one
// process get the same answer (no state leaks from one read to the next: cgraph and libxml2 keep
// globals); and what is read can be written and read back (nlohmann::json throws when it writes a
// string that is not UTF-8, which took `hetsched import` down).
#pragma once

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "io/dag_import.h"
#include "io/instance_io.h"
#include "model/dag.h"

namespace hetsched::fuzz {

inline std::string_view asText(const std::uint8_t* data, std::size_t size) {
    return {reinterpret_cast<const char*>(data), size};
}

// A finding: the message, then abort(), which libFuzzer reports with the input that caused it.
[[noreturn]] inline void finding(const char* what, const std::string& detail = {}) {
    std::fprintf(stderr, "fuzz finding: %s%s%s\n", what, detail.empty() ? "" : ": ", detail.c_str());
    std::abort();
}

template <class T>
void expectSameAnswer(const Expected<T>& first, const Expected<T>& second) {
    if (first.ok() != second.ok()) finding("a second read of the same bytes gives another answer");
    if (!first.ok() && first.error().message != second.error().message)
        finding("a second read of the same bytes gives another message", first.error().message + " | " +
                                                                             second.error().message);
}

// An instance written as JSON reads back.
inline void expectRoundTrip(const Instance& instance) {
    const std::string json = instanceToJson(instance).dump();
    const Expected<Instance> back = parseInstance(json);
    if (!back) finding("a written instance does not read back", back.error().message);
}

inline DagPlatform smallPlatform() {
    DagPlatform platform;
    platform.clusters.push_back({"c", 4, 1e9, 1.25e8, 1e-4});
    return platform;
}

// The path of `hetsched import` and of the GUI's import: read, read again, place on a platform, write.
inline void importTaskGraph(std::string_view text, const std::string& format) {
    TaskGraphImportOptions options;
    options.defaultFlops = 1e9;   // so that files without sizes go on to the platform and the writer
    options.defaultBytes = 0;
    Expected<TaskGraphImport> first = readTaskGraph("fuzz-input", text, options, format);
    const Expected<TaskGraphImport> second = readTaskGraph("fuzz-input", text, options, format);
    expectSameAnswer(first, second);
    if (!first) return;
    if (first->graph.tasks.size() != second->graph.tasks.size() || first->graph.edges.size() != second->graph.edges.size())
        finding("a second read of the same bytes gives another graph");
    Expected<DagInstance> placed = placeTaskGraph(std::move(first->graph), smallPlatform());
    if (placed) expectRoundTrip(Instance(std::move(*placed)));
}

}  // namespace hetsched::fuzz
