// The divisible-load solvers against the slides (Beaumont, Marchal, Robert 2005): the closed forms against
// the scenario LP (GLPK) on thousands of random platforms, every claim of the FIFO and LIFO theorems
// against brute force over orders, exhaustive against every pair of orders, and the 3-worker platform
// whose optimum is neither FIFO nor LIFO.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <functional>
#include <numeric>
#include <random>
#include <set>

#include "io/instance_io.h"
#include "results/result_io.h"
#include "solvers/family_solution.h"
#include "solvers/divisible/divisible_common.h"
#include "experiments/divisible_experiments.h"
#include "solvers/registry.h"

namespace hetsched {
namespace {

using Order = std::vector<std::size_t>;

// c, w, d log-uniform over two decades; d = z c when z >= 0, else independent.
DivisibleInstance randomPlatform(std::mt19937_64& random, std::size_t p, double z) {
    std::uniform_real_distribution<double> exponent(-1.0, 1.0);
    DivisibleInstance in;
    in.horizon = std::pow(10.0, exponent(random) * 2);
    for (std::size_t i = 0; i < p; ++i) {
        DivisibleWorker w;
        w.name = std::string("P").append(std::to_string(i + 1));
        w.c = std::pow(10.0, exponent(random));
        w.w = std::pow(10.0, exponent(random) * 1.5);
        w.d = z >= 0 ? z * w.c : std::pow(10.0, exponent(random));
        in.workers.push_back(w);
    }
    return in;
}

double lpThroughput(const DivisibleInstance& in, const Order& send, const Order& back) {
    Expected<DivisibleSolution> s = solveScenarioLp(in, send, back);
    EXPECT_TRUE(s.ok()) << s.error().message;
    return s ? s->throughput : -1;
}

Order identity(std::size_t n) {
    Order o(n);
    std::iota(o.begin(), o.end(), std::size_t{0});
    return o;
}

// Brute force with GLPK: the best LP over every order of every worker, returns given by `returns`.
// With zero loads allowed this covers every subset of workers (for FIFO and LIFO a zero-load worker's
// row is implied by the others'; for the general case, by putting it first in the sends and last in
// the returns).
double bestByLp(const DivisibleInstance& in, const std::function<Order(const Order&)>& returns) {
    Order send = identity(in.workers.size());
    double best = 0;
    do best = std::max(best, lpThroughput(in, send, returns(send)));
    while (std::next_permutation(send.begin(), send.end()));
    return best;
}

double bestFifoByLp(const DivisibleInstance& in) {
    return bestByLp(in, [](const Order& o) { return o; });
}

double bestLifoByLp(const DivisibleInstance& in) {
    return bestByLp(in, [](const Order& o) { return Order(o.rbegin(), o.rend()); });
}

double bestOverallByLp(const DivisibleInstance& in) {
    Order send = identity(in.workers.size());
    double best = 0;
    do {
        Order back = identity(in.workers.size());
        do best = std::max(best, lpThroughput(in, send, back));
        while (std::next_permutation(back.begin(), back.end()));
    } while (std::next_permutation(send.begin(), send.end()));
    return best;
}

DivisibleSolution solved(Expected<DivisibleSolution> s, const DivisibleInstance& in) {
    EXPECT_TRUE(s.ok()) << s.error().message;
    if (!s) return {};
    const std::vector<std::string> problems = verifyDivisible(in, *s);
    EXPECT_TRUE(problems.empty()) << problems.front();
    return *s;
}

void expectRelativelyNear(double a, double b, double tolerance, const std::string& what) {
    EXPECT_LE(std::abs(a - b), tolerance * std::max(std::abs(a), std::abs(b))) << what << ": " << a << " vs " << b;
}

void expectNoIdleTime(const DivisibleSolution& s, const std::string& what) {
    for (std::size_t i : s.sendOrder) EXPECT_EQ(s.times[i].idle, 0.0) << what << ": worker " << i;
}

Instance example(const std::string& name) {
    Expected<Instance> in = readInstanceFile(std::string(HETSCHED_EXAMPLES_DIR) + "/" + name);
    EXPECT_TRUE(in.ok()) << in.error().message;
    return *in;
}

// ---------------------------------------------------------------- the FIFO theorem (d = z c)

TEST(DivisibleFifo, ClosedFormMatchesTheLpOfItsOrderOnThousandsOfPlatforms) {
    std::mt19937_64 random(11);
    for (int trial = 0; trial < 2000; ++trial) {
        const std::size_t p = 1 + random() % 40;
        const double z = trial % 4 == 3 ? 1.0 + 0.5 * (random() % 5) : 0.1 * double(1 + random() % 10);
        const DivisibleInstance in = randomPlatform(random, p, z);
        const DivisibleSolution fifo = solved(solveDivisibleFifoOptimal(in), in);
        EXPECT_EQ(fifo.status, SolveStatus::Optimal);
        // The LP over the whole order picks its own subset: the closed form must reach the same value.
        Order order = orderByCommunication(in);
        if (z > 1) std::reverse(order.begin(), order.end());
        expectRelativelyNear(fifo.throughput, lpThroughput(in, order, order), 1e-9,
                             "p=" + std::to_string(p) + " z=" + std::to_string(z));
        expectRelativelyNear(fifo.throughput, lpThroughput(in, fifo.sendOrder, fifo.returnOrder), 1e-9, "own scenario");
        expectNoIdleTime(fifo, "fifo-optimal");
    }
}

TEST(DivisibleFifo, TheoremClaimsHoldAgainstEveryFifoOrder) {
    std::mt19937_64 random(12);
    for (int trial = 0; trial < 150; ++trial) {
        const std::size_t p = 2 + random() % (trial < 130 ? 3 : 4);   // 2..4, some 5
        const double z = 0.05 + 0.9 * std::uniform_real_distribution<double>()(random);
        const DivisibleInstance in = randomPlatform(random, p, z);
        const DivisibleSolution fifo = solved(solveDivisibleFifoOptimal(in), in);
        expectRelativelyNear(fifo.throughput, bestFifoByLp(in), 1e-9, "best FIFO order");
        // Sent by non-decreasing c + d, the participants being the first q of that order.
        const Order order = orderByCommunication(in);
        const std::size_t q = fifo.sendOrder.size();
        ASSERT_GE(q, 1u);
        EXPECT_EQ(std::set<std::size_t>(fifo.sendOrder.begin(), fifo.sendOrder.end()),
                  std::set<std::size_t>(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(q)));
        for (std::size_t k = 1; k < q; ++k) {
            const DivisibleWorker& a = in.workers[fifo.sendOrder[k - 1]];
            const DivisibleWorker& b = in.workers[fifo.sendOrder[k]];
            EXPECT_LE(a.c + a.d, b.c + b.d);
        }
        EXPECT_EQ(fifo.sendOrder, fifo.returnOrder);
        expectNoIdleTime(fifo, "fifo-optimal");
    }
}

TEST(DivisibleFifo, ZAboveOneIsTheTimeReversedCase) {
    std::mt19937_64 random(13);
    for (int trial = 0; trial < 80; ++trial) {
        const double z = 1.2 + 3 * std::uniform_real_distribution<double>()(random);
        const DivisibleInstance in = randomPlatform(random, 2 + random() % 3, z);
        const DivisibleSolution fifo = solved(solveDivisibleFifoOptimal(in), in);
        expectRelativelyNear(fifo.throughput, bestFifoByLp(in), 1e-9, "z > 1");
        for (std::size_t k = 1; k < fifo.sendOrder.size(); ++k) {
            const DivisibleWorker& a = in.workers[fifo.sendOrder[k - 1]];
            const DivisibleWorker& b = in.workers[fifo.sendOrder[k]];
            EXPECT_GE(a.c + a.d, b.c + b.d) << "sends by non-increasing c + d";
        }
        expectNoIdleTime(fifo, "z > 1");
    }
}

TEST(DivisibleFifo, WithZEqualToOneTheOrderDoesNotMatter) {
    std::mt19937_64 random(14);
    for (int trial = 0; trial < 40; ++trial) {
        const DivisibleInstance in = randomPlatform(random, 2 + random() % 3, 1.0);
        Order order = identity(in.workers.size());
        const double first = lpThroughput(in, order, order);
        while (std::next_permutation(order.begin(), order.end()))
            expectRelativelyNear(lpThroughput(in, order, order), first, 1e-9, "z = 1");
        expectRelativelyNear(solved(solveDivisibleFifoOptimal(in), in).throughput, first, 1e-9, "fifo-optimal");
    }
}

TEST(DivisibleFifo, WithoutAConstantRatioSmallPlatformsAreSearchedExactly) {
    std::mt19937_64 random(15);
    for (int trial = 0; trial < 60; ++trial) {
        const DivisibleInstance in = randomPlatform(random, 2 + random() % 3, -1);
        ASSERT_FALSE(constantReturnRatio(in).has_value());
        const DivisibleSolution fifo = solved(solveDivisibleFifoOptimal(in), in);
        EXPECT_EQ(fifo.status, SolveStatus::Optimal);
        EXPECT_EQ(fifo.sendOrder, fifo.returnOrder);
        expectRelativelyNear(fifo.throughput, bestFifoByLp(in), 1e-9, "exact FIFO search");
    }
    // Too many workers to try every order: a feasible LP schedule, and the message says it is not proven.
    const DivisibleInstance big = randomPlatform(random, 20, -1);
    const DivisibleSolution fifo = solved(solveDivisibleFifoOptimal(big), big);
    EXPECT_EQ(fifo.status, SolveStatus::Feasible);
    EXPECT_NE(fifo.message.find("not proven optimal"), std::string::npos) << fifo.message;
}

TEST(DivisibleFifo, NotAllWorkersAlwaysTakePart) {
    // The 12-worker example: the optimal FIFO leaves its slowest-link worker out, and making every worker
    // take part without idle time (fifo-by-c, the same order here since d = 0.8 c) loses throughput.
    const auto in = std::get<DivisibleInstance>(example("divisible-star-12.json"));
    const DivisibleSolution fifo = solved(solveDivisibleFifoOptimal(in), in);
    EXPECT_EQ(fifo.sendOrder.size(), 11u);
    EXPECT_DOUBLE_EQ(fifo.alpha[5], 0.0) << "node06 (c = 10) does not take part";
    const DivisibleSolution all = solved(solveDivisibleFifoByC(in), in);
    EXPECT_EQ(all.sendOrder.size(), 12u);
    EXPECT_LT(all.throughput, fifo.throughput * (1 - 1e-6));
}

// ---------------------------------------------------------------- the LIFO theorem

TEST(DivisibleLifo, ClosedFormMatchesTheLpOfItsOrderOnThousandsOfPlatforms) {
    std::mt19937_64 random(21);
    for (int trial = 0; trial < 2000; ++trial) {
        const DivisibleInstance in = randomPlatform(random, 1 + random() % 40, trial % 2 ? -1 : 0.7);
        const DivisibleSolution lifo = solved(solveDivisibleLifoOptimal(in), in);
        expectRelativelyNear(lifo.throughput, lpThroughput(in, lifo.sendOrder, lifo.returnOrder), 1e-9, "LIFO LP");
    }
}

TEST(DivisibleLifo, TheoremClaimsHoldAgainstEveryLifoOrder) {
    std::mt19937_64 random(22);
    for (int trial = 0; trial < 120; ++trial) {
        const DivisibleInstance in = randomPlatform(random, 2 + random() % 4, trial % 2 ? -1 : 0.5);
        const DivisibleSolution lifo = solved(solveDivisibleLifoOptimal(in), in);
        expectRelativelyNear(lifo.throughput, bestLifoByLp(in), 1e-9, "best LIFO order");
        EXPECT_EQ(lifo.sendOrder.size(), in.workers.size()) << "every worker takes part";
        EXPECT_EQ(lifo.returnOrder, Order(lifo.sendOrder.rbegin(), lifo.sendOrder.rend()));
        for (std::size_t k = 1; k < lifo.sendOrder.size(); ++k) {
            const DivisibleWorker& a = in.workers[lifo.sendOrder[k - 1]];
            const DivisibleWorker& b = in.workers[lifo.sendOrder[k]];
            EXPECT_LE(a.c + a.d, b.c + b.d);
        }
        expectNoIdleTime(lifo, "lifo-optimal");
    }
}

// ---------------------------------------------------------------- no return messages

TEST(DivisibleNoReturn, EveryWorkerFinishesAtTAndNoOrderDoesBetter) {
    std::mt19937_64 random(31);
    for (int trial = 0; trial < 80; ++trial) {
        const DivisibleInstance in = randomPlatform(random, 1 + random() % 4, 0.0);
        const DivisibleSolution s = solved(solveDivisibleNoReturn(in), in);
        EXPECT_EQ(s.sendOrder.size(), in.workers.size());
        for (std::size_t i = 0; i < in.workers.size(); ++i)
            EXPECT_NEAR(s.times[i].computeEnd, in.horizon, 1e-9 * in.horizon);
        for (std::size_t k = 1; k < s.sendOrder.size(); ++k)
            EXPECT_LE(in.workers[s.sendOrder[k - 1]].c, in.workers[s.sendOrder[k]].c) << "by increasing c";
        expectRelativelyNear(s.throughput, bestFifoByLp(in), 1e-9, "no-return against every order");
    }
    DivisibleInstance withReturns = randomPlatform(random, 3, 0.5);
    Expected<DivisibleSolution> refused = solveDivisibleNoReturn(withReturns);
    ASSERT_FALSE(refused.ok());
    EXPECT_NE(refused.error().message.find("every d = 0"), std::string::npos);
}

// ---------------------------------------------------------------- exhaustive

TEST(DivisibleExhaustive, EqualsTheBestLpOverEveryPairOfOrders) {
    std::mt19937_64 random(41);
    for (int trial = 0; trial < 120; ++trial) {
        const std::size_t p = trial < 100 ? 2 + random() % 2 : 4;
        const DivisibleInstance in = randomPlatform(random, p, trial % 3 == 0 ? 0.8 : -1);
        const DivisibleSolution best = solved(solveDivisibleExhaustive(in), in);
        EXPECT_EQ(best.status, SolveStatus::Optimal);
        expectRelativelyNear(best.throughput, bestOverallByLp(in), 1e-9, "p=" + std::to_string(p));
    }
}

TEST(DivisibleExhaustive, IsNeverBelowTheFifoAndLifoOptima) {
    std::mt19937_64 random(42);
    for (int trial = 0; trial < 60; ++trial) {
        const DivisibleInstance in = randomPlatform(random, 3 + random() % 4, trial % 2 ? -1 : 0.6);
        const double best = solved(solveDivisibleExhaustive(in), in).throughput;
        EXPECT_GE(best, solved(solveDivisibleFifoOptimal(in), in).throughput * (1 - 1e-9));
        EXPECT_GE(best, solved(solveDivisibleLifoOptimal(in), in).throughput * (1 - 1e-9));
    }
}

TEST(DivisibleExhaustive, TheOptimumCanBeNeitherFifoNorLifo) {
    // Found with exhaustive: 3 workers (c, w, d) = (8, 1, 9), (9, 7, 1), (1, 8, 4), as the slides say exists.
    const auto in = std::get<DivisibleInstance>(example("divisible-neither-fifo-nor-lifo.json"));
    const DivisibleSolution best = solved(solveDivisibleExhaustive(in), in);
    const double fifo = bestFifoByLp(in);
    const double lifo = bestLifoByLp(in);
    EXPECT_GT(best.throughput, 1.1 * std::max(fifo, lifo));
    EXPECT_EQ(best.sendOrder.size(), 3u);
    EXPECT_NE(best.returnOrder, best.sendOrder);
    EXPECT_NE(best.returnOrder, Order(best.sendOrder.rbegin(), best.sendOrder.rend()));
    expectRelativelyNear(best.throughput, bestOverallByLp(in), 1e-9, "brute force");
    expectRelativelyNear(solved(solveDivisibleFifoOptimal(in), in).throughput, fifo, 1e-9, "fifo-optimal");
    expectRelativelyNear(solved(solveDivisibleLifoOptimal(in), in).throughput, lifo, 1e-9, "lifo-optimal");
}

TEST(DivisibleExhaustive, NotAllWorkersTakePartInTheOptimum) {
    // Found with exhaustive, as the slides' "not all processors always participate".
    DivisibleInstance in;
    in.horizon = 100;
    in.workers = {{"P1", 2, 1, 3}, {"P2", 3, 1, 2}, {"P3", 9, 7, 9}};
    const DivisibleSolution best = solved(solveDivisibleExhaustive(in), in);
    EXPECT_EQ(best.alpha[2], 0.0);
    EXPECT_EQ(best.sendOrder.size(), 2u);
    expectRelativelyNear(best.throughput, bestOverallByLp(in), 1e-9, "brute force");
    expectRelativelyNear(best.throughput, 0.25, 1e-9, "rho");
}

TEST(DivisibleExhaustive, RefusesLargePlatformsAndStopsWhenAsked) {
    std::mt19937_64 random(43);
    const DivisibleInstance big = randomPlatform(random, kExhaustiveMaxWorkers + 1, -1);
    Expected<DivisibleSolution> refused = solveDivisibleExhaustive(big);
    ASSERT_FALSE(refused.ok());
    EXPECT_NE(refused.error().message.find("at most 8 workers"), std::string::npos) << refused.error().message;
    std::atomic<bool> stop{true};
    Expected<DivisibleSolution> cancelled =
        solveDivisibleExhaustive(randomPlatform(random, 6, -1), Progress({}, &stop));
    ASSERT_FALSE(cancelled.ok());
    EXPECT_EQ(cancelled.error().kind, ErrorKind::Cancelled);
}

TEST(DivisibleExhaustive, DenseSimplexAgreesWithGlpk) {
    std::mt19937_64 random(44);
    for (int trial = 0; trial < 1000; ++trial) {
        const std::size_t p = 1 + random() % 8;
        const DivisibleInstance in = randomPlatform(random, p, trial % 2 ? -1 : 0.9);
        Order send = identity(p), back = identity(p);
        std::shuffle(send.begin(), send.end(), random);
        std::shuffle(back.begin(), back.end(), random);
        expectRelativelyNear(divisible_detail::denseScenarioThroughput(in, send, back), lpThroughput(in, send, back),
                             1e-9, "dense simplex, p=" + std::to_string(p));
    }
}

// ---------------------------------------------------------------- scenarios, heuristics, verification

TEST(DivisibleScenario, ReportsIdleTimeWhenTheScenarioForcesIt) {
    // Sends P2 P1 P3, returns P3 P2 P1: P1 finishes computing long before its turn to return.
    DivisibleInstance in;
    in.horizon = 100;
    in.workers = {{"P1", 7, 1, 3}, {"P2", 7, 1, 1}, {"P3", 2, 7, 8}};
    const DivisibleSolution s = solved(solveScenarioLp(in, {1, 0, 2}, {2, 1, 0}), in);
    for (std::size_t i : s.sendOrder)
        EXPECT_NEAR(s.times[i].idle, s.times[i].returnStart - s.times[i].computeEnd, 1e-12 * in.horizon);
    ASSERT_GT(s.alpha[0], 0);
    EXPECT_GT(s.times[0].idle, 1.0);
    Expected<SolveResult> viaRegistry = [&] {
        DivisibleInstance withScenario = in;
        withScenario.sendOrder = {1, 0, 2};
        withScenario.returnOrder = {2, 1, 0};
        return solve(Instance{withScenario}, "scenario-lp");
    }();
    ASSERT_TRUE(viaRegistry.ok());
    const DivisibleSolution* registered = solutionOf<DivisibleSolution>(*viaRegistry);
    ASSERT_NE(registered, nullptr);
    EXPECT_NEAR(registered->times[0].idle, s.times[0].idle, 1e-9);
}

TEST(DivisibleScenario, UsesTheInstanceScenarioOrTheListedOrderFifo) {
    auto in = std::get<DivisibleInstance>(example("divisible-small.json"));
    const DivisibleSolution given = solved(solveDivisibleScenarioLp(in), in);
    EXPECT_EQ(given.sendOrder, (Order{0, 1}));
    EXPECT_EQ(given.returnOrder, (Order{1, 0}));
    in.sendOrder.clear();
    in.returnOrder.clear();
    const DivisibleSolution listed = solved(solveDivisibleScenarioLp(in), in);
    EXPECT_EQ(listed.returnOrder, listed.sendOrder);
    EXPECT_NE(listed.message.find("FIFO"), std::string::npos);
}

TEST(DivisibleHeuristics, EveryWorkerNoIdleTimeAndNeverAboveTheOptimalFifo) {
    std::mt19937_64 random(51);
    for (int trial = 0; trial < 500; ++trial) {
        const DivisibleInstance in = randomPlatform(random, 1 + random() % 30, 0.1 * double(1 + random() % 10));
        const double optimal = solved(solveDivisibleFifoOptimal(in), in).throughput;
        for (const DivisibleSolution& s : {solved(solveDivisibleFifoByC(in), in), solved(solveDivisibleFifoByW(in), in)}) {
            EXPECT_EQ(s.status, SolveStatus::Feasible);
            EXPECT_LE(s.throughput, optimal * (1 + 1e-9));
            EXPECT_EQ(s.sendOrder, s.returnOrder);
            if (s.message.find("closed form") != std::string::npos) {
                EXPECT_EQ(s.sendOrder.size(), in.workers.size());
                expectNoIdleTime(s, "heuristic");
            }
        }
        const DivisibleSolution byC = solved(solveDivisibleFifoByC(in), in);
        for (std::size_t k = 1; k < byC.sendOrder.size(); ++k)
            EXPECT_LE(in.workers[byC.sendOrder[k - 1]].c, in.workers[byC.sendOrder[k]].c);
    }
}

TEST(DivisibleVerify, CatchesBrokenSchedules) {
    const auto in = std::get<DivisibleInstance>(example("divisible-neither-fifo-nor-lifo.json"));
    const DivisibleSolution good = solved(solveDivisibleExhaustive(in), in);
    DivisibleSolution s = good;
    s.times[s.sendOrder[1]].sendStart -= 1;   // overlaps the first message on the send port
    s.times[s.sendOrder[1]].sendEnd -= 1;
    s.times[s.sendOrder[1]].computeEnd -= 1;
    EXPECT_FALSE(verifyDivisible(in, s).empty());
    s = good;
    s.times[s.sendOrder[0]].returnStart -= 30;   // returns before computing and longer than alpha d
    EXPECT_FALSE(verifyDivisible(in, s).empty());
    s = good;
    s.alpha[0] = -1;
    EXPECT_FALSE(verifyDivisible(in, s).empty());
    s = good;
    s.load *= 2;
    EXPECT_FALSE(verifyDivisible(in, s).empty());
    // More load on a worker than its scenario leaves room for is scaled back, never returned as is.
    std::vector<double> alpha = good.alpha;
    alpha[0] *= 1.5;
    const DivisibleSolution scaled = makeDivisibleSolution(in, good.sendOrder, good.returnOrder, alpha,
                                                           SolveStatus::Feasible, "");
    EXPECT_TRUE(verifyDivisible(in, scaled).empty()) << verifyDivisible(in, scaled).front();
}

// ---------------------------------------------------------------- registry, result, schedule

TEST(DivisibleRegistry, DefaultIsExhaustiveUpToSevenWorkers) {
    std::mt19937_64 random(61);
    EXPECT_EQ(defaultSolverFor(Instance{randomPlatform(random, 7, 0.5)}), "exhaustive");
    EXPECT_EQ(defaultSolverFor(Instance{randomPlatform(random, 8, 0.5)}), "fifo-optimal");
    for (const char* name : {"scenario-lp", "fifo-optimal", "lifo-optimal", "fifo-by-c", "fifo-by-w", "exhaustive",
                             "no-return"})
        EXPECT_NE(findSolver("divisible", name), nullptr) << name;
}

TEST(DivisibleRegistry, ResultCarriesTheContractKeys) {
    const Instance instance = example("divisible-star-12.json");
    Expected<SolveResult> r = solve(instance, "");
    ASSERT_TRUE(r.ok()) << r.error().message;
    const nlohmann::json j = resultToJson(instance, *r);
    EXPECT_EQ(j["solver"], "fifo-optimal");
    EXPECT_EQ(j["kind"], "divisible");
    ASSERT_TRUE(j.contains("throughput"));
    ASSERT_EQ(j["workers"].size(), 12u);
    for (const auto& w : j["workers"]) {
        ASSERT_TRUE(w.contains("worker"));
        ASSERT_TRUE(w.contains("alpha"));
        const bool takesPart = w["alpha"].get<double>() > 0;
        for (const char* key : {"send_start", "send_end", "compute_end", "return_start", "return_end", "idle"})
            EXPECT_EQ(w.contains(key), takesPart) << w["worker"] << " " << key;
    }
    EXPECT_EQ(j["workers"][5]["worker"], "node06");
    EXPECT_EQ(j["workers"][5]["alpha"], 0.0);
}

TEST(DivisibleSchedule, HasMasterPortsWorkerLanesAndTheHorizon) {
    const auto in = std::get<DivisibleInstance>(example("divisible-neither-fifo-nor-lifo.json"));
    const Schedule s = divisibleSchedule(in, solved(solveDivisibleExhaustive(in), in));
    ASSERT_EQ(s.lanes.size(), 5u);
    EXPECT_EQ(s.lanes[0].name, "master send");
    EXPECT_EQ(s.lanes[1].name, "master receive");
    EXPECT_EQ(s.lanes[2].name, "P1");
    EXPECT_EQ(s.lanes[0].intervals.size(), 3u);
    EXPECT_EQ(s.lanes[1].intervals.size(), 3u);
    for (std::size_t l = 2; l < 5; ++l) {
        const auto& intervals = s.lanes[l].intervals;
        ASSERT_GE(intervals.size(), 3u);
        EXPECT_EQ(intervals[0].kind, IntervalKind::Receive);
        EXPECT_EQ(intervals[1].kind, IntervalKind::Compute);
        EXPECT_EQ(intervals[1].label.str().rfind("α=", 0), 0u);
        EXPECT_EQ(intervals.back().kind, IntervalKind::Return);
    }
    ASSERT_EQ(s.markers.size(), 1u);
    EXPECT_EQ(s.markers[0].name, "T");
    EXPECT_DOUBLE_EQ(s.markers[0].time, in.horizon);
}

// ---------------------------------------------------------------- experiments

TEST(DivisibleExperiments, ThroughputByWorkerCountIsConsistent) {
    const auto in = std::get<DivisibleInstance>(example("divisible-star-12.json"));
    Expected<WorkerCountCurve> curve = throughputByWorkerCount(in);
    ASSERT_TRUE(curve.ok()) << curve.error().message;
    ASSERT_EQ(curve->points.size(), 12u);
    EXPECT_EQ(curve->fifoOptimalWorkers, 11);
    for (std::size_t k = 0; k < curve->points.size(); ++k) {
        const WorkerCountPoint& point = curve->points[k];
        EXPECT_EQ(point.workers, int(k + 1));
        EXPECT_LE(point.fifoByC, point.fifoOptimal * (1 + 1e-9));
        if (k > 0) {
            EXPECT_GE(point.fifoOptimal, curve->points[k - 1].fifoOptimal);
            EXPECT_GT(point.lifoOptimal, curve->points[k - 1].lifoOptimal) << "every LIFO worker helps";
        }
    }
    EXPECT_NEAR(curve->points.back().fifoOptimal, curve->fifoOptimal, 1e-12);
    EXPECT_NEAR(curve->points.back().lifoOptimal, curve->lifoOptimal, 1e-12);
    EXPECT_NEAR(curve->points.back().fifoByC, curve->fifoByC, 1e-12);
    EXPECT_LE(curve->fifoByW, curve->fifoOptimal * (1 + 1e-9));
    // A large platform is sampled.
    std::mt19937_64 random(71);
    Expected<WorkerCountCurve> big = throughputByWorkerCount(randomPlatform(random, 500, 0.8), 20);
    ASSERT_TRUE(big.ok());
    EXPECT_LE(big->points.size(), 20u);
    EXPECT_EQ(big->points.front().workers, 1);
    EXPECT_EQ(big->points.back().workers, 500);
}

// Each point keeps the spread of its platforms: the rows of one point with the values 1, 2, 3, 4 (in turn for
// each column) give the mean 2.5 and the sample standard deviation sqrt(5/3) (the squares of -1.5, -0.5, 0.5,
// 1.5 sum to 5, over n - 1 = 3); a point whose platforms agree has no spread.
TEST(DivisibleExperiments, SimulationRowsKeepTheSampleStandardDeviationOfTheirPlatforms) {
    DivisibleSimulationConfig config;
    config.workers = 4;
    config.zValues = {1.0};
    config.ratios = {1, 10};
    config.platforms = 4;
    SweepRows raw;
    raw.columns = "unit,z,ratio,platform,lifo_optimal,fifo_by_c,fifo_by_w,fifo_optimal_workers,fifo_optimal_throughput";
    raw.totalUnits = 8;
    for (std::size_t unit = 0; unit < 8; ++unit) {
        const int platform = static_cast<int>(unit % 4);
        const double v = unit < 4 ? platform + 1.0 : 0.5;   // 1, 2, 3, 4 at w/c = 1; 0.5 on every platform at 10
        const std::string ratio = unit < 4 ? "1" : "10";
        raw.rows.push_back({unit, "1," + ratio + "," + std::to_string(platform) + "," + exactNumber(v) + "," +
                                      exactNumber(v) + "," + exactNumber(v) + "," + exactNumber(v) + "," + exactNumber(v),
                            nullptr, 0});
    }
    Expected<std::vector<DivisibleSimulationRow>> rows = divisibleSimulationFromRows(config, raw);
    ASSERT_TRUE(rows.ok()) << rows.error().message;
    ASSERT_EQ(rows->size(), 2u);
    const DivisibleSimulationRow& spread = (*rows)[0];
    const double sd = std::sqrt(5.0 / 3.0);
    EXPECT_DOUBLE_EQ(spread.lifoOptimal, 2.5);
    EXPECT_NEAR(spread.lifoOptimalSd, sd, 1e-12);
    EXPECT_NEAR(spread.fifoByCSd, sd, 1e-12);
    EXPECT_NEAR(spread.fifoByWSd, sd, 1e-12);
    EXPECT_NEAR(spread.fifoOptimalWorkersSd, sd, 1e-12);
    EXPECT_NEAR(spread.fifoOptimalThroughputSd, sd, 1e-12);
    const DivisibleSimulationRow& agreed = (*rows)[1];
    EXPECT_DOUBLE_EQ(agreed.fifoByC, 0.5);
    EXPECT_EQ(agreed.fifoByCSd, 0.0);
    EXPECT_EQ(agreed.fifoOptimalWorkersSd, 0.0);
    // The CSV carries them in the appended columns: 1.29099445 for the spread point's lifo-optimal.
    const std::string csv = divisibleSimulationCsv(*rows);
    const std::string first = csv.substr(csv.find('\n') + 1, csv.find('\n', csv.find('\n') + 1) - csv.find('\n') - 1);
    EXPECT_EQ(first, "1,1,4,2.5,2.5,2.5,2.5,2.5,1.29099445,1.29099445,1.29099445,1.29099,1.29099445");
}

TEST(DivisibleExperiments, SimulationIsDeterministicAndBoundedByTheOptimalFifo) {
    DivisibleSimulationConfig config;
    config.workers = 30;
    config.platforms = 3;
    config.ratios = {0.1, 1, 10, 100};
    Expected<std::vector<DivisibleSimulationRow>> rows = runDivisibleSimulation(config);
    ASSERT_TRUE(rows.ok()) << rows.error().message;
    ASSERT_EQ(rows->size(), 8u);
    for (const DivisibleSimulationRow& row : *rows) {
        EXPECT_LE(row.fifoByC, 1 + 1e-9);
        EXPECT_LE(row.fifoByW, 1 + 1e-9);
        EXPECT_GT(row.fifoByW, 0);
        EXPECT_GE(row.fifoOptimalWorkers, 1);
        EXPECT_LE(row.fifoOptimalWorkers, 30);
        if (row.z == 1.0) {
            EXPECT_NEAR(row.fifoByC, row.fifoByW, 1e-9) << "z = 1: the order does not matter";
        }
    }
    // More computation per unit of data lets more workers take part.
    EXPECT_LT((*rows)[0].fifoOptimalWorkers, (*rows)[3].fifoOptimalWorkers);
    Expected<std::vector<DivisibleSimulationRow>> again = runDivisibleSimulation(config);
    ASSERT_TRUE(again.ok());
    EXPECT_EQ(divisibleSimulationCsv(*again), divisibleSimulationCsv(*rows));
    const std::string csv = divisibleSimulationCsv(*rows);
    // The columns of the means as they always were, the standard deviations appended.
    EXPECT_EQ(csv.substr(0, csv.find('\n')),
              "z,ratio,platforms,lifo_optimal,fifo_by_c,fifo_by_w,fifo_optimal_workers,fifo_optimal_throughput,"
              "lifo_optimal_sd,fifo_by_c_sd,fifo_by_w_sd,fifo_optimal_workers_sd,fifo_optimal_throughput_sd");
    EXPECT_EQ(std::count(csv.begin(), csv.end(), '\n'), 9);

    config.workers = 0;
    EXPECT_FALSE(runDivisibleSimulation(config).ok());
    config.workers = 10;
    config.ratios = {1, -2};
    EXPECT_FALSE(runDivisibleSimulation(config).ok());
    config.ratios = {1};
    std::atomic<bool> stop{true};
    Expected<std::vector<DivisibleSimulationRow>> cancelled = runDivisibleSimulation(config, Progress({}, &stop));
    ASSERT_FALSE(cancelled.ok());
    EXPECT_EQ(cancelled.error().kind, ErrorKind::Cancelled);
}

}  // namespace
}  // namespace hetsched
