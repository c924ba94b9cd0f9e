// Statuses as in HiGHS: the answer's status (time_limit, cancelled with the best found) beside the call's
// status, the gap to the best bound, in SolveResult, in result JSON and read back.
#include <gtest/gtest.h>

#include <atomic>
#include <cmath>
#include <random>
#include <string>

#include "results/result_io.h"
#include "lp/linear_program.h"
#include "model/platform_generators.h"
#include "solvers/cpugpu/cpugpu_solvers.h"
#include "solvers/registry.h"

namespace hetsched {
namespace {

// 121 identical tasks on 8 CPUs and 4 GPUs: the optimum is 33 (11 tasks on one processor), the area
// bound 30.25, and the symmetric MIP is far from proving it in a fraction of a second.
CpuGpuInstance identicalTasks() {
    CpuGpuInstance in;
    in.cpus = 8;
    in.gpus = 4;
    for (int j = 0; j < 121; ++j) in.tasks.push_back({std::string("t").append(std::to_string(j)), 3.0, 3.0});
    return in;
}

TEST(SolveStatus, NamesGapAndCallStatus) {
    for (SolveStatus s : {SolveStatus::Optimal, SolveStatus::Feasible, SolveStatus::Infeasible,
                          SolveStatus::TimeLimit, SolveStatus::Cancelled, SolveStatus::IterationLimit})
        EXPECT_EQ(solveStatusFromName(solveStatusName(s)), s);
    for (CallStatus s : {CallStatus::Ok, CallStatus::Warning, CallStatus::Error})
        EXPECT_EQ(callStatusFromName(callStatusName(s)), s);
    EXPECT_FALSE(callStatusFromName("fine").has_value());
    EXPECT_EQ(callStatusOf(SolveStatus::Optimal), CallStatus::Ok);
    EXPECT_EQ(callStatusOf(SolveStatus::Infeasible), CallStatus::Ok);
    EXPECT_EQ(callStatusOf(SolveStatus::TimeLimit), CallStatus::Warning);
    EXPECT_EQ(callStatusOf(SolveStatus::Cancelled), CallStatus::Warning);
    EXPECT_EQ(callStatusOf(SolveStatus::IterationLimit), CallStatus::Warning);
    EXPECT_STREQ(solveStatusName(SolveStatus::IterationLimit), "iteration_limit");
    EXPECT_DOUBLE_EQ(relativeGap(33, 30.25), 2.75 / 33);   // minimising: bound below
    EXPECT_DOUBLE_EQ(relativeGap(3, 4), 0.25);            // maximising: bound above
    EXPECT_DOUBLE_EQ(relativeGap(0, 0), 0);
    EXPECT_DOUBLE_EQ(relativeGap(5, 5), 0);
}

TEST(SolveStatus, LpStatusesMapOnceToTheSolversVocabulary) {
    EXPECT_EQ(lp::solveStatusOf(lp::LpStatus::Optimal), SolveStatus::Optimal);
    EXPECT_EQ(lp::solveStatusOf(lp::LpStatus::Infeasible), SolveStatus::Infeasible);
    EXPECT_EQ(lp::solveStatusOf(lp::LpStatus::TimeLimit), SolveStatus::TimeLimit);
    EXPECT_EQ(lp::solveStatusOf(lp::LpStatus::Cancelled), SolveStatus::Cancelled);
    EXPECT_FALSE(lp::solveStatusOf(lp::LpStatus::Unbounded).has_value());
    EXPECT_STREQ(lp::lpStatusName(lp::LpStatus::TimeLimit), "time_limit");
    EXPECT_STREQ(lp::lpStatusName(lp::LpStatus::Unbounded), "unbounded");
}

// The assignment MIP of `identicalTasks` written out: x_jp binary, min C, every load <= C.
lp::LinearProgram identicalTasksMip() {
    lp::LinearProgram mip(lp::Sense::Minimize);
    const int c = mip.addVariable(0, lp::kInfinity, 1.0);
    std::vector<std::vector<lp::Term>> loads(12);
    for (int j = 0; j < 121; ++j) {
        std::vector<lp::Term> once;
        for (int p = 0; p < 12; ++p) {
            const int x = mip.addVariable(0, 1, 0, true);
            once.push_back({x, 1.0});
            loads[static_cast<std::size_t>(p)].push_back({x, 3.0});
        }
        mip.addConstraint(std::move(once), 1, 1);
    }
    for (auto& load : loads) {
        load.push_back({c, -1.0});
        mip.addConstraint(std::move(load), -lp::kInfinity, 0);
    }
    return mip;
}

// GLPK stopped by its time limit or on request: a status, never an error or an abort, and what it had.
TEST(SolveStatus, GlpkStoppedEarlyKeepsItsIncumbentAndBound) {
    const lp::LinearProgram mip = identicalTasksMip();
    auto checkKept = [&](const lp::LpSolution& s) {
        if (s.hasSolution) {
            ASSERT_EQ(s.values.size(), static_cast<std::size_t>(mip.variableCount()));
            EXPECT_GE(s.objective, 33.0 - 1e-9);   // no schedule beats the optimum
            for (std::size_t k = 1; k < s.values.size(); ++k)
                EXPECT_TRUE(std::abs(s.values[k]) < 1e-9 || std::abs(s.values[k] - 1) < 1e-9) << k;
        }
        if (s.hasBound) {
            EXPECT_LE(s.bound, 33.0 + 1e-9);       // a bound on the optimum
            if (s.hasSolution) {
                EXPECT_LE(s.bound, s.objective + 1e-9);
            }
        }
    };
    lp::LpOptions quick;
    quick.timeLimitSeconds = 0.05;
    Expected<lp::LpSolution> limited = lp::solveLinearProgram(mip, quick);
    ASSERT_TRUE(limited.ok()) << limited.error().message;
    EXPECT_EQ(limited->status, lp::LpStatus::TimeLimit) << limited->message;
    EXPECT_NE(limited->message.find("time limit"), std::string::npos) << limited->message;
    checkKept(*limited);

    std::atomic<bool> stop{false};
    int reports = 0;
    const Progress progress(
        [&](double, const std::string&) {
            if (++reports == 3) stop = true;   // the third report of the branch-and-cut
        },
        &stop);
    lp::LpOptions patient;
    patient.timeLimitSeconds = 3600;
    Expected<lp::LpSolution> cancelled = lp::solveLinearProgram(mip, patient, progress);
    ASSERT_TRUE(cancelled.ok()) << cancelled.error().message;
    EXPECT_GE(reports, 3);   // one more (the final gap) when GLPK had an integer solution
    EXPECT_EQ(cancelled->status, lp::LpStatus::Cancelled) << cancelled->message;
    EXPECT_NE(cancelled->message.find("stopped on request"), std::string::npos) << cancelled->message;
    checkKept(*cancelled);
}

TEST(SolveStatus, ExactAtItsTimeLimitSaysTimeLimitWithTheBestFoundAndItsGap) {
    const Instance in = identicalTasks();
    const double limit = 0.05;
    Expected<SolveResult> r = solve(in, "exact", {{"time_limit", limit}});
    ASSERT_TRUE(r.ok()) << r.error().message;   // solve() verifies the schedule against the instance
    EXPECT_EQ(r->status, SolveStatus::TimeLimit) << r->message;
    EXPECT_EQ(r->callStatus, CallStatus::Warning);
    // The limit was really reached: GLPK stops only once its clock passed it.
    EXPECT_GE(r->seconds, limit);
    EXPECT_NE(r->message.find("time limit"), std::string::npos) << r->message;
    ASSERT_TRUE(r->objective && r->bestBound && r->gap);
    EXPECT_DOUBLE_EQ(*r->objective, 33.0);
    EXPECT_GE(*r->bestBound, 6.0);                 // at least the pigeonhole bound
    EXPECT_LE(*r->bestBound, 33.0);
    EXPECT_GE(*r->gap, 0.0);
    EXPECT_LE(*r->gap, 1.0);
    EXPECT_GT(*r->gap, 0.0);                       // not proven: the gap is open
    EXPECT_DOUBLE_EQ(*r->gap, relativeGap(*r->objective, *r->bestBound));
    EXPECT_EQ(resultToJson(in, *r)["status"], "time_limit");
    EXPECT_EQ(resultToJson(in, *r)["call_status"], "warning");
    EXPECT_DOUBLE_EQ(resultToJson(in, *r)["best_bound"].get<double>(), *r->bestBound);
    EXPECT_DOUBLE_EQ(resultToJson(in, *r)["gap"].get<double>(), *r->gap);
    EXPECT_FALSE(r->schedule.lanes.empty());
    const std::string text = solveStatusText(*r);
    EXPECT_EQ(text.rfind("time limit, gap ", 0), 0u) << text;
    EXPECT_NE(text.find(" %"), std::string::npos) << text;
}

TEST(SolveStatus, ExactCancelledDuringTheSearchKeepsItsIncumbent) {
    const Instance in = identicalTasks();
    std::atomic<bool> stop{false};
    int reports = 0;
    int searchReports = 0;
    // Cancelled from the progress callback at the branch-and-cut's first report: the heuristics have
    // given an incumbent by then. No timing: the stop is asked at a point of the run, not after a delay.
    const Progress progress(
        [&](double, const std::string& stage) {
            ++reports;
            if (stage.rfind("branch-and-cut", 0) == 0 && ++searchReports == 1) stop = true;
        },
        &stop);
    Expected<SolveResult> r = solve(in, "exact", {{"time_limit", 600}}, progress);
    ASSERT_TRUE(r.ok()) << r.error().message;
    EXPECT_TRUE(stop);
    EXPECT_GE(searchReports, 1);
    EXPECT_EQ(r->status, SolveStatus::Cancelled) << r->message;
    EXPECT_EQ(r->callStatus, CallStatus::Warning);
    ASSERT_TRUE(r->objective && r->bestBound && r->gap);
    EXPECT_GE(*r->objective, 33.0);
    EXPECT_LE(*r->bestBound, 33.0);
    EXPECT_GE(*r->gap, 0.0);
    EXPECT_LE(*r->gap, 1.0);
    EXPECT_EQ(resultToJson(in, *r)["status"], "cancelled");
    EXPECT_EQ(resultToJson(in, *r)["tasks"].size(), 121u);
    EXPECT_EQ(solveStatusText(*r).rfind("cancelled, best found", 0), 0u) << solveStatusText(*r);

    // Read back: the same statuses, bound and gap.
    Expected<SolveResult> back = resultFromJson(in, resultToJson(in, *r));
    ASSERT_TRUE(back.ok()) << back.error().message;
    EXPECT_EQ(back->status, SolveStatus::Cancelled);
    EXPECT_EQ(back->callStatus, CallStatus::Warning);
    ASSERT_TRUE(back->bestBound && back->gap);
    EXPECT_DOUBLE_EQ(*back->bestBound, *r->bestBound);
    EXPECT_DOUBLE_EQ(*back->gap, *r->gap);
    EXPECT_EQ(solveStatusText(*back), solveStatusText(*r));
}

TEST(SolveStatus, CancelledBeforeAnyScheduleIsStillTheCancellationError) {
    std::atomic<bool> stop{true};
    Expected<SolveResult> r = solve(identicalTasks(), "exact", {{"time_limit", 600}}, Progress({}, &stop));
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().kind, ErrorKind::Cancelled);
}

TEST(SolveStatus, NewKeysRoundTripAndBadOnesAreRefused) {
    const Instance in = identicalTasks();
    Expected<SolveResult> r = solve(in, "exact", {{"time_limit", 0.05}});
    ASSERT_TRUE(r.ok()) << r.error().message;
    Expected<SolveResult> back = resultFromJson(in, resultToJson(in, *r));
    ASSERT_TRUE(back.ok()) << back.error().message;
    EXPECT_EQ(back->status, SolveStatus::TimeLimit);
    EXPECT_EQ(back->callStatus, CallStatus::Warning);
    ASSERT_TRUE(back->bestBound && back->gap);
    EXPECT_DOUBLE_EQ(*back->bestBound, *r->bestBound);
    EXPECT_DOUBLE_EQ(*back->gap, *r->gap);

    // A result written before these keys existed still reads, its call status derived from its status.
    nlohmann::json old = resultToJson(in, *r);
    old.erase("call_status");
    old.erase("best_bound");
    old.erase("gap");
    Expected<SolveResult> older = resultFromJson(in, old);
    ASSERT_TRUE(older.ok()) << older.error().message;
    EXPECT_EQ(older->callStatus, CallStatus::Warning);
    // The family knows its bound (a cpugpu result's lower_bound) and the gap follows from it.
    ASSERT_TRUE(older->bestBound && older->gap);
    EXPECT_DOUBLE_EQ(*older->bestBound, resultToJson(in, *r)["lower_bound"].get<double>());
    EXPECT_DOUBLE_EQ(*older->gap, *r->gap);

    auto refused = [&](const char* key, nlohmann::json value) {
        nlohmann::json bad = resultToJson(in, *r);
        bad[key] = std::move(value);
        Expected<SolveResult> read = resultFromJson(in, bad);
        return !read.ok() && read.error().message.find(key) != std::string::npos;
    };
    EXPECT_TRUE(refused("call_status", "fine"));
    EXPECT_TRUE(refused("call_status", "error"));
    EXPECT_TRUE(refused("gap", -0.5));
    EXPECT_TRUE(refused("best_bound", "high"));
}

TEST(SolveStatus, OptimalAnswersSayOkWithAZeroGap) {
    CpuGpuInstance in;
    in.cpus = 1;
    in.gpus = 1;
    in.tasks = {{"a", 2, 1}, {"b", 1, 2}, {"c", 3, 3}};
    Expected<SolveResult> r = solve(in, "exact", {{"time_limit", 60}});
    ASSERT_TRUE(r.ok()) << r.error().message;
    EXPECT_EQ(r->status, SolveStatus::Optimal);
    EXPECT_EQ(r->callStatus, CallStatus::Ok);
    EXPECT_EQ(resultToJson(Instance{in}, *r)["call_status"], "ok");
    ASSERT_TRUE(r->gap.has_value());
    EXPECT_DOUBLE_EQ(*r->gap, 0.0);
    EXPECT_EQ(solveStatusText(*r), "optimal");
}

// Divisible exhaustive, cancelled at its search's first report (the incumbents exist by then): the best
// scenario so far, with the bound of the first send order not finished.
TEST(SolveStatus, DivisibleExhaustiveCancelledKeepsItsBestScenario) {
    std::mt19937_64 random(7);
    std::uniform_real_distribution<double> exponent(-1.0, 1.0);
    int searched = 0;
    for (int trial = 0; trial < 20 && searched < 3; ++trial) {
        DivisibleInstance in;
        in.horizon = 10;
        for (int i = 0; i < 7; ++i)
            in.workers.push_back({std::string("P").append(std::to_string(i + 1)), std::pow(10.0, exponent(random)),
                                  std::pow(10.0, 1.5 * exponent(random)), std::pow(10.0, exponent(random))});
        std::atomic<bool> stop{false};
        int reports = 0;
        const Progress progress(
            [&](double, const std::string& stage) {
                if (stage == "exhaustive search" && ++reports == 1) stop = true;
            },
            &stop);
        Expected<SolveResult> r = solve(in, "exhaustive", {}, progress);
        ASSERT_TRUE(r.ok()) << r.error().message;   // solve() verifies the schedule
        if (reports == 0) {
            EXPECT_EQ(r->status, SolveStatus::Optimal);   // the incumbents were optimal: no search, no stop
            continue;
        }
        ++searched;
        EXPECT_EQ(r->status, SolveStatus::Cancelled) << r->message;
        EXPECT_EQ(r->callStatus, CallStatus::Warning);
        ASSERT_TRUE(r->objective && r->bestBound && r->gap);
        EXPECT_GE(*r->bestBound, *r->objective);   // maximising: the bound is above
        EXPECT_GE(*r->gap, 0.0);
        EXPECT_LE(*r->gap, 1.0);
        // The optimum lies between the incumbent and the bound.
        Expected<SolveResult> full = solve(in, "exhaustive");
        ASSERT_TRUE(full.ok()) << full.error().message;
        EXPECT_EQ(full->status, SolveStatus::Optimal);
        EXPECT_GE(*full->objective, *r->objective * (1 - 1e-9));
        EXPECT_LE(*full->objective, *r->bestBound * (1 + 1e-9));
        Expected<SolveResult> back = resultFromJson(in, resultToJson(Instance{in}, *r));
        ASSERT_TRUE(back.ok()) << back.error().message;
        EXPECT_EQ(back->status, SolveStatus::Cancelled);
        EXPECT_DOUBLE_EQ(*back->gap, *r->gap);
    }
    EXPECT_GE(searched, 1) << "no platform needed the search";
}

// Steady-state column generation: its iteration limit is an iteration_limit answer (the restricted master's
// solution), and a cancellation after the first master LP keeps that LP's solution.
TEST(SolveStatus, SteadyColumnGenerationAtItsLimitOrCancelledKeepsTheMaster) {
    const SteadyStateInstance in = randomSteadyPlatform(8, 3, 3, CommunicationModel::BidirectionalOnePort,
                                                        SteadyApplicationType::BagOfTasks);
    Expected<SolveResult> full = solve(in, "column-generation");
    ASSERT_TRUE(full.ok()) << full.error().message;
    ASSERT_EQ(full->status, SolveStatus::Optimal);
    Expected<SolveResult> limited = solve(in, "column-generation", {{"max_iterations", 2}});
    ASSERT_TRUE(limited.ok()) << limited.error().message;   // solve() verifies the schedule
    EXPECT_EQ(limited->status, SolveStatus::IterationLimit) << limited->message;
    EXPECT_EQ(resultToJson(Instance{in}, *limited)["status"], "iteration_limit");
    EXPECT_EQ(limited->callStatus, CallStatus::Warning);
    EXPECT_EQ(solveStatusText(*limited).rfind("iteration limit", 0), 0u) << solveStatusText(*limited);
    EXPECT_NE(limited->message.find("iteration limit"), std::string::npos) << limited->message;
    EXPECT_LE(*limited->objective, *full->objective * (1 + 1e-9));
    if (limited->bestBound) {
        EXPECT_GE(*limited->bestBound, *full->objective * (1 - 1e-9));
    }

    std::atomic<bool> stop{false};
    int rounds = 0;
    const Progress progress(
        [&](double, const std::string& stage) {
            if (stage == "column generation" && ++rounds == 2) stop = true;
        },
        &stop);
    Expected<SolveResult> cancelled = solve(in, "column-generation", {}, progress);
    ASSERT_TRUE(cancelled.ok()) << cancelled.error().message;
    ASSERT_EQ(rounds, 2) << "the run converged before its second round: pick a larger platform";
    EXPECT_EQ(cancelled->status, SolveStatus::Cancelled) << cancelled->message;
    EXPECT_LE(*cancelled->objective, *full->objective * (1 + 1e-9));
    EXPECT_GT(*cancelled->objective, 0.0);
    Expected<SolveResult> back = resultFromJson(in, resultToJson(Instance{in}, *cancelled));
    ASSERT_TRUE(back.ok()) << back.error().message;
    EXPECT_EQ(back->status, SolveStatus::Cancelled);
}

}  // namespace
}  // namespace hetsched
