// The partition solvers against brute force, against each other, and on the paper's own model.
#include <gtest/gtest.h>

#include <cmath>

#include "random_partition.h"
#include "solvers/partition/partition_solvers.h"

namespace hetsched {
namespace {

using testing::bruteForceOptimum;
using testing::CostShape;
using testing::randomPartition;
using testing::RandomPartitionOptions;

PartitionResource tableResource(std::string name, std::int64_t lower, std::vector<double> table) {
    PartitionResource r;
    r.name = std::move(name);
    r.lower = lower;
    r.upper = lower + static_cast<std::int64_t>(table.size()) - 1;
    r.cost.table = std::move(table);
    return r;
}

// The instance of the issue: a table, an affine law and measured points on an allowed list.
PartitionInstance issueExample() {
    PartitionInstance in;
    in.tasks = 10;
    in.resources.push_back(tableResource("cpu", 0, {0, 1, 2.1, 3, 4.2, 5, 6.1, 7, 8, 9.5, 10}));
    PartitionResource gpu;
    gpu.name = "gpu";
    gpu.lower = 1;
    gpu.upper = 10;
    gpu.cost.kind = CostFunction::Kind::Affine;
    gpu.cost.fixed = 2.0;
    gpu.cost.perTask = 0.5;
    in.resources.push_back(gpu);
    PartitionResource fpga;
    fpga.name = "fpga";
    fpga.allowed = {0, 4, 8};
    fpga.lower = 0;
    fpga.upper = 8;
    fpga.cost.kind = CostFunction::Kind::Points;
    fpga.cost.points = {{0, 0}, {4, 3.0}, {8, 5.5}};
    in.resources.push_back(fpga);
    return in;
}

void expectValid(const PartitionInstance& in, const PartitionSolution& s) {
    const auto problems = verifyPartition(in, s);
    EXPECT_TRUE(problems.empty()) << problems.front();
}

TEST(PartitionModel, CostFunctionsFollowTheirDefinitions) {
    const PartitionInstance in = issueExample();
    EXPECT_DOUBLE_EQ(in.resources[0].costOf(2), 2.1);
    EXPECT_DOUBLE_EQ(in.resources[1].costOf(1), 2.5);   // fixed + per_task * x
    EXPECT_DOUBLE_EQ(in.resources[1].costOf(10), 7.0);
    EXPECT_DOUBLE_EQ(in.resources[2].costOf(4), 3.0);
    EXPECT_TRUE(in.resources[2].admits(8));
    EXPECT_FALSE(in.resources[2].admits(5));
    PartitionResource affine = in.resources[1];
    affine.lower = 0;
    EXPECT_DOUBLE_EQ(affine.costOf(0), 0.0);   // an unused resource costs nothing
    PartitionResource points = in.resources[2];
    points.allowed.clear();
    EXPECT_DOUBLE_EQ(points.costOf(6), 4.25);   // linear between (4, 3) and (8, 5.5)
}

TEST(PartitionDp, SolvesTheIssueExampleOptimally) {
    const PartitionInstance in = issueExample();
    auto s = solvePartitionDp(in);
    ASSERT_TRUE(s.ok());
    EXPECT_EQ(s->status, SolveStatus::Optimal);
    // By hand: fpga 4 (3.0), gpu 3 (3.5), cpu 3 (3.0) gives 3.5; nothing below 3.5 reaches 10 tasks
    // (cpu <= 3 tasks at cost < 3.5 on cpu means x_cpu <= 3, gpu at cost < 3.5 means x_gpu <= 2, fpga 4: 9 < 10).
    EXPECT_DOUBLE_EQ(s->makespan, 3.5);
    EXPECT_DOUBLE_EQ(s->makespan, bruteForceOptimum(in));
    expectValid(in, *s);
}

TEST(PartitionDp, MatchesBruteForceOnSmallRandomInstances) {
    std::mt19937_64 rng(20221);
    int feasible = 0;
    for (int trial = 0; trial < 3000; ++trial) {
        RandomPartitionOptions o;
        o.shape = static_cast<CostShape>(trial % 4);
        o.integerCosts = trial % 3 == 0;
        const PartitionInstance in = randomPartition(rng, o);
        const double expected = bruteForceOptimum(in);
        auto s = solvePartitionDp(in);
        ASSERT_TRUE(s.ok()) << s.error().message;
        if (std::isinf(expected)) {
            EXPECT_EQ(s->status, SolveStatus::Infeasible) << "trial " << trial;
            EXPECT_FALSE(s->message.empty());
            continue;
        }
        ++feasible;
        ASSERT_EQ(s->status, SolveStatus::Optimal) << "trial " << trial;
        EXPECT_NEAR(s->objective(in.objective), expected, 1e-9) << "trial " << trial;
        expectValid(in, *s);
    }
    EXPECT_GT(feasible, 1500);   // the generator must exercise the solver, not only infeasibility
}

TEST(PartitionThreshold, MatchesBruteForceOnSmallRandomInstances) {
    std::mt19937_64 rng(77);
    for (int trial = 0; trial < 3000; ++trial) {
        RandomPartitionOptions o;
        o.shape = static_cast<CostShape>(trial % 4);
        o.integerCosts = trial % 2 == 0;
        const PartitionInstance in = randomPartition(rng, o);
        const double expected = bruteForceOptimum(in);
        auto s = solvePartitionThreshold(in);
        ASSERT_TRUE(s.ok()) << s.error().message;
        if (std::isinf(expected)) {
            EXPECT_EQ(s->status, SolveStatus::Infeasible);
            continue;
        }
        ASSERT_EQ(s->status, SolveStatus::Optimal) << "trial " << trial;
        EXPECT_NEAR(s->objective(in.objective), expected, 1e-9) << "trial " << trial;
        expectValid(in, *s);
    }
}

TEST(PartitionThreshold, EqualsDpOnLargerInstancesOfAllShapes) {
    std::mt19937_64 rng(4242);
    for (int trial = 0; trial < 1200; ++trial) {
        RandomPartitionOptions o;
        o.maxResources = 12;
        o.maxTasks = trial % 10 == 0 ? 600 : 120;
        o.shape = static_cast<CostShape>(trial % 4);
        o.integerCosts = trial % 3 == 0;
        const PartitionInstance in = randomPartition(rng, o);
        auto dp = solvePartitionDp(in);
        auto fast = solvePartitionThreshold(in);
        ASSERT_TRUE(dp.ok() && fast.ok());
        ASSERT_EQ(dp->status, fast->status) << "trial " << trial;
        if (dp->status == SolveStatus::Infeasible) continue;
        EXPECT_NEAR(fast->objective(in.objective), dp->objective(in.objective),
                    1e-9 * std::max(1.0, dp->objective(in.objective)))
            << "trial " << trial;
        expectValid(in, *fast);
    }
}

TEST(PartitionThreshold, EqualsDpWithFragmentedAllowedLists) {
    // Sparse allowed lists (multiples, odd counts) force fragmented sumsets and the bitset path.
    std::mt19937_64 rng(99);
    std::uniform_real_distribution<double> unit(0, 1);
    for (int trial = 0; trial < 60; ++trial) {
        PartitionInstance in;
        in.tasks = 1500 + trial;
        for (int i = 0; i < 6; ++i) {
            PartitionResource r;
            r.name = std::string("r").append(std::to_string(i));   // not "r" + ...: GCC 12 -Wrestrict false positive
            const int step = 2 + (trial + i) % 5;
            for (std::int64_t x = (i % 2); x <= in.tasks; x += step) r.allowed.push_back(x);
            r.lower = r.allowed.front();
            r.upper = r.allowed.back();
            for (std::size_t k = 0; k < r.allowed.size(); ++k) r.cost.table.push_back(100 * unit(rng));
            in.resources.push_back(r);
        }
        auto dp = solvePartitionDp(in);
        auto fast = solvePartitionThreshold(in);
        ASSERT_TRUE(dp.ok() && fast.ok());
        ASSERT_EQ(dp->status, fast->status);
        if (dp->status == SolveStatus::Infeasible) continue;
        EXPECT_DOUBLE_EQ(fast->makespan, dp->makespan) << "trial " << trial;
        expectValid(in, *fast);
    }
}

TEST(PartitionOlar, EqualsDpOnMonotoneCosts) {
    std::mt19937_64 rng(31);
    for (int trial = 0; trial < 2000; ++trial) {
        RandomPartitionOptions o;
        o.maxResources = 6;
        o.maxTasks = 60;
        o.shape = trial % 2 ? CostShape::Monotone : CostShape::Plateaus;
        o.allowLists = false;
        o.integerCosts = trial % 3 == 0;
        PartitionInstance in = randomPartition(rng, o);
        in.objective = PartitionObjective::Makespan;
        auto dp = solvePartitionDp(in);
        auto olar = solvePartitionOlar(in);
        ASSERT_TRUE(olar.ok()) << olar.error().message;
        ASSERT_EQ(dp->status, olar->status);
        if (dp->status == SolveStatus::Infeasible) continue;
        EXPECT_DOUBLE_EQ(olar->makespan, dp->makespan) << "trial " << trial;
        expectValid(in, *olar);
    }
}

TEST(PartitionOlar, RefusesNonMonotoneCostsNamingTheResource) {
    PartitionInstance in;
    in.tasks = 4;
    in.resources.push_back(tableResource("a", 0, {0, 1, 2, 3, 4}));
    in.resources.push_back(tableResource("b", 0, {0, 5, 1, 2, 3}));
    auto s = solvePartitionOlar(in);
    ASSERT_FALSE(s.ok());
    EXPECT_EQ(s.error().kind, ErrorKind::InvalidInput);
    EXPECT_NE(s.error().message.find("resources[1] (b)"), std::string::npos) << s.error().message;
    in.resources[1] = tableResource("b", 0, {0, 1, 2, 3, 4});
    in.objective = PartitionObjective::TotalCost;
    EXPECT_FALSE(solvePartitionOlar(in).ok());
}

TEST(PartitionProportional, IsFeasibleAndNeverBeatsTheOptimum) {
    std::mt19937_64 rng(5);
    for (int trial = 0; trial < 2000; ++trial) {
        RandomPartitionOptions o;
        o.shape = static_cast<CostShape>(trial % 4);
        const PartitionInstance in = randomPartition(rng, o);
        const double optimum = bruteForceOptimum(in);
        auto s = solvePartitionProportional(in);
        ASSERT_TRUE(s.ok()) << s.error().message;
        if (std::isinf(optimum)) {
            EXPECT_EQ(s->status, SolveStatus::Infeasible);
            continue;
        }
        EXPECT_EQ(s->status, SolveStatus::Feasible);
        expectValid(in, *s);
        EXPECT_GE(s->objective(in.objective), optimum - 1e-9);
    }
}

TEST(PartitionProportional, SplitsInProportionToSpeedWhenUnconstrained) {
    PartitionInstance in;
    in.tasks = 300;
    for (double perTask : {1.0, 0.5}) {   // the second is twice as fast
        PartitionResource r;
        r.name = perTask == 1.0 ? "slow" : "fast";
        r.upper = 300;
        r.cost.kind = CostFunction::Kind::Affine;
        r.cost.perTask = perTask;
        in.resources.push_back(r);
    }
    auto s = solvePartitionProportional(in);
    ASSERT_TRUE(s.ok());
    EXPECT_EQ(s->tasks[0], 100);
    EXPECT_EQ(s->tasks[1], 200);
}

TEST(PartitionInfeasibility, NamesEachCertificate) {
    PartitionInstance in;
    in.tasks = 10;
    in.resources.push_back(tableResource("a", 6, {1, 2}));
    in.resources.push_back(tableResource("b", 6, {1, 2}));
    EXPECT_NE(partitionInfeasibilityReason(in).find("lower limits sum to 12 > T = 10"), std::string::npos);
    in.resources = {tableResource("a", 0, {0, 1}), tableResource("b", 0, {0, 1, 2})};
    EXPECT_NE(partitionInfeasibilityReason(in).find("upper limits sum to 3 < T = 10"), std::string::npos);
    PartitionResource even;
    even.name = "even";
    even.allowed = {0, 2, 4, 6, 8, 10};
    even.lower = 0;
    even.upper = 10;
    even.cost.table = {0, 1, 2, 3, 4, 5};
    PartitionResource odd = even;
    odd.name = "also-even";
    in.tasks = 9;
    in.resources = {even, odd};
    EXPECT_NE(partitionInfeasibilityReason(in).find("no combination"), std::string::npos);
    for (auto solver : {solvePartitionDp, solvePartitionThreshold, solvePartitionProportional}) {
        auto s = solver(in, {});
        ASSERT_TRUE(s.ok());
        EXPECT_EQ(s->status, SolveStatus::Infeasible);
        EXPECT_TRUE(verifyPartition(in, *s).empty());
    }
}

TEST(PartitionSolvers, StopWhenCancelled) {
    std::mt19937_64 rng(8);
    RandomPartitionOptions o;
    o.maxResources = 8;
    o.maxTasks = 3000;
    o.allowLists = false;
    PartitionInstance in = randomPartition(rng, o);
    in.tasks = 3000;
    in.objective = PartitionObjective::Makespan;
    for (auto& r : in.resources) {
        r.lower = 0;
        r.upper = 3000;
        r.cost.table.assign(3001, 1.0);
    }
    std::atomic<bool> stop{true};
    const Progress cancelled({}, &stop);
    auto s = solvePartitionDp(in, cancelled);
    ASSERT_FALSE(s.ok());
    EXPECT_EQ(s.error().kind, ErrorKind::Cancelled);
    EXPECT_EQ(solvePartitionThreshold(in, cancelled).error().kind, ErrorKind::Cancelled);
}

TEST(PartitionVerify, CatchesEveryKindOfViolation) {
    const PartitionInstance in = issueExample();
    auto good = solvePartitionDp(in);
    ASSERT_TRUE(good.ok());
    PartitionSolution bad = *good;
    bad.tasks[0] += 1;
    EXPECT_FALSE(verifyPartition(in, bad).empty());   // sum and cost both wrong
    bad = *good;
    bad.tasks[2] = 5;                                 // not on the allowed list
    EXPECT_FALSE(verifyPartition(in, bad).empty());
    bad = *good;
    bad.makespan -= 1;
    EXPECT_FALSE(verifyPartition(in, bad).empty());
}

TEST(PartitionSchedule, OneLanePerResourceWithTheMakespanMarked) {
    const PartitionInstance in = issueExample();
    auto s = solvePartitionThreshold(in);
    ASSERT_TRUE(s.ok());
    const Schedule schedule = partitionSchedule(in, *s);
    ASSERT_EQ(schedule.lanes.size(), 3u);
    EXPECT_EQ(schedule.lanes[1].name, "gpu");
    ASSERT_EQ(schedule.lanes[1].intervals.size(), 1u);
    EXPECT_DOUBLE_EQ(schedule.lanes[1].intervals[0].end, s->costs[1]);
    EXPECT_EQ(schedule.lanes[1].intervals[0].label, "x=" + std::to_string(s->tasks[1]));
    ASSERT_EQ(schedule.markers.size(), 1u);
    EXPECT_DOUBLE_EQ(schedule.markers[0].time, s->makespan);
    EXPECT_TRUE(checkScheduleShape(schedule).empty());
}

}  // namespace
}  // namespace hetsched
