// The one registration point of the families: one line each.
#include <algorithm>
#include <stdexcept>

#include "family/family.h"

namespace hetsched {

const std::vector<FamilyDescriptor>& families() {
    static const std::vector<FamilyDescriptor> all = [] {
        std::vector<FamilyDescriptor> list = {
            partitionFamily(),
            divisibleFamily(),
            cpuGpuFamily(),
            steadyStateFamily(),
            dagFamily(),
        };
        // Listed in the order of Instance's alternatives, so that familyOf is an index; one family each.
        std::sort(list.begin(), list.end(),
                  [](const FamilyDescriptor& a, const FamilyDescriptor& b) { return a.variantIndex < b.variantIndex; });
        for (std::size_t i = 0; i < list.size(); ++i)
            if (list[i].variantIndex != i)
                throw std::logic_error("families(): no single family for alternative " + std::to_string(i) +
                                       " of Instance");
        if (list.size() != std::variant_size_v<Instance>)
            throw std::logic_error("families(): an alternative of Instance has no family");
        return list;
    }();
    return all;
}

const FamilyDescriptor* findFamily(std::string_view kind) {
    for (const FamilyDescriptor& f : families())
        if (f.kind == kind) return &f;
    return nullptr;
}

const FamilyDescriptor& familyOf(const Instance& instance) {
    return families()[instance.index()];
}

}  // namespace hetsched
