#include "model/instance.h"

#include "family/family.h"

namespace hetsched {

std::string instanceKind(const Instance& instance) {
    return familyOf(instance).kind;
}

}  // namespace hetsched
