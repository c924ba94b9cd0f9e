// The one mutex every Graphviz (cgraph, gvc) call in the process runs under: Graphviz keeps global state.
#pragma once

#include <mutex>

namespace hetsched {

// Shared by the DOT reader and the Graphviz layout; an inline function's static is one object program-wide.
inline std::mutex& graphvizMutex() {
    static std::mutex mutex;
    return mutex;
}

}  // namespace hetsched
