// Sumsets of interval lists against a plain boolean convolution.
#include <gtest/gtest.h>

#include <random>

#include "solvers/partition/sumset.h"

namespace hetsched {
namespace {

RunList randomRuns(std::mt19937_64& rng, std::int64_t limit, double density, double runiness) {
    std::uniform_real_distribution<double> unit(0, 1);
    RunList runs;
    bool inside = false;
    for (std::int64_t x = 0; x <= limit; ++x) {
        if (unit(rng) < runiness) inside = !inside;
        if (inside ? unit(rng) < 0.98 : unit(rng) < density) appendValue(runs, x);
    }
    return runs;
}

std::vector<char> naiveSumset(const RunList& a, const RunList& b, std::int64_t low, std::int64_t high) {
    std::vector<char> out(static_cast<std::size_t>(high + 1), 0);
    for (const Run& x : a)
        for (std::int64_t u = x.first; u <= x.last; ++u)
            for (const Run& y : b)
                for (std::int64_t v = y.first; v <= y.last; ++v)
                    if (u + v >= low && u + v <= high) out[static_cast<std::size_t>(u + v)] = 1;
    return out;
}

TEST(Sumset, EqualsTheBooleanConvolutionOnRandomSets) {
    std::mt19937_64 rng(1);
    std::uniform_real_distribution<double> unit(0, 1);
    for (int trial = 0; trial < 400; ++trial) {
        const std::int64_t limit = trial % 4 == 0 ? 700 : 150;
        const RunList a = randomRuns(rng, limit, unit(rng) * 0.5, unit(rng) * 0.2);
        const RunList b = randomRuns(rng, limit, unit(rng) * 0.5, unit(rng) * 0.2);
        const std::int64_t high = 2 * limit;
        const std::int64_t low = trial % 3 == 0 ? limit / 3 : 0;
        const RunList sum = sumsetWithin(a, b, low, high);
        const std::vector<char> expected = naiveSumset(a, b, low, high);
        for (std::size_t k = 1; k < sum.size(); ++k) ASSERT_GT(sum[k].first, sum[k - 1].last + 1) << "runs not merged";
        for (std::int64_t v = 0; v <= high; ++v)
            ASSERT_EQ(contains(sum, v), expected[static_cast<std::size_t>(v)] != 0) << "trial " << trial << " v " << v;
    }
}

TEST(Sumset, FragmentedSetsOfEvenNumbersStayEven) {
    RunList evens;
    for (std::int64_t x = 0; x <= 20000; x += 2) appendValue(evens, x);
    const RunList sum = sumsetWithin(evens, evens, 0, 40000);
    EXPECT_EQ(sum.size(), 20001u);
    EXPECT_TRUE(contains(sum, 39998));
    EXPECT_FALSE(contains(sum, 39999));
}

TEST(Sumset, WindowClipsBothEnds) {
    const RunList a{{0, 10}};
    const RunList b{{5, 5}, {100, 100}};
    const RunList sum = sumsetWithin(a, b, 8, 104);
    ASSERT_EQ(sum.size(), 2u);
    EXPECT_EQ(sum[0].first, 8);
    EXPECT_EQ(sum[0].last, 15);
    EXPECT_EQ(sum[1].first, 100);
    EXPECT_EQ(sum[1].last, 104);
}

}  // namespace
}  // namespace hetsched
