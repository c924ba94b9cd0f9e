// Sumsets of integer sets kept as interval lists, switching to word-parallel bitsets when fragmented.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

namespace hetsched {

// A closed interval [first, last] of integers.
struct Run {
    std::int64_t first = 0;
    std::int64_t last = 0;
};

// Sorted, disjoint and non-adjacent runs.
using RunList = std::vector<Run>;

// {a + b : a in x, b in y} intersected with [low, high]. Picks the cheaper of pairwise interval sums
// (O(|x| |y| log)) and bitset spreading (O(min(|x|,|y|) * (high-low)/64 * log run length)).
RunList sumsetWithin(const RunList& x, const RunList& y, std::int64_t low, std::int64_t high);

bool contains(const RunList& runs, std::int64_t value);

// Appends value to runs built in increasing order, extending the last run when adjacent.
void appendValue(RunList& runs, std::int64_t value);

}  // namespace hetsched
