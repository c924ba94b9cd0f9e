// Edits of one partition resource that keep its cost function consistent with its admissible counts.
#pragma once

#include <QString>
#include <cstdint>
#include <vector>

#include "common/expected.h"
#include "model/partition.h"

namespace hetsched::ui {

// The edited resource, and what was adapted for the user to check ("3 new counts copy the nearest cost").
struct ResourceEdit {
    PartitionResource resource;
    QString notice;
};

// New limits [lower, upper] (and no allowed list). A cost table is re-indexed: kept counts keep their cost,
// new counts copy the cost of the nearest old count; measured points are extended flat to cover the range.
Expected<ResourceEdit> withLimits(const PartitionResource& resource, std::int64_t lower, std::int64_t upper,
                                  std::int64_t tasks);
// A new allowed list (sorted here); an empty list returns to the range [min, max] of the previous counts.
Expected<ResourceEdit> withAllowed(const PartitionResource& resource, std::vector<std::int64_t> allowed,
                                   std::int64_t tasks);
// The same costs in another form: exact for a table, sampled for points, a line through two counts for
// affine.
Expected<ResourceEdit> withCostKind(const PartitionResource& resource, CostFunction::Kind kind);

// A resource with a fresh name, every count in [0, T] and cost 1 per task.
PartitionResource newResource(const PartitionInstance& instance);

}  // namespace hetsched::ui
