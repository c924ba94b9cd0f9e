// Solvers of the CPU/GPU family: n independent tasks on m identical CPUs and k identical GPUs,
// minimise the makespan ((Pm, Pk) || Cmax). Source: S. Kedad-Sidhoum, F. Monna, G. Mounie,
// D. Trystram, "Scheduling Independent Tasks on Multi-cores with GPU Accelerators", HeteroPar 2013
// (section numbers below are that paper's), plus the HEFT and HeteroPrio heuristics it is compared to.
//
// Every solver returns a full schedule (each task once, on one processor, no overlap) and a proven
// lower bound on the optimum; verifyCpuGpu checks both.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "common/expected.h"
#include "common/progress.h"
#include "common/status.h"
#include "model/cpugpu.h"
#include "schedule/schedule.h"

namespace hetsched {

enum class CpuGpuUnit { Cpu, Gpu };

const char* cpuGpuUnitName(CpuGpuUnit unit);   // "cpu", "gpu"

// Where and when one task runs. shelf is 0 when the solver builds no shelves, else 1..8 for the
// paper's S1..S8 (S1-S4 on the CPUs, S5-S8 on the GPUs).
struct CpuGpuPlacement {
    CpuGpuUnit unit = CpuGpuUnit::Cpu;
    int processor = 0;   // index among the processors of its unit, from 0
    double start = 0;
    double end = 0;
    int shelf = 0;
};

// A run started and later abandoned (HeteroPrio's spoliation): the processor was busy over [start, end).
struct CpuGpuAbortedRun {
    std::size_t task = 0;
    CpuGpuUnit unit = CpuGpuUnit::Cpu;
    int processor = 0;
    double start = 0;
    double end = 0;
};

struct CpuGpuSolution {
    SolveStatus status = SolveStatus::Feasible;
    std::string message;
    std::vector<CpuGpuPlacement> placements;   // one per task, in input order
    std::vector<CpuGpuAbortedRun> aborted;     // HeteroPrio only
    double makespan = 0;                       // the latest end
    double lowerBound = 0;                     // proven: no schedule is shorter
    std::optional<double> lambda;              // dual approximations: the final guess
    std::optional<double> guarantee;           // dual approximations: the proven bound ratio * lambda
};

// The paper's guarantee for the dual approximation: 4/3 + 1/(3k) (4/3 without GPUs).
double dualApproxRatio(int gpus);

// ---- Lower bound -----------------------------------------------------------------------------

// The best cheap lower bound: the area LP relaxation (fractional assignment, CPU area <= m C, GPU
// area <= k C) in which a task may only go to a unit where it takes at most C, so that it subsumes
// max_j min(p̄_j, p̲_j); solved exactly as a fractional knapsack for each C and bisected over C.
// Also the pigeonhole bound: two of the m + k + 1 tasks with the largest min(p̄, p̲) share a processor.
// O(n log n + 64 n).
double cpuGpuLowerBound(const CpuGpuInstance& in);

// lower-bound: reports cpuGpuLowerBound, with the LP's assignment rounded (the fractional task to the
// unit where it finishes earlier) and list-scheduled longest first as its schedule. No guarantee on
// the schedule.
Expected<CpuGpuSolution> solveCpuGpuLowerBound(const CpuGpuInstance& in, const Progress& progress = {});

// ---- Dual approximations (sections 3-4 and 5.2) -----------------------------------------------

// Which knapsack one guess solves: Shelves is the paper's (C1) (C3) (C4) (C6) with the GPU times
// rounded down to multiples of lambda/(3n); AreaOnly keeps only (C1) and the rounded (C4) (section 5.2).
enum class CpuGpuDualVariant { Shelves, AreaOnly };

// The answer for one guess lambda: "no" proves that no schedule has makespan <= lambda; "yes" comes
// with an allotment satisfying the variant's constraints at lambda.
struct CpuGpuDualStep {
    bool yes = false;
    std::vector<CpuGpuUnit> allotment;   // per task when yes
    std::string reason;                  // why no, or how yes was found
    std::size_t states = 0;              // DP states kept over all layers
};

// The dynamic program W_C(j, mu, mu', kappa, kappa', N) of section 4.2, exact, made fast by pruning:
// (mu, mu') enter only through (C3) 2 mu + mu' <= 2m and (kappa, kappa') through (C6), so states are
// (a = 2 mu + mu', b = 2 kappa + kappa', N) -> min W_C; tasks are taken in decreasing order of
// p̄_j / nu_j; a state is dropped when another has no larger a, b, N and W_C, when the fractional
// knapsack of the remaining tasks already exceeds m lambda, or when it breaks a border condition;
// a, b and N are saturated once the remaining tasks can no longer violate their limit. Tasks longer
// than lambda on one unit are forced to the other, tasks with nu_j = 0 go to a GPU (they cost
// nothing there). A greedy completion of the most promising state may answer "yes" early. Every
// dropped state is provably useless, so "no" stays a proof.
Expected<CpuGpuDualStep> cpuGpuDualStep(const CpuGpuInstance& in, double lambda, CpuGpuDualVariant variant,
                                        const Progress& progress = {});

// The schedule of the proof of section 4 for an allotment satisfying the Shelves constraints at
// lambda: on the CPUs, the tasks longer than 2 lambda/3 alone in S1, the tasks in (lambda/3, 2 lambda/3]
// two per CPU on the other CPUs in S3 and S4 (largest S3 with smallest S4), and the short tasks (S2),
// longest first, each on the least loaded CPU (Lemma 1); the same on the GPUs with S5..S8 (Lemma 2).
// The proof's layout: S1/S3 (S5/S7) from 0; the short tasks, right to left in the order they were
// assigned, then S4 (S8), right-justified to 4 lambda/3 (4 lambda/3 + lambda/(3k) on the GPUs).
// compact: the same order on each processor, every task as early as possible (never later than in the
// proof's layout). Makespan <= (4/3 + 1/(3k)) lambda either way.
CpuGpuSolution cpuGpuShelfSchedule(const CpuGpuInstance& in, double lambda,
                                   const std::vector<CpuGpuUnit>& allotment, bool compact);

struct CpuGpuDualOptions {
    bool compact = true;
};

// dual-approx: the paper's algorithm in full. Binary search on lambda between the cheap lower bound
// and HEFT's makespan, each guess answered by cpuGpuDualStep(Shelves), stopping when the last "yes"
// is within a factor 1 + epsilon of the largest "no" (or of the cheap bound); the schedule is
// cpuGpuShelfSchedule at the last "yes". Makespan <= (4/3 + 1/(3k)) (1 + epsilon) OPT; lowerBound is
// the largest "no" (or the cheap bound). Time: O(log(1/epsilon)) DP runs, each O(n^2 m^2 k^3) in the
// worst case as in the paper, far less after pruning (docs/performance.md).
Expected<CpuGpuSolution> solveCpuGpuDualApprox(const CpuGpuInstance& in,
                                               const CpuGpuDualOptions& options = {},
                                               const Progress& progress = {});

// dual-approx-2 (section 5.2): the same search with only the GPU area constraint (C4) and (C1); the
// allotment is list-scheduled longest first on each unit. Makespan <= 2 (1 + epsilon) OPT.
// O(log(1/epsilon)) DP runs of O(n^2 k) in the worst case.
Expected<CpuGpuSolution> solveCpuGpuDualApprox2(const CpuGpuInstance& in, const Progress& progress = {});

// ---- Heuristics ------------------------------------------------------------------------------

// heft (section 5.1, Topcuoglu et al. 2002): tasks by decreasing average time over the m + k
// processors, (m p̄ + k p̲) / (m + k), ties in input order; each on the processor where it finishes
// earliest, ties to the lowest index, CPUs before GPUs. No guarantee (Lemma 3: ratio > m/2).
// O(n log n + n log(m + k)).
Expected<CpuGpuSolution> solveCpuGpuHeft(const CpuGpuInstance& in, const Progress& progress = {});

struct CpuGpuHeteroPrioOptions {
    bool spoliation = true;
};

// heteroprio (StarPU; Beaumont, Eyraud-Dubois, Kumar, IPDPS 2017): tasks sorted by acceleration
// p̄/p̲; an idle GPU takes the most accelerated remaining task, an idle CPU the least accelerated
// (ties in input order; at equal times GPUs are served first). With spoliation, once no task is
// left an idle processor restarts the task running on the other kind of processor that would end the
// latest among those it can finish strictly earlier; the abandoned run is kept as an aborted run.
// Each task is spoliated at most twice. Proven ratios with spoliation (Beaumont et al.): 1.618 for one
// CPU and one GPU, 2.618 for m CPUs and one GPU, 2 + sqrt(2) in general. O(n log n + n (m + k)).
Expected<CpuGpuSolution> solveCpuGpuHeteroPrio(const CpuGpuInstance& in,
                                               const CpuGpuHeteroPrioOptions& options = {},
                                               const Progress& progress = {});

// ---- Exact -----------------------------------------------------------------------------------

struct CpuGpuExactOptions {
    double timeLimitSeconds = 60;
};

// exact: the assignment MIP (x_jp = 1 when task j runs on processor p, min C with the load of every
// processor <= C) solved by GLPK through core/lp, with processors of one kind made interchangeable
// (task j may only use the first j + 1 of each kind) and C bounded by the cheap lower bound and the
// best of HEFT and HeteroPrio. Optimal when GLPK proves it; at the time limit the best schedule found
// (the heuristic one if GLPK found none better), status time_limit, with GLPK's bound (or the cheap one)
// as lower bound; cancelled once HEFT has run: the same with status cancelled (before: the cancellation
// error). Refuses more than 2e6 variables.
Expected<CpuGpuSolution> solveCpuGpuExact(const CpuGpuInstance& in, const CpuGpuExactOptions& options = {},
                                          const Progress& progress = {});

// ---- Checking and drawing ----------------------------------------------------------------------

// Violated constraints, empty when the solution is valid (tolerance 1e-9 relative to the makespan):
// one placement per task on an existing processor, end - start equal to the task's time on that
// unit, start >= 0, no two runs (or aborted runs) overlapping on a processor, makespan the latest end,
// lowerBound <= makespan, shelves on the right unit, makespan <= guarantee when one is claimed.
std::vector<std::string> verifyCpuGpu(const CpuGpuInstance& in, const CpuGpuSolution& solution);

// One lane per CPU ("CPU 0", category "CPU") then per GPU ("GPU 0", category "GPU"); every task a
// Compute interval labelled with its name, group = its shelf ("S1".."S8", or "" without shelves);
// aborted runs as Other intervals in group "spoliated". Markers: the makespan, the lower bound and,
// for the dual approximations, lambda/3, 2 lambda/3, lambda, 4 lambda/3 and the guarantee (dashed).
Schedule cpuGpuSchedule(const CpuGpuInstance& in, const CpuGpuSolution& solution);

// "S1".."S8" for 1..8, "" for 0.
std::string shelfName(int shelf);

}  // namespace hetsched
