// Reading a large JSON array of named objects (a million CPU/GPU tasks, a graph's tasks) into the typed model.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "common/name_index.h"
#include "io/json_reader.h"

namespace hetsched::json_detail {

// The objects of `array`, each with only the keys `keys` among which a non-empty "name", read in order into `out`:
// the name, then `readRest(fields, element)`. The names are indexed once every object is read (NameIndex::addEach:
// a million names are a million cache misses, overlapped there), and the first problem in the file's order is the
// one named all the same: on an error of object j, a name repeated among the objects before it (or up to it, once
// its name is read) is named instead, with the message `repeated(name, earlier position)`. Returns the index of
// the names, views of the elements' own (`out` is reserved here: they do not move).
template <class T, std::size_t N, class ReadRest, class Repeated>
NameIndex readNamedObjects(const JsonNode& array, const char* const (&keys)[N], std::vector<T>& out, ReadRest readRest,
                           Repeated repeated) {
    out.reserve(out.size() + array.size());
    const std::size_t first = out.size();
    const auto failOnRepeatedName = [&](std::size_t count) {
        NameIndex names(count);
        if (const auto r = names.addEach(count, [&](std::size_t j) -> std::string_view { return out[first + j].name; }))
            array[r->first].at("name").fail(repeated(out[first + r->first].name, r->second));
        return names;
    };
    for (std::size_t j = 0; j < array.size(); ++j) {
        const JsonNode node = array[j];
        T& element = out.emplace_back();
        std::size_t named = j;   // the objects whose names are read
        try {
            const JsonFields<N> fields = node.fields(keys);
            element.name = fields.at("name").nonEmptyString();
            named = j + 1;
            readRest(fields, element);
        } catch (const InputError&) {
            failOnRepeatedName(named);
            throw;
        }
    }
    return failOnRepeatedName(array.size());
}

}  // namespace hetsched::json_detail
