// Validated reading of JSON documents: every error names the JSON path and what is wrong.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <stdexcept>
#include <string>

#include <nlohmann/json.hpp>

namespace hetsched::json_detail {

// Thrown inside readers only and turned into an Error at the reader's boundary.
class InputError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// A position in a document: the value and its path ("resources[1].cost.table").
class JsonNode {
public:
    JsonNode(const nlohmann::json& value, std::string path) : m_value(&value), m_path(std::move(path)) {}

    const std::string& path() const { return m_path; }
    const nlohmann::json& raw() const { return *m_value; }

    [[noreturn]] void fail(const std::string& what) const;

    void requireObject() const;
    void requireArray() const;
    // Rejects keys outside `allowed`, naming the first unknown one and the keys that are expected.
    void requireOnlyKeys(std::initializer_list<const char*> allowed) const;

    bool has(const char* key) const;
    JsonNode at(const char* key) const;                 // a required key of an object
    std::optional<JsonNode> find(const char* key) const;
    std::size_t size() const;                           // of an array
    JsonNode operator[](std::size_t index) const;       // of an array

    double number() const;                              // finite
    double numberIn(double minimum, double maximum) const;
    std::int64_t integer(std::int64_t minimum, std::int64_t maximum) const;
    bool boolean() const;
    std::string string() const;
    std::string nonEmptyString() const;

private:
    const nlohmann::json* m_value;
    std::string m_path;
};

std::string describeType(const nlohmann::json& value);

// The deepest nesting of arrays and objects a document may have. nlohmann::json parses without recursion,
// but copies, compares and writes recursively: 130,000 levels (260 KB) overflow the stack. HetSched's own
// documents nest about 10 levels.
constexpr std::size_t kMaxJsonDepth = 256;

// Where the text nests arrays and objects deeper than kMaxJsonDepth ("line 1, column 257: JSON nested
// deeper than 256 levels ..."), found by a scan that follows strings; none when it does not.
std::optional<std::string> jsonNestingProblem(std::string_view text);

// Parses text; a syntax error (or nesting deeper than kMaxJsonDepth) becomes an InputError with line and column.
nlohmann::json parseJsonText(std::string_view text);

}  // namespace hetsched::json_detail
