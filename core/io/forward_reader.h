// The pieces of the forward readers (readCpuGpuInstanceForward, readDagInstanceForward): one pass of simdjson's
// On-Demand API over a valid file, giving up (false) at anything the readers of io/json_reader.h would refuse or
// read otherwise, so that those read the file again and name its problem. Every error is taken as a code: a
// range-for over On-Demand values converts its elements by throwing.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <utility>

#include <simdjson.h>

namespace hetsched::json_detail::forward {

namespace od = simdjson::ondemand;

// The text's document and its root value (`text` has `padding` readable bytes after its end); false when simdjson
// refuses it.
inline bool iterate(od::parser& parser, std::string_view text, std::size_t padding, od::document& document,
                    od::value& root) {
    return !parser.iterate(simdjson::padded_string_view(text.data(), text.size(), text.size() + padding)).get(document) &&
           !document.get_value().get(root);
}

// The fields of an object: each key one of `keys` and at most once, the first `required` of them present;
// read(i, value) reads the value of keys[i] and says whether it is of the form the readers take.
template <std::size_t N, class Read>
bool fields(od::value value, const char* const (&keys)[N], std::size_t required, Read read) {
    od::object object;
    if (value.get_object().get(object)) return false;
    bool seen[N] = {};
    for (auto result : object) {
        od::field field;
        std::string_view key;
        if (std::move(result).get(field) || field.unescaped_key().get(key)) return false;
        std::size_t i = 0;
        while (i < N && key != keys[i]) ++i;
        if (i == N || seen[i]) return false;
        seen[i] = true;
        if (!read(i, field.value())) return false;
    }
    for (std::size_t i = 0; i < required; ++i)
        if (!seen[i]) return false;
    return true;
}

// The elements of an array, each read by read(value).
template <class Read>
bool elements(od::value value, Read read) {
    od::array array;
    if (value.get_array().get(array)) return false;
    for (auto result : array) {
        od::value element;
        if (std::move(result).get(element) || !read(element)) return false;
    }
    return true;
}

// A string (not empty when `nonEmpty`), a number in [minimum, maximum] (an integer when asked: "2.0" is given up,
// the readers take it).
inline bool string(od::value value, std::string_view& out, bool nonEmpty = true) {
    return !value.get_string().get(out) && !(nonEmpty && out.empty());
}
// A name: a string, not empty, copied into `out` (the parser's own strings last only as long as it does).
inline bool string(od::value value, std::string& out) {
    std::string_view view;
    if (!string(value, view)) return false;
    out = view;
    return true;
}
inline bool number(od::value value, double& out, double minimum, double maximum) {
    return !value.get_double().get(out) && out >= minimum && out <= maximum;
}
inline bool integer(od::value value, std::int64_t& out, std::int64_t minimum, std::int64_t maximum) {
    return !value.get_int64().get(out) && out >= minimum && out <= maximum;
}

// Nothing after the document's value (current_location fails at its end).
inline bool atEnd(od::document& document) { return document.current_location().error() != simdjson::SUCCESS; }

}  // namespace hetsched::json_detail::forward
