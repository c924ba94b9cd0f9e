#include "model/instance.h"

namespace hetsched {

std::string instanceKind(const Instance& instance) {
    struct KindOf {
        std::string operator()(const PartitionInstance&) const { return "partition"; }
    };
    return std::visit(KindOf{}, instance);
}

}  // namespace hetsched
