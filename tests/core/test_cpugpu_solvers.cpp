// The CPU/GPU solvers against brute force, against the paper's claims, and on hand-made cases.
#include <gtest/gtest.h>

#include <atomic>
#include <cmath>
#include <functional>
#include <map>
#include <set>
#include <tuple>

#include "lp/linear_program.h"
#include "random_cpugpu.h"
#include "solvers/cpugpu/cpugpu_solvers.h"

namespace hetsched {
namespace {

using testing::bruteForceOptimum;
using testing::heftTrap;
using testing::randomCpuGpu;
using testing::RandomCpuGpuOptions;

CpuGpuInstance platform(int cpus, int gpus, std::vector<CpuGpuTask> tasks) {
    CpuGpuInstance in;
    in.cpus = cpus;
    in.gpus = gpus;
    in.tasks = std::move(tasks);
    return in;
}

void expectValid(const CpuGpuInstance& in, const CpuGpuSolution& s, const std::string& what = "") {
    const auto problems = verifyCpuGpu(in, s);
    EXPECT_TRUE(problems.empty()) << what << ": " << problems.front();
}

// Every solver, called directly (the registry's wrapper is tested in test_cpugpu_results.cpp).
std::vector<std::pair<std::string, std::function<Expected<CpuGpuSolution>(const CpuGpuInstance&)>>>
allSolvers(double exactSeconds = 5) {
    return {
        {"dual-approx", [](const CpuGpuInstance& in) { return solveCpuGpuDualApprox(in); }},
        {"dual-approx proof layout",
         [](const CpuGpuInstance& in) {
             CpuGpuDualOptions o;
             o.compact = false;
             return solveCpuGpuDualApprox(in, o);
         }},
        {"dual-approx-2", [](const CpuGpuInstance& in) { return solveCpuGpuDualApprox2(in); }},
        {"heft", [](const CpuGpuInstance& in) { return solveCpuGpuHeft(in); }},
        {"heteroprio", [](const CpuGpuInstance& in) { return solveCpuGpuHeteroPrio(in); }},
        {"heteroprio without spoliation",
         [](const CpuGpuInstance& in) {
             CpuGpuHeteroPrioOptions o;
             o.spoliation = false;
             return solveCpuGpuHeteroPrio(in, o);
         }},
        {"exact",
         [exactSeconds](const CpuGpuInstance& in) {
             CpuGpuExactOptions o;
             o.timeLimitSeconds = exactSeconds;
             return solveCpuGpuExact(in, o);
         }},
        {"lower-bound", [](const CpuGpuInstance& in) { return solveCpuGpuLowerBound(in); }},
    };
}

// ---- Validity and the guarantees against brute force ---------------------------------------------

TEST(CpuGpuSolvers, EverySolverGivesAValidScheduleOnRandomInstances) {
    std::mt19937_64 rng(11);
    for (int round = 0; round < 120; ++round) {
        RandomCpuGpuOptions o;
        o.maxTasks = round < 100 ? 8 : 40;
        o.maxCpus = 4;
        o.maxGpus = 3;
        o.integerTimes = round % 3 == 0;
        const CpuGpuInstance in = randomCpuGpu(rng, o);
        for (const auto& [name, solve] : allSolvers(round < 100 ? 5 : 0.02)) {
            Expected<CpuGpuSolution> s = solve(in);
            ASSERT_TRUE(s.ok()) << name << ": " << s.error().message;
            expectValid(in, *s, name + " round " + std::to_string(round));
            EXPECT_LE(s->lowerBound, s->makespan * (1 + 1e-9)) << name;
        }
    }
}

// Section 4: makespan <= (4/3 + 1/(3k)) lambda with lambda <= (1 + epsilon) OPT; section 5.2: ratio 2.
TEST(CpuGpuDualApprox, StaysWithinItsGuaranteeOfTheOptimumOnThousandsOfInstances) {
    std::mt19937_64 rng(2013);
    int optimal = 0;
    for (int round = 0; round < 3000; ++round) {
        RandomCpuGpuOptions o;
        o.integerTimes = round % 2 == 0;
        const CpuGpuInstance in = randomCpuGpu(rng, o);
        const double opt = bruteForceOptimum(in);
        const double ratio = dualApproxRatio(in.gpus);
        Expected<CpuGpuSolution> dual = solveCpuGpuDualApprox(in);
        ASSERT_TRUE(dual.ok()) << dual.error().message;
        EXPECT_LE(dual->makespan, ratio * (1 + in.epsilon) * opt * (1 + 1e-9)) << "round " << round;
        EXPECT_LE(dual->lowerBound, opt * (1 + 1e-9)) << "round " << round;
        EXPECT_LE(dual->makespan, *dual->guarantee * (1 + 1e-9));
        EXPECT_LE(*dual->lambda, (1 + in.epsilon) * opt * (1 + 1e-9))
            << "the final guess exceeds (1 + eps) OPT";
        EXPECT_GE(*dual->lambda * dualApproxRatio(in.gpus) * (1 + 1e-9), opt) << "a yes below OPT / ratio";
        Expected<CpuGpuSolution> relaxed = solveCpuGpuDualApprox2(in);
        ASSERT_TRUE(relaxed.ok()) << relaxed.error().message;
        EXPECT_LE(relaxed->makespan, 2 * (1 + in.epsilon) * opt * (1 + 1e-9)) << "round " << round;
        EXPECT_LE(relaxed->lowerBound, opt * (1 + 1e-9));
        optimal += dual->makespan <= opt * (1 + 1e-9);
        if (::testing::Test::HasFailure()) return;
    }
    EXPECT_GT(optimal, 0);
}

TEST(CpuGpuExact, MatchesBruteForce) {
    std::mt19937_64 rng(5);
    int byMip = 0;   // answers the MIP had to prove (not a heuristic meeting the cheap bound)
    for (int round = 0; round < 60; ++round) {
        RandomCpuGpuOptions o;
        o.integerTimes = round % 2 == 0;
        o.maxTasks = 6;
        const CpuGpuInstance in = randomCpuGpu(rng, o);
        Expected<CpuGpuSolution> s = solveCpuGpuExact(in);
        ASSERT_TRUE(s.ok()) << s.error().message;
        EXPECT_EQ(s->status, SolveStatus::Optimal);
        EXPECT_NEAR(s->makespan, bruteForceOptimum(in), 1e-9 * s->makespan) << "round " << round;
        EXPECT_DOUBLE_EQ(s->lowerBound, s->makespan);
        byMip += s->message.find("MIP") != std::string::npos;
    }
    EXPECT_GT(byMip, 20);
}

// 121 identical tasks (3 on either kind) on 8 CPUs and 4 GPUs: the optimum is 3 * 11 = 33 (some processor
// takes 11 tasks) while every bound is at most the area bound 30.25, so only an exhaustive branch and bound
// over a symmetric MIP of 1,452 binaries could prove optimality; within 50 ms the limit is always reached,
// and the answer is the best schedule found with its gap to the bound.
TEST(CpuGpuExact, ReportsTheBestFoundWithItsGapAtTheTimeLimit) {
    CpuGpuInstance in = platform(8, 4, {});
    for (int j = 0; j < 121; ++j) in.tasks.push_back({std::string("t").append(std::to_string(j)), 3.0, 3.0});
    CpuGpuExactOptions options;
    options.timeLimitSeconds = 0.05;
    Expected<CpuGpuSolution> s = solveCpuGpuExact(in, options);
    ASSERT_TRUE(s.ok()) << s.error().message;
    expectValid(in, *s);
    EXPECT_EQ(s->status, SolveStatus::TimeLimit) << s->message;
    EXPECT_DOUBLE_EQ(s->makespan, 33.0);
    EXPECT_LE(s->lowerBound, 30.25 + 1e-9);
    EXPECT_GE(s->lowerBound, 6.0);   // at least the pigeonhole bound
    EXPECT_NE(s->message.find("time limit"), std::string::npos) << s->message;
    EXPECT_NE(s->message.find("gap"), std::string::npos) << s->message;
}

TEST(CpuGpuExact, RefusesMipsTooLargeForGlpk) {
    CpuGpuInstance in = platform(64, 8, {});
    for (int j = 0; j < 40000; ++j)
        in.tasks.push_back({std::string("t").append(std::to_string(j)), 1.0 + j % 7, 0.5 + j % 3});
    Expected<CpuGpuSolution> s = solveCpuGpuExact(in);
    ASSERT_FALSE(s.ok());
    EXPECT_NE(s.error().message.find("at most 2e6"), std::string::npos) << s.error().message;
}

// ---- The lower bound ------------------------------------------------------------------------------

// The plain area LP (no per-task limits) through core/lp: the cheap bound must be at least as strong.
double plainAreaLp(const CpuGpuInstance& in) {
    lp::LinearProgram program(lp::Sense::Minimize);
    double longest = 0;
    for (const CpuGpuTask& t : in.tasks)
        longest = std::max(longest, in.cpus == 0 ? t.gpu : in.gpus == 0 ? t.cpu : std::min(t.cpu, t.gpu));
    const int c = program.addVariable(longest, lp::kInfinity, 1.0);
    // x_j: the fraction of task j on the CPUs; sum x p̄ <= m C and sum (1 - x) p̲ <= k C.
    std::vector<lp::Term> cpuArea{{c, -double(in.cpus)}}, gpuArea{{c, -double(in.gpus)}};
    double allGpu = 0;
    for (const CpuGpuTask& t : in.tasks) {
        const int x = program.addVariable(in.gpus == 0 ? 1 : 0, in.cpus == 0 ? 0 : 1, 0);
        cpuArea.push_back({x, t.cpu});
        gpuArea.push_back({x, -t.gpu});
        allGpu += t.gpu;
    }
    program.addConstraint(cpuArea, -lp::kInfinity, 0);
    program.addConstraint(gpuArea, -lp::kInfinity, -allGpu);
    Expected<lp::LpSolution> s = lp::solveLinearProgram(program);
    EXPECT_TRUE(s.ok());
    return s.ok() ? s->objective : 0;
}

TEST(CpuGpuLowerBound, IsValidAndAtLeastTheAreaLpOfCoreLp) {
    std::mt19937_64 rng(3);
    for (int round = 0; round < 400; ++round) {
        RandomCpuGpuOptions o;
        o.integerTimes = round % 2 == 1;
        const CpuGpuInstance in = randomCpuGpu(rng, o);
        const double bound = cpuGpuLowerBound(in);
        EXPECT_LE(bound, bruteForceOptimum(in) * (1 + 1e-9)) << "round " << round;
        EXPECT_GE(bound, plainAreaLp(in) * (1 - 1e-7)) << "round " << round;
    }
}

TEST(CpuGpuLowerBound, UsesThePigeonholeAndPerTaskLimits) {
    // Three tasks of 5 on two processors: two share one, so 10, where the area says 7.5.
    EXPECT_DOUBLE_EQ(cpuGpuLowerBound(platform(1, 1, {{"a", 5, 5}, {"b", 5, 5}, {"c", 5, 5}})), 10.0);
    // Two tasks of 10 on the CPU and 100 on the GPU: below 100 neither may use the GPU, so both share the
    // CPU: 20, the optimum, where the area LP without limits answers 10.
    EXPECT_NEAR(cpuGpuLowerBound(platform(1, 1, {{"a", 10, 100}, {"b", 10, 100}})), 20.0, 1e-9);
}

// ---- The DP of one guess --------------------------------------------------------------------------

// The knapsack of section 4.2 by enumeration of every allotment, written from the paper's constraints.
bool knapsackFeasible(const CpuGpuInstance& in, double lambda, CpuGpuDualVariant variant) {
    const std::size_t n = in.tasks.size();
    auto weight = [&](double t) { return t > 2 * lambda / 3 ? 2 : t > lambda / 3 ? 1 : 0; };
    for (std::uint32_t mask = 0; mask < (1u << n); ++mask) {   // bit set: on a CPU
        double w = 0;
        long long nu = 0;
        int a = 0, b = 0;
        bool ok = true;
        for (std::size_t j = 0; j < n && ok; ++j) {
            const CpuGpuTask& t = in.tasks[j];
            if (mask >> j & 1u) {
                ok = in.cpus > 0 && t.cpu <= lambda;
                w += t.cpu;
                a += weight(t.cpu);
            } else {
                ok = in.gpus > 0 && t.gpu <= lambda;
                nu += static_cast<long long>(std::floor(t.gpu / (lambda / (3.0 * n))));
                b += weight(t.gpu);
            }
        }
        ok = ok && w <= in.cpus * lambda && nu <= 3LL * in.gpus * static_cast<long long>(n);
        if (variant == CpuGpuDualVariant::Shelves) ok = ok && a <= 2 * in.cpus && b <= 2 * in.gpus;
        if (ok) return true;
    }
    return false;
}

TEST(CpuGpuDualStep, AnswersExactlyTheKnapsackOfThePaper) {
    std::mt19937_64 rng(17);
    int layered = 0;   // answers that needed the DP's layers (not the root bound or greedy)
    int yes = 0, no = 0;
    for (int round = 0; round < 1500; ++round) {
        RandomCpuGpuOptions o;
        o.maxTasks = 10;
        const CpuGpuInstance in = randomCpuGpu(rng, o);
        const double bound = cpuGpuLowerBound(in);
        for (double factor : {0.61, 0.72, 0.79, 0.83, 0.871, 0.9, 0.93, 0.97, 1.013, 1.09, 1.21}) {
            const double lambda = bound * factor;
            for (CpuGpuDualVariant variant : {CpuGpuDualVariant::Shelves, CpuGpuDualVariant::AreaOnly}) {
                Expected<CpuGpuDualStep> step = cpuGpuDualStep(in, lambda, variant);
                ASSERT_TRUE(step.ok()) << step.error().message;
                ASSERT_EQ(step->yes, knapsackFeasible(in, lambda, variant))
                    << "round " << round << " lambda " << lambda << ": " << step->reason;
                (step->yes ? yes : no) += 1;
                layered += step->reason.rfind("the DP", 0) == 0 ||
                           step->reason.rfind("no allotment of the first", 0) == 0;
                if (step->yes && variant == CpuGpuDualVariant::Shelves) {
                    const CpuGpuSolution s = cpuGpuShelfSchedule(in, lambda, step->allotment, round % 2 == 0);
                    expectValid(in, s, "shelves");
                    EXPECT_LE(s.makespan, dualApproxRatio(in.gpus) * lambda * (1 + 1e-9));
                }
            }
        }
    }
    EXPECT_GT(yes, 1000);
    EXPECT_GT(no, 1000);
    EXPECT_GT(layered, 100) << "the DP's layers were hardly exercised";
}

TEST(CpuGpuDualStep, NoAnswersAreLowerBoundsOfTheOptimum) {
    std::mt19937_64 rng(23);
    int noBelowOptimum = 0;
    for (int round = 0; round < 800; ++round) {
        RandomCpuGpuOptions o;
        o.integerTimes = round % 2 == 0;
        const CpuGpuInstance in = randomCpuGpu(rng, o);
        const double opt = bruteForceOptimum(in);
        for (double factor = 0.5; factor < 1.5; factor += 0.0371) {
            for (CpuGpuDualVariant variant : {CpuGpuDualVariant::Shelves, CpuGpuDualVariant::AreaOnly}) {
                Expected<CpuGpuDualStep> step = cpuGpuDualStep(in, opt * factor, variant);
                ASSERT_TRUE(step.ok());
                if (!step->yes) {
                    EXPECT_LT(factor, 1.0) << "answered no at " << factor << " OPT: " << step->reason;
                    ++noBelowOptimum;
                }
            }
        }
        // At lambda = OPT exactly the answer must be yes.
        Expected<CpuGpuDualStep> atOpt = cpuGpuDualStep(in, opt, CpuGpuDualVariant::Shelves);
        ASSERT_TRUE(atOpt.ok());
        EXPECT_TRUE(atOpt->yes) << "round " << round << ": " << atOpt->reason;
    }
    EXPECT_GT(noBelowOptimum, 1000);
}

TEST(CpuGpuDualStep, RefusesAGuessShorterThanATaskAndBadLambdas) {
    const CpuGpuInstance in = platform(2, 1, {{"long", 10, 12}, {"short", 1, 1}});
    Expected<CpuGpuDualStep> step = cpuGpuDualStep(in, 9, CpuGpuDualVariant::Shelves);
    ASSERT_TRUE(step.ok());
    EXPECT_FALSE(step->yes);
    EXPECT_NE(step->reason.find("task long"), std::string::npos) << step->reason;
    EXPECT_FALSE(cpuGpuDualStep(in, 0, CpuGpuDualVariant::Shelves).ok());
    EXPECT_FALSE(cpuGpuDualStep(in, std::nan(""), CpuGpuDualVariant::AreaOnly).ok());
}

// ---- The shelves of the proof -----------------------------------------------------------------------

TEST(CpuGpuShelves, FollowTheProofOfSection4) {
    // lambda = 9: CPU tasks > 6 alone (S1), in (3, 6] two per CPU (S3/S4), <= 3 short (S2).
    const double lambda = 9;
    const CpuGpuInstance in = platform(3, 2,
                                       {{"big", 8, 50},
                                        {"m1", 5, 50},
                                        {"m2", 4, 50},
                                        {"s1", 2, 50},
                                        {"s2", 1.5, 50},
                                        {"g-big", 50, 7},
                                        {"g-m1", 50, 5},
                                        {"g-m2", 50, 3.5},
                                        {"g-s", 50, 1}});
    std::vector<CpuGpuUnit> allotment(in.tasks.size(), CpuGpuUnit::Cpu);
    for (std::size_t j = 5; j < in.tasks.size(); ++j) allotment[j] = CpuGpuUnit::Gpu;
    for (bool compact : {false, true}) {
        const CpuGpuSolution s = cpuGpuShelfSchedule(in, lambda, allotment, compact);
        expectValid(in, s);
        auto at = [&](const char* name) -> const CpuGpuPlacement& {
            for (std::size_t j = 0; j < in.tasks.size(); ++j)
                if (in.tasks[j].name == name) return s.placements[j];
            throw std::runtime_error("no task");
        };
        EXPECT_EQ(shelfName(at("big").shelf), "S1");
        EXPECT_EQ(at("big").start, 0);
        EXPECT_EQ(shelfName(at("m1").shelf), "S3");   // two mediums, two free CPUs: both in S3
        EXPECT_EQ(shelfName(at("m2").shelf), "S3");
        EXPECT_EQ(shelfName(at("s1").shelf), "S2");
        EXPECT_EQ(shelfName(at("g-big").shelf), "S5");
        EXPECT_EQ(shelfName(at("g-m1").shelf), "S7");
        EXPECT_EQ(shelfName(at("g-m2").shelf), "S8");   // one free GPU: the second medium pairs in S8
        EXPECT_EQ(at("g-m1").processor, at("g-m2").processor);
        EXPECT_EQ(shelfName(at("g-s").shelf), "S6");
        EXPECT_NE(at("big").processor, at("m1").processor);
        EXPECT_NE(at("m1").processor, at("m2").processor);
        // Lemma 1: the short tasks go to the least loaded CPUs (the mediums of 4 then 5, not the big one).
        EXPECT_EQ(at("s1").processor, at("m2").processor);
        if (compact) {
            EXPECT_DOUBLE_EQ(at("g-m2").start, 5);   // right after S7
            EXPECT_DOUBLE_EQ(at("s1").start, 4);     // right after S3
            EXPECT_DOUBLE_EQ(s.makespan, 8.5);       // GPU 1: S7 (5) then S8 (3.5)
        } else {
            EXPECT_DOUBLE_EQ(at("g-m2").end,
                             4 * lambda / 3 + lambda / 6);    // S8 against the GPU edge (k = 2)
            EXPECT_DOUBLE_EQ(at("s1").end, 4 * lambda / 3);   // short tasks right-justified
        }
        EXPECT_LE(s.makespan, dualApproxRatio(in.gpus) * lambda);
    }
}

TEST(CpuGpuShelves, CompactNeverStartsATaskLaterThanTheProofLayout) {
    std::mt19937_64 rng(31);
    for (int round = 0; round < 300; ++round) {
        RandomCpuGpuOptions o;
        o.maxTasks = 9;
        const CpuGpuInstance in = randomCpuGpu(rng, o);
        const double lambda = cpuGpuLowerBound(in) * 1.1;
        Expected<CpuGpuDualStep> step = cpuGpuDualStep(in, lambda, CpuGpuDualVariant::Shelves);
        ASSERT_TRUE(step.ok());
        if (!step->yes) continue;
        const CpuGpuSolution proof = cpuGpuShelfSchedule(in, lambda, step->allotment, false);
        const CpuGpuSolution compact = cpuGpuShelfSchedule(in, lambda, step->allotment, true);
        expectValid(in, proof);
        expectValid(in, compact);
        for (std::size_t j = 0; j < in.tasks.size(); ++j) {
            EXPECT_EQ(proof.placements[j].processor, compact.placements[j].processor);
            EXPECT_EQ(proof.placements[j].shelf, compact.placements[j].shelf);
            EXPECT_LE(compact.placements[j].start, proof.placements[j].start + 1e-12);
        }
    }
}

// ---- Lemma 3: HEFT far from the optimum ---------------------------------------------------------------

// The optimal schedule of the corrected family: every B on the GPU (m^2 / m^2 = 1), A_0 alone, A_i
// with A_{m-i} on one CPU.
CpuGpuSolution heftTrapOptimum(const CpuGpuInstance& in, int m) {
    CpuGpuSolution s;
    s.placements.resize(in.tasks.size());
    double gpuTime = 0;
    std::vector<double> cpuTime(static_cast<std::size_t>(m), 0.0);
    for (std::size_t j = 0; j < in.tasks.size(); ++j) {
        const CpuGpuTask& t = in.tasks[j];
        if (t.name[0] == 'B') {
            s.placements[j] = {CpuGpuUnit::Gpu, 0, gpuTime, gpuTime + t.gpu, 0};
            gpuTime += t.gpu;
        } else {
            const int i = std::stoi(t.name.substr(1));
            const int p = std::min(i, m - i);
            double& at = cpuTime[static_cast<std::size_t>(p)];
            s.placements[j] = {CpuGpuUnit::Cpu, p, at, at + t.cpu, 0};
            at += t.cpu;
        }
    }
    for (const CpuGpuPlacement& p : s.placements) s.makespan = std::max(s.makespan, p.end);
    return s;
}

TEST(Lemma3, HeftEndsAtHalfMPlusOneHalfWhereTheOptimumIsOne) {
    for (int m : {2, 3, 4, 5, 8, 16, 32, 64}) {
        const CpuGpuInstance in = heftTrap(m);
        Expected<CpuGpuSolution> heft = solveCpuGpuHeft(in);
        ASSERT_TRUE(heft.ok());
        expectValid(in, *heft);
        EXPECT_NEAR(heft->makespan, (m + 1) / 2.0, 1e-9) << "m = " << m;
        // Every B on a CPU, every A on the GPU: the trap of the proof.
        for (std::size_t j = 0; j < in.tasks.size(); ++j)
            EXPECT_EQ(heft->placements[j].unit,
                      in.tasks[j].name[0] == 'A' ? CpuGpuUnit::Gpu : CpuGpuUnit::Cpu);
        const CpuGpuSolution optimum = heftTrapOptimum(in, m);
        expectValid(in, optimum, "the optimum");
        EXPECT_NEAR(optimum.makespan, 1.0, 1e-12);
        // The dual approximation stays within its guarantee (k = 1: 5/3) of the optimum 1.
        Expected<CpuGpuSolution> dual = solveCpuGpuDualApprox(in);
        ASSERT_TRUE(dual.ok());
        expectValid(in, *dual);
        EXPECT_LE(dual->makespan, dualApproxRatio(1) * (1 + in.epsilon) * 1.0 + 1e-12) << "m = " << m;
        EXPECT_LE(dual->lowerBound, 1.0 + 1e-12);
    }
}

TEST(Lemma3, TheOptimumIsOne) {
    for (int m : {2, 3, 4, 5, 8, 16, 32, 64}) {
        const CpuGpuInstance in = heftTrap(m);
        // Below 1, A_0 (1 on a CPU) must take the GPU, and the B's no longer fit anywhere.
        EXPECT_NEAR(cpuGpuLowerBound(in), 1.0, 1e-9) << "m = " << m;
        EXPECT_NEAR(heftTrapOptimum(in, m).makespan, 1.0, 1e-12);
    }
    for (int m : {2, 3}) {
        Expected<CpuGpuSolution> exact = solveCpuGpuExact(heftTrap(m));
        ASSERT_TRUE(exact.ok()) << exact.error().message;
        EXPECT_EQ(exact->status, SolveStatus::Optimal);
        EXPECT_NEAR(exact->makespan, 1.0, 1e-9) << "m = " << m;
    }
}

// The instance as printed: m tasks (1, eps), and for i = 0..m-1 one A_i (1 - i/m, 1 - i/m) and m - 1
// B_i (1 - i/m, 1/m^2). Every order of the tasks (every priority rule) with either choice at every
// CPU/GPU tie, run through the earliest-finish-time placement, never reaches m/2 + 3/2 - 1/m. Times
// are scaled to integers (eps = 1/1000) so that ties are exact.
std::int64_t worstEarliestFinishMakespan(int m) {
    const std::int64_t scale = 1000LL * m * m;
    struct Type {
        std::int64_t cpu, gpu;
        int count;
    };
    std::vector<Type> types{{scale, scale / 1000, m}};
    for (int i = 0; i < m; ++i) {
        const std::int64_t a = scale - i * scale / m;
        types.push_back({a, a, 1});
        types.push_back({a, scale / (std::int64_t(m) * m), m - 1});
    }
    std::int64_t worst = 0;
    std::set<std::tuple<std::vector<int>, std::vector<std::int64_t>, std::int64_t>> seen;
    std::vector<int> left;
    for (const Type& t : types) left.push_back(t.count);
    // CPU loads kept sorted: the earliest finish on a CPU is on the first.
    auto dfs = [&](auto&& self, std::vector<std::int64_t> cpus, std::int64_t gpu) -> void {
        if (!seen.insert({left, cpus, gpu}).second) return;
        bool any = false;
        for (std::size_t t = 0; t < types.size(); ++t) {
            if (left[t] == 0) continue;
            any = true;
            --left[t];
            const std::int64_t onCpu = cpus.front() + types[t].cpu;
            const std::int64_t onGpu = gpu + types[t].gpu;
            if (onCpu <= onGpu) {
                std::vector<std::int64_t> next = cpus;
                next.front() = onCpu;
                std::sort(next.begin(), next.end());
                self(self, next, gpu);
            }
            if (onGpu <= onCpu) self(self, cpus, onGpu);
            ++left[t];
        }
        if (!any) worst = std::max({worst, gpu, cpus.back()});
    };
    dfs(dfs, std::vector<std::int64_t>(static_cast<std::size_t>(m), 0), 0);
    return worst;
}

TEST(Lemma3, ThePrintedInstanceNeverReachesThePrintedMakespanInAnyOrder) {
    for (int m : {2, 3}) {
        const double scale = 1000.0 * m * m;
        const double printed = m / 2.0 + 1.5 - 1.0 / m;
        const double worst = static_cast<double>(worstEarliestFinishMakespan(m)) / scale;
        EXPECT_LT(worst, printed) << "m = " << m;
        EXPECT_GT(worst, 1.0) << "m = " << m;   // some orders still do badly
    }
}

// ---- HEFT and HeteroPrio by hand -----------------------------------------------------------------------

TEST(CpuGpuHeft, TakesTasksByMeanTimeAndPlacesEachWhereItFinishesFirst) {
    // Means (m = k = 1): a 2.5, b 2, c 4.5, so c, a, b. c: CPU 3 < GPU 6; a: GPU 1 < CPU 7; b: GPU 3 < CPU 5.
    const CpuGpuInstance in = platform(1, 1, {{"a", 4, 1}, {"b", 2, 2}, {"c", 3, 6}});
    Expected<CpuGpuSolution> s = solveCpuGpuHeft(in);
    ASSERT_TRUE(s.ok());
    EXPECT_EQ(s->placements[2].unit, CpuGpuUnit::Cpu);
    EXPECT_EQ(s->placements[0].unit, CpuGpuUnit::Gpu);
    EXPECT_DOUBLE_EQ(s->placements[0].start, 0);
    EXPECT_EQ(s->placements[1].unit, CpuGpuUnit::Gpu);
    EXPECT_DOUBLE_EQ(s->placements[1].start, 1);
    EXPECT_DOUBLE_EQ(s->makespan, 3);
}

TEST(CpuGpuHeteroPrio, AnIdleGpuSpoliatesTheCpuTaskItCanFinishEarlier) {
    // u (accel. 5) goes to the CPU, v (10) to the GPU; at 1 the GPU is idle and restarts u: done at 2, not 5.
    const CpuGpuInstance in = platform(1, 1, {{"u", 5, 1}, {"v", 10, 1}});
    Expected<CpuGpuSolution> s = solveCpuGpuHeteroPrio(in);
    ASSERT_TRUE(s.ok());
    expectValid(in, *s);
    EXPECT_DOUBLE_EQ(s->makespan, 2);
    EXPECT_EQ(s->placements[0].unit, CpuGpuUnit::Gpu);
    EXPECT_DOUBLE_EQ(s->placements[0].start, 1);
    ASSERT_EQ(s->aborted.size(), 1u);
    EXPECT_EQ(s->aborted[0].task, 0u);
    EXPECT_EQ(s->aborted[0].unit, CpuGpuUnit::Cpu);
    EXPECT_DOUBLE_EQ(s->aborted[0].end, 1);
    CpuGpuHeteroPrioOptions plain;
    plain.spoliation = false;
    Expected<CpuGpuSolution> without = solveCpuGpuHeteroPrio(in, plain);
    ASSERT_TRUE(without.ok());
    EXPECT_DOUBLE_EQ(without->makespan, 5);
    EXPECT_TRUE(without->aborted.empty());
}

TEST(CpuGpuHeteroPrio, GpusTakeTheMostAcceleratedAndCpusTheLeast) {
    const CpuGpuInstance in = platform(1, 1, {{"x", 10, 1}, {"y", 1, 1}, {"z", 6, 2}});
    Expected<CpuGpuSolution> s = solveCpuGpuHeteroPrio(in);
    ASSERT_TRUE(s.ok());
    EXPECT_EQ(s->placements[0].unit, CpuGpuUnit::Gpu);   // x first on the GPU
    EXPECT_DOUBLE_EQ(s->placements[0].start, 0);
    EXPECT_EQ(s->placements[1].unit, CpuGpuUnit::Cpu);   // y first on the CPU
    EXPECT_EQ(s->placements[2].unit, CpuGpuUnit::Gpu);   // z next on the GPU at 1
    EXPECT_DOUBLE_EQ(s->makespan, 3);
}

// ---- Platforms with one kind of processor, cancellation, verification ---------------------------------

TEST(CpuGpuSolvers, HandleAPlatformWithoutGpusOrWithoutCpus) {
    for (auto [m, k] : {std::pair{3, 0}, std::pair{0, 2}}) {
        const CpuGpuInstance in = platform(m, k, {{"a", 3, 2}, {"b", 2, 1}, {"c", 4, 4}, {"d", 1, 3}});
        const double opt = bruteForceOptimum(in);
        for (const auto& [name, solve] : allSolvers()) {
            Expected<CpuGpuSolution> s = solve(in);
            ASSERT_TRUE(s.ok()) << name << ": " << s.error().message;
            expectValid(in, *s, name);
            for (const CpuGpuPlacement& p : s->placements)
                EXPECT_EQ(p.unit, m == 0 ? CpuGpuUnit::Gpu : CpuGpuUnit::Cpu);
            if (name.rfind("dual-approx", 0) == 0 && name != "dual-approx-2") {
                EXPECT_LE(s->makespan, dualApproxRatio(k) * (1 + in.epsilon) * opt * (1 + 1e-9)) << name;
            }
        }
    }
}

TEST(CpuGpuSolvers, StayValidWithTheExtremeTimesTheFormatAllows) {
    const CpuGpuInstance in = platform(2, 1, {{"cpu-only", 1e-9, 1e12}, {"gpu-only", 1e12, 1e-9},
                                              {"middle", 5, 7}, {"tiny", 1e-9, 1e-9}, {"huge", 1e12, 1e12}});
    for (const auto& [name, solve] : allSolvers(1)) {
        Expected<CpuGpuSolution> s = solve(in);
        ASSERT_TRUE(s.ok()) << name << ": " << s.error().message;
        expectValid(in, *s, name);
        EXPECT_LE(s->makespan, 2e12) << name;   // the optimum is 1e12: "huge" beside everything else
        if (name == "exact") {
            EXPECT_DOUBLE_EQ(s->makespan, 1e12);
        }
    }
}

TEST(CpuGpuSolvers, StopWhenCancelled) {
    std::atomic<bool> stop{true};
    const Progress cancelled({}, &stop);
    const CpuGpuInstance in = platform(2, 1, {{"a", 3, 2}, {"b", 2, 1}});
    EXPECT_EQ(solveCpuGpuDualApprox(in, {}, cancelled).error().kind, ErrorKind::Cancelled);
    EXPECT_EQ(solveCpuGpuDualApprox2(in, cancelled).error().kind, ErrorKind::Cancelled);
    EXPECT_EQ(solveCpuGpuHeft(in, cancelled).error().kind, ErrorKind::Cancelled);
    EXPECT_EQ(solveCpuGpuHeteroPrio(in, {}, cancelled).error().kind, ErrorKind::Cancelled);
    EXPECT_EQ(solveCpuGpuExact(in, {}, cancelled).error().kind, ErrorKind::Cancelled);
    EXPECT_EQ(solveCpuGpuLowerBound(in, cancelled).error().kind, ErrorKind::Cancelled);
}

TEST(CpuGpuVerify, CatchesEveryKindOfViolation) {
    const CpuGpuInstance in = platform(1, 1, {{"a", 3, 2}, {"b", 2, 1}});
    CpuGpuSolution good;
    good.placements = {{CpuGpuUnit::Cpu, 0, 0, 3, 0}, {CpuGpuUnit::Gpu, 0, 0, 1, 0}};
    good.makespan = 3;
    good.lowerBound = 1;
    EXPECT_TRUE(verifyCpuGpu(in, good).empty());
    auto firstProblem = [&](const std::function<void(CpuGpuSolution&)>& spoil) {
        CpuGpuSolution s = good;
        spoil(s);
        const auto problems = verifyCpuGpu(in, s);
        return problems.empty() ? std::string("(valid)") : problems.front();
    };
    EXPECT_NE(firstProblem([](CpuGpuSolution& s) { s.placements.pop_back(); }).find("places 1 tasks"),
              std::string::npos);
    EXPECT_NE(firstProblem([](CpuGpuSolution& s) {
                  s.placements[1] = {CpuGpuUnit::Cpu, 0, 2, 4, 0};
                  s.makespan = 4;
              }).find("overlap on CPU 0"),
              std::string::npos);
    EXPECT_NE(firstProblem([](CpuGpuSolution& s) { s.placements[1].end = 1.5; }).find("its time there is 1"),
              std::string::npos);
    EXPECT_NE(
        firstProblem([](CpuGpuSolution& s) { s.placements[1].processor = 1; }).find("GPU 1 does not exist"),
        std::string::npos);
    EXPECT_NE(firstProblem([](CpuGpuSolution& s) { s.makespan = 2; }).find("not the latest end"),
              std::string::npos);
    EXPECT_NE(firstProblem([](CpuGpuSolution& s) { s.lowerBound = 4; }).find("exceeds the makespan"),
              std::string::npos);
    EXPECT_NE(firstProblem([](CpuGpuSolution& s) { s.guarantee = 2.5; }).find("exceeds the guarantee"),
              std::string::npos);
    EXPECT_NE(
        firstProblem([](CpuGpuSolution& s) { s.placements[0].shelf = 6; }).find("not a shelf of its unit"),
        std::string::npos);
    EXPECT_NE(firstProblem([](CpuGpuSolution& s) {
                  s.placements[0].start = -1;
                  s.placements[0].end = 2;
              }).find("starts before 0"),
              std::string::npos);
    EXPECT_NE(firstProblem([](CpuGpuSolution& s) {
                  s.aborted.push_back({1, CpuGpuUnit::Gpu, 0, 0.5, 1.5});
              }).find("overlap on GPU 0"),
              std::string::npos);
}

TEST(CpuGpuSchedule, OneLanePerProcessorWithShelvesAndTheGuaranteeMarked) {
    const CpuGpuInstance in = platform(2, 1, {{"a", 8, 1}, {"b", 5, 5}, {"c", 1, 0.5}, {"d", 4, 3}});
    Expected<CpuGpuSolution> s = solveCpuGpuDualApprox(in);
    ASSERT_TRUE(s.ok());
    const Schedule schedule = cpuGpuSchedule(in, *s);
    ASSERT_EQ(schedule.lanes.size(), 3u);
    EXPECT_EQ(schedule.lanes[0].name, "CPU 0");
    EXPECT_EQ(schedule.lanes[2].name, "GPU 0");
    EXPECT_EQ(schedule.lanes[2].category, "GPU");
    EXPECT_EQ(schedule.intervalCount(), in.tasks.size());
    for (const Lane& lane : schedule.lanes)
        for (const Interval& interval : lane.intervals)
            EXPECT_EQ(interval.group.size(), 2u) << interval.group;
    std::map<std::string, double> markers;
    for (const Marker& m : schedule.markers) markers[m.name] = m.time;
    const double lambda = *s->lambda;
    EXPECT_DOUBLE_EQ(markers.at("λ/3"), lambda / 3);
    EXPECT_DOUBLE_EQ(markers.at("2λ/3"), 2 * lambda / 3);
    EXPECT_DOUBLE_EQ(markers.at("λ"), lambda);
    EXPECT_DOUBLE_EQ(markers.at("4λ/3"), 4 * lambda / 3);
    EXPECT_DOUBLE_EQ(markers.at("guarantee"), (4.0 / 3 + 1.0 / 3) * lambda);
    EXPECT_DOUBLE_EQ(markers.at("lower bound"), s->lowerBound);
    EXPECT_DOUBLE_EQ(markers.at("makespan"), s->makespan);
    EXPECT_TRUE(checkScheduleShape(schedule).empty());
}

}  // namespace
}  // namespace hetsched
