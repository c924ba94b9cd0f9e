// The GLPK wrapper: textbook LPs, statuses, MIPs against brute force, and GLPK errors that must not abort.
#include <gtest/gtest.h>

#include <glpk.h>

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
