#include "io/json_reader.h"

#include <cmath>
#include <sstream>

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

void JsonNode::fail(const std::string& what) const {
    throw InputError(m_path.empty() ? what : m_path + ": " + what);
}

void JsonNode::requireObject() const {
    if (!m_value->is_object()) fail("expected an object, got " + describeType(*m_value));
}

void JsonNode::requireArray() const {
    if (!m_value->is_array()) fail("expected an array, got " + describeType(*m_value));
}

void JsonNode::requireOnlyKeys(std::initializer_list<const char*> allowed) const {
    requireObject();
    for (auto it = m_value->begin(); it != m_value->end(); ++it) {
        bool known = false;
        for (const char* key : allowed) known = known || it.key() == key;
        if (known) continue;
        std::string expected;
        for (const char* key : allowed) expected += (expected.empty() ? "" : ", ") + std::string(key);
        fail("unknown key '" + it.key() + "' (expected " + expected + ")");
    }
}

bool JsonNode::has(const char* key) const { return m_value->is_object() && m_value->contains(key); }

JsonNode JsonNode::at(const char* key) const {
    requireObject();
    auto it = m_value->find(key);
    if (it == m_value->end()) fail(std::string("missing key '") + key + "'");
    return JsonNode(*it, m_path.empty() ? std::string(key) : m_path + "." + key);
}

std::optional<JsonNode> JsonNode::find(const char* key) const {
    requireObject();
    auto it = m_value->find(key);
    if (it == m_value->end()) return std::nullopt;
    return JsonNode(*it, m_path.empty() ? std::string(key) : m_path + "." + key);
}

std::size_t JsonNode::size() const {
    requireArray();
    return m_value->size();
}

JsonNode JsonNode::operator[](std::size_t index) const {
    requireArray();
    return JsonNode((*m_value)[index], m_path + "[" + std::to_string(index) + "]");
}

double JsonNode::number() const {
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
    if (!m_value->is_number()) fail("expected an integer, got " + describeType(*m_value));
    if (m_value->is_number_integer()) {
        if (m_value->is_number_unsigned() && m_value->get<std::uint64_t>() > static_cast<std::uint64_t>(maximum))
            fail("must be at most " + std::to_string(maximum) + ", got " + m_value->dump());
        const std::int64_t v = m_value->get<std::int64_t>();
        if (v < minimum) fail("must be at least " + std::to_string(minimum) + ", got " + std::to_string(v));
        if (v > maximum) fail("must be at most " + std::to_string(maximum) + ", got " + std::to_string(v));
        return v;
    }
    const double v = number();
    if (v != std::floor(v)) fail("expected an integer, got " + formatNumber(v));
    if (v < static_cast<double>(minimum)) fail("must be at least " + std::to_string(minimum) + ", got " + formatNumber(v));
    if (v > static_cast<double>(maximum)) fail("must be at most " + std::to_string(maximum) + ", got " + formatNumber(v));
    return static_cast<std::int64_t>(v);
}

bool JsonNode::boolean() const {
    if (!m_value->is_boolean()) fail("expected true or false, got " + describeType(*m_value));
    return m_value->get<bool>();
}

std::string JsonNode::string() const {
    if (!m_value->is_string()) fail("expected a string, got " + describeType(*m_value));
    return m_value->get<std::string>();
}

std::string JsonNode::nonEmptyString() const {
    std::string s = string();
    if (s.empty()) fail("must not be empty");
    return s;
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
