// Independent references for the dag family (N'Takpe and Suter 2006, docs/algorithms.md):
// 1. complete schedules of two tiny graphs worked out by hand, for every solver of the registry, on a
//    platform of 2 clusters and one of 3 clusters of different sizes and speeds (the arithmetic is in the
//    comments; times are exact binary fractions or stated as fractions);
// 2. an exhaustive search over every allocation of tiny graphs that checks what the paper says of the
//    allocation step (Algorithm 1), with T_CP, T_A and Eq. (5) recomputed here from their definitions.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <limits>
#include <random>
#include <set>
#include <string>

#include "model/dag.h"
#include "solvers/dag/dag_solvers.h"
#include "solvers/registry.h"

namespace hetsched {
namespace {

struct Expected3 {
    std::vector<int> processors;
    double start;
    double end;
};

void expectSchedule(const DagInstance& in, const DagSolution& s, const std::vector<Expected3>& expected,
                    double makespan, const std::string& what) {
    ASSERT_EQ(s.tasks.size(), expected.size()) << what;
    for (std::size_t t = 0; t < expected.size(); ++t) {
        EXPECT_EQ(s.tasks[t].processors, expected[t].processors) << what << ": task " << in.tasks[t].name;
        EXPECT_NEAR(s.tasks[t].start, expected[t].start, 1e-9) << what << ": task " << in.tasks[t].name;
        EXPECT_NEAR(s.tasks[t].end, expected[t].end, 1e-9) << what << ": task " << in.tasks[t].name;
    }
    EXPECT_NEAR(s.makespan, makespan, 1e-9) << what;
}

DagSolution solved(const DagInstance& in, const std::string& solver) {
    Expected<SolveResult> checked = solve(Instance(in), solver);   // the registry's path, verifier included
    EXPECT_TRUE(checked) << solver << ": " << (checked ? "" : checked.error().message);
    Expected<DagSolution> s = solver == "hcpa"     ? solveDagHcpa(in)
                              : solver == "s-hcpa" ? solveDagSHcpa(in)
                              : solver == "cpa"    ? solveDagCpa(in)
                              : solver == "mheft"  ? solveDagMheft(in)
                              : solver == "heft"   ? solveDagHeft(in)
                              : solver == "seq"    ? solveDagSeq(in)
                                                   : Expected<DagSolution>(invalidInput("unknown solver " + solver));
    EXPECT_TRUE(s) << solver << ": " << (s ? "" : s.error().message);
    if (checked && s) {
        EXPECT_NEAR(*checked->objective, s->makespan, 1e-12) << solver;
    }
    return s ? *s : DagSolution{};
}

// seq: every task on processor `processor`, back to back from 0 in an order that respects the edges
// (any topological order is the documented one), each lasting flops / speed; makespan the sum.
void expectSequential(const DagInstance& in, const DagSolution& s, int processor, double speed, const std::string& what) {
    ASSERT_EQ(s.tasks.size(), in.tasks.size());
    std::vector<std::size_t> order(in.tasks.size());
    for (std::size_t t = 0; t < order.size(); ++t) order[t] = t;
    std::sort(order.begin(), order.end(), [&](auto a, auto b) { return s.tasks[a].start < s.tasks[b].start; });
    double time = 0;
    for (std::size_t t : order) {
        EXPECT_EQ(s.tasks[t].processors, (std::vector<int>{processor})) << what;
        EXPECT_NEAR(s.tasks[t].start, time, 1e-9) << what << " " << in.tasks[t].name;
        time += in.tasks[t].flops / speed;
        EXPECT_NEAR(s.tasks[t].end, time, 1e-9) << what << " " << in.tasks[t].name;
    }
    for (const DagEdge& e : in.edges) EXPECT_LE(s.tasks[e.from].end, s.tasks[e.to].start + 1e-12) << what;
    EXPECT_NEAR(s.makespan, time, 1e-9) << what;
}

// P2, two clusters: A = 1 processor of speed 1 (global processor 0), B = 2 processors of speed 2 (1, 2);
// every LAN: bandwidth 1, latency 0; backbone: bandwidth 1, latency 0.5. So a transfer of D bytes is
// D / min(p, q) inside a cluster and 0.5 + D / min(p, 1, q) = 0.5 + D between clusters (p, q >= 1).
DagPlatform twoClusters() {
    DagPlatform p;
    p.clusters = {{"A", 1, 1, 1, 0}, {"B", 2, 2, 1, 0}};
    p.backbone = {1, 0.5};
    return p;
}

// G1, a diamond: t0 (2 flops) -> t1 (8) and t2 (3) -> t3 (1.5), every alpha = 0; 2 bytes on the edges out
// of t0, 1 byte on the edges into t3.
DagInstance diamondOnTwoClusters() {
    DagInstance in;
    in.platform = twoClusters();
    in.tasks = {{"t0", 2, 0}, {"t1", 8, 0}, {"t2", 3, 0}, {"t3", 1.5, 0}};
    in.edges = {{0, 1, 2}, {0, 2, 2}, {1, 3, 1}, {2, 3, 1}};
    return in;
}

TEST(DagReferences, DiamondAllocationOnTwoClustersByHand) {
    // s_ref = 1, P_ref = ceil(1 * 1/1 + 2 * 2/1) = 5. alpha = 0: T^ref(t, k) = W / k, the area W is constant,
    // T_A = (2 + 8 + 3 + 1.5) / 5 = 2.9 throughout. Eq. (5) with alpha = 0: f(k, j) = k / s_j, so A (1
    // processor) never has room, B (2 processors) while ceil(k / 2) < 2: a task can grow while k <= 2.
    // Gain of k -> k+1: W / k - W / (k+1)^2 (k+1) = W (1/k^2 - 1/(k+1)^2): 0.75 W at k = 1, 5W/36 at k = 2.
    //  start  T = (2, 8, 3, 1.5); bl t3 1.5, t1 9.5, t2 4.5, t0 11.5; path t0 t1 t3;
    //         gains t0 1.5, t1 6, t3 1.125                        -> t1 k = 2 (T 4)
    //  1      bl t1 5.5 (> t2 4.5), t0 7.5; gains t0 1.5, t1 40/36 = 1.111, t3 1.125       -> t0 k = 2 (T 1)
    //  2      bl t0 6.5; gains t0 10/36 = 0.278, t1 1.111, t3 1.125                        -> t3 k = 2 (T 0.75)
    //  3      bl t3 0.75, t1 4.75, t2 3.75, t0 5.75; gains t0 0.278, t1 1.111, t3 7.5/36 = 0.208 -> t1 k = 3 (T 8/3)
    //  4      bl t1 8/3 + 0.75 = 3.417 < t2 3.75: path t0 t2 t3, t0 4.75; gains t0 0.278, t2 2.25, t3 0.208 -> t2 k = 2 (T 1.5)
    //  5      bl t2 2.25 < t1 3.417: path t0 t1 t3, t0 4.417; t1 cannot grow; t0 0.278, t3 0.208 -> t0 k = 3 (T 2/3)
    //  6      bl t0 2/3 + 3.417 = 4.083; only t3 can grow                                  -> t3 k = 3 (T 0.5)
    //  7      bl t3 0.5, t1 8/3 + 0.5 = 19/6, t2 2, t0 2/3 + 19/6 = 23/6 > 2.9; t0, t1, t3 all at 3: saturated.
    // N^j for k = 3: A min(1, ceil 3) = 1, B ceil(1.5) = 2; for k = 2 (t2): A 1, B ceil(1) = 1.
    Expected<DagAllocation> a = allocateHcpa(diamondOnTwoClusters());
    ASSERT_TRUE(a) << a.error().message;
    EXPECT_DOUBLE_EQ(a->referenceSpeed, 1);
    EXPECT_EQ(a->referenceProcessors, 5);
    EXPECT_EQ(a->reference, (std::vector<int>{3, 3, 2, 3}));
    EXPECT_EQ(a->perCluster, (std::vector<std::vector<int>>{{1, 2}, {1, 2}, {1, 1}, {1, 2}}));
    EXPECT_EQ(a->iterations, 7);
    EXPECT_TRUE(a->saturated);
    EXPECT_NEAR(a->criticalPath, 23.0 / 6, 1e-12);
    EXPECT_NEAR(a->averageArea, 2.9, 1e-12);
    const std::vector<double> bl{23.0 / 6, 19.0 / 6, 2, 0.5};
    for (std::size_t t = 0; t < 4; ++t) EXPECT_NEAR(a->bottomLevels[t], bl[t], 1e-12) << t;
}

TEST(DagReferences, DiamondOnTwoClustersEverySolverByHand) {
    const DagInstance in = diamondOnTwoClusters();
    std::set<std::string> checked;

    // hcpa: the allocation above (N^A, N^B) = t0 (1, 2), t1 (1, 2), t2 (1, 1), t3 (1, 2); order by bottom
    // level t0 (23/6), t1 (19/6), t2 (2), t3; each task on the cluster where it ends first.
    //  t0: A 2/1 = 2 -> [0, 2]; B 2 / (2 * 2) = 0.5 -> [0, 0.5]                          => B {1, 2} [0, 0.5]
    //  t1: A 8 s, data 0.5 + 2 = 2.5 -> [3, 11]; B 8 / 4 = 2 on t0's own set, no transfer -> [0.5, 2.5] => B
    //  t2: A 3 s after 0.5 + 2.5 -> [3, 6]; B one processor (1, by index), 2 bytes from 2 processors to 1:
    //      2 / 1 = 2 -> [2.5, 4]                                                           => B {1} [2.5, 4]
    //  t3: A 1.5 s, data from t1 at 2.5 + 0.5 + 1 = 4, from t2 at 4 + 1.5 = 5.5 -> [5.5, 7];
    //      B 1.5 / 4 = 0.375 on {1, 2} (free at 4): t1's set (no transfer), from t2 {1}: 1 / min(1, 2) = 1
    //      -> 4 + 1 = 5 -> [5, 5.375]                                                      => B {1, 2} [5, 5.375]
    const std::vector<Expected3> hcpa{{{1, 2}, 0, 0.5}, {{1, 2}, 0.5, 2.5}, {{1}, 2.5, 4}, {{1, 2}, 5, 5.375}};
    expectSchedule(in, solved(in, "hcpa"), hcpa, 5.375, "hcpa");
    checked.insert("hcpa");

    // s-hcpa: t0 alone ready (B, as above). Then t1 ends at A 11, B 2.5 (sufferage 8.5) and t2 at A 6, B 4
    // (sufferage 2): t1 first, on B; t2 again A 6, B 4 -> B; t3 as for hcpa. The same schedule.
    expectSchedule(in, solved(in, "s-hcpa"), hcpa, 5.375, "s-hcpa");
    checked.insert("s-hcpa");

    // cpa: the virtual cluster of 3 processors of speed (1 * 1 + 2 * 2) / 3 = 5/3 (bandwidth 1, latency 0 as
    // every cluster). s_ref = 5/3, P_ref = 3, T^ref = 0.6 W / k: t0 1.2, t1 4.8, t2 1.8, t3 0.9;
    // T_A = 0.6 * 14.5 / 3 = 2.9; a task grows while k < 3 (f = k on the one cluster of 3).
    //  start  bl t3 0.9, t1 5.7, t2 2.7, t0 6.9; gains (0.75 T) t0 0.9, t1 3.6, t3 0.675 -> t1 k 2 (2.4)
    //  1      bl t1 3.3, t0 4.5; gains t0 0.9, t1 4.8 * 5/36 = 0.667, t3 0.675           -> t0 k 2 (0.6)
    //  2      bl t0 3.9; gains t0 1.2 * 5/36 = 0.167, t1 0.667, t3 0.675                 -> t3 k 2 (0.45)
    //  3      bl t3 0.45, t1 2.85, t2 2.25, t0 3.45; gains t0 0.167, t1 0.667, t3 0.125  -> t1 k 3 (1.6)
    //  4      bl t1 2.05 < t2 2.25, t0 0.6 + 2.25 = 2.85 <= T_A = 2.9: stop. N = (2, 3, 1, 2).
    // Virtual placement by bottom level t0 (2.85), t2 (2.25), t1 (2.05), t3 (0.45):
    //  t0 {0, 1} [0, 0.6]; t2 {2} after 2 bytes from 2 processors to 1 (2 s): [2.6, 4.4];
    //  t1 {0, 1, 2} at 4.4; t3 {0, 1} at 6.
    // Replayed in that order on the real processors (0 is A's, 1 and 2 are B's; a set spanning both runs at
    // speed 1; between a spanning set and another set the backbone formula: 0.5 + D / min(p, 1, q) = 0.5 + D):
    //  t0 {0, 1}: 2 / 2 = 1 -> [0, 1]
    //  t2 {2}: 3 / 2 = 1.5, data at 1 + 0.5 + 2 = 3.5 -> [3.5, 5]
    //  t1 {0, 1, 2}: 8 / 3 s, processor 2 free at 5 (data at 3.5) -> [5, 23/3]
    //  t3 {0, 1}: 1.5 / 2 = 0.75, data from t1 at 23/3 + 1.5 = 55/6 (from t2 at 6.5) -> [55/6, 119/12]
    {
        const DagSolution s = solved(in, "cpa");
        ASSERT_TRUE(s.allocation.has_value());
        EXPECT_EQ(s.allocation->referenceProcessors, 3);
        EXPECT_EQ(s.allocation->reference, (std::vector<int>{2, 3, 1, 2}));
        EXPECT_EQ(s.allocation->iterations, 4);
        EXPECT_FALSE(s.allocation->saturated);
        EXPECT_NEAR(s.allocation->criticalPath, 2.85, 1e-12);
        EXPECT_NEAR(s.allocation->averageArea, 2.9, 1e-12);
        expectSchedule(in, s,
                       {{{0, 1}, 0, 1}, {{0, 1, 2}, 5, 23.0 / 3}, {{2}, 3.5, 5}, {{0, 1}, 55.0 / 6, 119.0 / 12}},
                       119.0 / 12, "cpa");
        checked.insert("cpa");
    }

    // mheft: mean time over the 3 allocations (A,1), (B,1), (B,2): (W + W/2 + W/4) / 3 = 0.5833 W; mean edge
    // cost D (latency 0, bandwidth 1). Ranks: t3 0.875, t1 4.667 + 1 + 0.875 = 6.54, t2 1.75 + 1 + 0.875
    // = 3.625, t0 1.167 + 2 + 6.54: order t0, t1, t2, t3. Each on the allocation that ends first:
    //  t0: (A,1) 2, (B,1) 1, (B,2) 0.5                                              => B {1, 2} [0, 0.5]
    //  t1: (A,1) 11, (B,1) 0.5 + 2 + 4 = 6.5, (B,2) t0's set: [0.5, 2.5]            => B {1, 2} [0.5, 2.5]
    //  t2: (A,1) 6, (B,1) [2.5, 4], (B,2) t0's set 3 / 4 = 0.75: [2.5, 3.25]        => B {1, 2} [2.5, 3.25]
    //  t3: (A,1) data at 3.25 + 1.5 = 4.75 -> 6.25, (B,1) data at 3.25 + 1 -> [4.25, 5],
    //      (B,2) both predecessors' set, 0.375: [3.25, 3.625]                        => B {1, 2} [3.25, 3.625]
    expectSchedule(in, solved(in, "mheft"),
                   {{{1, 2}, 0, 0.5}, {{1, 2}, 0.5, 2.5}, {{1, 2}, 2.5, 3.25}, {{1, 2}, 3.25, 3.625}}, 3.625, "mheft");
    checked.insert("mheft");

    // heft: mean single-processor time (W + W/2 + W/2) / 3 = 2W/3, edges D: ranks t3 1, t1 16/3 + 2 = 7.33,
    // t2 2 + 2 = 4, t0 4/3 + 2 + 7.33: order t0, t1, t2, t3. One processor each, the one ending first:
    //  t0: A 2, B processor 1: [0, 1]                                                  => {1} [0, 1]
    //  t1: A data at 1 + 0.5 + 2 -> [3.5, 11.5]; B processor 2 data at 1 + 2 -> [3, 7];
    //      B processor 1 (t0's, free at 1, no transfer) -> [1, 5]                      => {1} [1, 5]
    //  t2: A [3.5, 6.5]; B processor 2 (free at 0) data at 3 -> [3, 4.5]               => {2} [3, 4.5]
    //  t3: A data at 5 + 1.5 -> [6.5, 8]; B processor 2 (t2's), t1's data at 5 + 1 -> [6, 6.75];
    //      B processor 1 (t1's, free at 5), t2's data at 4.5 + 1 -> [5.5, 6.25]        => {1} [5.5, 6.25]
    expectSchedule(in, solved(in, "heft"), {{{1}, 0, 1}, {{1}, 1, 5}, {{2}, 3, 4.5}, {{1}, 5.5, 6.25}}, 6.25, "heft");
    checked.insert("heft");

    // seq: processor 1 (the first of B, the fastest): 1 + 4 + 1.5 + 0.75 = 7.25.
    expectSequential(in, solved(in, "seq"), 1, 2, "seq");
    EXPECT_NEAR(solved(in, "seq").makespan, 7.25, 1e-12);
    checked.insert("seq");

    // Every solver of the registry has its hand-computed schedule here.
    for (const SolverSpec& solver : solversForKind("dag")) EXPECT_TRUE(checked.count(solver.name)) << solver.name;
}

// P3, three clusters: A = 1 processor of speed 1 (processor 0), B = 1 of speed 4 (1), C = 2 of speed 2 (2, 3);
// every bandwidth 1 and latency 0, backbone too: a transfer of D bytes takes D / min(p, q) (D / min(p, 1, q)
// between clusters).
// G2, a fork: t0 (4 flops, alpha 1) -> t1 (8 flops, alpha 1) as a pure precedence (0 bytes), and
// t0 -> t2 (2 flops, alpha 0) carrying 10 bytes.
DagInstance forkOnThreeClusters() {
    DagInstance in;
    in.platform.clusters = {{"A", 1, 1, 1, 0}, {"B", 1, 4, 1, 0}, {"C", 2, 2, 1, 0}};
    in.platform.backbone = {1, 0};
    in.tasks = {{"t0", 4, 1}, {"t1", 8, 1}, {"t2", 2, 0}};
    in.edges = {{0, 1, 0}, {0, 2, 10}};
    return in;
}

TEST(DagReferences, ForkOnThreeClustersEverySolverByHand) {
    const DagInstance in = forkOnThreeClusters();
    std::set<std::string> checked;

    // Allocation: s_ref = 1, P_ref = 1 + 4 + 4 = 9. T^ref: t0 4, t1 8, t2 2; bl t1 8, t2 2, t0 12 > T_A = 14/9.
    // The critical path t0 t1 cannot shrink (alpha = 1): saturated at once, no processor added. Eq. (5) for
    // t2 (k = 1, T^ref 2): A f = (2/1) / 2 = 1, B (2/4) / 2 = 1/4 -> 1, C (2/2) / 2 = 1/2 -> 1.
    Expected<DagAllocation> a = allocateHcpa(in);
    ASSERT_TRUE(a) << a.error().message;
    EXPECT_EQ(a->referenceProcessors, 9);
    EXPECT_EQ(a->reference, (std::vector<int>{1, 1, 1}));
    EXPECT_EQ(a->perCluster, (std::vector<std::vector<int>>{{1, 1, 1}, {1, 1, 1}, {1, 1, 1}}));
    EXPECT_TRUE(a->saturated);
    EXPECT_EQ(a->iterations, 0);
    EXPECT_NEAR(a->criticalPath, 12, 1e-12);
    EXPECT_NEAR(a->averageArea, 14.0 / 9, 1e-12);

    // hcpa, by bottom level t0, t1 (8), t2 (2):
    //  t0: A 4, B 1, C 2                                                     => B {1} [0, 1]
    //  t1: A [1, 9], B [1, 3], C [1, 5]                                      => B {1} [1, 3]
    //  t2: A after 10 bytes: [11, 13]; B t0's processor (no transfer), free at 3 -> [3, 3.5]; C [11, 12] => B {1} [3, 3.5]
    expectSchedule(in, solved(in, "hcpa"), {{{1}, 0, 1}, {{1}, 1, 3}, {{1}, 3, 3.5}}, 3.5, "hcpa");
    checked.insert("hcpa");

    // s-hcpa: after t0 (B [0, 1]), t1 ends A 9, B 3, C 5: sufferage 2; t2 ends A 13, B [1, 1.5], C 12:
    // sufferage 10.5. t2 goes first, although its bottom level is lower: B [1, 1.5]; then t1: A 9, B
    // [1.5, 3.5], C 5                                                        => B {1} [1.5, 3.5]
    expectSchedule(in, solved(in, "s-hcpa"), {{{1}, 0, 1}, {{1}, 1.5, 3.5}, {{1}, 1, 1.5}}, 3.5, "s-hcpa");
    checked.insert("s-hcpa");

    // cpa: the virtual cluster of 4 processors of speed (1 + 4 + 2 * 2) / 4 = 2.25; t0 and t1 cannot grow and
    // are the critical path: saturated, N = (1, 1, 1). Virtual placement by bottom level t0, t1, t2:
    //  t0 {0} [0, 4/2.25]; t1 {1} (first free, precedence only) from 4/2.25; t2: processor 2 would wait for
    //  the 10 bytes (10 s), t0's processor 0 (free at 4/2.25, no transfer) is earlier: {0}.
    // Replayed: t0 {0} on A: [0, 4]; t1 {1} on B: 8 / 4 = 2 -> [4, 6]; t2 {0} on A after t0: 2 / 1 -> [4, 6].
    {
        const DagSolution s = solved(in, "cpa");
        ASSERT_TRUE(s.allocation.has_value());
        EXPECT_TRUE(s.allocation->saturated);
        EXPECT_EQ(s.allocation->referenceProcessors, 4);
        expectSchedule(in, s, {{{0}, 0, 4}, {{1}, 4, 6}, {{0}, 4, 6}}, 6, "cpa");
        checked.insert("cpa");
    }

    // mheft: mean over the 4 allocations (A,1), (B,1), (C,1), (C,2): t0 and t1 (alpha 1) W (1 + 1/4 + 1/2
    // + 1/2) / 4 = 0.5625 W, t2 (alpha 0) 2 (1 + 1/4 + 1/2 + 1/4) / 4 = 1; edge costs 0 and 10. Ranks t1 4.5,
    // t2 1, t0 2.25 + 11: order t0, t1, t2.
    //  t0: A 4, B 1, C 2 (2 processors: 2 too, tie to fewer)                 => B {1} [0, 1]
    //  t1: A 9, B [1, 3], C 5                                                 => B {1} [1, 3]
    //  t2: A 13, B [3, 3.5], C1 [11, 12], C2 10 / min(1, 1, 2) = 10 -> [11, 11.5] => B {1} [3, 3.5]
    expectSchedule(in, solved(in, "mheft"), {{{1}, 0, 1}, {{1}, 1, 3}, {{1}, 3, 3.5}}, 3.5, "mheft");
    checked.insert("mheft");

    // heft: mean single-processor time W (1 + 1/4 + 1/2 + 1/2) / 4: ranks t1 4.5, t2 1.125, t0 2.25 + 11.125:
    // order t0, t1, t2, and one processor each, as mheft's choices above.
    expectSchedule(in, solved(in, "heft"), {{{1}, 0, 1}, {{1}, 1, 3}, {{1}, 3, 3.5}}, 3.5, "heft");
    checked.insert("heft");

    // seq: processor 1 (B, the fastest): 1 + 2 + 0.5 = 3.5.
    expectSequential(in, solved(in, "seq"), 1, 4, "seq");
    EXPECT_NEAR(solved(in, "seq").makespan, 3.5, 1e-12);
    checked.insert("seq");

    for (const SolverSpec& solver : solversForKind("dag")) EXPECT_TRUE(checked.count(solver.name)) << solver.name;
}

// ---------------------------------------------------------------------------------------------------------
// The allocation step by exhaustive search. Everything below is recomputed from the paper's definitions:
// reference times T^ref(t, k) = (alpha + (1 - alpha) / k) W / s_ref; T_CP = the largest bottom level with
// those times and no communication (Eq. 3); T_A = sum_t T^ref(t, N(t)) N(t) / P_ref (Eq. 4); Eq. (5)'s
// translation N^j(t) = min(P_j, ceil(n)) where n processors of cluster j take T^ref(t, N(t)),
// n = (1 - alpha) / (T^ref s_j / W - alpha) (P_j when no n can); a task may grow while some cluster still
// has room, ceil(n) < P_j, and fewer than P_ref reference processors are used (Eq. 6: the critical path
// is saturated when none of its tasks may grow).

namespace allocation {

struct Tiny {
    DagInstance in;
    double sRef = 0;
    int pRef = 0;
};

double tref(const Tiny& g, std::size_t t, int k) {
    const DagTask& task = g.in.tasks[t];
    return (task.alpha + (1 - task.alpha) / k) * task.flops / g.sRef;
}

// ceil(n) for cluster j, or P_j + 1 when cluster j cannot run the task in T^ref(t, k) at all.
long long translated(const Tiny& g, std::size_t t, int k, std::size_t j) {
    const DagTask& task = g.in.tasks[t];
    const DagCluster& c = g.in.platform.clusters[j];
    if (task.flops <= 0 || task.alpha >= 1) return 1;
    const double rest = tref(g, t, k) * c.speed / task.flops - task.alpha;
    if (rest <= 0) return c.processors + 1LL;
    return std::max(1LL, static_cast<long long>(std::ceil((1 - task.alpha) / rest - 1e-9)));
}

// A task whose work cannot shrink (alpha = 1) never grows (docs/algorithms.md), and a reference allocation
// has at most the P_ref processors of the reference cluster (a faster cluster may match any reference time
// with few processors, so Eq. (5) alone does not bound it).
bool mayGrow(const Tiny& g, std::size_t t, int k) {
    if (g.in.tasks[t].alpha >= 1 || k >= g.pRef) return false;
    for (std::size_t j = 0; j < g.in.platform.clusters.size(); ++j)
        if (translated(g, t, k, j) < g.in.platform.clusters[j].processors) return true;
    return false;
}

// The largest reference allocation Algorithm 1 can give t: it grows by one while it may.
int cap(const Tiny& g, std::size_t t) {
    int k = 1;
    while (mayGrow(g, t, k)) ++k;
    return k;
}

double criticalPath(const Tiny& g, const std::vector<int>& n) {
    std::vector<double> bl(g.in.tasks.size(), -1);
    std::function<double(std::size_t)> level = [&](std::size_t t) {
        if (bl[t] >= 0) return bl[t];
        double below = 0;
        for (const DagEdge& e : g.in.edges)
            if (e.from == t) below = std::max(below, level(e.to));
        return bl[t] = tref(g, t, n[t]) + below;
    };
    double cp = 0;
    for (std::size_t t = 0; t < n.size(); ++t) cp = std::max(cp, level(t));
    return cp;
}

double averageArea(const Tiny& g, const std::vector<int>& n) {
    double area = 0;
    for (std::size_t t = 0; t < n.size(); ++t) area += tref(g, t, n[t]) * n[t];
    return area / g.pRef;
}

// A random DAG of 2 to 4 tasks (edges from lower to higher indices) on 1 to 3 clusters of 1 to 3 processors
// of speeds 1 to 3; alpha in {0, 0.1, 0.25, 0.5, 1}, integer flops.
Tiny randomTiny(std::mt19937& rng) {
    Tiny g;
    const std::size_t clusters = 1 + rng() % 3;
    for (std::size_t c = 0; c < clusters; ++c)
        g.in.platform.clusters.push_back({std::string("C").append(std::to_string(c)), int(1 + rng() % 3), double(1 + rng() % 3), 1, 0});
    const std::size_t n = 2 + rng() % 3;
    const double alphas[] = {0, 0.1, 0.25, 0.5, 1};
    for (std::size_t t = 0; t < n; ++t)
        g.in.tasks.push_back({std::string("t").append(std::to_string(t)), double(1 + rng() % 12), alphas[rng() % 5]});
    for (std::size_t a = 0; a < n; ++a)
        for (std::size_t b = a + 1; b < n; ++b)
            if (rng() % 2) g.in.edges.push_back({a, b, 0});
    g.sRef = g.in.platform.clusters[0].speed;
    for (const DagCluster& c : g.in.platform.clusters) g.sRef = std::min(g.sRef, c.speed);
    double capacity = 0;
    for (const DagCluster& c : g.in.platform.clusters) capacity += c.processors * c.speed / g.sRef;
    g.pRef = static_cast<int>(std::ceil(capacity - 1e-9));
    return g;
}

}  // namespace allocation

// What the paper says of the allocation step, checked on every allocation of 300 tiny graphs:
// (a) section 3: "T_CP decreases whereas T_A increases when more processors are allocated to a task"
//     (never increases / never decreases: with alpha = 0 the area stays the same);
// (b) Eq. (6): when the critical path is saturated "we cannot further reduce the execution times of these
//     tasks. T_CP is then minimal": no allocation within what Algorithm 1 can reach (each task from 1 to
//     its largest growable count) has a shorter critical path;
// (c) the stopping rule (Algorithm 1, line 5): otherwise the allocation stops with T_CP <= T_A;
// and Algorithm 1's output is an allocation of that space whose T_CP, T_A and Eq. (5) translation are
// the ones recomputed here, with T_p^e = max(T_CP, T_A) never below the best over every allocation.
TEST(DagReferences, AllocationClaimsHoldOverEveryAllocationOfTinyGraphs) {
    using namespace allocation;
    std::mt19937 rng(2006);
    int saturated = 0, balanced = 0, greedyAboveBest = 0;
    long long allocations = 0;
    for (int instance = 0; instance < 300; ++instance) {
        const Tiny g = randomTiny(rng);
        const std::size_t n = g.in.tasks.size();
        std::vector<int> caps(n);
        for (std::size_t t = 0; t < n; ++t) caps[t] = cap(g, t);
        // Every allocation N with 1 <= N(t) <= cap(t) (odometer).
        std::vector<int> current(n, 1);
        double bestCp = std::numeric_limits<double>::infinity(), bestEstimate = bestCp;
        while (true) {
            ++allocations;
            const double cp = criticalPath(g, current), area = averageArea(g, current);
            bestCp = std::min(bestCp, cp);
            bestEstimate = std::min(bestEstimate, std::max(cp, area));
            for (std::size_t t = 0; t < n; ++t) {   // (a)
                if (current[t] == caps[t]) continue;
                std::vector<int> more = current;
                ++more[t];
                EXPECT_LE(criticalPath(g, more), cp + 1e-12) << "instance " << instance;
                EXPECT_GE(averageArea(g, more), area - 1e-12) << "instance " << instance;
            }
            std::size_t t = 0;
            while (t < n && ++current[t] > caps[t]) current[t++] = 1;
            if (t == n) break;
        }
        Expected<DagAllocation> a = allocateHcpa(g.in);
        ASSERT_TRUE(a) << a.error().message;
        EXPECT_NEAR(a->referenceSpeed, g.sRef, 0);
        EXPECT_EQ(a->referenceProcessors, g.pRef) << "instance " << instance;
        for (std::size_t t = 0; t < n; ++t) {
            ASSERT_GE(a->reference[t], 1);
            ASSERT_LE(a->reference[t], caps[t]) << "instance " << instance << " task " << t;
            for (std::size_t j = 0; j < g.in.platform.clusters.size(); ++j)
                EXPECT_EQ(a->perCluster[t][j],
                          std::min<long long>(g.in.platform.clusters[j].processors, translated(g, t, a->reference[t], j)))
                    << "instance " << instance << " task " << t << " cluster " << j;
        }
        const double cp = criticalPath(g, a->reference), area = averageArea(g, a->reference);
        EXPECT_NEAR(a->criticalPath, cp, 1e-9 * cp) << "instance " << instance;
        EXPECT_NEAR(a->averageArea, area, 1e-9 * area) << "instance " << instance;
        if (a->saturated) {
            ++saturated;
            EXPECT_GT(cp, area * (1 - 1e-12)) << "instance " << instance;   // else it would have stopped by (c)
            EXPECT_NEAR(cp, bestCp, 1e-9 * cp) << "instance " << instance << ": (b) a shorter critical path exists";
        } else {
            ++balanced;
            EXPECT_LE(cp, area * (1 + 1e-12)) << "instance " << instance;   // (c)
        }
        EXPECT_FALSE(a->iterationLimit);
        EXPECT_GE(std::max(cp, area), bestEstimate * (1 - 1e-12));
        greedyAboveBest += std::max(cp, area) > bestEstimate * (1 + 1e-9) ? 1 : 0;
    }
    // Both ways of stopping occur, over many allocations; the greedy is a heuristic: it is not always the best.
    EXPECT_GE(saturated, 30);
    EXPECT_GE(balanced, 30);
    EXPECT_GE(allocations, 3000);
    std::printf("[ allocation ] %d saturated, %d stopped at T_CP <= T_A, %lld allocations; T_p^e above the best "
                "of every allocation on %d graphs\n", saturated, balanced, allocations, greedyAboveBest);
}

}  // namespace
}  // namespace hetsched
