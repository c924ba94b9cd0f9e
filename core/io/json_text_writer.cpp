#include "io/json_text_writer.h"

namespace hetsched::json_detail {

JsonTextWriter::JsonTextWriter(int indent)
    : m_indent(indent), m_scalars(nlohmann::detail::output_adapter<char, std::string>(m_out), ' ') {}

void JsonTextWriter::newLineAt(std::size_t depth) {
    m_out += '\n';
    m_out.append(depth * static_cast<std::size_t>(m_indent), ' ');
}

// What comes before a value: nothing after a key or at the top, the separator and indentation in an array.
void JsonTextWriter::beginValue() {
    flushIfFull();
    if (m_afterKey) {
        m_afterKey = false;
        return;
    }
    if (m_levels.empty()) return;
    Level& level = m_levels.back();
    if (!level.empty) m_out += ',';
    level.empty = false;
    newLineAt(m_levels.size());
}

void JsonTextWriter::quoted(std::string_view text) {
    // Printable ASCII but the quote and the backslash is written as it is by nlohmann; anything else (control
    // characters, UTF-8, which nlohmann checks) goes through its serializer.
    for (const char c : text)
        if (const auto u = static_cast<unsigned char>(c); u < 0x20 || u > 0x7e || c == '"' || c == '\\') {
            m_scalars.dump(nlohmann::json(std::string(text)), false, false, 0);
            return;
        }
    m_out += '"';
    m_out += text;
    m_out += '"';
}

void JsonTextWriter::key(std::string_view name) {
    flushIfFull();
    Level& level = m_levels.back();
    if (!level.empty) m_out += ',';
    level.empty = false;
    newLineAt(m_levels.size());
    quoted(name);
    m_out += ": ";
    m_afterKey = true;
}

void JsonTextWriter::beginContainer(bool array, char open) {
    beginValue();
    m_out += open;
    m_levels.push_back({array, true});
}

void JsonTextWriter::endContainer(char close) {
    const bool empty = m_levels.back().empty;
    m_levels.pop_back();
    if (!empty) newLineAt(m_levels.size());
    m_out += close;
}

void JsonTextWriter::beginObject() { beginContainer(false, '{'); }
void JsonTextWriter::endObject() { endContainer('}'); }
void JsonTextWriter::beginArray() { beginContainer(true, '['); }
void JsonTextWriter::endArray() { endContainer(']'); }

void JsonTextWriter::value(double v) {
    beginValue();
    m_scalars.dump(nlohmann::json(v), false, false, 0);
}

void JsonTextWriter::value(int v) { value(static_cast<std::int64_t>(v)); }

void JsonTextWriter::value(std::int64_t v) {
    beginValue();
    m_out += std::to_string(v);
}

void JsonTextWriter::value(std::string_view v) {
    beginValue();
    quoted(v);
}

void JsonTextWriter::value(const nlohmann::json& v) {
    beginValue();
    m_scalars.dump(v, m_indent >= 0, false, static_cast<unsigned>(m_indent), static_cast<unsigned>(m_levels.size() * m_indent));
}

}  // namespace hetsched::json_detail
