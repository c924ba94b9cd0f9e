// What every family's reader of a stored result (a result file, a project's run) shares: how a JSON failure
// and a result that breaks its instance's constraints are said.
#pragma once

#include <string>
#include <utility>

#include <nlohmann/json.hpp>

#include "common/expected.h"
#include "io/json_reader.h"

namespace hetsched::registry_detail {

// `read(root)` on the stored result's root (a node of nlohmann's tree or of simdjson's document); a failure of a
// JsonNode inside it becomes "stored result: " and the node's path and what is wrong. `read` gives an Expected
// (its own errors pass as they are).
template <class Read>
auto readStoredResult(const json_detail::JsonNode& root, Read&& read)
    -> decltype(std::forward<Read>(read)(std::declval<const json_detail::JsonNode&>())) {
    try {
        return std::forward<Read>(read)(root);
    } catch (const json_detail::InputError& e) {
        return invalidInput(std::string("stored result: ") + e.what());
    }
}

// A stored result that reads but does not fit its instance: `problem` is what its verifier says first.
inline Error storedResultDoesNotFit(const std::string& problem) {
    return invalidInput("the stored result does not fit the instance: " + problem);
}

}  // namespace hetsched::registry_detail
