// The cheap lower bound of the CPU/GPU family and the lower-bound solver.
#include <algorithm>
#include <cstdio>
#include <numeric>

#include "solvers/cpugpu/cpugpu_common.h"
#include "common/number_format.h"
#include "solvers/cpugpu/cpugpu_registration.h"

namespace hetsched {

using namespace cpugpu_detail;

namespace {

// The area LP with per-task limits at makespan C: each task fractionally on the units where it takes
// at most C, CPU area <= m C, GPU area <= k C. Optimal by a fractional knapsack: the free tasks go to
// the CPUs in increasing order of acceleration (most GPU time saved per unit of CPU area first).
class AreaLp {
public:
    explicit AreaLp(const CpuGpuInstance& in) : m_in(in), m_order(in.tasks.size()) {
        std::iota(m_order.begin(), m_order.end(), std::size_t{0});
        std::stable_sort(m_order.begin(), m_order.end(), [&](std::size_t a, std::size_t b) {
            return accelerationOf(in.tasks[a]) < accelerationOf(in.tasks[b]);
        });
    }

    // Whether the LP is feasible at C; with allotment, the assignment with the fractional task rounded
    // to the unit that keeps max(CPU area / m, GPU area / k) smaller.
    bool feasible(double c, std::vector<CpuGpuUnit>* allotment = nullptr) const {
        const double capCpu = m_in.cpus * c;
        const double capGpu = m_in.gpus * c;
        double cpuLoad = 0;
        double gpuLoad = 0;
        if (allotment) allotment->assign(m_in.tasks.size(), CpuGpuUnit::Gpu);
        for (const CpuGpuTask& t : m_in.tasks) {
            const bool onCpu = m_in.cpus > 0 && t.cpu <= c;
            const bool onGpu = m_in.gpus > 0 && t.gpu <= c;
            if (!onCpu && !onGpu) return false;
            if (onCpu && !onGpu) cpuLoad += t.cpu;
            if (onGpu && !onCpu) gpuLoad += t.gpu;
        }
        if (cpuLoad > capCpu || gpuLoad > capGpu) return false;
        double room = capCpu - cpuLoad;
        for (std::size_t j : m_order) {
            const CpuGpuTask& t = m_in.tasks[j];
            const bool onCpu = m_in.cpus > 0 && t.cpu <= c;
            const bool onGpu = m_in.gpus > 0 && t.gpu <= c;
            if (onCpu != onGpu) {
                if (allotment) (*allotment)[j] = onCpu ? CpuGpuUnit::Cpu : CpuGpuUnit::Gpu;
                continue;
            }
            if (t.cpu <= room) {
                room -= t.cpu;
                cpuLoad += t.cpu;
                if (allotment) (*allotment)[j] = CpuGpuUnit::Cpu;
            } else {
                const double fraction = room / t.cpu;
                gpuLoad += (1 - fraction) * t.gpu;
                if (allotment && room > 0) {
                    const double cpuIfCpu = (cpuLoad + t.cpu) / m_in.cpus;
                    const double gpuIfGpu =
                        m_in.gpus > 0 ? (gpuLoad + fraction * t.gpu) / m_in.gpus : cpuIfCpu + 1;
                    (*allotment)[j] = cpuIfCpu <= gpuIfGpu ? CpuGpuUnit::Cpu : CpuGpuUnit::Gpu;
                }
                room = 0;
            }
        }
        return gpuLoad <= capGpu;
    }

private:
    const CpuGpuInstance& m_in;
    std::vector<std::size_t> m_order;
};

struct BoundDetail {
    double bound = 0;
    double feasibleC = 0;   // a C at which the LP is feasible (bound <= feasibleC)
    std::string which;
};

BoundDetail computeLowerBound(const CpuGpuInstance& in, const AreaLp& lp) {
    const std::size_t n = in.tasks.size();
    std::vector<double> shortest(n);
    double sum = 0;
    for (std::size_t j = 0; j < n; ++j) {
        const CpuGpuTask& t = in.tasks[j];
        shortest[j] = in.cpus == 0 ? t.gpu : in.gpus == 0 ? t.cpu : std::min(t.cpu, t.gpu);
        sum += shortest[j];
    }
    BoundDetail d;
    d.bound = *std::max_element(shortest.begin(), shortest.end());
    d.which = "max_j min(cpu, gpu)";
    const std::size_t processors = static_cast<std::size_t>(in.cpus) + static_cast<std::size_t>(in.gpus);
    if (n > processors) {
        // Two of the m + k + 1 tasks with the largest min(p̄, p̲) share a processor.
        std::nth_element(shortest.begin(), shortest.begin() + static_cast<std::ptrdiff_t>(processors),
                         shortest.end(), std::greater<double>());
        const double smallest = shortest[processors];
        const double before =
            *std::min_element(shortest.begin(), shortest.begin() + static_cast<std::ptrdiff_t>(processors));
        if (smallest + before > d.bound) {
            d.bound = smallest + before;
            d.which = "pigeonhole on the m + k + 1 longest tasks";
        }
    }
    double lo = d.bound;
    double hi = std::max(lo, sum);
    if (!lp.feasible(lo)) {
        for (int iteration = 0; iteration < 200 && hi - lo > 1e-15 * hi; ++iteration) {
            const double mid = 0.5 * (lo + hi);
            (lp.feasible(mid) ? hi : lo) = mid;
        }
        d.bound = lo;
        d.which = "area LP with per-task limits";
    } else {
        hi = lo;
    }
    d.feasibleC = hi;
    return d;
}

}  // namespace

double cpuGpuLowerBound(const CpuGpuInstance& in) {
    if (in.tasks.empty()) return 0;
    const AreaLp lp(in);
    return computeLowerBound(in, lp).bound;
}

Expected<CpuGpuSolution> solveCpuGpuLowerBound(const CpuGpuInstance& in, const Progress& progress) {
    if (progress.stopRequested()) return cancelledError();
    const AreaLp lp(in);
    const BoundDetail d = computeLowerBound(in, lp);
    std::vector<CpuGpuUnit> allotment;
    if (!lp.feasible(d.feasibleC, &allotment))
        return solverError("the area LP is infeasible at its own bound");
    CpuGpuSolution s =
        solutionFromPlacements(in, listSchedule(in, allotment), SolveStatus::Feasible,
                               "lower bound " + formatSignificant(d.bound, 9) + " (" + d.which +
                                   "); the schedule is the LP assignment rounded, longest first");
    s.lowerBound = d.bound;
    return s;
}

}  // namespace hetsched

namespace hetsched::registry_detail {

RegisteredSolver cpuGpuLowerBoundSolver() {
    return stated(
        cpuGpuSolver(
            "lower-bound",
            "the area LP with per-task limits and the pigeonhole bound; schedule: the LP rounded", {},
            [](const CpuGpuInstance& in, const OptionValues&, const Progress& p) {
                return solveCpuGpuLowerBound(in, p);
            },
            nullptr, /*answerIsBound=*/true),
        {.guarantee = "a lower bound on the optimal makespan (its answer); the rounded schedule it also "
                      "returns has none",
         .complexity = "O(n log n + 200 n)",
         .reference = "the initial lower bound B_min of Kedad-Sidhoum et al. 2013, section 4.2; the area LP "
                      "with per-task limits and the pigeonhole bound are HetSched's"});
}

}  // namespace hetsched::registry_detail
