// Moldable task graph solvers: hand-computed schedules, CPA = HCPA on one homogeneous cluster, the
// closed form of seq, the stopping rule of Algorithm 1, and valid schedules from every solver on
// seeded random graphs and platforms.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <map>
#include <sstream>
#include <tuple>

#include "io/instance_io.h"
#include "results/result_io.h"
#include "model/dag_random.h"
#include "solvers/dag/dag_solvers.h"
#include "solvers/registry.h"

namespace hetsched {
namespace {

DagInstance parseDag(const std::string& text) {
    Expected<Instance> in = parseInstance(text);
    EXPECT_TRUE(in.ok()) << (in.ok() ? "" : in.error().message);
    return in.ok() ? std::get<DagInstance>(*in) : DagInstance{};
}

// A fork t0 -> {t1, t2} on one cluster of 2 processors of speed 1, bandwidth 1, latency 0.5.
const char* kFork = R"({"kind": "dag",
  "platform": {"clusters": [{"name": "A", "processors": 2, "speed": 1, "bandwidth": 1, "latency": 0.5}],
               "backbone": {"bandwidth": 1, "latency": 1}},
  "tasks": [{"name": "t0", "flops": 2, "alpha": 0}, {"name": "t1", "flops": 4, "alpha": 0.5},
            {"name": "t2", "flops": 4, "alpha": 0.5}],
  "edges": [{"from": "t0", "to": "t1", "bytes": 2}, {"from": "t0", "to": "t2", "bytes": 2}]})";

std::vector<int> procs(const DagSolution& s, std::size_t t) { return s.tasks[t].processors; }

TEST(DagAllocation, ForkByHand) {
    // P_ref = 2. Start: T = (2, 4, 4), bottom levels (6, 4, 4), T_CP = 6 > T_A = 10/2 = 5. The
    // critical path t0 -> t1 (tie with t2 to the lower index); gains t0: 2 - 1/2 = 1.5, t1: 4 - 3/2 = 2.5:
    // t1 gets 2 processors, T(t1) = 3, area 2 + 6 + 4 = 12, T_A = 6 >= T_CP = 2 + 4 = 6: stop.
    Expected<DagAllocation> a = allocateHcpa(parseDag(kFork));
    ASSERT_TRUE(a.ok());
    EXPECT_EQ(a->referenceProcessors, 2);
    EXPECT_EQ(a->reference, (std::vector<int>{1, 2, 1}));
    EXPECT_EQ(a->iterations, 1);
    EXPECT_FALSE(a->saturated);
    EXPECT_DOUBLE_EQ(a->criticalPath, 6);
    EXPECT_DOUBLE_EQ(a->averageArea, 6);
    EXPECT_EQ(a->bottomLevels, (std::vector<double>{6, 3, 4}));
}

TEST(DagHcpa, ForkByHand) {
    // t0 on processor 0 in [0, 2]. t2 (bottom level 4) before t1 (3): processor 1 would wait for the data
    // until 2 + 0.5 + 2/1 = 4.5, t0's processor 0 is free at 2 with the data already there: [2, 6].
    // t1 on both processors: free at 6, data from t0 ({0} to {0, 1}) at 4.5: [6, 9].
    Expected<DagSolution> s = solveDagHcpa(parseDag(kFork));
    ASSERT_TRUE(s.ok()) << s.error().message;
    EXPECT_EQ(procs(*s, 0), (std::vector<int>{0}));
    EXPECT_EQ(procs(*s, 2), (std::vector<int>{0}));
    EXPECT_EQ(procs(*s, 1), (std::vector<int>{0, 1}));
    EXPECT_DOUBLE_EQ(s->tasks[2].start, 2);
    EXPECT_DOUBLE_EQ(s->tasks[2].end, 6);
    EXPECT_DOUBLE_EQ(s->tasks[1].start, 6);
    EXPECT_DOUBLE_EQ(s->makespan, 9);
    EXPECT_TRUE(verifyDag(parseDag(kFork), *s, false).empty());
}

TEST(DagHeft, ForkByHand) {
    // Upward ranks with mean transfer 0.5 + 2/1 = 2.5: t0 = 2 + 2.5 + 4 = 8.5, t1 = t2 = 4 (t1 first).
    // t0 on 0 [0, 2]; t1 stays on 0 [2, 6]; t2 on 1 after the transfer: [4.5, 8.5].
    Expected<DagSolution> s = solveDagHeft(parseDag(kFork));
    ASSERT_TRUE(s.ok());
    EXPECT_EQ(procs(*s, 1), (std::vector<int>{0}));
    EXPECT_DOUBLE_EQ(s->tasks[1].start, 2);
    EXPECT_EQ(procs(*s, 2), (std::vector<int>{1}));
    EXPECT_DOUBLE_EQ(s->tasks[2].start, 4.5);
    EXPECT_DOUBLE_EQ(s->makespan, 8.5);
}

TEST(DagMheft, ForkByHand) {
    // t0 finishes first on both processors [0, 1]; t1 on the same pair (no redistribution) [1, 4];
    // t2 on the pair again [4, 7] (one processor would end at 4 + 4 = 8).
    Expected<DagSolution> s = solveDagMheft(parseDag(kFork));
    ASSERT_TRUE(s.ok());
    for (std::size_t t = 0; t < 3; ++t) EXPECT_EQ(procs(*s, t), (std::vector<int>{0, 1})) << t;
    EXPECT_DOUBLE_EQ(s->tasks[1].end, 4);
    EXPECT_DOUBLE_EQ(s->makespan, 7);
}

TEST(DagAllocation, StopsWhenTheCriticalPathIsSaturated) {
    // Clusters A (2 x speed 1) and B (2 x speed 2): s_ref = 1, P_ref = 2 + 4 = 6. One task of 4 flops:
    // N_ref 1 -> 2 (f_A = 1 < 2), 2 -> 3 (f_B = 2 / 2 = 1 < 2); at 3, f_A = 4 / (4/3) = 3 and
    // f_B = 2 / (4/3) = 1.5 -> 2: no cluster can grow, saturated with T_CP = 4/3 > T_A = 4/6.
    const DagInstance in = parseDag(R"({"kind": "dag",
      "platform": {"clusters": [{"name": "A", "processors": 2, "speed": 1, "bandwidth": 1, "latency": 0},
                                {"name": "B", "processors": 2, "speed": 2, "bandwidth": 1, "latency": 0}],
                   "backbone": {"bandwidth": 1, "latency": 0}},
      "tasks": [{"name": "t", "flops": 4, "alpha": 0}], "edges": []})");
    Expected<DagAllocation> a = allocateHcpa(in);
    ASSERT_TRUE(a.ok());
    EXPECT_EQ(a->referenceProcessors, 6);
    EXPECT_EQ(a->reference, (std::vector<int>{3}));
    EXPECT_EQ(a->perCluster[0], (std::vector<int>{2, 2}));
    EXPECT_TRUE(a->saturated);
    EXPECT_EQ(a->iterations, 2);
    EXPECT_DOUBLE_EQ(a->criticalPath, 4.0 / 3);
    // Placement: 2 processors of A take 2 s, 2 of B take 1 s.
    Expected<DagSolution> s = solveDagHcpa(in);
    ASSERT_TRUE(s.ok());
    EXPECT_EQ(procs(*s, 0), (std::vector<int>{2, 3}));
    EXPECT_DOUBLE_EQ(s->makespan, 1);
}

TEST(DagRedistribution, FollowsTheDocumentedModel) {
    DagPlatform p;
    p.clusters = {{"A", 4, 1, 10, 0.5}, {"B", 4, 1, 100, 0.25}};
    p.backbone = {30, 2};
    const ProcessorIndex index = indexProcessors(p);
    EXPECT_DOUBLE_EQ(redistributionSeconds(p, index, 100, {0, 1}, {0, 1}), 0);
    EXPECT_DOUBLE_EQ(redistributionSeconds(p, index, 0, {0}, {5}), 0);
    // Inside A: 0.5 + 100 / (min(2, 3) * 10).
    EXPECT_DOUBLE_EQ(redistributionSeconds(p, index, 100, {0, 1}, {1, 2, 3}), 5.5);
    // A -> B: 0.5 + 2 + 0.25 + 120 / min(2 * 10, 30, 3 * 100).
    EXPECT_DOUBLE_EQ(redistributionSeconds(p, index, 120, {0, 1}, {4, 5, 6}), 8.75);
    // Backbone bound: 4 senders of A give 40 > 30.
    EXPECT_DOUBLE_EQ(redistributionSeconds(p, index, 120, {0, 1, 2, 3}, {4, 5, 6}), 6.75);
}

DagInstance randomInstance(std::uint64_t seed, int n, int clusters, double heterogeneity, int maxProcessors = 24) {
    DagPlatformConfig pc;
    pc.clusters = clusters;
    pc.minProcessors = 2;
    pc.maxProcessors = maxProcessors;
    pc.minSpeed = 1e9;
    pc.heterogeneity = heterogeneity;
    pc.seed = seed;
    Expected<DagPlatform> platform = generatePlatform(pc);
    EXPECT_TRUE(platform.ok());
    DagGeneratorConfig gc;
    gc.n = n;
    gc.fat = 0.3 + 0.1 * double(seed % 6);
    gc.density = 0.2 + 0.1 * double(seed % 5);
    gc.jump = 1 + int(seed % 3);
    gc.ccr = seed % 4 == 0 ? 1e-3 : 0;
    gc.seed = seed;
    Expected<DagInstance> in = generateDag(gc, *platform);
    EXPECT_TRUE(in.ok());
    return *in;
}

TEST(DagSolvers, EverySolverGivesValidSchedulesOnRandomInstances) {
    for (std::uint64_t seed = 1; seed <= 24; ++seed) {
        const DagInstance in = randomInstance(seed, 10 + int(seed % 4) * 15, 1 + int(seed % 4), seed % 2 ? 5.0 : 1.0);
        for (const SolverSpec& spec : solversForKind("dag")) {
            Expected<SolveResult> r = solve(Instance{in}, spec.name);   // the registry verifies as well
            ASSERT_TRUE(r.ok()) << spec.name << " seed " << seed << ": " << r.error().message;
            EXPECT_GT(*r->objective, 0);
        }
        for (auto solver : {solveDagHcpa, solveDagSHcpa, solveDagMheft, solveDagHeft, solveDagSeq}) {
            Expected<DagSolution> s = solver(in, {});
            ASSERT_TRUE(s.ok());
            const std::vector<std::string> problems = verifyDag(in, *s, false);
            EXPECT_TRUE(problems.empty()) << "seed " << seed << ": " << problems.front();
            // Nothing beats the whole platform working on every task at once: total work / total power.
            double power = 0;
            for (const DagCluster& c : in.platform.clusters) power += c.processors * c.speed;
            double work = 0;
            for (const DagTask& t : in.tasks) work += t.flops;
            EXPECT_GE(s->makespan, work / power * (1 - 1e-12));
        }
    }
}

TEST(DagSolvers, VerifierCatchesBrokenSchedules) {
    const DagInstance in = parseDag(kFork);
    DagSolution s = *solveDagHcpa(in);
    DagSolution early = s;
    early.tasks[1].start -= 1;   // before the data arrives, and shorter than its work
    early.tasks[1].end -= 1;
    EXPECT_FALSE(verifyDag(in, early, false).empty());
    DagSolution overlap = s;
    overlap.tasks[2].processors = {0, 1};   // two processors but the duration of one
    EXPECT_FALSE(verifyDag(in, overlap, false).empty());
    DagSolution clash = s;
    clash.tasks[2].start = 5;   // t2 on processor 0 in [5, 9] while t1 runs there in [6, 9]
    clash.tasks[2].end = 9;
    clash.makespan = 9;
    const std::vector<std::string> problems = verifyDag(in, clash, false);
    ASSERT_FALSE(problems.empty());
    EXPECT_NE(problems.front().find("at once"), std::string::npos) << problems.front();
}

TEST(DagCpa, EqualsHcpaOnOneHomogeneousCluster) {
    for (std::uint64_t seed = 1; seed <= 12; ++seed) {
        const DagInstance in = randomInstance(seed, 30, 1, 1.0, 64);
        Expected<DagSolution> cpa = solveDagCpa(in);
        Expected<DagSolution> hcpa = solveDagHcpa(in);
        ASSERT_TRUE(cpa.ok() && hcpa.ok());
        EXPECT_EQ(cpa->allocation->reference, hcpa->allocation->reference) << seed;
        for (std::size_t t = 0; t < in.tasks.size(); ++t) {
            EXPECT_EQ(cpa->tasks[t].processors, hcpa->tasks[t].processors) << seed << " task " << t;
            EXPECT_DOUBLE_EQ(cpa->tasks[t].start, hcpa->tasks[t].start) << seed << " task " << t;
            EXPECT_DOUBLE_EQ(cpa->tasks[t].end, hcpa->tasks[t].end);
        }
        EXPECT_DOUBLE_EQ(cpa->makespan, hcpa->makespan);
    }
}

TEST(DagSeq, EqualsItsClosedForm) {
    for (std::uint64_t seed = 1; seed <= 10; ++seed) {
        const DagInstance in = randomInstance(seed, 40, 1 + int(seed % 8), 5.0);
        double fastest = 0, flops = 0;
        for (const DagCluster& c : in.platform.clusters) fastest = std::max(fastest, c.speed);
        for (const DagTask& t : in.tasks) flops += t.flops;
        Expected<DagSolution> s = solveDagSeq(in);
        ASSERT_TRUE(s.ok());
        EXPECT_NEAR(s->makespan, flops / fastest, 1e-12 * flops / fastest);
        const DagMetrics m = dagMetrics(in, *s);
        EXPECT_NEAR(m.speedupOverSeq, 1.0, 1e-12);
        EXPECT_DOUBLE_EQ(m.peakPower, fastest);
    }
}

// T_CP and T_A recomputed here from the reference allocation (Eq. 3 and 4, no communication).
std::pair<double, double> criticalPathAndArea(const DagInstance& in, const DagAllocation& a) {
    const DagGraph g = buildDagGraph(in.tasks.size(), in.edges);
    std::vector<double> bl(in.tasks.size(), 0.0);
    double area = 0, cp = 0;
    for (auto it = g.topologicalOrder.rbegin(); it != g.topologicalOrder.rend(); ++it) {
        const DagTask& t = in.tasks[*it];
        const double time = (t.alpha + (1 - t.alpha) / a.reference[*it]) * t.flops / a.referenceSpeed;
        double below = 0;
        for (std::size_t e : g.outEdges[*it]) below = std::max(below, bl[in.edges[e].to]);
        bl[*it] = time + below;
        cp = std::max(cp, bl[*it]);
        area += time * a.reference[*it];
    }
    return {cp, area / a.referenceProcessors};
}

TEST(DagAllocation, StopsExactlyWhenTheAreaReachesTheCriticalPathOrItIsSaturated) {
    int saturatedSeen = 0, areaSeen = 0;
    for (std::uint64_t seed = 1; seed <= 30; ++seed) {
        const DagInstance in = randomInstance(seed, 12 + int(seed % 3) * 10, 1 + int(seed % 4), seed % 3 ? 2.0 : 1.0,
                                              seed % 2 ? 6 : 40);
        Expected<DagAllocation> a = allocateHcpa(in);
        ASSERT_TRUE(a.ok());
        const auto [cp, area] = criticalPathAndArea(in, *a);
        EXPECT_NEAR(cp, a->criticalPath, 1e-9 * cp);
        EXPECT_NEAR(area, a->averageArea, 1e-9 * cp);
        if (a->saturated) {
            ++saturatedSeen;
            EXPECT_GT(cp, area);
        } else {
            ++areaSeen;
            EXPECT_LE(cp, area);
        }
        if (a->iterations == 0) continue;
        // One step earlier neither condition held.
        Expected<DagAllocation> before = allocateHcpa(in, a->iterations - 1);
        ASSERT_TRUE(before.ok());
        EXPECT_TRUE(before->iterationLimit);
        const auto [cpBefore, areaBefore] = criticalPathAndArea(in, *before);
        EXPECT_GT(cpBefore, areaBefore) << seed;
        for (int j = 0; j < int(in.platform.clusters.size()); ++j)
            for (std::size_t t = 0; t < in.tasks.size(); ++t) {
                EXPECT_GE(a->perCluster[t][std::size_t(j)], 1);
                EXPECT_LE(a->perCluster[t][std::size_t(j)], in.platform.clusters[std::size_t(j)].processors);
            }
    }
    EXPECT_GT(saturatedSeen, 0);
    EXPECT_GT(areaSeen, 0);
}

TEST(DagResult, JsonCarriesTheContractAndReadsBack) {
    const DagInstance in = randomInstance(3, 25, 3, 5.0);
    for (const char* solver : {"hcpa", "cpa", "mheft"}) {
        Expected<SolveResult> r = solve(Instance{in}, solver);
        ASSERT_TRUE(r.ok()) << r.error().message;
        const nlohmann::json j = resultToJson(Instance{in}, *r);
        EXPECT_EQ(j["kind"], "dag");
        for (const char* key : {"makespan", "peak_power", "makespan_times_peak_power", "average_power",
                                "makespan_over_average_power", "seq_makespan", "speedup_over_seq"})
            EXPECT_TRUE(j[key].is_number()) << key;
        ASSERT_EQ(j["tasks"].size(), in.tasks.size());
        EXPECT_EQ(j["tasks"][0]["task"], in.tasks[0].name);
        EXPECT_NEAR(j["speedup_over_seq"].get<double>(), dagSeqMakespan(in) / j["makespan"].get<double>(), 1e-12);
        Expected<SolveResult> back = resultFromJson(Instance{in}, j);
        ASSERT_TRUE(back.ok()) << back.error().message;
        EXPECT_DOUBLE_EQ(*back->objective, *r->objective);
        // One lane per processor, one compute interval per (task, processor).
        int processors = 0;
        for (const DagCluster& c : in.platform.clusters) processors += c.processors;
        EXPECT_EQ(r->schedule.lanes.size(), std::size_t(processors));
        EXPECT_TRUE(checkScheduleShape(r->schedule).empty());
    }
    Expected<SolveResult> r = solve(Instance{in}, "hcpa");
    nlohmann::json moved = resultToJson(Instance{in}, *r);
    moved["tasks"][0]["start"] = moved["tasks"][0]["start"].get<double>() + 1e-3;
    moved["tasks"][0]["end"] = moved["tasks"][0]["end"].get<double>() + 1e-3;
    EXPECT_FALSE(resultFromJson(Instance{in}, moved).ok());
    nlohmann::json unknown = resultToJson(Instance{in}, *r);
    unknown["tasks"][0]["cluster"] = "nowhere";
    Expected<SolveResult> bad = resultFromJson(Instance{in}, unknown);
    ASSERT_FALSE(bad.ok());
    EXPECT_NE(bad.error().message.find("tasks[0].cluster"), std::string::npos) << bad.error().message;
    nlohmann::json spread = resultToJson(Instance{in}, *r);
    spread["tasks"][0].erase("cluster");
    spread["tasks"][0].erase("processors");
    spread["tasks"][0]["clusters"] = {{{"cluster", "C0"}, {"processors", {0}}}, {{"cluster", "C1"}, {"processors", {0}}}};
    // A task stored over several clusters makes the schedule one that spans clusters (whatever its solver), and
    // is checked as such: here its times are those of one cluster's processor, not of the two it now lists.
    Expected<SolveResult> spreadBack = resultFromJson(Instance{in}, spread);
    ASSERT_FALSE(spreadBack.ok());
    EXPECT_NE(spreadBack.error().message.find("does not fit the instance"), std::string::npos)
        << spreadBack.error().message;
}

TEST(DagSolvers, DefaultIsHcpaAndCancellationIsHonoured) {
    const DagInstance in = randomInstance(5, 200, 4, 2.0, 64);
    EXPECT_EQ(defaultSolverFor(Instance{in}), "hcpa");
    std::atomic<bool> stop{true};
    const Progress cancelled({}, &stop);
    for (auto solver : {solveDagHcpa, solveDagSHcpa, solveDagMheft, solveDagHeft, solveDagCpa}) {
        Expected<DagSolution> s = solver(in, cancelled);
        ASSERT_FALSE(s.ok());
        EXPECT_EQ(s.error().kind, ErrorKind::Cancelled);
    }
}

TEST(DagGenerators, AreReproducibleForASeed) {
    const DagInstance a = randomInstance(9, 60, 4, 5.0);
    const DagInstance b = randomInstance(9, 60, 4, 5.0);
    EXPECT_EQ(instanceToJson(Instance{a}), instanceToJson(Instance{b}));
    const DagInstance c = randomInstance(10, 60, 4, 5.0);
    EXPECT_NE(instanceToJson(Instance{a}), instanceToJson(Instance{c}));
    // Every generated instance passes the reader's validation.
    EXPECT_TRUE(instanceFromJson(instanceToJson(Instance{a})).ok());
    DagGeneratorConfig bad;
    bad.fat = 0;
    EXPECT_FALSE(generateDag(bad, a.platform).ok());
}

}  // namespace
}  // namespace hetsched

#include "experiments/dag_experiments.h"
#include "sweep/sweep.h"

namespace hetsched {
namespace {

TEST(DagEvaluation, AveragesTheMetricsByClustersAndHeterogeneity) {
    DagEvaluationConfig config;
    config.clusterCounts = {1, 2};
    config.minSpeeds = {1e9};
    config.heterogeneities = {1, 5};
    config.taskCounts = {10};
    config.dagSamples = 1;
    config.solvers = {"seq", "hcpa", "cpa"};
    Expected<std::vector<DagEvaluationRow>> rows = runDagEvaluation(config);
    ASSERT_TRUE(rows.ok()) << rows.error().message;
    ASSERT_EQ(rows->size(), 2u * 3 + 2u * 3);
    for (const DagEvaluationRow& r : *rows) {
        EXPECT_EQ(r.runs, 2);
        EXPECT_GT(r.makespan, 0);
        if (r.solver == "seq") {
            EXPECT_NEAR(r.speedupOverSeq, 1, 1e-12);
        }
    }
    EXPECT_EQ((*rows)[0].groupBy, "clusters");
    EXPECT_EQ(dagEvaluationCsv(*rows), dagEvaluationCsv(*runDagEvaluation(config)));   // reproducible
    // Each mean is the mean over the graphs of its group, recomputed here from the per-graph rows (clusters,
    // min_speed, heterogeneity, ..., solver, makespan, peak, average, speedup): never a mean of means.
    Expected<SweepRows> raw = runDagEvaluationShard(config, Shard{});
    ASSERT_TRUE(raw.ok()) << raw.error().message;
    std::map<std::tuple<std::string, double, std::string>, std::pair<double[4], int>> sums;
    for (const SweepRow& row : raw->rows) {
        std::vector<std::string> f;
        std::stringstream in(row.fields);
        for (std::string field; std::getline(in, field, ',');) f.push_back(field);
        ASSERT_EQ(f.size(), 16u) << row.fields;
        for (const auto& [group, value] : {std::pair<std::string, double>{"clusters", std::stod(f[0])},
                                           std::pair<std::string, double>{"heterogeneity", std::stod(f[2])}}) {
            auto& [metric, count] = sums[{group, value, f[11]}];
            for (int m = 0; m < 4; ++m) metric[m] += std::stod(f[12 + static_cast<std::size_t>(m)]);
            ++count;
        }
    }
    ASSERT_EQ(sums.size(), rows->size());
    for (const DagEvaluationRow& r : *rows) {
        const auto& [metric, count] = sums.at({r.groupBy, r.value, r.solver});
        EXPECT_EQ(r.runs, count);
        const double expected[4] = {r.makespan, r.makespanTimesPeakPower, r.makespanOverAveragePower, r.speedupOverSeq};
        for (int m = 0; m < 4; ++m)
            EXPECT_NEAR(expected[m], metric[m] / count, 1e-12 * std::abs(metric[m] / count))
                << r.groupBy << " " << r.value << " " << r.solver << " metric " << m;
    }
    // Cancelled after its first step (a stop requested from the first progress report past 0), not only before.
    {
        std::atomic<bool> stopLater{false};
        int reports = 0;
        Expected<std::vector<DagEvaluationRow>> stopped =
            runDagEvaluation(config, Progress([&](double fraction, const std::string&) {
                                                  ++reports;
                                                  if (fraction > 0) stopLater = true;
                                              },
                                              &stopLater));
        ASSERT_FALSE(stopped.ok());
        EXPECT_EQ(stopped.error().kind, ErrorKind::Cancelled);
        EXPECT_GT(reports, 1);
    }
    config.solvers = {"nope"};
    EXPECT_FALSE(runDagEvaluation(config).ok());
    config.solvers = {};
    std::atomic<bool> stop{true};
    Expected<std::vector<DagEvaluationRow>> cancelled = runDagEvaluation(config, Progress({}, &stop));
    ASSERT_FALSE(cancelled.ok());
    EXPECT_EQ(cancelled.error().kind, ErrorKind::Cancelled);
}

TEST(DagEvaluation, ProgressOnlyMovesForwardToTheEnd) {
    // Each solve reports its own 0..1 inside its share of the run: the bar never jumps back.
    DagEvaluationConfig config;
    config.clusterCounts = {2};
    config.minSpeeds = {1e9};
    config.heterogeneities = {2};
    config.taskCounts = {200};
    config.dagSamples = 2;
    config.solvers = {"hcpa", "s-hcpa", "mheft"};
    std::vector<double> fractions;
    std::atomic<bool> stop{false};
    Expected<std::vector<DagEvaluationRow>> rows =
        runDagEvaluation(config, Progress([&](double f, const std::string&) { fractions.push_back(f); }, &stop));
    ASSERT_TRUE(rows.ok()) << rows.error().message;
    ASSERT_GT(fractions.size(), 6u);
    for (std::size_t k = 1; k < fractions.size(); ++k) EXPECT_GE(fractions[k], fractions[k - 1] - 1e-12) << k;
    EXPECT_GE(fractions.front(), 0);
    EXPECT_DOUBLE_EQ(fractions.back(), 1);
}

}  // namespace
}  // namespace hetsched
