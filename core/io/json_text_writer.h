// Writing JSON text value by value, byte for byte as nlohmann::json::dump(indent) writes the same document,
// without building the document tree (large instances: a million tasks).
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

namespace hetsched::json_detail {

class JsonTextWriter {
public:
    explicit JsonTextWriter(int indent = 2);
    JsonTextWriter(const JsonTextWriter&) = delete;
    JsonTextWriter& operator=(const JsonTextWriter&) = delete;

    void beginObject();
    void endObject();
    void beginArray();
    void endArray();
    // The next key of the object; nlohmann writes an object's keys sorted, so must its callers.
    void key(std::string_view name);

    void value(double v);
    void value(int v);
    void value(std::int64_t v);
    void value(std::string_view v);
    void value(const char* v) { value(std::string_view(v)); }
    void value(const std::string& v) { value(std::string_view(v)); }
    // A small value of any shape (nlohmann's own text).
    void value(const nlohmann::json& v);
    // A key and its value.
    template <class T>
    void member(std::string_view name, const T& v) {
        key(name);
        value(v);
    }

    // The text written (with no newline at the end, as dump); with a sink, what it has not been given yet.
    std::string take() { return std::move(m_out); }

    // From now on the text goes to `sink` in pieces of about `chunk` bytes as it is written (a million-row
    // document is never held whole); take() gives what is left after the last piece.
    void setSink(std::function<void(std::string_view)> sink, std::size_t chunk = std::size_t{1} << 20) {
        m_sink = std::move(sink);
        m_chunk = chunk;
    }

private:
    struct Level {
        bool array = false;
        bool empty = true;
    };
    void beginValue();
    void beginContainer(bool array, char open);
    void endContainer(char close);
    void newLineAt(std::size_t depth);
    void flushIfFull() {
        if (m_sink && m_out.size() >= m_chunk) {
            m_sink(m_out);
            m_out.clear();
        }
    }
    // A string as nlohmann writes it: quoted, and escaped where it must be (by nlohmann itself then).
    void quoted(std::string_view text);

    std::string m_out;
    int m_indent = 2;
    std::vector<Level> m_levels;
    bool m_afterKey = false;
    std::function<void(std::string_view)> m_sink;
    std::size_t m_chunk = 0;
    // nlohmann's serializer for the scalars: its number and string text, exactly.
    nlohmann::detail::serializer<nlohmann::json> m_scalars;
};

}  // namespace hetsched::json_detail
