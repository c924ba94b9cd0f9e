#include "io/json_reader.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <sstream>
#include <type_traits>

#include <simdjson.h>

namespace hetsched::json_detail {

std::string describeType(const nlohmann::json& value) {
    switch (value.type()) {
    case nlohmann::json::value_t::null: return "null";
    case nlohmann::json::value_t::object: return "an object";
    case nlohmann::json::value_t::array: return "an array";
    case nlohmann::json::value_t::string: return "a string";
    case nlohmann::json::value_t::boolean: return "a boolean";
    case nlohmann::json::value_t::number_integer:
    case nlohmann::json::value_t::number_unsigned:
    case nlohmann::json::value_t::number_float: return "a number";
    default: return "an unsupported value";
    }
}

// --- simdjson's elements inside a JsonNode ----------------------------------------------------------------

namespace dom = simdjson::dom;
static_assert(sizeof(dom::element) <= 16 && std::is_trivially_copyable_v<dom::element>);
static_assert(sizeof(dom::array::iterator) <= 16 && std::is_trivially_copyable_v<dom::array::iterator>);
static_assert(kJsonPadding >= simdjson::SIMDJSON_PADDING);

struct FastAccess {
    static dom::element element(const JsonNode& node) {
        dom::element e;
        std::memcpy(static_cast<void*>(&e), node.m_element, sizeof e);
        return e;
    }
    static void setElement(JsonNode& node, dom::element e) {
        std::memcpy(node.m_element, static_cast<const void*>(&e), sizeof e);
    }
    static dom::array::iterator cursor(const JsonNode& node) {
        dom::array::iterator it;
        std::memcpy(static_cast<void*>(&it), node.m_cursor, sizeof it);
        return it;
    }
    static void setCursor(const JsonNode& node, dom::array::iterator it) {
        std::memcpy(node.m_cursor, static_cast<const void*>(&it), sizeof it);
    }
};

namespace {

const char* describeFastType(dom::element_type type) {
    switch (type) {
    case dom::element_type::NULL_VALUE: return "null";
    case dom::element_type::OBJECT: return "an object";
    case dom::element_type::ARRAY: return "an array";
    case dom::element_type::STRING: return "a string";
    case dom::element_type::BOOL: return "a boolean";
    case dom::element_type::INT64:
    case dom::element_type::UINT64:
    case dom::element_type::DOUBLE: return "a number";
    }
    return "an unsupported value";
}

bool isFastNumber(dom::element_type type) {
    return type == dom::element_type::INT64 || type == dom::element_type::UINT64 || type == dom::element_type::DOUBLE;
}

double fastDouble(dom::element e) {
    switch (e.type()) {
    case dom::element_type::INT64: return static_cast<double>(std::int64_t(e));
    case dom::element_type::UINT64: return static_cast<double>(std::uint64_t(e));
    default: return double(e);
    }
}

// The last value of `key` in the object, as nlohmann keeps it when a key is repeated.
std::optional<dom::key_value_pair> lastField(dom::object object, std::string_view key) {
    std::optional<dom::key_value_pair> found;
    for (dom::key_value_pair field : object)
        if (field.key == key) found = field;
    return found;
}

// The element as the nlohmann value it would have been parsed into (objects: keys sorted, the last of a repeated
// key), so that messages quote it the same way.
nlohmann::json toNlohmann(dom::element e) {
    switch (e.type()) {
    case dom::element_type::NULL_VALUE: return nullptr;
    case dom::element_type::BOOL: return bool(e);
    case dom::element_type::INT64: {
        const std::int64_t v = std::int64_t(e);
        return v >= 0 ? nlohmann::json(static_cast<std::uint64_t>(v)) : nlohmann::json(v);
    }
    case dom::element_type::UINT64: return std::uint64_t(e);
    case dom::element_type::DOUBLE: return double(e);
    case dom::element_type::STRING: return std::string(std::string_view(e));
    case dom::element_type::ARRAY: {
        nlohmann::json array = nlohmann::json::array();
        for (dom::element item : dom::array(e)) array.push_back(toNlohmann(item));
        return array;
    }
    case dom::element_type::OBJECT: {
        nlohmann::json object = nlohmann::json::object();
        for (dom::key_value_pair field : dom::object(e)) object[std::string(field.key)] = toNlohmann(field.value);
        return object;
    }
    }
    return nullptr;
}

}  // namespace

// --- JsonNode ----------------------------------------------------------------------------------------------

std::string JsonNode::path() const {
    if (!m_parent) return m_rootPath;
    std::string p = m_parent->path();
    if (m_byKey) {
        if (!p.empty()) p += '.';
        p += m_key;
    } else {
        p += '[';
        p += std::to_string(m_index);
        p += ']';
    }
    return p;
}

const nlohmann::json& JsonNode::raw() const {
    if (isFast()) throw std::logic_error("JsonNode::raw() on a document parsed by simdjson");
    return *m_value;
}

JsonNode JsonNode::child(std::string_view key) const {
    JsonNode c;
    c.m_parent = this;
    c.m_key = key;
    c.m_byKey = true;
    return c;
}

JsonNode JsonNode::child(std::size_t index) const {
    JsonNode c;
    c.m_parent = this;
    c.m_index = index;
    return c;
}

void JsonNode::fail(const std::string& what) const {
    const std::string p = path();
    throw InputError(p.empty() ? what : p + ": " + what);
}

void JsonNode::requireObject() const {
    if (isFast()) {
        const dom::element_type type = FastAccess::element(*this).type();
        if (type != dom::element_type::OBJECT) fail(std::string("expected an object, got ") + describeFastType(type));
        return;
    }
    if (!m_value->is_object()) fail("expected an object, got " + describeType(*m_value));
}

void JsonNode::requireArray() const {
    if (isFast()) {
        const dom::element_type type = FastAccess::element(*this).type();
        if (type != dom::element_type::ARRAY) fail(std::string("expected an array, got ") + describeFastType(type));
        return;
    }
    if (!m_value->is_array()) fail("expected an array, got " + describeType(*m_value));
}

void JsonNode::requireOnlyKeys(std::initializer_list<const char*> allowed) const {
    requireObject();
    auto known = [&](std::string_view key) {
        for (const char* k : allowed)
            if (key == k) return true;
        return false;
    };
    std::optional<std::string> unknown;
    if (isFast()) {
        // nlohmann walks the keys sorted: the first unknown key it names is the smallest.
        for (dom::key_value_pair field : dom::object(FastAccess::element(*this)))
            if (!known(field.key) && (!unknown || field.key < *unknown)) unknown = std::string(field.key);
    } else {
        for (auto it = m_value->begin(); it != m_value->end() && !unknown; ++it)
            if (!known(it.key())) unknown = it.key();
    }
    if (unknown) failUnknownKey(*unknown, allowed.begin(), allowed.size());
}

void JsonNode::failUnknownKey(const std::string& key, const char* const* allowed, std::size_t count) const {
    std::string expected;
    for (std::size_t i = 0; i < count; ++i) expected += (expected.empty() ? "" : ", ") + std::string(allowed[i]);
    fail("unknown key '" + key + "' (expected " + expected + ")");
}

void JsonNode::readFields(const char* const* keys, std::size_t count, std::optional<JsonNode>* values) const {
    requireObject();
    if (!isFast()) {
        for (auto it = m_value->begin(); it != m_value->end(); ++it)
            if (std::find_if(keys, keys + count, [&](const char* k) { return it.key() == k; }) == keys + count)
                failUnknownKey(it.key(), keys, count);
        for (std::size_t i = 0; i < count; ++i) values[i] = find(keys[i]);
        return;
    }
    // The walk keeps the last value of each key (as nlohmann keeps a repeated key's last) and the smallest
    // unknown key (nlohmann walks keys sorted: requireOnlyKeys names that one).
    constexpr std::size_t kMaxKeys = 16;
    if (count > kMaxKeys) throw std::logic_error("JsonNode::fields: at most 16 keys");
    std::string_view keyViews[kMaxKeys];
    for (std::size_t i = 0; i < count; ++i) {
        keyViews[i] = keys[i];
        values[i].reset();
    }
    std::optional<std::string_view> unknown;
    for (dom::key_value_pair field : dom::object(FastAccess::element(*this))) {
        std::size_t i = 0;
        while (i < count && field.key != keyViews[i]) ++i;
        if (i < count) {
            // The document's own key: it lives as long as the document.
            FastAccess::setElement(values[i].emplace(child(field.key)), field.value);
        } else if (!unknown || field.key < *unknown) {
            unknown = field.key;
        }
    }
    if (unknown) failUnknownKey(std::string(*unknown), keys, count);
}

bool JsonNode::has(const char* key) const {
    if (isFast()) {
        const dom::element e = FastAccess::element(*this);
        return e.type() == dom::element_type::OBJECT && lastField(dom::object(e), key).has_value();
    }
    return m_value->is_object() && m_value->contains(key);
}

JsonNode JsonNode::at(const char* key) const {
    std::optional<JsonNode> found = find(key);
    if (!found) fail(std::string("missing key '") + key + "'");
    return *found;
}

std::optional<JsonNode> JsonNode::find(const char* key) const {
    requireObject();
    if (isFast()) {
        const std::optional<dom::key_value_pair> field = lastField(dom::object(FastAccess::element(*this)), key);
        if (!field) return std::nullopt;
        JsonNode c = child(field->key);   // the document's own key: it lives as long as the document
        FastAccess::setElement(c, field->value);
        return c;
    }
    auto it = m_value->find(key);
    if (it == m_value->end()) return std::nullopt;
    JsonNode c = child(std::string_view(it.key()));
    c.m_value = &*it;
    return c;
}

std::size_t JsonNode::size() const {
    requireArray();
    if (!isFast()) return m_value->size();
    if (m_size == static_cast<std::size_t>(-1)) {
        const dom::array array(FastAccess::element(*this));
        m_size = array.size();
        if (m_size == 0xFFFFFF) {   // simdjson's count saturates there: count them
            m_size = 0;
            for (auto it = array.begin(); it != array.end(); ++it) ++m_size;
        }
    }
    return m_size;
}

JsonNode JsonNode::operator[](std::size_t index) const {
    requireArray();
    JsonNode c = child(index);
    if (!isFast()) {
        c.m_value = &(*m_value)[index];
        return c;
    }
    if (index >= size()) fail("no element " + std::to_string(index) + " (the array has " + std::to_string(size()) + ")");
    // Walk on from the last element read (the usual case: the next one), or from the start.
    dom::array::iterator it;
    std::size_t at = 0;
    if (m_cursorIndex != static_cast<std::size_t>(-1) && m_cursorIndex <= index) {
        it = FastAccess::cursor(*this);
        at = m_cursorIndex;
    } else {
        it = dom::array(FastAccess::element(*this)).begin();
    }
    for (; at < index; ++at) ++it;
    FastAccess::setCursor(*this, it);
    m_cursorIndex = index;
    FastAccess::setElement(c, *it);
    return c;
}

double JsonNode::number() const {
    if (isFast()) {
        const dom::element e = FastAccess::element(*this);
        if (!isFastNumber(e.type())) fail(std::string("expected a number, got ") + describeFastType(e.type()));
        const double v = fastDouble(e);
        if (!std::isfinite(v)) fail("expected a finite number");
        return v;
    }
    if (!m_value->is_number()) fail("expected a number, got " + describeType(*m_value));
    const double v = m_value->get<double>();
    if (!std::isfinite(v)) fail("expected a finite number");
    return v;
}

static std::string formatNumber(double v) {
    std::ostringstream out;
    out << v;
    return out.str();
}

double JsonNode::numberIn(double minimum, double maximum) const {
    const double v = number();
    if (v < minimum) fail("must be at least " + formatNumber(minimum) + ", got " + formatNumber(v));
    if (v > maximum) fail("must be at most " + formatNumber(maximum) + ", got " + formatNumber(v));
    return v;
}

std::int64_t JsonNode::integer(std::int64_t minimum, std::int64_t maximum) const {
    bool isInteger = false, isUnsignedAboveMaximum = false;
    std::int64_t v = 0;
    if (isFast()) {
        const dom::element e = FastAccess::element(*this);
        if (!isFastNumber(e.type())) fail(std::string("expected an integer, got ") + describeFastType(e.type()));
        if (e.type() == dom::element_type::UINT64) {   // above INT64_MAX, so above any maximum
            fail("must be at most " + std::to_string(maximum) + ", got " + std::to_string(std::uint64_t(e)));
        } else if (e.type() == dom::element_type::INT64) {
            isInteger = true;
            v = std::int64_t(e);
            isUnsignedAboveMaximum = v >= 0 && v > maximum;
        }
    } else {
        if (!m_value->is_number()) fail("expected an integer, got " + describeType(*m_value));
        if (m_value->is_number_integer()) {
            isInteger = true;
            isUnsignedAboveMaximum =
                m_value->is_number_unsigned() && m_value->get<std::uint64_t>() > static_cast<std::uint64_t>(maximum);
            if (!isUnsignedAboveMaximum) v = m_value->get<std::int64_t>();
        }
    }
    if (isInteger) {
        if (isUnsignedAboveMaximum) fail("must be at most " + std::to_string(maximum) + ", got " + text());
        if (v < minimum) fail("must be at least " + std::to_string(minimum) + ", got " + std::to_string(v));
        if (v > maximum) fail("must be at most " + std::to_string(maximum) + ", got " + std::to_string(v));
        return v;
    }
    const double d = number();
    if (d != std::floor(d)) fail("expected an integer, got " + formatNumber(d));
    if (d < static_cast<double>(minimum)) fail("must be at least " + std::to_string(minimum) + ", got " + formatNumber(d));
    if (d > static_cast<double>(maximum)) fail("must be at most " + std::to_string(maximum) + ", got " + formatNumber(d));
    return static_cast<std::int64_t>(d);
}

bool JsonNode::boolean() const {
    if (isFast()) {
        const dom::element e = FastAccess::element(*this);
        if (e.type() != dom::element_type::BOOL) fail(std::string("expected true or false, got ") + describeFastType(e.type()));
        return bool(e);
    }
    if (!m_value->is_boolean()) fail("expected true or false, got " + describeType(*m_value));
    return m_value->get<bool>();
}

std::string JsonNode::string() const {
    if (isFast()) {
        const dom::element e = FastAccess::element(*this);
        if (e.type() != dom::element_type::STRING) fail(std::string("expected a string, got ") + describeFastType(e.type()));
        return std::string(std::string_view(e));
    }
    if (!m_value->is_string()) fail("expected a string, got " + describeType(*m_value));
    return m_value->get<std::string>();
}

std::string_view JsonNode::stringView() const {
    if (isFast()) {
        const dom::element e = FastAccess::element(*this);
        if (e.type() != dom::element_type::STRING) fail(std::string("expected a string, got ") + describeFastType(e.type()));
        return std::string_view(e);
    }
    if (!m_value->is_string()) fail("expected a string, got " + describeType(*m_value));
    return m_value->get_ref<const std::string&>();
}

std::string JsonNode::nonEmptyString() const {
    std::string s = string();
    if (s.empty()) fail("must not be empty");
    return s;
}

bool JsonNode::isNull() const {
    return isFast() ? FastAccess::element(*this).type() == dom::element_type::NULL_VALUE : m_value->is_null();
}

bool JsonNode::isArray() const {
    return isFast() ? FastAccess::element(*this).type() == dom::element_type::ARRAY : m_value->is_array();
}

std::string JsonNode::text() const {
    return isFast() ? toNlohmann(FastAccess::element(*this)).dump() : m_value->dump();
}

JsonNode JsonNode::asRoot() const {
    JsonNode root = *this;
    root.m_parent = nullptr;
    root.m_rootPath.clear();
    root.m_byKey = false;
    root.m_key = {};
    root.m_index = 0;
    return root;
}

nlohmann::json JsonNode::json() const {
    return isFast() ? toNlohmann(FastAccess::element(*this)) : *m_value;
}

// --- FastJsonDocument --------------------------------------------------------------------------------------

struct FastJsonDocument::Impl {
    dom::document document;   // the parsed values; the parser (and its index of the text) is gone once parsed
    dom::element root;
};

FastJsonDocument::FastJsonDocument() : m_impl(std::make_unique<Impl>()) {}
FastJsonDocument::~FastJsonDocument() = default;

namespace {

// Whether the text has the number -0 written as an integer: nlohmann reads it as the integer 0, simdjson as the
// double -0.0 (written -0.0 or -0e1, both read -0.0), and no element says which text it came from. Such a
// document goes to the tree reader. A "-0" inside a string may be taken for one: the tree reader reads it then.
bool hasIntegerNegativeZero(std::string_view text) {
    for (std::size_t at = text.find("-0"); at != std::string_view::npos; at = text.find("-0", at + 1)) {
        const char next = at + 2 < text.size() ? text[at + 2] : ' ';
        if (next == '.' || next == 'e' || next == 'E' || (next >= '0' && next <= '9')) continue;
        std::size_t before = at;
        while (before > 0 && (text[before - 1] == ' ' || text[before - 1] == '\n' || text[before - 1] == '\r' ||
                              text[before - 1] == '\t'))
            --before;
        if (before == 0 || text[before - 1] == ':' || text[before - 1] == ',' || text[before - 1] == '[') return true;
    }
    return false;
}

}  // namespace

std::unique_ptr<FastJsonDocument> FastJsonDocument::parse(std::string_view text, bool padded) {
    if (hasIntegerNegativeZero(text)) return nullptr;
    std::unique_ptr<FastJsonDocument> document(new FastJsonDocument());
    Impl& impl = *document->m_impl;
    // The same bound as parseJsonText's scan, or lower (simdjson counts from the root): a document simdjson
    // refuses for its depth goes to that scan, which says where.
    // The parser's index of the text's structure (4 bytes per token) is freed as soon as the document is made;
    // the document holds the values (the text itself can go too: readers of a large file free it here).
    dom::parser parser;
    if (parser.allocate(std::max<std::size_t>(text.size(), 1), kMaxJsonDepth) != simdjson::SUCCESS) return nullptr;
    dom::element root;
    if (parser.parse_into_document(impl.document, text.data(), text.size(), !padded).get(root) != simdjson::SUCCESS)
        return nullptr;
    impl.root = root;
    return document;
}

JsonNode FastJsonDocument::root() const {
    JsonNode node;
    FastAccess::setElement(node, m_impl->root);
    return node;
}

std::optional<std::string> jsonNestingProblem(std::string_view text) {
    std::size_t depth = 0, line = 1, lineStart = 0;
    bool inString = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (inString) {
            if (c == '\\') ++i;   // the escaped character, whatever it is
            else if (c == '"') inString = false;
            continue;
        }
        if (c == '"') {
            inString = true;
        } else if (c == '\n') {
            ++line;
            lineStart = i + 1;
        } else if (c == '[' || c == '{') {
            if (++depth > kMaxJsonDepth)
                return "line " + std::to_string(line) + ", column " + std::to_string(i - lineStart + 1) +
                       ": JSON nested deeper than " + std::to_string(kMaxJsonDepth) +
                       " levels of arrays and objects (the most HetSched reads)";
        } else if ((c == ']' || c == '}') && depth > 0) {
            --depth;
        }
    }
    return std::nullopt;
}

nlohmann::json parseJsonText(std::string_view text) {
    if (std::optional<std::string> problem = jsonNestingProblem(text)) throw InputError(*problem);
    try {
        return nlohmann::json::parse(text.begin(), text.end());
    } catch (const nlohmann::json::exception& e) {   // syntax errors and number overflow (1e999)
        std::string message = e.what();
        // Drop nlohmann's "[json.exception.parse_error.101] " prefix.
        if (auto pos = message.find("] "); message.rfind("[json.exception", 0) == 0 && pos != std::string::npos)
            message = message.substr(pos + 2);
        throw InputError("not valid JSON: " + message);
    }
}

}  // namespace hetsched::json_detail
