// Validated reading of JSON documents: every error names the JSON path and what is wrong.
#pragma once

#include <array>
#include <cstdint>
#include <initializer_list>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace hetsched::json_detail {

// Thrown inside readers only and turned into an Error at the reader's boundary.
class InputError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

class FastJsonDocument;
struct FastAccess;
class JsonNode;
template <std::size_t N>
class JsonFields;

// A position in a document: the value and its path ("resources[1].cost.table"). The value is either a node of
// an nlohmann::json tree or an element of a document parsed by simdjson (FastJsonDocument): readers see the
// same calls, the same answers and the same messages from both. A node refers to its parent to name its path
// when it fails (the path is built only then): it must not outlive its parent node, nor the key it was asked by.
class JsonNode {
public:
    JsonNode(const nlohmann::json& value, std::string path) : m_rootPath(std::move(path)), m_value(&value) {}

    std::string path() const;
    // The nlohmann value; only for nodes of an nlohmann::json tree (readers of files other than instances).
    const nlohmann::json& raw() const;

    [[noreturn]] void fail(const std::string& what) const;

    void requireObject() const;
    void requireArray() const;
    // Rejects keys outside `allowed`, naming the first unknown one and the keys that are expected.
    void requireOnlyKeys(std::initializer_list<const char*> allowed) const;

    // requireOnlyKeys(keys), then each key's value, in one walk over the object: for the readers of large files,
    // where a walk per key (and one more for the check) was most of the reading. Same answers and messages.
    template <std::size_t N>
    JsonFields<N> fields(const char* const (&keys)[N]) const;

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
    // The string without a copy, valid as long as the document.
    std::string_view stringView() const;

    bool isNull() const;
    bool isArray() const;
    // The value as nlohmann::json::dump writes it ("1e+31", "2.0", "\"a\""), for messages.
    std::string text() const;
    // The value as the nlohmann tree its text parses into (a copy): for values kept as they are (a project's runs).
    nlohmann::json json() const;
    // The same value as a root (its path ""): a reader run on a part of a document names paths from there.
    JsonNode asRoot() const;

private:
    friend class FastJsonDocument;
    friend struct FastAccess;
    template <std::size_t N>
    friend class JsonFields;
    JsonNode() = default;
    // fields(): values[i] is the last value of keys[i], or nullopt.
    void readFields(const char* const* keys, std::size_t count, std::optional<JsonNode>* values) const;
    [[noreturn]] void failUnknownKey(const std::string& key, const char* const* allowed, std::size_t count) const;
    JsonNode child(std::string_view key) const;
    JsonNode child(std::size_t index) const;
    bool isFast() const { return m_value == nullptr; }

    // Where the node is: the root's path, or its parent and its key or index there.
    const JsonNode* m_parent = nullptr;
    std::string_view m_key;
    std::size_t m_index = 0;
    bool m_byKey = false;
    std::string m_rootPath;
    // The value: an nlohmann node, or (m_value null) a simdjson element kept as its bytes (json_reader.cpp
    // checks the size), with the position of the last element read of an array, so that reading an array in
    // order is linear (simdjson's arrays are walked, not indexed).
    const nlohmann::json* m_value = nullptr;
    alignas(8) unsigned char m_element[16] = {};
    alignas(8) mutable unsigned char m_cursor[16] = {};
    mutable std::size_t m_cursorIndex = static_cast<std::size_t>(-1);
    mutable std::size_t m_size = static_cast<std::size_t>(-1);
};

// An object's values by key, read in one walk (JsonNode::fields). It refers to the object's node: it must not
// outlive it.
template <std::size_t N>
class JsonFields {
public:
    JsonFields(const JsonNode& object, const char* const (&keys)[N]) : m_object(&object) {
        for (std::size_t i = 0; i < N; ++i) m_keys[i] = keys[i];
        object.readFields(m_keys.data(), N, m_values.data());
    }
    // As JsonNode::at and JsonNode::find; `key` is one of the keys asked for.
    const JsonNode& at(const char* key) const {
        const std::optional<JsonNode>& value = m_values[slot(key)];
        if (!value) m_object->fail(std::string("missing key '") + key + "'");
        return *value;
    }
    const std::optional<JsonNode>& find(const char* key) const { return m_values[slot(key)]; }

private:
    std::size_t slot(const char* key) const {
        for (std::size_t i = 0; i < N; ++i)   // the same literal first: no strlen
            if (m_keys[i] == key) return i;
        for (std::size_t i = 0; i < N; ++i)
            if (std::string_view(m_keys[i]) == key) return i;
        throw std::logic_error(std::string("JsonFields: '") + key + "' was not asked for");
    }
    const JsonNode* m_object;
    std::array<const char*, N> m_keys{};
    std::array<std::optional<JsonNode>, N> m_values;
};

template <std::size_t N>
JsonFields<N> JsonNode::fields(const char* const (&keys)[N]) const {
    return JsonFields<N>(*this, keys);
}

// A document parsed by simdjson (DOM), for reading large files fast through JsonNode.
class FastJsonDocument {
public:
    // Parses `text`; null when simdjson refuses it (a syntax error, nesting deeper than kMaxJsonDepth, a number
    // out of range...), and then the caller reads the text with parseJsonText, whose message names the problem
    // as it always has. `padded`: the text's buffer has SIMDJSON_PADDING (64) readable bytes after its end,
    // so that it need not be copied.
    static std::unique_ptr<FastJsonDocument> parse(std::string_view text, bool padded);
    ~FastJsonDocument();
    JsonNode root() const;

private:
    FastJsonDocument();
    struct Impl;
    std::unique_ptr<Impl> m_impl;
};

// The bytes of padding simdjson reads past the end of a text (see FastJsonDocument::parse).
constexpr std::size_t kJsonPadding = 64;

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
