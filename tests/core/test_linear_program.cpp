// The GLPK wrapper: textbook LPs, statuses, MIPs against brute force, and GLPK errors that must not abort.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <string>

#include <glpk.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>
#include <thread>

#include "lp/linear_program.h"

namespace hetsched::lp {
namespace {

TEST(LinearProgram, SolvesATextbookLpWithItsDuals) {
    // max 3x + 2y  s.t.  x + y <= 4,  x + 3y <= 7,  0 <= x <= 3: optimum (3, 1) = 11.
    LinearProgram p(Sense::Maximize);
    const int x = p.addVariable(0, 3, 3);
    const int y = p.addVariable(0, kInfinity, 2);
    p.addConstraint({{x, 1}, {y, 1}}, -kInfinity, 4);
    p.addConstraint({{x, 1}, {y, 3}}, -kInfinity, 7);
    auto s = solveLinearProgram(p);
    ASSERT_TRUE(s.ok()) << s.error().message;
    ASSERT_EQ(s->status, LpStatus::Optimal);
    EXPECT_NEAR(s->objective, 11, 1e-9);
    EXPECT_NEAR(s->values[static_cast<std::size_t>(x)], 3, 1e-9);
    EXPECT_NEAR(s->values[static_cast<std::size_t>(y)], 1, 1e-9);
    EXPECT_NEAR(s->duals[0], 2, 1e-9);   // the first row binds with shadow price 2, the second is slack
    EXPECT_NEAR(s->duals[1], 0, 1e-9);
}

TEST(LinearProgram, ReportsInfeasibleAndUnbounded) {
    LinearProgram infeasible(Sense::Minimize);
    const int x = infeasible.addVariable(0, kInfinity, 1);
    infeasible.addConstraint({{x, 1}}, 2, kInfinity);
    infeasible.addConstraint({{x, 1}}, -kInfinity, 1);
    auto s = solveLinearProgram(infeasible);
    ASSERT_TRUE(s.ok());
    EXPECT_EQ(s->status, LpStatus::Infeasible);

    LinearProgram unbounded(Sense::Maximize);
    const int y = unbounded.addVariable(0, kInfinity, 1);
    unbounded.addConstraint({{y, 1}}, 1, kInfinity);
    s = solveLinearProgram(unbounded);
    ASSERT_TRUE(s.ok());
    EXPECT_EQ(s->status, LpStatus::Unbounded);
}

TEST(LinearProgram, ExactSimplexAgreesOnAnLp) {
    LinearProgram p(Sense::Maximize);
    const int x = p.addVariable(0, kInfinity, 1);
    const int y = p.addVariable(0, kInfinity, 1);
    p.addConstraint({{x, 3}, {y, 1}}, -kInfinity, 1);
    p.addConstraint({{x, 1}, {y, 3}}, -kInfinity, 1);
    LpOptions o;
    o.exact = true;
    auto s = solveLinearProgram(p, o);
    ASSERT_TRUE(s.ok());
    EXPECT_EQ(s->status, LpStatus::Optimal);
    EXPECT_DOUBLE_EQ(s->objective, 0.5);   // x = y = 1/4
    EXPECT_NE(s->message.find("exact"), std::string::npos);
}

TEST(LinearProgram, DuplicateTermsAreMerged) {
    LinearProgram p(Sense::Maximize);
    const int x = p.addVariable(0, kInfinity, 1);
    p.addConstraint({{x, 1}, {x, 1}}, -kInfinity, 4);   // 2x <= 4
    auto s = solveLinearProgram(p);
    ASSERT_TRUE(s.ok());
    EXPECT_NEAR(s->objective, 2, 1e-9);
}

TEST(LinearProgram, InvalidModelsAreErrorsNotCrashes) {
    LinearProgram p;
    const int x = p.addVariable(0, 1, 1);
    p.addConstraint({{x + 5, 1}}, 0, 1);
    EXPECT_EQ(solveLinearProgram(p).error().kind, ErrorKind::Solver);
    LinearProgram q;
    q.addVariable(2, 1, 1);
    EXPECT_FALSE(solveLinearProgram(q).ok());
}

TEST(LinearProgram, KnapsackMipEqualsBruteForce) {
    std::mt19937_64 rng(3);
    std::uniform_int_distribution<int> weight(1, 20);
    for (int trial = 0; trial < 40; ++trial) {
        const int items = 8 + trial % 5;
        std::vector<int> w(static_cast<std::size_t>(items));
        std::vector<int> v(static_cast<std::size_t>(items));
        for (int i = 0; i < items; ++i) {
            w[static_cast<std::size_t>(i)] = weight(rng);
            v[static_cast<std::size_t>(i)] = weight(rng);
        }
        const int capacity = 40;
        LinearProgram p(Sense::Maximize);
        std::vector<Term> row;
        for (int i = 0; i < items; ++i)
            row.push_back({p.addVariable(0, 1, v[static_cast<std::size_t>(i)], true), double(w[static_cast<std::size_t>(i)])});
        p.addConstraint(row, -kInfinity, capacity);
        int best = 0;
        for (int mask = 0; mask < (1 << items); ++mask) {
            int tw = 0;
            int tv = 0;
            for (int i = 0; i < items; ++i)
                if (mask >> i & 1) {
                    tw += w[static_cast<std::size_t>(i)];
                    tv += v[static_cast<std::size_t>(i)];
                }
            if (tw <= capacity) best = std::max(best, tv);
        }
        auto s = solveLinearProgram(p);
        ASSERT_TRUE(s.ok());
        ASSERT_EQ(s->status, LpStatus::Optimal);
        EXPECT_NEAR(s->objective, best, 1e-6) << "trial " << trial;
    }
}

// A MIP's progress names the branch-and-cut and, once an integer solution is known, its bound and gap:
// what the GUI shows for `exact` while it runs towards its time limit.
TEST(LinearProgram, AMipReportsItsBestSolutionBoundAndGapAsItGoes) {
    std::mt19937_64 rng(11);
    std::uniform_int_distribution<int> weight(10, 99);
    LinearProgram p(Sense::Maximize);
    std::vector<Term> a, b;
    for (int i = 0; i < 40; ++i) {
        const int x = p.addVariable(0, 1, weight(rng), true);
        a.push_back({x, double(weight(rng))});
        b.push_back({x, double(weight(rng))});
    }
    p.addConstraint(a, -kInfinity, 700);
    p.addConstraint(b, -kInfinity, 650);
    std::vector<std::string> stages;
    std::vector<double> fractions;
    std::atomic<bool> stop{false};
    const Progress progress([&](double f, const std::string& stage) { stages.push_back(stage); fractions.push_back(f); },
                            &stop);
    LpOptions options;
    options.timeLimitSeconds = 30;
    auto s = solveLinearProgram(p, options, progress);
    ASSERT_TRUE(s.ok()) << s.error().message;
    ASSERT_FALSE(stages.empty());
    for (const std::string& stage : stages) EXPECT_EQ(stage.rfind("branch-and-cut", 0), 0u) << stage;
    const bool gapShown = std::any_of(stages.begin(), stages.end(),
                                      [](const std::string& t) { return t.find("gap") != std::string::npos; });
    EXPECT_TRUE(gapShown) << "no stage with the gap: " << stages.back();
    for (double f : fractions) EXPECT_TRUE(f >= 0 && f <= 1) << f;
}

void misuseGlpk(void*) {
    glp_prob* p = glp_create_prob();
    glp_set_col_bnds(p, 7, GLP_LO, 0, 0);   // column 7 does not exist: GLPK raises an error
    glp_delete_prob(p);
}

TEST(LinearProgram, AGlpkErrorIsCaughtAndTheNextSolveStillWorks) {
    EXPECT_FALSE(detail::runGuarded(misuseGlpk, nullptr));
    EXPECT_FALSE(detail::runGuarded(misuseGlpk, nullptr));
    LinearProgram p(Sense::Maximize);
    p.addVariable(0, 2, 1);
    auto s = solveLinearProgram(p);
    ASSERT_TRUE(s.ok());
    EXPECT_NEAR(s->objective, 2, 1e-12);
}

TEST(LinearProgram, RunsOnManyThreadsAtOnce) {
    std::vector<std::thread> threads;
    std::atomic<int> good{0};
    for (int t = 0; t < 4; ++t) {
        threads.emplace_back([&good, t] {
            for (int k = 0; k < 20; ++k) {
                LinearProgram p(Sense::Maximize);
                const int x = p.addVariable(0, kInfinity, 1);
                p.addConstraint({{x, 1.0 + t}}, -kInfinity, 10);
                auto s = solveLinearProgram(p);
                if (s.ok() && std::abs(s->objective - 10.0 / (1 + t)) < 1e-9) ++good;
            }
        });
    }
    for (auto& th : threads) th.join();
    EXPECT_EQ(good.load(), 80);
}

TEST(LinearProgram, StopsWhenCancelledBeforehand) {
    std::atomic<bool> stop{true};
    LinearProgram p;
    p.addVariable(0, 1, 1);
    EXPECT_EQ(solveLinearProgram(p, {}, Progress({}, &stop)).error().kind, ErrorKind::Cancelled);
}

}  // namespace
}  // namespace hetsched::lp

namespace hetsched::lp {
namespace {

// A random packing LP max c x, A x <= b, x >= 0 with `columns` columns over `rows` rows.
LinearProgram randomPacking(int rows, int columns, std::mt19937& rng) {
    std::uniform_real_distribution<double> value(0.1, 1.0);
    LinearProgram p(Sense::Maximize);
    std::vector<std::vector<Term>> terms(static_cast<std::size_t>(rows));
    for (int j = 0; j < columns; ++j) {
        p.addVariable(0, kInfinity, value(rng));
        for (int i = 0; i < rows; ++i)
            if (rng() % 3 == 0) terms[static_cast<std::size_t>(i)].push_back({j, value(rng)});
    }
    for (int i = 0; i < rows; ++i) p.addConstraint(terms[static_cast<std::size_t>(i)], -kInfinity, 1.0 + value(rng));
    return p;
}

TEST(LinearProgram, WarmStartAfterAddingColumnsReachesTheSameOptimumInFewerIterations) {
    std::mt19937 rng(5);
    LinearProgram small = randomPacking(80, 120, rng);
    Expected<LpSolution> first = solveLinearProgram(small);
    ASSERT_TRUE(first.ok());
    ASSERT_EQ(first->status, LpStatus::Optimal);
    ASSERT_EQ(first->basis.rows.size(), 80u);
    ASSERT_EQ(first->basis.columns.size(), 120u);
    // Column generation's step: the same rows, three new columns with a positive reduced cost: copies of
    // the three busiest columns of the optimum, 10% more profitable.
    std::vector<int> busiest(120);
    std::iota(busiest.begin(), busiest.end(), 0);
    std::sort(busiest.begin(), busiest.end(), [&](int a, int b) { return first->values[a] > first->values[b]; });
    LinearProgram rebuilt(Sense::Maximize);
    for (const auto& c : small.columns()) rebuilt.addVariable(c.lower, c.upper, c.objective);
    for (int k = 0; k < 3; ++k) rebuilt.addVariable(0, kInfinity, 1.1 * small.columns()[busiest[k]].objective);
    for (const auto& row : small.rows()) {
        std::vector<Term> terms = row.terms;
        for (const Term& t : row.terms)
            for (int k = 0; k < 3; ++k)
                if (t.variable == busiest[k]) terms.push_back({120 + k, t.coefficient});
        rebuilt.addConstraint(terms, row.lower, row.upper);
    }
    Expected<LpSolution> cold = solveLinearProgram(rebuilt);
    LpOptions warmOptions;
    warmOptions.warmStart = &first->basis;
    Expected<LpSolution> warm = solveLinearProgram(rebuilt, warmOptions);
    ASSERT_TRUE(cold.ok() && warm.ok());
    ASSERT_EQ(warm->status, LpStatus::Optimal);
    EXPECT_NEAR(warm->objective, cold->objective, 1e-9 * std::max(1.0, std::abs(cold->objective)));
    EXPECT_GT(warm->objective, first->objective);
    EXPECT_LT(warm->iterations, cold->iterations);
}

TEST(LinearProgram, ANonsenseWarmStartStillGivesTheOptimum) {
    std::mt19937 rng(8);
    const LinearProgram p = randomPacking(30, 40, rng);
    Expected<LpSolution> cold = solveLinearProgram(p);
    ASSERT_TRUE(cold.ok());
    LpBasis allBasic;  // 70 basic variables for 30 rows: invalid
    allBasic.rows.assign(30, BasisStatus::Basic);
    allBasic.columns.assign(40, BasisStatus::Basic);
    LpBasis wrongSize;  // ignored
    wrongSize.rows.assign(3, BasisStatus::Basic);
    for (const LpBasis* hint : {&allBasic, &wrongSize}) {
        LpOptions options;
        options.warmStart = hint;
        Expected<LpSolution> warm = solveLinearProgram(p, options);
        ASSERT_TRUE(warm.ok());
        ASSERT_EQ(warm->status, LpStatus::Optimal);
        EXPECT_NEAR(warm->objective, cold->objective, 1e-9);
    }
}

}  // namespace
}  // namespace hetsched::lp
