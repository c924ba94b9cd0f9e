// Issue 27 made the dag solvers fast without changing their algorithms: on a thousand seeded random
// graphs and platforms, every solver's schedule must equal, bit for bit, the schedule of the code before
// the change, kept verbatim in tests/core/reference/dag_reference_solvers.cpp (independent of the
// current solvers' code).
#include <gtest/gtest.h>

#include <functional>
#include <random>
#include <string>

#include "model/dag_random.h"
#include "reference/dag_reference_solvers.h"
#include "solvers/dag/dag_solvers.h"

namespace hetsched {
namespace {

using Solver = std::function<Expected<DagSolution>(const DagInstance&)>;

// Graph i of the thousand: 2 to 150 tasks of every daggen shape, 1 to 8 clusters of 1 to 40
// processors; some platforms with identical clusters and pure precedences (bytes 0) so that ties
// between clusters, processor sets and start times are common.
DagInstance randomInstance(std::uint64_t i) {
    std::mt19937_64 random(i * 7919 + 17);
    auto uniform = [&](double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(random); };
    auto integer = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(random); };
    DagPlatformConfig pc;
    pc.clusters = integer(1, 8);
    pc.minProcessors = integer(1, 16);
    pc.maxProcessors = pc.minProcessors + integer(0, 24);
    pc.heterogeneity = i % 4 == 0 ? 1.0 : uniform(1, 5);
    pc.seed = i + 1;
    DagPlatform platform = *generatePlatform(pc);
    if (i % 5 == 0)   // identical clusters: every choice between clusters is a tie
        for (DagCluster& c : platform.clusters) {
            const std::string name = c.name;
            c = platform.clusters.front();
            c.name = name;
        }
    DagGeneratorConfig gc;
    gc.n = i % 10 == 0 ? integer(2, 12) : integer(10, 150);
    gc.fat = uniform(0.1, 0.9);
    gc.regularity = uniform(0.1, 0.9);
    gc.density = uniform(0.05, 0.8);
    gc.jump = integer(1, 4);
    gc.ccr = i % 3 == 0 ? uniform(0.01, 2) : 0;
    gc.maxAlpha = i % 7 == 0 ? 0.9 : 0.2;
    gc.mixedComplexity = i % 2 == 0;
    gc.seed = i + 1000;
    DagInstance in = *generateDag(gc, platform);
    if (i % 6 == 1)
        for (std::size_t e = 0; e < in.edges.size(); e += 2) in.edges[e].bytes = 0;
    return in;
}

void expectSameSolution(const DagSolution& now, const DagSolution& before, const std::string& what) {
    ASSERT_EQ(now.tasks.size(), before.tasks.size()) << what;
    for (std::size_t t = 0; t < now.tasks.size(); ++t) {
        ASSERT_EQ(now.tasks[t].processors, before.tasks[t].processors) << what << ", task " << t;
        ASSERT_EQ(now.tasks[t].start, before.tasks[t].start) << what << ", task " << t;
        ASSERT_EQ(now.tasks[t].end, before.tasks[t].end) << what << ", task " << t;
    }
    EXPECT_EQ(now.makespan, before.makespan) << what;
    EXPECT_EQ(now.message, before.message) << what;
    EXPECT_EQ(now.spansClusters, before.spansClusters) << what;
    ASSERT_EQ(now.allocation.has_value(), before.allocation.has_value()) << what;
    if (now.allocation) {
        const DagAllocation& a = *now.allocation;
        const DagAllocation& b = *before.allocation;
        EXPECT_EQ(a.reference, b.reference) << what;
        EXPECT_EQ(a.perCluster, b.perCluster) << what;
        EXPECT_EQ(a.bottomLevels, b.bottomLevels) << what;
        EXPECT_EQ(a.criticalPath, b.criticalPath) << what;
        EXPECT_EQ(a.averageArea, b.averageArea) << what;
        EXPECT_EQ(a.iterations, b.iterations) << what;
        EXPECT_EQ(a.saturated, b.saturated) << what;
    }
}

void expectSameOnThousandGraphs(const std::string& name, const Solver& now, const Solver& before) {
    std::size_t tasks = 0, processors = 0;
    for (std::uint64_t i = 0; i < 1000; ++i) {
        const DagInstance in = randomInstance(i);
        Expected<DagSolution> a = now(in);
        Expected<DagSolution> b = before(in);
        ASSERT_TRUE(a.ok() && b.ok()) << name << ", graph " << i;
        expectSameSolution(*a, *b, name + ", graph " + std::to_string(i));
        if (::testing::Test::HasFatalFailure()) return;
        tasks += in.tasks.size();
        for (const DagPlacement& p : a->tasks) processors += p.processors.size();
    }
    // The graphs exercised real work: many tasks, and moldable tasks on several processors.
    EXPECT_GT(tasks, 50000u) << name;
    if (name != "heft" && name != "seq") EXPECT_GT(processors, 2 * tasks) << name;
}

TEST(DagSameSchedules, HeftAsBefore) {
    expectSameOnThousandGraphs(
        "heft", [](const DagInstance& in) { return solveDagHeft(in); },
        [](const DagInstance& in) { return dag_reference::referenceSolveDagHeft(in); });
}

TEST(DagSameSchedules, MheftAsBefore) {
    expectSameOnThousandGraphs(
        "mheft", [](const DagInstance& in) { return solveDagMheft(in); },
        [](const DagInstance& in) { return dag_reference::referenceSolveDagMheft(in); });
}

TEST(DagSameSchedules, HcpaAsBefore) {
    expectSameOnThousandGraphs(
        "hcpa", [](const DagInstance& in) { return solveDagHcpa(in); },
        [](const DagInstance& in) { return dag_reference::referenceSolveDagHcpa(in); });
}

TEST(DagSameSchedules, SHcpaAsBefore) {
    expectSameOnThousandGraphs(
        "s-hcpa", [](const DagInstance& in) { return solveDagSHcpa(in); },
        [](const DagInstance& in) { return dag_reference::referenceSolveDagSHcpa(in); });
}

TEST(DagSameSchedules, CpaAsBefore) {
    expectSameOnThousandGraphs(
        "cpa", [](const DagInstance& in) { return solveDagCpa(in); },
        [](const DagInstance& in) { return dag_reference::referenceSolveDagCpa(in); });
}

TEST(DagSameSchedules, SeqAsBefore) {
    expectSameOnThousandGraphs(
        "seq", [](const DagInstance& in) { return solveDagSeq(in); },
        [](const DagInstance& in) { return dag_reference::referenceSolveDagSeq(in); });
}

// The allocation alone, also stopped early (the iteration limit of the tests).
TEST(DagSameSchedules, AllocationAsBeforeAlsoWhenStoppedEarly) {
    for (std::uint64_t i = 0; i < 1000; i += 3) {
        const DagInstance in = randomInstance(i);
        Expected<DagAllocation> full = dag_reference::referenceAllocateHcpa(in);
        ASSERT_TRUE(full.ok());
        for (long long limit : {-1LL, full->iterations / 3, full->iterations / 2 + 1}) {
            Expected<DagAllocation> a = allocateHcpa(in, limit);
            Expected<DagAllocation> b = dag_reference::referenceAllocateHcpa(in, limit);
            ASSERT_TRUE(a.ok() && b.ok());
            const std::string what = "graph " + std::to_string(i) + ", limit " + std::to_string(limit);
            EXPECT_EQ(a->reference, b->reference) << what;
            EXPECT_EQ(a->perCluster, b->perCluster) << what;
            EXPECT_EQ(a->bottomLevels, b->bottomLevels) << what;
            EXPECT_EQ(a->criticalPath, b->criticalPath) << what;
            EXPECT_EQ(a->averageArea, b->averageArea) << what;
            EXPECT_EQ(a->iterations, b->iterations) << what;
            EXPECT_EQ(a->saturated, b->saturated) << what;
            EXPECT_EQ(a->iterationLimit, b->iterationLimit) << what;
        }
    }
}

}  // namespace
}  // namespace hetsched
