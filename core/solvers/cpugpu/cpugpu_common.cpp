#include "solvers/cpugpu/cpugpu_common.h"
#include "common/number_format.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <cstdio>
#include <functional>
#include <memory>
#include <numeric>
#include <queue>
#include <utility>

namespace hetsched {

namespace cpugpu_detail {

std::vector<CpuGpuPlacement> listSchedule(const CpuGpuInstance& in,
                                          const std::vector<CpuGpuUnit>& allotment) {
    std::vector<CpuGpuPlacement> placements(in.tasks.size());
    for (CpuGpuUnit unit : {CpuGpuUnit::Cpu, CpuGpuUnit::Gpu}) {
        std::vector<std::size_t> tasks;
        for (std::size_t j = 0; j < in.tasks.size(); ++j)
            if (allotment[j] == unit) tasks.push_back(j);
        // Longest first, equal times in input order.
        std::vector<double> minusTime(tasks.size());
        for (std::size_t i = 0; i < tasks.size(); ++i) minusTime[i] = -timeOn(in.tasks[tasks[i]], unit);
        std::vector<std::size_t> order = orderByKey(minusTime);
        for (std::size_t& i : order) i = tasks[i];
        tasks = std::move(order);
        using Load = std::pair<double, int>;   // (ready time, processor)
        std::priority_queue<Load, std::vector<Load>, std::greater<Load>> ready;
        for (int p = 0; p < processorsOf(in, unit); ++p) ready.push({0.0, p});
        for (std::size_t j : tasks) {
            auto [time, p] = ready.top();
            ready.pop();
            const double end = time + timeOn(in.tasks[j], unit);
            placements[j] = {unit, p, time, end, 0};
            ready.push({end, p});
        }
    }
    return placements;
}

std::vector<std::size_t> orderByKey(const std::vector<double>& keys) {
    const std::size_t n = keys.size();
    std::vector<std::size_t> order(n);
    if (n < 4096) {   // a comparison sort is as fast below a few thousand
        std::iota(order.begin(), order.end(), std::size_t{0});
        std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return keys[a] < keys[b]; });
        return order;
    }
    // A least significant digit radix sort of (key's bits, index), 11 bits a pass: stable, so equal keys
    // keep the indices' order. The bits of a double, with the sign bit flipped for a positive number and
    // every bit for a negative one, order as the numbers do (-0 is made +0: they are equal keys).
    struct Keyed {
        std::uint64_t bits;
        std::size_t index;
    };
    std::vector<Keyed> a(n), b(n);
    for (std::size_t i = 0; i < n; ++i) {
        const double key = keys[i] == 0 ? 0.0 : keys[i];
        std::uint64_t bits;
        std::memcpy(&bits, &key, sizeof bits);
        a[i] = {bits >> 63 ? ~bits : bits | (std::uint64_t{1} << 63), i};
    }
    constexpr int kDigit = 11;
    constexpr std::size_t kBuckets = std::size_t{1} << kDigit;
    std::vector<std::size_t> count(kBuckets);
    for (int shift = 0; shift < 64; shift += kDigit) {
        std::fill(count.begin(), count.end(), 0);
        for (const Keyed& k : a) ++count[(k.bits >> shift) & (kBuckets - 1)];
        if (count[(a[0].bits >> shift) & (kBuckets - 1)] == n) continue;   // every key has this digit
        std::size_t start = 0;
        for (std::size_t& c : count) start += std::exchange(c, start);
        for (const Keyed& k : a) b[count[(k.bits >> shift) & (kBuckets - 1)]++] = k;
        a.swap(b);
    }
    for (std::size_t i = 0; i < n; ++i) order[i] = a[i].index;
    return order;
}

void finishSolution(CpuGpuSolution& s) {
    s.makespan = 0;
    for (const CpuGpuPlacement& p : s.placements) s.makespan = std::max(s.makespan, p.end);
}

CpuGpuSolution solutionFromPlacements(const CpuGpuInstance& in, std::vector<CpuGpuPlacement> placements,
                                      SolveStatus status, std::string message) {
    return solutionFromPlacements(std::move(placements), status, std::move(message), cpuGpuLowerBound(in));
}

CpuGpuSolution solutionFromPlacements(std::vector<CpuGpuPlacement> placements, SolveStatus status,
                                      std::string message, double lowerBound) {
    CpuGpuSolution s;
    s.status = status;
    s.message = std::move(message);
    s.placements = std::move(placements);
    finishSolution(s);
    s.lowerBound = lowerBound;
    return s;
}

}  // namespace cpugpu_detail

using namespace cpugpu_detail;

const char* cpuGpuUnitName(CpuGpuUnit unit) {
    return unit == CpuGpuUnit::Cpu ? "cpu" : "gpu";
}

std::string shelfName(int shelf) {
    // Not "S" + ...: GCC 12 reports a false -Wrestrict there.
    return shelf >= 1 && shelf <= 8 ? std::string("S").append(std::to_string(shelf)) : std::string();
}

double dualApproxRatio(int gpus) {
    return 4.0 / 3.0 + (gpus > 0 ? 1.0 / (3.0 * gpus) : 0.0);
}

namespace {

// formatSignificant(value, 9) (printf's %.9g) appended: std::to_chars with a precision formats as
// printf does, without its cost (a million numbers per schedule).
void appendSignificant(std::string& text, double value) {
    char buffer[64];
    const auto [end, error] = std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::general, 9);
    if (error == std::errc())
        text.append(buffer, end);
    else
        text.append(formatSignificant(value, 9));
}

}  // namespace

std::vector<std::string> verifyCpuGpu(const CpuGpuInstance& in, const CpuGpuSolution& s) {
    std::vector<std::string> problems;
    const std::size_t n = in.tasks.size();
    if (s.placements.size() != n) {
        problems.push_back("the solution places " + std::to_string(s.placements.size()) +
                           " tasks, the instance has " + std::to_string(n));
        return problems;
    }
    double latest = 0;
    for (const CpuGpuPlacement& p : s.placements)
        if (std::isfinite(p.end)) latest = std::max(latest, p.end);
    const double tol = 1e-9 * std::max(1.0, latest);
    struct Run {
        double start, end;
        std::size_t who;   // a task, or kAborted + the index of an aborted run
    };
    constexpr std::size_t kAborted = std::size_t{1} << 62;
    auto what = [&](const Run& r) {
        return r.who < kAborted ? "task " + in.tasks[r.who].name
                                : "the aborted run of " + in.tasks[s.aborted[r.who - kAborted].task].name;
    };
    std::vector<std::vector<Run>> runs(static_cast<std::size_t>(in.cpus) + static_cast<std::size_t>(in.gpus));
    auto lane = [&](CpuGpuUnit unit, int processor) -> std::vector<Run>* {
        if (processor < 0 || processor >= processorsOf(in, unit)) return nullptr;
        return &runs[static_cast<std::size_t>(unit == CpuGpuUnit::Cpu ? processor : in.cpus + processor)];
    };
    for (auto& l : runs) l.reserve(n / runs.size() + 1);
    for (std::size_t j = 0; j < n; ++j) {
        const CpuGpuPlacement& p = s.placements[j];
        const std::string& name = in.tasks[j].name;
        if (!std::isfinite(p.start) || !std::isfinite(p.end)) {
            problems.push_back("task " + name + ": a time is not finite");
            continue;
        }
        std::vector<Run>* l = lane(p.unit, p.processor);
        if (!l) {
            problems.push_back("task " + name + ": " + (p.unit == CpuGpuUnit::Cpu ? "CPU " : "GPU ") +
                               std::to_string(p.processor) + " does not exist");
            continue;
        }
        if (p.start < -tol) problems.push_back("task " + name + " starts before 0");
        const double duration = timeOn(in.tasks[j], p.unit);
        if (std::abs(p.end - p.start - duration) > tol)
            problems.push_back("task " + name + " runs " + formatSignificant(p.end - p.start, 9) + " on a " +
                               cpuGpuUnitName(p.unit) + ", its time there is " + formatSignificant(duration, 9));
        if (p.shelf < 0 || p.shelf > 8 || (p.shelf >= 1 && p.shelf <= 4 && p.unit != CpuGpuUnit::Cpu) ||
            (p.shelf >= 5 && p.unit != CpuGpuUnit::Gpu))
            problems.push_back("task " + name + ": shelf " + std::to_string(p.shelf) +
                               " is not a shelf of its unit");
        l->push_back({p.start, p.end, j});
    }
    for (std::size_t q = 0; q < s.aborted.size(); ++q) {
        const CpuGpuAbortedRun& a = s.aborted[q];
        std::vector<Run>* l = lane(a.unit, a.processor);
        if (a.task >= n || !l || !(a.start <= a.end) || !std::isfinite(a.start) || !std::isfinite(a.end)) {
            problems.push_back("an aborted run is malformed");
            continue;
        }
        if (a.start < -tol) problems.push_back("an aborted run starts before 0");
        l->push_back({a.start, a.end, kAborted + q});
    }
    for (std::size_t r = 0; r < runs.size(); ++r) {
        std::vector<Run>& l = runs[r];
        std::sort(l.begin(), l.end(), [](const Run& a, const Run& b) { return a.start < b.start; });
        for (std::size_t q = 1; q < l.size(); ++q)
            if (l[q].start < l[q - 1].end - tol) {
                const bool cpu = r < static_cast<std::size_t>(in.cpus);
                problems.push_back(what(l[q - 1]) + " and " + what(l[q]) + " overlap on " +
                                   (cpu ? "CPU " : "GPU ") +
                                   std::to_string(cpu ? r : r - static_cast<std::size_t>(in.cpus)));
            }
    }
    if (!std::isfinite(s.makespan) || std::abs(s.makespan - latest) > tol)
        problems.push_back("the makespan " + formatSignificant(s.makespan, 9) + " is not the latest end " +
                           formatSignificant(latest, 9));
    if (!std::isfinite(s.lowerBound) || s.lowerBound < 0 || s.lowerBound > s.makespan + tol)
        problems.push_back("the lower bound " + formatSignificant(s.lowerBound, 9) + " exceeds the makespan " +
                           formatSignificant(s.makespan, 9));
    if (s.lambda && (!std::isfinite(*s.lambda) || *s.lambda <= 0))
        problems.push_back("lambda is not a positive number");
    if (s.guarantee && !(s.makespan <= *s.guarantee + tol))
        problems.push_back("the makespan " + formatSignificant(s.makespan, 9) + " exceeds the guarantee " +
                           formatSignificant(*s.guarantee, 9));
    return problems;
}

Schedule cpuGpuSchedule(const CpuGpuInstance& in, const CpuGpuSolution& s) {
    Schedule schedule;
    schedule.title = std::to_string(in.tasks.size()) + (in.tasks.size() == 1 ? " task on " : " tasks on ") +
                     std::to_string(in.cpus) + (in.cpus == 1 ? " CPU and " : " CPUs and ") + std::to_string(in.gpus) +
                     (in.gpus == 1 ? " GPU" : " GPUs") + ", makespan " + formatSignificant(s.makespan, 9);
    for (int p = 0; p < in.cpus; ++p) schedule.lanes.push_back({"CPU " + std::to_string(p), "CPU", {}});
    for (int p = 0; p < in.gpus; ++p) schedule.lanes.push_back({"GPU " + std::to_string(p), "GPU", {}});
    // Each lane's intervals in order of start: (start, run) pairs sorted per lane, then the intervals
    // built in that order (runs < kAborted are tasks, the others aborted runs).
    constexpr std::size_t kAborted = std::size_t{1} << 62;
    std::vector<std::vector<std::pair<double, std::size_t>>> order(schedule.lanes.size());
    auto laneIndex = [&](CpuGpuUnit unit, int processor) -> std::size_t {
        if (processor < 0 || processor >= processorsOf(in, unit)) return order.size();
        return static_cast<std::size_t>(unit == CpuGpuUnit::Cpu ? processor : in.cpus + processor);
    };
    bool shelves = false;
    std::vector<SharedText> shelfTexts;   // one text per shelf, shared by its tasks' intervals
    auto shelfText = [&](int shelf) -> const SharedText& {
        const auto k = static_cast<std::size_t>(std::max(shelf, 0));
        if (k >= shelfTexts.size()) shelfTexts.resize(k + 1);
        if (shelfTexts[k].empty()) shelfTexts[k] = shelfName(shelf);
        return shelfTexts[k];
    };
    for (std::size_t j = 0; j < s.placements.size() && j < in.tasks.size(); ++j) {
        const CpuGpuPlacement& p = s.placements[j];
        const std::size_t lane = laneIndex(p.unit, p.processor);
        if (lane == order.size()) continue;
        shelves = shelves || p.shelf > 0;
        order[lane].push_back({p.start, j});
    }
    for (std::size_t q = 0; q < s.aborted.size(); ++q) {
        const CpuGpuAbortedRun& a = s.aborted[q];
        const std::size_t lane = laneIndex(a.unit, a.processor);
        if (lane == order.size() || a.task >= in.tasks.size()) continue;
        order[lane].push_back({a.start, kAborted + q});
    }
    for (std::size_t l = 0; l < order.size(); ++l) {
        std::sort(order[l].begin(), order[l].end(),
                  [](const auto& a, const auto& b) { return a.first < b.first || (a.first == b.first && a.second < b.second); });
        std::vector<Interval>& intervals = schedule.lanes[l].intervals;
        intervals.reserve(order[l].size());
        // The runs are read in the lane's order, scattered over the tasks: the ones a few steps ahead are
        // fetched into the cache while this one is built (a cache miss per task otherwise).
        constexpr std::size_t kAhead = 8;
        for (std::size_t i = 0; i < order[l].size(); ++i) {
            if (i + kAhead < order[l].size() && order[l][i + kAhead].second < kAborted) {
                __builtin_prefetch(&s.placements[order[l][i + kAhead].second]);
                __builtin_prefetch(&in.tasks[order[l][i + kAhead].second]);
            }
            const std::size_t run = order[l][i].second;
            if (run >= kAborted) {
                const CpuGpuAbortedRun& a = s.aborted[run - kAborted];
                intervals.push_back(
                    {a.start, a.end, IntervalKind::Other, in.tasks[a.task].name, static_cast<int>(a.task),
                     "spoliated",
                     in.tasks[a.task].name + " started here, then restarted on the other kind of processor"});
                continue;
            }
            const std::size_t j = run;
            const CpuGpuPlacement& p = s.placements[j];
            intervals.push_back({p.start, p.end, IntervalKind::Compute, in.tasks[j].name, static_cast<int>(j),
                                 shelfText(p.shelf), {}});
        }
    }
    // A task's tooltip ("t3: cpu 5, gpu 1, acceleration 5, shelf S2") is made when it is shown, from a copy of the
    // tasks' times (16 bytes a task, not a string).
    std::vector<std::pair<double, double>> times(in.tasks.size());
    for (std::size_t j = 0; j < in.tasks.size(); ++j) times[j] = {in.tasks[j].cpu, in.tasks[j].gpu};
    schedule.describe = [times = std::make_shared<const std::vector<std::pair<double, double>>>(std::move(times))](
                            const Interval& interval) {
        if (interval.taskId < 0 || static_cast<std::size_t>(interval.taskId) >= times->size()) return std::string();
        const auto [cpu, gpu] = (*times)[static_cast<std::size_t>(interval.taskId)];
        std::string detail;
        detail.reserve(interval.label.size() + 64);
        detail.append(interval.label).append(": cpu ");
        appendSignificant(detail, cpu);
        detail.append(", gpu ");
        appendSignificant(detail, gpu);
        detail.append(", acceleration ");
        appendSignificant(detail, accelerationOf(CpuGpuTask{{}, cpu, gpu}));
        if (!interval.group.empty()) detail.append(", shelf ").append(interval.group);
        return detail;
    };
    schedule.markers.push_back({"makespan", s.makespan, false});
    schedule.markers.push_back({"lower bound", s.lowerBound, true});
    if (s.lambda) {
        const double lambda = *s.lambda;
        if (shelves) {
            schedule.markers.push_back({"λ/3", lambda / 3, true});
            schedule.markers.push_back({"2λ/3", 2 * lambda / 3, true});
        }
        schedule.markers.push_back({"λ", lambda, true});
        if (shelves) schedule.markers.push_back({"4λ/3", 4 * lambda / 3, true});
        if (s.guarantee) schedule.markers.push_back({"guarantee", *s.guarantee, true});
        schedule.metrics.push_back({"lambda", lambda});
    }
    schedule.metrics.insert(schedule.metrics.begin(),
                            {{"makespan", s.makespan}, {"lower_bound", s.lowerBound}});
    return schedule;
}

}  // namespace hetsched
