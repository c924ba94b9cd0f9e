// Issue 27 made the CPU/GPU solvers fast at a million tasks without changing their algorithms: on a
// thousand seeded instances, every solver's schedule, lower bound and guess must equal, bit for bit, those
// of the code before the change, kept verbatim in tests/core/reference/cpugpu_reference_solvers.cpp
// (independent of the current solvers' code).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "random_cpugpu.h"
#include "reference/cpugpu_reference_solvers.h"
#include "experiments/cpugpu_experiments.h"
#include "solvers/cpugpu/cpugpu_common.h"
#include "solvers/cpugpu/cpugpu_solvers.h"

namespace hetsched {
namespace {

using Solver = std::function<Expected<CpuGpuSolution>(const CpuGpuInstance&)>;

// Instance i of the thousand: the paper's random instances (integer CPU times, accelerations 15 and 35:
// many ties) up to 1000 tasks on up to 64 CPUs and 8 GPUs, small instances with real-valued times, small
// integer times (ties everywhere), and platforms without GPUs or without CPUs.
CpuGpuInstance randomInstance(std::uint64_t i) {
    std::mt19937_64 random(i * 104729 + 3);
    auto integer = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(random); };
    switch (i % 4) {
    case 0:
    case 1: {
        CpuGpuInstance in = randomCpuGpuInstance(integer(1, i % 8 == 0 ? 1000 : 200), integer(1, 64),
                                                 integer(1, 8), i + 1, i % 3 == 0 ? 1e-2 : 1e-3);
        if (i % 40 == 1) in.gpus = 0;
        if (i % 40 == 5) in.cpus = 0;
        return in;
    }
    default: {
        testing::RandomCpuGpuOptions o;
        o.maxTasks = 60;
        o.maxCpus = 6;
        o.maxGpus = 4;
        o.integerTimes = i % 4 == 3;
        return testing::randomCpuGpu(random, o);
    }
    }
}

void expectSameSolution(const CpuGpuSolution& now, const CpuGpuSolution& before, const std::string& what) {
    ASSERT_EQ(now.placements.size(), before.placements.size()) << what;
    for (std::size_t j = 0; j < now.placements.size(); ++j) {
        const CpuGpuPlacement& a = now.placements[j];
        const CpuGpuPlacement& b = before.placements[j];
        ASSERT_TRUE(a.unit == b.unit && a.processor == b.processor && a.start == b.start && a.end == b.end &&
                    a.shelf == b.shelf)
            << what << ", task " << j << ": " << cpuGpuUnitName(a.unit) << " " << a.processor << " [" << a.start
            << ", " << a.end << "] S" << a.shelf << " instead of " << cpuGpuUnitName(b.unit) << " " << b.processor
            << " [" << b.start << ", " << b.end << "] S" << b.shelf;
    }
    ASSERT_EQ(now.aborted.size(), before.aborted.size()) << what;
    for (std::size_t q = 0; q < now.aborted.size(); ++q) {
        const CpuGpuAbortedRun& a = now.aborted[q];
        const CpuGpuAbortedRun& b = before.aborted[q];
        EXPECT_TRUE(a.task == b.task && a.unit == b.unit && a.processor == b.processor && a.start == b.start &&
                    a.end == b.end)
            << what << ", aborted run " << q;
    }
    EXPECT_EQ(now.status, before.status) << what;
    EXPECT_EQ(now.message, before.message) << what;
    EXPECT_EQ(now.makespan, before.makespan) << what;
    EXPECT_EQ(now.lowerBound, before.lowerBound) << what;
    EXPECT_EQ(now.lambda, before.lambda) << what;
    EXPECT_EQ(now.guarantee, before.guarantee) << what;
}

void expectSameOnThousandInstances(const std::string& name, const Solver& now, const Solver& before) {
    std::size_t tasks = 0;
    for (std::uint64_t i = 0; i < 1000; ++i) {
        const CpuGpuInstance in = randomInstance(i);
        Expected<CpuGpuSolution> a = now(in);
        Expected<CpuGpuSolution> b = before(in);
        ASSERT_EQ(a.ok(), b.ok()) << name << ", instance " << i;
        if (!a.ok()) {
            EXPECT_EQ(a.error().message, b.error().message) << name << ", instance " << i;
            continue;
        }
        expectSameSolution(*a, *b, name + ", instance " + std::to_string(i));
        if (::testing::Test::HasFatalFailure()) return;
        tasks += in.tasks.size();
    }
    EXPECT_GT(tasks, 50000u) << name;
}

TEST(CpuGpuSameSchedules, LowerBoundAsBefore) {
    for (std::uint64_t i = 0; i < 1000; ++i) {
        const CpuGpuInstance in = randomInstance(i);
        EXPECT_EQ(cpuGpuLowerBound(in), cpugpu_reference::referenceCpuGpuLowerBound(in)) << "instance " << i;
    }
    expectSameOnThousandInstances(
        "lower-bound", [](const CpuGpuInstance& in) { return solveCpuGpuLowerBound(in); },
        [](const CpuGpuInstance& in) { return cpugpu_reference::referenceSolveCpuGpuLowerBound(in); });
}

TEST(CpuGpuSameSchedules, HeftAsBefore) {
    expectSameOnThousandInstances(
        "heft", [](const CpuGpuInstance& in) { return solveCpuGpuHeft(in); },
        [](const CpuGpuInstance& in) { return cpugpu_reference::referenceSolveCpuGpuHeft(in); });
}

TEST(CpuGpuSameSchedules, HeteroPrioAsBeforeWithAndWithoutSpoliation) {
    for (bool spoliation : {true, false}) {
        CpuGpuHeteroPrioOptions o;
        o.spoliation = spoliation;
        expectSameOnThousandInstances(
            spoliation ? "heteroprio" : "heteroprio without spoliation",
            [&](const CpuGpuInstance& in) { return solveCpuGpuHeteroPrio(in, o); },
            [&](const CpuGpuInstance& in) { return cpugpu_reference::referenceSolveCpuGpuHeteroPrio(in, o); });
    }
}

TEST(CpuGpuSameSchedules, DualApproxAsBeforeCompactOrNot) {
    for (bool compact : {true, false}) {
        CpuGpuDualOptions o;
        o.compact = compact;
        expectSameOnThousandInstances(
            compact ? "dual-approx" : "dual-approx, proof layout",
            [&](const CpuGpuInstance& in) { return solveCpuGpuDualApprox(in, o); },
            [&](const CpuGpuInstance& in) { return cpugpu_reference::referenceSolveCpuGpuDualApprox(in, o); });
    }
}

TEST(CpuGpuSameSchedules, DualApprox2AsBefore) {
    expectSameOnThousandInstances(
        "dual-approx-2", [](const CpuGpuInstance& in) { return solveCpuGpuDualApprox2(in); },
        [](const CpuGpuInstance& in) { return cpugpu_reference::referenceSolveCpuGpuDualApprox2(in); });
}

// One guess of the DP on its own, at guesses around the lower bound where both answers occur.
TEST(CpuGpuSameSchedules, DualStepAsBeforeAroundTheLowerBound) {
    int yes = 0, no = 0;
    for (std::uint64_t i = 0; i < 1000; i += 2) {
        const CpuGpuInstance in = randomInstance(i);
        const double bound = cpugpu_reference::referenceCpuGpuLowerBound(in);
        for (double factor : {0.8, 0.95, 1.0, 1.1}) {
            for (CpuGpuDualVariant variant : {CpuGpuDualVariant::Shelves, CpuGpuDualVariant::AreaOnly}) {
                Expected<CpuGpuDualStep> a = cpuGpuDualStep(in, bound * factor, variant);
                Expected<CpuGpuDualStep> b = cpugpu_reference::referenceCpuGpuDualStep(in, bound * factor, variant);
                ASSERT_TRUE(a.ok() && b.ok());
                const std::string what = "instance " + std::to_string(i) + ", lambda = " +
                                         std::to_string(factor) + " * bound";
                EXPECT_EQ(a->yes, b->yes) << what;
                EXPECT_EQ(a->reason, b->reason) << what;
                EXPECT_EQ(a->states, b->states) << what;
                EXPECT_TRUE(a->allotment == b->allotment) << what;
                (b->yes ? yes : no) += 1;
            }
        }
    }
    EXPECT_GT(yes, 100);
    EXPECT_GT(no, 100);
}

// The orders of HEFT, HeteroPrio, the area LP and the list schedule come from `orderByKey`, which sorts a few
// thousand keys or more by radix: it must give what a stable sort of the indices by key gives, with ties,
// negative keys, both zeros and infinities.
TEST(CpuGpuSameSchedules, OrderByKeyIsAStableSortByKey) {
    std::mt19937_64 random(27);
    for (std::size_t n : {1u, 100u, 4095u, 4096u, 5000u, 70000u}) {
        for (int kind = 0; kind < 3; ++kind) {
            std::vector<double> keys(n);
            // Kind 2: the zeros, the infinities, the smallest subnormals and a few repeated values.
            const std::vector<double> special = {-0.0, 0.0, -HUGE_VAL, HUGE_VAL, 5e-324, -5e-324, 1.5, -1.5, 1e300};
            for (double& key : keys) {
                if (kind == 0) key = std::uniform_int_distribution<int>(-5, 5)(random);
                else if (kind == 1) key = std::uniform_real_distribution<double>(-1e6, 1e6)(random);
                else key = special[std::uniform_int_distribution<std::size_t>(0, special.size() - 1)(random)];
            }
            std::vector<std::size_t> expected(n);
            for (std::size_t i = 0; i < n; ++i) expected[i] = i;
            std::stable_sort(expected.begin(), expected.end(), [&](std::size_t a, std::size_t b) { return keys[a] < keys[b]; });
            EXPECT_EQ(cpugpu_detail::orderByKey(keys), expected) << n << " keys of kind " << kind;
        }
    }
}

// The radix order is used from 4096 tasks on, above the thousand instances' sizes: the paper's random
// instances (integer CPU times, two accelerations: ties everywhere) of 5,000 and 40,000 tasks.
TEST(CpuGpuSameSchedules, LargeInstancesAsBefore) {
    for (std::size_t n : {5000u, 40000u}) {
        const CpuGpuInstance in = randomCpuGpuInstance(n, 64, 8, n);
        const std::string what = std::to_string(n) + " tasks";
        EXPECT_EQ(cpuGpuLowerBound(in), cpugpu_reference::referenceCpuGpuLowerBound(in)) << what;
        expectSameSolution(*solveCpuGpuHeft(in), *cpugpu_reference::referenceSolveCpuGpuHeft(in), "heft, " + what);
        expectSameSolution(*solveCpuGpuHeteroPrio(in, {}), *cpugpu_reference::referenceSolveCpuGpuHeteroPrio(in, {}),
                           "heteroprio, " + what);
        expectSameSolution(*solveCpuGpuLowerBound(in), *cpugpu_reference::referenceSolveCpuGpuLowerBound(in),
                           "lower-bound, " + what);
        expectSameSolution(*solveCpuGpuDualApprox(in), *cpugpu_reference::referenceSolveCpuGpuDualApprox(in),
                           "dual-approx, " + what);
    }
}

}  // namespace
}  // namespace hetsched
