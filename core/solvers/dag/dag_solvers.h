// Solvers of moldable task graphs on clusters of clusters: CPA (Radulescu et al. 2001) as evaluated
// by N'Takpé and Suter, HCPA and S-HCPA (N'Takpé, Suter, "Critical Path and Area Based Scheduling of
// Parallel Task Graphs on Heterogeneous Platforms", ICPADS 2006), M-HEFT (Casanova, Desprez, Suter,
// Euro-Par 2004), SEQ and HEFT (Topcuoglu et al. 2002, sequential tasks) for comparison.
//
// Every list scheduler here places a task on a set of processors of one cluster (cpa: any processors
// of the virtual platform), starting when its processors are free and its input data has arrived
// (redistributionSeconds of model/dag.h, no contention); processors are not back-filled.
// None of these heuristics has a performance guarantee on this model; each is O(...) as stated.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "common/expected.h"
#include "common/progress.h"
#include "model/dag.h"
#include "schedule/schedule.h"

namespace hetsched {

// Where and when one task runs: global processor indices (model/dag.h ProcessorIndex), sorted.
struct DagPlacement {
    std::vector<int> processors;
    double start = 0;
    double end = 0;
};

// The outcome of the allocation step of CPA / HCPA (Algorithm 1).
struct DagAllocation {
    double referenceSpeed = 0;          // the slowest processor's speed
    int referenceProcessors = 0;        // P_ref = ceil(sum_i P_i / r_i), r_i = s_ref / s_i
    std::vector<int> reference;         // N_p^ref(t) per task
    std::vector<std::vector<int>> perCluster;   // N_p^j(t) = min(P_j, ceil(f(N_p^ref(t), t, j))), [task][cluster]
    std::vector<double> bottomLevels;   // T_b^ref(t) with the final reference allocation (no communication)
    double criticalPath = 0;            // T_CP, Eq. (3)
    double averageArea = 0;             // T_A, Eq. (4)
    bool saturated = false;             // stopped because the critical path is saturated (Eq. 6)
    bool iterationLimit = false;        // stopped by maxIterations (tests only)
    long long iterations = 0;           // processors added
};

struct DagSolution {
    std::vector<DagPlacement> tasks;   // input order
    double makespan = 0;
    std::string message;
    std::optional<DagAllocation> allocation;   // cpa, hcpa, s-hcpa
    bool spansClusters = false;        // cpa: tasks may use processors of several clusters
};

// The paper's metrics (section 5). Powers in flop/s, times in seconds.
struct DagMetrics {
    double makespan = 0;
    double peakPower = 0;                  // largest sum of the speeds of the processors busy at one time
    double makespanTimesPeakPower = 0;
    double averagePower = 0;               // mean over tasks of the sum of the speeds of its processors
    double makespanOverAveragePower = 0;
    double seqMakespan = 0;                // the closed form of seq
    double speedupOverSeq = 0;             // seqMakespan / makespan (1 when both are 0)
};

// Algorithm 1 of the paper: starting from one reference processor per task, while T_CP > T_A and the
// critical path (one path of largest reference bottom level) is not saturated, give one more reference
// processor to the critical-path task that can still grow on some cluster (ceil(f) < P_j) and whose
// T^ref(t, n) / n decreases most. A task whose work cannot shrink (flops = 0 or alpha = 1) never grows.
// Communication is ignored here (section 4.1). On one homogeneous cluster this is CPA's allocation.
// O(N (N + E) K) in the worst case with K the largest reference allocation; bottom levels are kept
// lazily, so an iteration usually refreshes only the critical path's tasks whose bottom level changed
// (the result is exactly the eager computation's). maxIterations < 0: no limit.
Expected<DagAllocation> allocateHcpa(const DagInstance& in, long long maxIterations = -1,
                                     const Progress& progress = {});

// cpa: CPA on the homogeneous platform of P processors of the average speed (the paper's section 5):
// allocation and bottom-level list placement there, then the same mapping and order replayed on the
// real platform (a task over several clusters runs at its slowest processor's speed).
Expected<DagSolution> solveDagCpa(const DagInstance& in, const Progress& progress = {});
// hcpa: Algorithm 1, then the ready task of highest reference bottom level goes to the cluster where its
// allocation N_p^j finishes first (Eq. 9). O(N (N + E) C K) for the allocation, O(N C (P_j + deg)) after.
Expected<DagSolution> solveDagHcpa(const DagInstance& in, const Progress& progress = {});
// s-hcpa: the same allocation; the ready task placed next is the one whose second-best cluster finishes
// latest after its best (sufferage; ties and single-cluster platforms by bottom level). O(C N^2) placement.
Expected<DagSolution> solveDagSHcpa(const DagInstance& in, const Progress& progress = {});
// mheft: M-HEFT: ready tasks by upward rank (mean time over every allocation (cluster, p), mean
// transfer time on the edges); each goes to the (cluster, p <= P_j) allocation that finishes first,
// ties to fewer processors. O(N P (deg + log P)).
Expected<DagSolution> solveDagMheft(const DagInstance& in, const Progress& progress = {});
// seq: every task on processor 0 of the fastest cluster, in topological order, back to back:
// makespan = sum flops / s_max exactly (closed form). O(N + E).
Expected<DagSolution> solveDagSeq(const DagInstance& in, const Progress& progress = {});
// heft: HEFT for sequential tasks: ready tasks by upward rank (mean single-processor time, mean
// transfer time), each on the one processor that finishes it first (no insertion). O(N C (deg + log P)).
Expected<DagSolution> solveDagHeft(const DagInstance& in, const Progress& progress = {});

// sum flops / (fastest speed): the makespan of seq.
double dagSeqMakespan(const DagInstance& in);

DagMetrics dagMetrics(const DagInstance& in, const DagSolution& solution);

// Violated constraints (empty when valid), tolerance 1e-9 makespan: one placement per task with
// distinct valid processors, inside one cluster unless allowSpanningClusters, duration = Amdahl on
// the set, start >= 0, every edge's data arrived (end + redistribution) before its target starts, no
// processor in two tasks at once, makespan = the last end.
std::vector<std::string> verifyDag(const DagInstance& in, const DagSolution& solution, bool allowSpanningClusters);

// One lane per processor ("C0 #3", category = the cluster's name), a Compute interval per task on each
// of its processors (label = task name, taskId = index, group = precedence level "L3"), and a
// Redistribution interval on the receiving processors while a task waits for its data after its
// predecessors ended; a marker at the makespan and the metrics.
Schedule dagSchedule(const DagInstance& in, const DagSolution& solution);

}  // namespace hetsched
