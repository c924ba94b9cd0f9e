#include "util/resources.h"

#include <QtGlobal>
#include <mutex>

// Q_INIT_RESOURCE must be used outside any namespace.
static void initHetschedResources() {
    Q_INIT_RESOURCE(resources);
}

namespace hetsched::ui {

void ensureResourcesLoaded() {
    static std::once_flag once;
    std::call_once(once, initHetschedResources);
}

}  // namespace hetsched::ui
