// The check of an edit from what changed (model/dag_edit_check.h) against the whole check it stands in for
// (dagInstanceProblem), and the paths of a task graph (model/dag_paths.h) against a transitive closure.
#include <gtest/gtest.h>

#include <limits>
#include <random>

#include "model/dag_edit_check.h"
#include "io/dag_io.h"
#include "model/dag_paths.h"
#include "model/dag_random.h"

namespace hetsched {
namespace {

DagInstance randomGraph(std::uint64_t seed, int tasks) {
    DagPlatformConfig platform;
    platform.clusters = 2;
    platform.seed = seed;
    DagGeneratorConfig graph;
    graph.n = tasks;
    graph.density = 0.3;
    graph.jump = 3;
    graph.seed = seed;
    Expected<DagInstance> in = generateDag(graph, *generatePlatform(platform));
    EXPECT_TRUE(in.ok());
    return *in;
}

// One random edit of a kind the edit check knows (task values, one dependency added at the end, some removed,
// bytes changed), sometimes making the graph invalid (a NaN or negative size, a duplicate name, a cycle, a
// dependency twice or onto itself).
DagInstance randomEdit(const DagInstance& before, std::mt19937_64& rng) {
    DagInstance after = before;
    std::uniform_int_distribution<std::size_t> task(0, before.tasks.size() - 1);
    std::uniform_real_distribution<double> unit(0, 1);
    const double nan = std::numeric_limits<double>::quiet_NaN();
    switch (std::uniform_int_distribution<int>(0, 3)(rng)) {
    case 0: {   // task values
        const int count = std::uniform_int_distribution<int>(1, 3)(rng);
        for (int k = 0; k < count; ++k) {
            DagTask& t = after.tasks[task(rng)];
            const double u = unit(rng);
            if (u < 0.5) t.flops = 1e9 * (1 + 10 * unit(rng));
            else if (u < 0.6) t.flops = -1;
            else if (u < 0.7) t.flops = nan;
            else if (u < 0.8) t.alpha = 1.5;
            else if (u < 0.9) t.name = before.tasks[task(rng)].name;
            else t.name = "renamed" + std::to_string(k);
        }
        break;
    }
    case 1:   // one dependency added at the end
        after.edges.push_back({task(rng), task(rng), unit(rng) < 0.9 ? 1e6 * unit(rng) : -5});
        break;
    case 2:   // some removed
        for (std::size_t k = after.edges.size(); k-- > 0;)
            if (unit(rng) < 0.2) after.edges.erase(after.edges.begin() + static_cast<std::ptrdiff_t>(k));
        break;
    default:   // bytes changed
        for (DagEdge& e : after.edges)
            if (unit(rng) < 0.3) e.bytes = unit(rng) < 0.9 ? 1e7 * unit(rng) : nan;
        break;
    }
    return after;
}

TEST(DagEditCheck, NeverAcceptsWhatTheWholeCheckRefusesAndAcceptsMostSoundEdits) {
    std::mt19937_64 rng(5);
    int sound = 0, knownSound = 0, refused = 0;
    for (std::uint64_t seed = 1; seed <= 30; ++seed) {
        const DagInstance before = randomGraph(seed, 40);
        ASSERT_EQ(dagInstanceProblem(before), std::nullopt);
        for (int edit = 0; edit < 60; ++edit) {
            const DagInstance after = randomEdit(before, rng);
            const bool valid = !dagInstanceProblem(after).has_value();
            const bool known = dagEditKnownValid(before, after);
            if (known) {
                EXPECT_TRUE(valid) << "seed " << seed << ", edit " << edit << ": " << *dagInstanceProblem(after);
            }
            sound += valid;
            knownSound += known;
            refused += !valid;
        }
    }
    // The edits cover both sides, and the edit check decides nearly every sound one by itself.
    EXPECT_GT(refused, 100);
    EXPECT_GT(knownSound, sound * 9 / 10) << knownSound << " of " << sound;
}

TEST(DagEditCheck, AnotherKindOfEditIsLeftToTheWholeCheck) {
    const DagInstance before = randomGraph(3, 20);
    DagInstance moreTasks = before;
    moreTasks.tasks.push_back({"extra", 1e9, 0});
    EXPECT_FALSE(dagEditKnownValid(before, moreTasks));
    DagInstance faster = before;
    faster.platform.clusters[0].speed *= 2;
    EXPECT_FALSE(dagEditKnownValid(before, faster));
}

TEST(DagPaths, APathExistsExactlyWhenTheTransitiveClosureSaysSo) {
    for (std::uint64_t seed = 1; seed <= 10; ++seed) {
        const DagInstance in = randomGraph(seed, 25);
        const std::size_t n = in.tasks.size();
        // Warshall's transitive closure, independent of the search under test.
        std::vector<std::vector<char>> reach(n, std::vector<char>(n, 0));
        for (std::size_t u = 0; u < n; ++u) reach[u][u] = 1;
        for (const DagEdge& e : in.edges) reach[e.from][e.to] = 1;
        for (std::size_t k = 0; k < n; ++k)
            for (std::size_t i = 0; i < n; ++i)
                if (reach[i][k])
                    for (std::size_t j = 0; j < n; ++j) reach[i][j] = reach[i][j] || reach[k][j];
        for (std::size_t from = 0; from < n; ++from)
            for (std::size_t to = 0; to < n; ++to) {
                const std::vector<std::size_t> path = dagPath(in, from, to);
                ASSERT_EQ(!path.empty(), bool(reach[from][to])) << from << " -> " << to;
                if (path.empty()) continue;
                EXPECT_EQ(path.front(), from);
                EXPECT_EQ(path.back(), to);
                for (std::size_t k = 1; k < path.size(); ++k) {
                    const auto edge = std::find_if(in.edges.begin(), in.edges.end(), [&](const DagEdge& e) {
                        return e.from == path[k - 1] && e.to == path[k];
                    });
                    EXPECT_NE(edge, in.edges.end()) << "no edge " << path[k - 1] << " -> " << path[k];
                }
                EXPECT_EQ(dagEdgeClosesCycle(in, to, from), true);
            }
    }
}

}  // namespace
}  // namespace hetsched
