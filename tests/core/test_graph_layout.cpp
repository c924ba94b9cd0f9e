// The automatic layouts: linked nodes close, nodes apart, DAG edges downwards, crossings reduced.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <numeric>
#include <random>

#include "layout/graph_layout.h"

namespace hetsched::layout {
namespace {

double distance(const Point& a, const Point& b) { return std::hypot(a.x - b.x, a.y - b.y); }

std::vector<LayoutEdge> randomConnectedGraph(int n, int extra, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    std::vector<LayoutEdge> edges;
    for (int v = 1; v < n; ++v) edges.push_back({std::uniform_int_distribution<int>(0, v - 1)(rng), v});
    std::uniform_int_distribution<int> any(0, n - 1);
    for (int i = 0; i < extra; ++i) {
        const int a = any(rng), b = any(rng);
        if (a != b) edges.push_back({a, b});
    }
    return edges;
}

TEST(ForceDirectedLayout, LinkedNodesAreCloserThanOthersAndNoneOverlap) {
    const int n = 150;
    const auto edges = randomConnectedGraph(n, 150, 3);
    const auto pos = forceDirectedLayout(n, edges);
    ASSERT_EQ(pos.size(), static_cast<std::size_t>(n));
    double linked = 0.0;
    for (const auto& e : edges) linked += distance(pos[e.from], pos[e.to]);
    linked /= static_cast<double>(edges.size());
    double all = 0.0, closest = HUGE_VAL;
    for (int a = 0; a < n; ++a)
        for (int b = a + 1; b < n; ++b) {
            all += distance(pos[a], pos[b]);
            closest = std::min(closest, distance(pos[a], pos[b]));
        }
    all /= n * (n - 1) / 2.0;
    EXPECT_LT(linked, all / 2.0);
    EXPECT_LT(linked, 3.0 * 120.0);
    EXPECT_GT(closest, 10.0);  // no two nodes on top of each other
}

TEST(ForceDirectedLayout, IsDeterministicForASeedAndKeepsPinnedNodes) {
    const auto edges = randomConnectedGraph(40, 20, 5);
    ForceOptions options;
    options.seed = 11;
    EXPECT_EQ(forceDirectedLayout(40, edges, options)[17].x, forceDirectedLayout(40, edges, options)[17].x);
    options.initial = forceDirectedLayout(40, edges, options);
    options.pinned.assign(40, false);
    options.pinned[3] = true;
    options.initial[3] = {5000.0, -7000.0};
    const auto pos = forceDirectedLayout(40, edges, options);
    EXPECT_EQ(pos[3].x, 5000.0);
    EXPECT_EQ(pos[3].y, -7000.0);
}

TEST(ForceDirectedLayout, SeparatesComponentsAndHandlesTinyGraphs) {
    EXPECT_TRUE(forceDirectedLayout(0, {}).empty());
    EXPECT_EQ(forceDirectedLayout(1, {}).size(), 1u);
    // Two triangles with no link between them: their bounding boxes do not overlap.
    const std::vector<LayoutEdge> edges{{0, 1}, {1, 2}, {2, 0}, {3, 4}, {4, 5}, {5, 3}};
    const auto pos = forceDirectedLayout(6, edges);
    auto box = [&](int first) {
        double lo = HUGE_VAL, hi = -HUGE_VAL, top = HUGE_VAL, bottom = -HUGE_VAL;
        for (int v = first; v < first + 3; ++v) {
            lo = std::min(lo, pos[v].x), hi = std::max(hi, pos[v].x);
            top = std::min(top, pos[v].y), bottom = std::max(bottom, pos[v].y);
        }
        return std::array<double, 4>{lo, hi, top, bottom};
    };
    const auto a = box(0), b = box(3);
    const bool apartX = a[1] < b[0] || b[1] < a[0];
    const bool apartY = a[3] < b[2] || b[3] < a[2];
    EXPECT_TRUE(apartX || apartY);
}

TEST(RadialLayout, PutsTheCentreInTheMiddleAndTheOthersOnACircle) {
    const auto pos = radialLayout(41, 0, 100.0, 60.0);
    EXPECT_DOUBLE_EQ(pos[0].x, 0.0);
    const double r = distance(pos[1], pos[0]);
    EXPECT_GE(r, 100.0);
    for (int v = 1; v < 41; ++v) EXPECT_NEAR(distance(pos[v], pos[0]), r, 1e-9);
    EXPECT_GE(distance(pos[1], pos[2]), 60.0 - 1e-9);  // grown for 40 workers
    EXPECT_NEAR(pos[1].x, 0.0, 1e-9);                    // the first one at the top
    EXPECT_LT(pos[1].y, 0.0);
}

// Number of crossings between consecutive layers for edges spanning exactly one layer.
long crossings(const LayeredLayout& l, const std::vector<LayoutEdge>& edges) {
    long count = 0;
    for (std::size_t i = 0; i < edges.size(); ++i)
        for (std::size_t j = i + 1; j < edges.size(); ++j) {
            const auto &a = edges[i], &b = edges[j];
            if (l.layer[a.from] != l.layer[b.from] || l.layer[a.to] != l.layer[a.from] + 1 ||
                l.layer[b.to] != l.layer[b.from] + 1)
                continue;
            const double d1 = l.position[a.from].x - l.position[b.from].x;
            const double d2 = l.position[a.to].x - l.position[b.to].x;
            if (d1 * d2 < 0) ++count;
        }
    return count;
}

TEST(LayeredLayout, LayersAreLongestPathsAndEdgesPointDown) {
    // 0 -> 1 -> 3, 0 -> 3, 2 -> 3: node 3 is at depth 2.
    const std::vector<LayoutEdge> edges{{0, 1}, {1, 3}, {0, 3}, {2, 3}};
    const auto l = layeredLayout(4, edges);
    EXPECT_EQ(l.layer, (std::vector<int>{0, 1, 0, 2}));
    for (const auto& e : edges) EXPECT_LT(l.position[e.from].y, l.position[e.to].y);
    ASSERT_EQ(l.order.size(), 3u);
    EXPECT_EQ(l.order[0].size(), 2u);
}

TEST(LayeredLayout, KeepsTheSpacingAndReducesCrossings) {
    // A random layered DAG whose input order is shuffled: the sweeps must remove crossings.
    std::mt19937_64 rng(9);
    const int layers = 6, width = 12, n = layers * width;
    std::vector<int> shuffled(n);
    std::iota(shuffled.begin(), shuffled.end(), 0);
    std::shuffle(shuffled.begin(), shuffled.end(), rng);
    std::vector<LayoutEdge> edges;
    for (int l = 0; l + 1 < layers; ++l)
        for (int i = 0; i < width; ++i) {
            // Each node links to its two neighbours below, which a good order draws without crossings.
            edges.push_back({shuffled[l * width + i], shuffled[(l + 1) * width + i]});
            if (i + 1 < width) edges.push_back({shuffled[l * width + i], shuffled[(l + 1) * width + i + 1]});
        }
    LayeredOptions none;
    none.sweeps = 0;
    const auto before = layeredLayout(n, edges, none);
    const auto after = layeredLayout(n, edges);
    EXPECT_LT(crossings(after, edges), crossings(before, edges) / 4);
    for (const auto& row : after.order)
        for (std::size_t i = 1; i < row.size(); ++i)
            EXPECT_GE(after.position[row[i]].x - after.position[row[i - 1]].x, 70.0 - 1e-9);
}

TEST(LayeredLayout, SurvivesACycleAndScalesToTenThousandTasks) {
    const auto cyclic = layeredLayout(3, {{0, 1}, {1, 2}, {2, 0}});
    EXPECT_EQ(cyclic.position.size(), 3u);
    std::mt19937_64 rng(1);
    std::vector<LayoutEdge> edges;
    const int n = 10000;
    for (int v = 1; v < n; ++v)
        for (int k = 0; k < 5; ++k) {
            const int from = std::uniform_int_distribution<int>(std::max(0, v - 200), v - 1)(rng);
            edges.push_back({from, v});
        }
    const auto l = layeredLayout(n, edges);
    for (const auto& e : edges) ASSERT_LT(l.layer[e.from], l.layer[e.to]);
}

TEST(GridLayout, IsRowMajorAndCentred) {
    const auto pos = gridLayout(2, 3, 10.0);
    ASSERT_EQ(pos.size(), 6u);
    EXPECT_DOUBLE_EQ(pos[0].x, -10.0);
    EXPECT_DOUBLE_EQ(pos[0].y, -5.0);
    EXPECT_DOUBLE_EQ(pos[5].x, 10.0);
    EXPECT_DOUBLE_EQ(pos[5].y, 5.0);
}

}  // namespace
}  // namespace hetsched::layout
