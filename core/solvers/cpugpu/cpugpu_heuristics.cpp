// The list-scheduling rivals of the dual approximation: HEFT (section 5.1) and HeteroPrio (StarPU).
#include <algorithm>
#include <deque>
#include <functional>
#include <numeric>
#include <queue>
#include <tuple>
#include <utility>

#include "solvers/cpugpu/cpugpu_common.h"
#include "solvers/cpugpu/cpugpu_registration.h"

namespace hetsched {

using namespace cpugpu_detail;

namespace cpugpu_detail {

std::vector<CpuGpuPlacement> heftPlacements(const CpuGpuInstance& in) {
    const std::size_t n = in.tasks.size();
    const double m = in.cpus;
    const double k = in.gpus;
    // Topcuoglu et al.: the priority of an independent task is its mean time over all processors.
    // Decreasing mean, equal means in input order: by increasing -mean (negation is exact).
    std::vector<double> minusAverage(n);
    for (std::size_t j = 0; j < n; ++j)
        minusAverage[j] = -((m * in.tasks[j].cpu + k * in.tasks[j].gpu) / (m + k));
    const std::vector<std::size_t> order = orderByKey(minusAverage);
    // Identical processors of one kind: the earliest finish on a kind is on its least loaded processor.
    using Ready = std::pair<double, int>;
    std::priority_queue<Ready, std::vector<Ready>, std::greater<Ready>> cpus, gpus;
    for (int p = 0; p < in.cpus; ++p) cpus.push({0.0, p});
    for (int p = 0; p < in.gpus; ++p) gpus.push({0.0, p});
    std::vector<CpuGpuPlacement> placements(n);
    for (std::size_t j : order) {
        const double cpuFinish = cpus.empty() ? 0 : cpus.top().first + in.tasks[j].cpu;
        const double gpuFinish = gpus.empty() ? 0 : gpus.top().first + in.tasks[j].gpu;
        const bool onCpu = !cpus.empty() && (gpus.empty() || cpuFinish <= gpuFinish);
        auto& queue = onCpu ? cpus : gpus;
        const auto [ready, p] = queue.top();
        queue.pop();
        const double end = onCpu ? cpuFinish : gpuFinish;
        placements[j] = {onCpu ? CpuGpuUnit::Cpu : CpuGpuUnit::Gpu, p, ready, end, 0};
        queue.push({end, p});
    }
    return placements;
}

}  // namespace cpugpu_detail

Expected<CpuGpuSolution> solveCpuGpuHeft(const CpuGpuInstance& in, const Progress& progress) {
    if (progress.stopRequested()) return cancelledError();
    return solutionFromPlacements(
        in, heftPlacements(in), SolveStatus::Feasible,
        "HEFT: decreasing mean time over the m + k processors, earliest finish time");
}

Expected<CpuGpuSolution> solveCpuGpuHeteroPrio(const CpuGpuInstance& in,
                                               const CpuGpuHeteroPrioOptions& options,
                                               const Progress& progress) {
    if (progress.stopRequested()) return cancelledError();
    const std::size_t n = in.tasks.size();
    std::vector<double> acceleration(n);
    for (std::size_t j = 0; j < n; ++j) acceleration[j] = accelerationOf(in.tasks[j]);
    const std::vector<std::size_t> sorted = orderByKey(acceleration);
    // CPUs take from the front (least accelerated), GPUs from the back (most accelerated).
    std::deque<std::size_t> queue(sorted.begin(), sorted.end());

    struct Worker {
        CpuGpuUnit unit;
        int index;
        int task = -1;   // running task, -1 when idle
        double start = 0;
        double end = 0;
        unsigned version = 0;   // invalidates stale "becomes idle" events after a spoliation
    };
    std::vector<Worker> workers;
    for (int p = 0; p < in.gpus; ++p) workers.push_back({CpuGpuUnit::Gpu, p});
    for (int p = 0; p < in.cpus; ++p) workers.push_back({CpuGpuUnit::Cpu, p});
    // Events (time, worker, version), earliest first; at equal times GPUs (listed first) come first.
    using Event = std::tuple<double, std::size_t, unsigned>;
    std::priority_queue<Event, std::vector<Event>, std::greater<Event>> events;
    for (std::size_t w = 0; w < workers.size(); ++w) events.push({0.0, w, 0u});

    std::vector<CpuGpuPlacement> placements(n);
    std::vector<CpuGpuAbortedRun> aborted;
    std::size_t spoliations = 0;
    std::size_t handled = 0;
    while (!events.empty()) {
        if ((++handled & 1023u) == 0 && progress.stopRequested()) return cancelledError();
        const auto [now, w, version] = events.top();
        events.pop();
        Worker& worker = workers[w];
        if (version != worker.version) continue;
        if (worker.task >= 0) {   // its task completes now
            const std::size_t j = static_cast<std::size_t>(worker.task);
            placements[j] = {worker.unit, worker.index, worker.start, worker.end, 0};
            worker.task = -1;
        }
        if (!queue.empty()) {
            const std::size_t j = worker.unit == CpuGpuUnit::Gpu ? queue.back() : queue.front();
            worker.unit == CpuGpuUnit::Gpu ? queue.pop_back() : queue.pop_front();
            worker.task = static_cast<int>(j);
            worker.start = now;
            worker.end = now + timeOn(in.tasks[j], worker.unit);
            events.push({worker.end, w, worker.version});
            continue;
        }
        if (!options.spoliation) continue;
        // Spoliation: among the tasks running on the other kind of processor that this one would
        // finish strictly earlier, restart the one that would end the latest.
        std::size_t victim = workers.size();
        for (std::size_t v = 0; v < workers.size(); ++v) {
            const Worker& other = workers[v];
            if (other.unit == worker.unit || other.task < 0) continue;
            const double here = now + timeOn(in.tasks[static_cast<std::size_t>(other.task)], worker.unit);
            if (here < other.end && (victim == workers.size() || other.end > workers[victim].end)) victim = v;
        }
        if (victim == workers.size()) continue;
        Worker& other = workers[victim];
        const std::size_t j = static_cast<std::size_t>(other.task);
        if (now > other.start) aborted.push_back({j, other.unit, other.index, other.start, now});
        ++spoliations;
        other.task = -1;
        ++other.version;
        events.push({now, victim, other.version});   // the victim is idle from now on
        worker.task = static_cast<int>(j);
        worker.start = now;
        worker.end = now + timeOn(in.tasks[j], worker.unit);
        events.push({worker.end, w, worker.version});
    }
    CpuGpuSolution s = solutionFromPlacements(
        in, std::move(placements), SolveStatus::Feasible,
        std::string(
            "HeteroPrio: tasks by acceleration, GPUs from the most accelerated, CPUs from the least") +
            (options.spoliation
                 ? "; " + std::to_string(spoliations) + (spoliations == 1 ? " spoliation" : " spoliations")
                 : "; without spoliation"));
    s.aborted = std::move(aborted);
    return s;
}

}  // namespace hetsched

namespace hetsched::registry_detail {

RegisteredSolver cpuGpuHeftSolver() {
    return stated(
        cpuGpuSolver("heft",
                     "HEFT: decreasing mean time over all processors, earliest finish time; no guarantee", {},
                     [](const CpuGpuInstance& in, const OptionValues&, const Progress& p) {
                         return solveCpuGpuHeft(in, p);
                     }),
        {.guarantee = "none (Kedad-Sidhoum et al. 2013, sections 5.1-5.2: no performance guarantee)",
         .complexity = "O(n log n + n log(m + k))",
         .reference = "HEFT (Topcuoglu, Hariri, Wu 2002) as Kedad-Sidhoum et al. 2013 run it, section 5.1"});
}

RegisteredSolver cpuGpuHeteroPrioSolver() {
    return stated(
        cpuGpuSolver(
            "heteroprio",
            "HeteroPrio (StarPU): GPUs take the most accelerated tasks, CPUs the least, with spoliation",
            {OptionSpec::flag("spoliation",
                              "1: idle processors restart tasks they can finish earlier; 0: plain list",
                              CpuGpuHeteroPrioOptions{}.spoliation)},
            [](const CpuGpuInstance& in, const OptionValues& o, const Progress& p) {
                CpuGpuHeteroPrioOptions options;
                options.spoliation = o.flag("spoliation");
                return solveCpuGpuHeteroPrio(in, options, p);
            }),
        {.guarantee =
             "with spoliation (default): (1 + sqrt 5)/2 for one CPU and one GPU, (3 + sqrt 5)/2 for m CPUs "
             "and one GPU, 2 + sqrt 2 in general (Beaumont, Eyraud-Dubois, Kumar, IPDPS 2017); without: none",
         .complexity = "O(n log n + n (m + k))",
         .reference = "HeteroPrio, the StarPU scheduler; its ratios: Beaumont, Eyraud-Dubois, Kumar, IPDPS "
                      "2017 (not one of the five papers)"});
}

}  // namespace hetsched::registry_detail
