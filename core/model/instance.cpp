#include "model/instance.h"

namespace hetsched {

std::string instanceKind(const Instance& instance) {
    struct KindOf {
        std::string operator()(const PartitionInstance&) const { return "partition"; }
        std::string operator()(const DivisibleInstance&) const { return "divisible"; }
        std::string operator()(const SteadyStateInstance&) const { return "steady_state"; }
        std::string operator()(const DagInstance&) const { return "dag"; }
        std::string operator()(const CpuGpuInstance&) const { return "cpugpu"; }
    };
    return std::visit(KindOf{}, instance);
}

}  // namespace hetsched
