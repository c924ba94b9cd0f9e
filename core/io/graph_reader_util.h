// Helpers shared by the task graph readers: locale-free numbers, lines and fields, the merging of
// duplicate dependencies (DOT, daggen text, STG) and the bytes of dependencies from files (WfFormat,
// DAX). Private to core/io.
#pragma once

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "common/utf8.h"
#include "io/task_graph_import.h"
#include "model/dag.h"

namespace hetsched::graph_reader {

inline std::string_view trimmed(std::string_view text) {
    const std::size_t first = text.find_first_not_of(" \t\r\n");
    if (first == std::string_view::npos) return {};
    const std::size_t last = text.find_last_not_of(" \t\r\n");
    return text.substr(first, last - first + 1);
}

// The text without a leading UTF-8 byte order mark, which editors on Windows write and parsers refuse.
inline std::string_view withoutByteOrderMark(std::string_view text) {
    return text.starts_with("\xEF\xBB\xBF") ? text.substr(3) : text;
}

// The whole text as a number, ignoring surrounding blanks; "inf" and "nan" parse (callers refuse them).
// std::from_chars, not strtod: the GUI runs under the user's locale, where the decimal point may be ','.
inline std::optional<double> parseNumber(std::string_view text) {
    text = trimmed(text);
    if (!text.empty() && text.front() == '+') text.remove_prefix(1);
    if (text.empty()) return std::nullopt;
    double value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc() || end != text.data() + text.size()) return std::nullopt;
    return value;
}

// A non-negative integer small enough to index tasks.
inline std::optional<std::size_t> parseIndex(std::string_view text) {
    text = trimmed(text);
    std::size_t value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || error != std::errc() || end != text.data() + text.size()) return std::nullopt;
    return value;
}

// Shortest form that reads back to the same value ("1e+09", "0.5"), locale-free.
inline std::string formatNumber(double value) {
    char buffer[64];
    const auto [end, error] = std::to_chars(buffer, buffer + sizeof buffer, value);
    return error == std::errc() ? std::string(buffer, end) : std::string("?");
}

// Built by appending: GCC 12 warns falsely (-Wrestrict) on "\"" + std::string(...).
inline std::string quoted(std::string_view name) {
    std::string text;
    text.reserve(name.size() + 2);
    text.append(1, '"').append(name).append(1, '"');
    return text;
}

// Blank-separated fields of a line.
inline std::vector<std::string_view> splitFields(std::string_view line) {
    std::vector<std::string_view> fields;
    std::size_t at = 0;
    while (true) {
        at = line.find_first_not_of(" \t\r", at);
        if (at == std::string_view::npos) break;
        const std::size_t end = std::min(line.find_first_of(" \t\r", at), line.size());
        fields.push_back(line.substr(at, end - at));
        at = end;
    }
    return fields;
}

// The lines of a text with their 1-based numbers.
struct NumberedLine {
    std::size_t number = 0;
    std::string_view text;
};
inline std::vector<NumberedLine> numberedLines(std::string_view text) {
    std::vector<NumberedLine> lines;
    std::size_t at = 0, number = 1;
    while (at < text.size()) {
        std::size_t end = text.find('\n', at);
        if (end == std::string_view::npos) end = text.size();
        lines.push_back({number++, text.substr(at, end - at)});
        at = end + 1;
    }
    return lines;
}

inline std::string linePrefix(std::size_t number) { return "line " + std::to_string(number) + ": "; }

// Whether the text is UTF-8, the text read as Latin-1, the text as UTF-8 either way (common/utf8.h).
using utf8::asUtf8;
using utf8::isValidUtf8;
using utf8::latin1ToUtf8;

// The error when a file asks for more dependencies than options.maxEdges (checked as they are made, so
// that a small file cannot make millions of them).
inline Error tooManyEdgesError(std::size_t maxEdges) {
    return invalidInput("more than " + std::to_string(maxEdges) +
                        " dependencies, the limit of an import (raise it with --max-edges N, the Max dependencies "
                        "field of the import dialog)");
}
inline Error taskLimitError(std::size_t maxTasks) {
    return invalidInput("more than " + std::to_string(maxTasks) +
                        " tasks, the limit of an import (raise it with --max-tasks N, the Max tasks field of the "
                        "import dialog)");
}
inline Error tooManyTasksError(std::size_t count, std::size_t maxTasks) {
    return invalidInput(std::to_string(count) + " tasks, more than " + std::to_string(maxTasks) +
                        ", the limit of an import (raise it with --max-tasks N, the Max tasks field of the import "
                        "dialog)");
}

// Dependencies in first-seen order; a repeated (from, to) pair adds its bytes to the first one, since a
// dag instance holds at most one edge per pair (daggen writes some edges twice).
// At most `maxEdges` distinct dependencies: add() refuses one more (returns false; see tooManyEdgesError).
class EdgeCollector {
public:
    explicit EdgeCollector(std::size_t maxEdges) : m_maxEdges(maxEdges) {}
    [[nodiscard]] bool add(std::size_t from, std::size_t to, double bytes) {
        const auto found = m_index.find({from, to});
        if (found != m_index.end()) {
            m_edges[found->second].bytes += bytes;
            ++m_merged;
            return true;
        }
        if (m_edges.size() >= m_maxEdges) return false;
        m_index.emplace(std::make_pair(from, to), m_edges.size());
        m_edges.push_back({from, to, bytes});
        return true;
    }
    std::size_t merged() const { return m_merged; }
    std::vector<DagEdge> take() { return std::move(m_edges); }

private:
    std::size_t m_maxEdges;
    std::map<std::pair<std::size_t, std::size_t>, std::size_t> m_index;
    std::vector<DagEdge> m_edges;
    std::size_t m_merged = 0;
};

inline std::string mergedEdgesNote(std::size_t merged) {
    return "merged " + std::to_string(merged) + " duplicate edge" + (merged == 1 ? "" : "s") + " (bytes added)";
}

inline std::string countOf(std::size_t count, const char* singular, const char* plural) {
    return std::to_string(count) + " " + (count == 1 ? singular : plural);
}

// The bytes of each dependency writer -> child: the sizes of the files the child reads and the writer
// writes, each input counted once per child. A file without a size counts as options.defaultBytes (with
// one note), else the error names the flag. `edgeOf` maps writer * (taskCount + 1) + child to the index
// of that dependency in `edges`; `inputsOf(child)` points to the child's input files (null: it reads
// none, such as a transfer task), `writersOf(f)` lists the tasks writing file f, `sizeOf(f)` is its size
// when known and `describe(writer, child, f)` names the first dependency whose file has none.
template <class InputsOf, class WritersOf, class SizeOf, class Describe>
std::optional<Error> addFileBytes(std::vector<DagEdge>& edges,
                                  const std::unordered_map<std::uint64_t, std::size_t>& edgeOf, std::size_t taskCount,
                                  InputsOf inputsOf, WritersOf writersOf, SizeOf sizeOf, Describe describe,
                                  const TaskGraphImportOptions& options, std::vector<std::string>& notes) {
    std::vector<bool> edgeMissing(edges.size(), false);
    std::size_t missingEdges = 0;
    std::string missingExample;
    std::vector<std::size_t> inputs;
    const std::size_t stepBudget = 10 * options.maxEdges;
    std::size_t steps = 0;
    for (std::size_t child = 0; child < taskCount; ++child) {
        const std::vector<std::size_t>* childInputs = inputsOf(child);
        if (!childInputs) continue;
        inputs = *childInputs;
        std::sort(inputs.begin(), inputs.end());
        inputs.erase(std::unique(inputs.begin(), inputs.end()), inputs.end());
        for (std::size_t f : inputs) {
            // A file written by thousands of tasks and read by thousands more is millions of checks.
            if ((steps += 1 + writersOf(f).size()) > stepBudget)
                return invalidInput("files written and read by too many tasks: matching their writers with their "
                                    "readers takes more than " + std::to_string(stepBudget) +
                                    " steps (10 x the limit of dependencies, raised with --max-edges)");
            for (std::size_t writer : writersOf(f)) {
                auto edge = edgeOf.find(static_cast<std::uint64_t>(writer) * (taskCount + 1) + child);
                if (edge == edgeOf.end()) continue;
                if (const std::optional<double> size = sizeOf(f)) {
                    edges[edge->second].bytes += *size;
                    continue;
                }
                if (!edgeMissing[edge->second]) {
                    edgeMissing[edge->second] = true;
                    if (missingEdges++ == 0) missingExample = describe(writer, child, f);
                }
                edges[edge->second].bytes += options.defaultBytes.value_or(0);
            }
        }
    }
    if (missingEdges == 0) return std::nullopt;
    if (!options.defaultBytes) return missingSizeError(missingEdges, missingExample, true);
    char bytes[32];
    std::snprintf(bytes, sizeof bytes, "%g", *options.defaultBytes);
    notes.push_back(std::to_string(missingEdges) + " dependenc" + (missingEdges == 1 ? "y" : "ies") +
                    " carrying a file without a size: each such file counted as --default-bytes " + bytes);
    return std::nullopt;
}

}  // namespace hetsched::graph_reader
