// The cheap lower bound of the CPU/GPU family and the lower-bound solver.
#include <algorithm>
#include <cstdio>
#include <limits>
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
// The bisection asks it about 60 times: the times are copied once in that order (contiguous, so each
// question streams through memory), and only the tasks longer than the smallest C asked so far can
// be forced to one unit; the sums run over the same terms in the same order as a plain pass over the
// tasks, so every answer is the same to the last bit.
class AreaLp {
public:
    explicit AreaLp(const CpuGpuInstance& in) : m_in(in) {
        std::vector<double> acceleration(in.tasks.size());
        for (std::size_t j = 0; j < in.tasks.size(); ++j) acceleration[j] = accelerationOf(in.tasks[j]);
        m_order = orderByKey(acceleration);
        m_cpu.reserve(m_order.size());
        m_gpu.reserve(m_order.size());
        for (std::size_t j : m_order) {
            m_cpu.push_back(in.tasks[j].cpu);
            m_gpu.push_back(in.tasks[j].gpu);
        }
        for (const CpuGpuTask& t : in.tasks) {
            // The smallest C at which the task has a unit.
            const double need = in.cpus == 0 ? t.gpu : in.gpus == 0 ? t.cpu : std::min(t.cpu, t.gpu);
            m_largestNeed = std::max(m_largestNeed, need);
        }
        // Only a task longer than every task's need can be forced to one unit at a C that passes the
        // first test of `feasible`: those, in input order, side by side.
        for (const CpuGpuTask& t : in.tasks)
            if (std::max(t.cpu, t.gpu) > m_largestNeed) m_mayBeLong.push_back({t.cpu, t.gpu});
    }

    const std::vector<std::size_t>& order() const { return m_order; }

    // Whether the LP is feasible at C; with allotment, the assignment with the fractional task rounded
    // to the unit that keeps max(CPU area / m, GPU area / k) smaller.
    bool feasible(double c, std::vector<CpuGpuUnit>* allotment = nullptr) {
        if (allotment || m_in.cpus == 0 || m_in.gpus == 0) return feasiblePlain(c, allotment);
        // Some task fits on no unit.
        if (m_largestNeed > c) return false;
        const double capCpu = m_in.cpus * c;
        const double capGpu = m_in.gpus * c;
        double cpuLoad = 0;
        double gpuLoad = 0;
        // The tasks forced to one unit (longer than C on the other), in input order.
        if (c < m_longC) {
            m_long.clear();
            for (const Times& t : m_mayBeLong)
                if (std::max(t.cpu, t.gpu) > c) m_long.push_back(t);
            m_longC = c;
        }
        for (const Times& t : m_long) {
            const bool onCpu = t.cpu <= c;
            const bool onGpu = t.gpu <= c;
            if (onCpu && !onGpu) cpuLoad += t.cpu;
            if (onGpu && !onCpu) gpuLoad += t.gpu;
        }
        if (cpuLoad > capCpu || gpuLoad > capGpu) return false;
        double room = capCpu - cpuLoad;
        // The free tasks fill the CPUs in order; the first that does not fit is taken fractionally and
        // the rest go to the GPUs.
        std::size_t k = 0;
        for (; k < m_cpu.size(); ++k) {
            const double cpu = m_cpu[k];
            if ((cpu <= c) != (m_gpu[k] <= c)) continue;
            if (cpu <= room) {
                room -= cpu;
                cpuLoad += cpu;
            } else {
                const double fraction = room / cpu;
                gpuLoad += (1 - fraction) * m_gpu[k];
                break;
            }
        }
        // The rest, with no room left: a task of positive CPU time adds its whole GPU time, (1 - 0 / p̄) p̲
        // (one of no CPU time fits in the empty room). The GPU load only grows, so the answer is no as soon
        // as it is over the capacity.
        for (++k; k < m_cpu.size(); ++k) {
            if ((m_cpu[k] <= c) != (m_gpu[k] <= c) || !(m_cpu[k] > 0)) continue;
            gpuLoad += m_gpu[k];
            if (gpuLoad > capGpu) return false;
        }
        return gpuLoad <= capGpu;
    }

private:
    // The LP as written, task by task (also fills the allotment).
    bool feasiblePlain(double c, std::vector<CpuGpuUnit>* allotment) const {
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

    struct Times {
        double cpu, gpu;
    };
    const CpuGpuInstance& m_in;
    std::vector<std::size_t> m_order;
    std::vector<double> m_cpu, m_gpu;   // in m_order
    double m_largestNeed = 0;
    std::vector<Times> m_mayBeLong;     // the tasks longer than m_largestNeed on some unit, in input order
    std::vector<Times> m_long;          // those longer than m_longC on some unit, in input order
    double m_longC = std::numeric_limits<double>::infinity();
};

struct BoundDetail {
    double bound = 0;
    double feasibleC = 0;   // a C at which the LP is feasible (bound <= feasibleC)
    std::string which;
};

BoundDetail computeLowerBound(const CpuGpuInstance& in, AreaLp& lp) {
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
    AreaLp lp(in);
    return computeLowerBound(in, lp).bound;
}

Expected<CpuGpuSolution> solveCpuGpuLowerBound(const CpuGpuInstance& in, const Progress& progress) {
    if (progress.stopRequested()) return cancelledError();
    AreaLp lp(in);
    const BoundDetail d = computeLowerBound(in, lp);
    std::vector<CpuGpuUnit> allotment;
    if (!lp.feasible(d.feasibleC, &allotment))
        return solverError("the area LP is infeasible at its own bound");
    return solutionFromPlacements(listSchedule(in, allotment), SolveStatus::Feasible,
                                  "lower bound " + formatSignificant(d.bound, 9) + " (" + d.which +
                                      "); the schedule is the LP assignment rounded, longest first",
                                  d.bound);
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
