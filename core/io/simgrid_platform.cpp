// Placeholder: replaced by the SimGrid loader later in this change.
#include "io/simgrid_platform.h"

namespace hetsched {
Expected<SimGridPlatform> loadSimGridPlatform(const std::string& path, const Progress&) {
    return invalidInput(path + ": SimGrid loader not built yet");
}
Expected<DagPlatform> dagPlatformFromSimGrid(const SimGridPlatform&) { return invalidInput("not built yet"); }
Expected<SteadyStateInstance> steadyStateFromSimGrid(const SimGridPlatform&, const std::optional<std::string>&) {
    return invalidInput("not built yet");
}
}  // namespace hetsched
