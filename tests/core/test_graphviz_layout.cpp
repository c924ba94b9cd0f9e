// dot's layered layout: edges downwards, routes from node to node around the rows between, wide graphs
// pulled into a readable shape, big graphs refused (the caller falls back), and how long it takes.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cmath>

#include "layout/graphviz_layout.h"
#include "model/dag_random.h"

namespace hetsched::layout {
namespace {

double distance(const Point& a, const Point& b) { return std::hypot(a.x - b.x, a.y - b.y); }

std::vector<LayoutEdge> generatedEdges(int n, double fat, double density, std::uint64_t seed) {
    DagPlatformConfig platformConfig;
    platformConfig.clusters = 2;
    const Expected<DagPlatform> platform = generatePlatform(platformConfig);
    DagGeneratorConfig config;
    config.n = n;
    config.fat = fat;
    config.density = density;
    config.seed = seed;
    const Expected<DagInstance> dag = generateDag(config, *platform);
    EXPECT_TRUE(dag.ok());
    std::vector<LayoutEdge> edges;
    for (const DagEdge& e : dag->edges) edges.push_back({static_cast<int>(e.from), static_cast<int>(e.to)});
    return edges;
}

// Montage's shape (Pegasus): projections, a difference fit per overlapping pair of them, one global fit
// and background model, a background correction per projection, then a short chain to the mosaic.
// 364 projections and 1,004 fits make the 1,738 tasks of issue 13.
std::vector<LayoutEdge> montageLike(int projections, int fits, int& n) {
    std::vector<LayoutEdge> edges;
    const int firstFit = projections, concat = firstFit + fits, model = concat + 1, firstBackground = model + 1;
    const int table = firstBackground + projections;
    for (int f = 0; f < fits; ++f) {
        edges.push_back({f % projections, firstFit + f});
        edges.push_back({(f + 1 + f / projections) % projections, firstFit + f});
        edges.push_back({firstFit + f, concat});
    }
    edges.push_back({concat, model});
    for (int p = 0; p < projections; ++p) {
        edges.push_back({p, firstBackground + p});
        edges.push_back({model, firstBackground + p});
        edges.push_back({firstBackground + p, table});
    }
    for (int t = table; t < table + 3; ++t) edges.push_back({t, t + 1});
    n = table + 4;
    return edges;
}

double elapsedSeconds(std::chrono::steady_clock::time_point since) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - since).count();
}

TEST(GraphvizLayout, EveryChildIsBelowItsParents) {
    const int n = 300;
    const auto edges = generatedEdges(n, 0.5, 0.3, 5);
    const auto layout = graphvizLayeredLayout(n, edges);
    ASSERT_TRUE(layout.ok()) << layout.error().message;
    ASSERT_EQ(layout->position.size(), static_cast<std::size_t>(n));
    for (const LayoutEdge& e : edges) {
        EXPECT_GT(layout->position[e.to].y, layout->position[e.from].y + 1.0);
        EXPECT_GT(layout->layer[e.to], layout->layer[e.from]);
    }
    // Rows are ordered left to right and hold every node once.
    std::size_t placed = 0;
    for (const auto& row : layout->order) {
        placed += row.size();
        for (std::size_t k = 1; k < row.size(); ++k)
            EXPECT_LT(layout->position[row[k - 1]].x, layout->position[row[k]].x);
    }
    EXPECT_EQ(placed, static_cast<std::size_t>(n));
}

TEST(GraphvizLayout, EveryRouteRunsFromItsSourceToItsTarget) {
    const int n = 200;
    const auto edges = generatedEdges(n, 0.6, 0.4, 9);
    GraphvizLayoutOptions options;
    const auto layout = graphvizLayeredLayout(n, edges, options);
    ASSERT_TRUE(layout.ok()) << layout.error().message;
    ASSERT_EQ(layout->route.size(), edges.size());
    const double reach = options.nodeSize / 2 + 2.0;   // routes end on the node's circle
    for (std::size_t e = 0; e < edges.size(); ++e) {
        const auto& route = layout->route[e];
        ASSERT_GE(route.size(), 2u);
        EXPECT_LE(distance(route.front(), layout->position[edges[e].from]), reach) << "edge " << e;
        EXPECT_LE(distance(route.back(), layout->position[edges[e].to]), reach) << "edge " << e;
    }
}

TEST(GraphvizLayout, AnEdgeOverThreeLayersBendsAroundTheNodesBetween) {
    // 0 -> 1 -> 2 -> 3 and 0 -> 3: a straight 0 -> 3 would run through 1 and 2.
    const std::vector<LayoutEdge> edges = {{0, 1}, {1, 2}, {2, 3}, {0, 3}};
    GraphvizLayoutOptions options;
    const auto layout = graphvizLayeredLayout(4, edges, options);
    ASSERT_TRUE(layout.ok()) << layout.error().message;
    const auto& route = layout->route[3];
    const auto& p = layout->position;
    int between = 0;
    for (const Point& q : route) {
        if (q.y > p[0].y + options.nodeSize / 2 && q.y < p[3].y - options.nodeSize / 2) ++between;
        EXPECT_GE(distance(q, p[1]), options.nodeSize / 2 - 1.0);
        EXPECT_GE(distance(q, p[2]), options.nodeSize / 2 - 1.0);
    }
    EXPECT_GE(between, 3);   // the route passes the rows of 1 and 2 (dot's dummy nodes)
    EXPECT_EQ(layout->layer[3], 3);
}

TEST(GraphvizLayout, AWideGraphIsNotAFlatLine) {
    const int n = 1000;
    const auto edges = generatedEdges(n, 0.8, 0.01, 3);
    const auto layout = graphvizLayeredLayout(n, edges);
    ASSERT_TRUE(layout.ok()) << layout.error().message;
    double width = 0, height = 0;
    for (const Point& q : layout->position) {
        width = std::max(width, q.x);
        height = std::max(height, q.y);
    }
    // With rows 90 apart, its ~250-wide levels would give about 5 rows of 90 over 250 * 70: 0.03.
    EXPECT_GE(height / width, 0.15) << width << " x " << height;
    EXPECT_LE(height / width, 2.0) << width << " x " << height;
}

TEST(GraphvizLayout, TheMontageWorkflowIsLaidOutInSeconds) {
    int n = 0;
    const auto edges = montageLike(364, 1004, n);
    ASSERT_EQ(n, 1738);
    const auto start = std::chrono::steady_clock::now();
    const auto layout = graphvizLayeredLayout(n, edges);
    const double seconds = elapsedSeconds(start);
    ASSERT_TRUE(layout.ok()) << layout.error().message;
    std::printf("dot on %d tasks, %zu edges: %.2f s\n", n, edges.size(), seconds);
    RecordProperty("seconds", std::to_string(seconds));
    // The time is printed, not asserted: a loaded machine took 319 s (issue 24: timing belongs to benchmarks).
    double width = 0, height = 0;
    for (const Point& q : layout->position) {
        width = std::max(width, q.x);
        height = std::max(height, q.y);
    }
    EXPECT_GE(height / width, 0.15) << width << " x " << height;
    for (const LayoutEdge& e : edges) EXPECT_GT(layout->position[e.to].y, layout->position[e.from].y);
}

TEST(GraphvizLayout, GraphsBeyondTheLimitsAreRefusedForTheFallback) {
    GraphvizLayoutOptions options;
    EXPECT_TRUE(graphvizLayoutFits(3000, 6000, options));
    EXPECT_FALSE(graphvizLayoutFits(3001, 0, options));
    EXPECT_FALSE(graphvizLayoutFits(10, 6001, options));
    const auto refused = graphvizLayeredLayout(6000, {}, options);
    ASSERT_FALSE(refused.ok());
    EXPECT_NE(refused.error().message.find("6000 nodes"), std::string::npos);
    EXPECT_FALSE(graphvizLayeredLayout(2, {{0, 2}}).ok());
    const auto empty = graphvizLayeredLayout(0, {});
    ASSERT_TRUE(empty.ok());
    EXPECT_TRUE(empty->position.empty());
}

}  // namespace
}  // namespace hetsched::layout

namespace hetsched::layout {
namespace {

// A tall graph is not widened: dot's ratio is asked for only to pull flat drawings apart (a numeric ratio
// is exact, and stretched the 8-task example to 1,100 points wide for three columns, its labels lost).
TEST(GraphvizLayout, ATallGraphKeepsItsNaturalWidth) {
    const std::vector<LayoutEdge> edges = {{0, 1}, {0, 2}, {0, 3}, {1, 4}, {2, 4}, {4, 5}, {5, 6}, {6, 7}, {3, 7}};
    const GraphvizLayoutOptions options;
    Expected<LayeredLayout> l = graphvizLayeredLayout(8, edges, options);
    ASSERT_TRUE(l.ok()) << l.error().message;
    double left = 1e300, right = -1e300;
    for (const Point& p : l->position) {
        left = std::min(left, p.x);
        right = std::max(right, p.x);
    }
    // Three tasks in the widest row: about two node spacings, with room for dot's routing.
    EXPECT_LE(right - left, 4 * options.nodeSpacing) << "from " << left << " to " << right;
}

}  // namespace
}  // namespace hetsched::layout
