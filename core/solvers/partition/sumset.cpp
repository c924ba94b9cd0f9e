#include "solvers/partition/sumset.h"

#include <algorithm>
#include <bit>
#include <cmath>

namespace hetsched {

namespace {

using Word = std::uint64_t;
constexpr std::int64_t kBits = 64;

// Bits of positions [low, low + 64*words) of the absolute integer line.
struct Bitset {
    std::int64_t low = 0;
    std::vector<Word> words;

    void setRange(std::int64_t a, std::int64_t b) {   // absolute, clipped by caller
        a -= low;
        b -= low;
        for (std::int64_t w = a / kBits; w <= b / kBits; ++w) {
            const std::int64_t from = std::max(a, w * kBits) - w * kBits;
            const std::int64_t to = std::min(b, w * kBits + kBits - 1) - w * kBits;
            const Word mask = (to - from == 63) ? ~Word{0} : (((Word{1} << (to - from + 1)) - 1) << from);
            words[static_cast<std::size_t>(w)] |= mask;
        }
    }
};

// dst |= src << shift (shift >= 0, in bits, same geometry). dst may be src: words are updated from
// the top down and each reads only words below it.
void orShifted(std::vector<Word>& dst, const std::vector<Word>& src, std::int64_t shift) {
    const std::int64_t n = static_cast<std::int64_t>(dst.size());
    const std::int64_t wordShift = shift / kBits;
    const int bitShift = static_cast<int>(shift % kBits);
    if (wordShift >= n) return;
    if (bitShift == 0) {
        for (std::int64_t i = n - 1; i >= wordShift; --i) dst[i] |= src[i - wordShift];
        return;
    }
    for (std::int64_t i = n - 1; i > wordShift; --i)
        dst[i] |= (src[i - wordShift] << bitShift) | (src[i - wordShift - 1] >> (kBits - bitShift));
    dst[wordShift] |= src[0] << bitShift;
}

RunList runsOf(const Bitset& bits, std::int64_t low, std::int64_t high) {
    RunList runs;
    const std::int64_t n = static_cast<std::int64_t>(bits.words.size());
    std::int64_t runStart = -1;
    for (std::int64_t w = 0; w < n; ++w) {
        Word word = bits.words[static_cast<std::size_t>(w)];
        if (runStart < 0 && word == 0) continue;
        if (runStart >= 0 && word == ~Word{0}) continue;
        for (int b = 0; b < kBits; ++b) {
            const bool set = (word >> b) & 1U;
            const std::int64_t pos = bits.low + w * kBits + b;
            if (set && runStart < 0) runStart = pos;
            if (!set && runStart >= 0) {
                runs.push_back({runStart, pos - 1});
                runStart = -1;
            }
        }
    }
    if (runStart >= 0) runs.push_back({runStart, bits.low + n * kBits - 1});
    // Clip to the window.
    RunList clipped;
    clipped.reserve(runs.size());
    for (const Run& r : runs) {
        const Run c{std::max(r.first, low), std::min(r.last, high)};
        if (c.first <= c.last) clipped.push_back(c);
    }
    return clipped;
}

RunList pairwiseSumset(const RunList& x, const RunList& y, std::int64_t low, std::int64_t high) {
    RunList sums;
    sums.reserve(x.size() * y.size());
    for (const Run& a : x) {
        for (const Run& b : y) {
            const Run s{std::max(a.first + b.first, low), std::min(a.last + b.last, high)};
            if (s.first <= s.last) sums.push_back(s);
        }
    }
    if (x.size() > 1 && y.size() > 1)   // with one run on either side the sums come out in order
        std::sort(sums.begin(), sums.end(), [](const Run& a, const Run& b) { return a.first < b.first; });
    RunList merged;
    for (const Run& s : sums) {
        if (!merged.empty() && s.first <= merged.back().last + 1)
            merged.back().last = std::max(merged.back().last, s.last);
        else
            merged.push_back(s);
    }
    return merged;
}

// Spreads the bitset of `dense` by every run of `sparse`: OR over runs [a, b] of (dense << a) spread by b - a.
RunList bitsetSumset(const RunList& dense, const RunList& sparse, std::int64_t low, std::int64_t high) {
    // The window starts at the smallest sum (or at `low` when that is above it) so that every
    // shift is non-negative; runsOf clips to [low, high] at the end.
    const std::int64_t base = dense.front().first;   // bit 0 of the dense bitset
    const std::int64_t outLow = std::min(low, base + sparse.front().first);
    const std::int64_t words = (high - outLow) / kBits + 1;
    Bitset source{base, std::vector<Word>(static_cast<std::size_t>((dense.back().last - base) / kBits + 1), 0)};
    for (const Run& r : dense) source.setRange(r.first, r.last);

    Bitset result{outLow, std::vector<Word>(static_cast<std::size_t>(words), 0)};
    std::vector<Word> shifted(static_cast<std::size_t>(words));
    std::vector<Word> spread(static_cast<std::size_t>(words));
    std::vector<Word> padded(static_cast<std::size_t>(words), 0);
    std::copy_n(source.words.begin(), std::min<std::size_t>(source.words.size(), padded.size()), padded.begin());
    for (const Run& r : sparse) {
        // Place source shifted so that absolute position p of dense lands at p + r.first.
        const std::int64_t offset = base + r.first - outLow;   // where source bit 0 lands in the window
        std::fill(shifted.begin(), shifted.end(), 0);
        orShifted(shifted, padded, offset);
        // Spread by the run length with doubling: after each step, bits cover `covered` consecutive shifts.
        const std::int64_t length = r.last - r.first + 1;
        spread = shifted;
        std::int64_t covered = 1;
        while (covered < length) {
            const std::int64_t step = std::min(covered, length - covered);
            orShifted(spread, spread, step);
            covered += step;
        }
        for (std::size_t i = 0; i < spread.size(); ++i) result.words[i] |= spread[i];
    }
    return runsOf(result, low, high);
}

}  // namespace

namespace {

// The part of `x` that can reach [low, high] when added to some element of `y`.
RunList clipForSum(const RunList& x, const RunList& y, std::int64_t low, std::int64_t high) {
    const std::int64_t from = low - y.back().last;
    const std::int64_t to = high - y.front().first;
    RunList clipped;
    for (const Run& r : x) {
        const Run c{std::max(r.first, from), std::min(r.last, to)};
        if (c.first <= c.last) clipped.push_back(c);
    }
    return clipped;
}

}  // namespace

RunList sumsetWithin(const RunList& xIn, const RunList& yIn, std::int64_t low, std::int64_t high) {
    if (xIn.empty() || yIn.empty() || low > high) return {};
    const RunList x = clipForSum(xIn, yIn, low, high);
    if (x.empty()) return {};
    const RunList y = clipForSum(yIn, x, low, high);
    if (y.empty()) return {};
    const double pairs = static_cast<double>(x.size()) * static_cast<double>(y.size());
    const double pairwiseCost = pairs * (1.0 + std::log2(pairs + 1.0));
    const RunList& sparse = x.size() <= y.size() ? x : y;
    const RunList& dense = x.size() <= y.size() ? y : x;
    std::int64_t longest = 1;
    for (const Run& r : sparse) longest = std::max(longest, r.last - r.first + 1);
    const double words = static_cast<double>((high - low) / kBits + 1);
    const double bitsetCost =
        static_cast<double>(sparse.size()) * words * (3.0 + std::log2(static_cast<double>(longest))) +
        static_cast<double>(dense.size()) + words;
    if (pairwiseCost <= bitsetCost) return pairwiseSumset(x, y, low, high);
    return bitsetSumset(dense, sparse, low, high);
}

bool contains(const RunList& runs, std::int64_t value) {
    auto it = std::upper_bound(runs.begin(), runs.end(), value,
                               [](std::int64_t v, const Run& r) { return v < r.first; });
    if (it == runs.begin()) return false;
    --it;
    return value <= it->last;
}

void appendValue(RunList& runs, std::int64_t value) {
    if (!runs.empty() && value <= runs.back().last + 1)
        runs.back().last = std::max(runs.back().last, value);
    else
        runs.push_back({value, value});
}

}  // namespace hetsched
