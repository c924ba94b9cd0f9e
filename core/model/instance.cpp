#include "model/instance.h"

namespace hetsched {

std::string instanceKind(const Instance& instance) {
    return std::string(kInstanceKinds[instance.index()]);
}

std::optional<std::size_t> instanceKindIndex(std::string_view kind) {
    for (std::size_t i = 0; i < kInstanceKinds.size(); ++i)
        if (kInstanceKinds[i] == kind) return i;
    return std::nullopt;
}

std::string knownInstanceKinds() {
    std::string known;
    for (std::string_view kind : kInstanceKinds) known.append(known.empty() ? "" : ", ").append(kind);
    return known;
}

}  // namespace hetsched
