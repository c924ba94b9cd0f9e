// The dual approximations of Kedad-Sidhoum et al. 2013: the knapsack DP of section 4.2 for one guess,
// the shelf schedule of the proof, and the binary search on the guess (sections 4 and 5.2).
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <limits>
#include <numeric>
#include <queue>
#include <tuple>
#include <utility>

#include "solvers/cpugpu/cpugpu_common.h"
#include "common/number_format.h"
#include "solvers/cpugpu/cpugpu_registration.h"

namespace hetsched {

using namespace cpugpu_detail;

namespace {

constexpr double kInfinity = std::numeric_limits<double>::infinity();
// Backpointers kept for reading the allotment back (4 bytes each): beyond this the DP gives up
// with an error rather than exhausting memory.
constexpr std::size_t kMaxStoredStates = 150'000'000;
// Cells of the dominance tree over the (a, b) pairs present in a layer.
constexpr std::size_t kMaxDominanceCells = 4'000'000;

// The weight of a time in (C3)/(C6): 2 for the tasks longer than 2 lambda/3 (one per processor),
// 1 for those in (lambda/3, 2 lambda/3] (two per processor), 0 for the short ones. The thresholds
// carry the proof slack upward, so a task at a boundary is never counted heavier than it is.
int shelfWeight(double time, double lambda) {
    if (time > 2 * lambda / 3 * (1 + kProofSlack)) return 2;
    if (time > lambda / 3 * (1 + kProofSlack)) return 1;
    return 0;
}

// A task the DP decides: its CPU time, rounded GPU time nu_j and weights in (C3) and (C6).
struct FreeTask {
    std::size_t index = 0;
    double cpu = 0;
    std::int64_t nu = 0;
    int wa = 0;
    int wb = 0;
};

// One DP state after some prefix of the free tasks: a = 2 mu + mu', b = 2 kappa + kappa', N the
// rounded GPU area, W the CPU area W_C.
struct State {
    int a = 0;
    int b = 0;
    std::int64_t n = 0;
    double w = 0;
    std::uint32_t parent = 0;   // index in the previous layer
    bool cpu = false;           // where this layer's task went
};

class DualDp {
public:
    DualDp(const CpuGpuInstance& in, double lambda, CpuGpuDualVariant variant)
        : m_in(in), m_lambda(lambda), m_variant(variant) {}

    Expected<CpuGpuDualStep> run(const Progress& progress);

private:
    // Extra CPU area the free tasks t.. need at least when N may still grow by `room` (the
    // fractional knapsack: the tasks are sorted by decreasing cpu / nu, so a prefix of the suffix
    // goes to the GPUs, one of them fractionally).
    double lpExtra(std::size_t t, std::int64_t room) const {
        if (room < 0) return kInfinity;
        const std::size_t f = m_free.size();
        const double total = m_prefixCpu[f] - m_prefixCpu[t];
        const std::int64_t target = m_prefixNu[t] + room;
        const auto it = std::upper_bound(m_prefixNu.begin() + static_cast<std::ptrdiff_t>(t),
                                         m_prefixNu.begin() + static_cast<std::ptrdiff_t>(f) + 1, target);
        const std::size_t q = static_cast<std::size_t>(it - m_prefixNu.begin()) - 1;
        double saved = m_prefixCpu[q] - m_prefixCpu[t];
        if (q < f)
            saved += static_cast<double>(target - m_prefixNu[q]) * m_free[q].cpu /
                     static_cast<double>(m_free[q].nu);
        return total - saved;
    }

    double lpBound(const State& s, std::size_t t) const { return s.w + lpExtra(t, m_budget - s.n); }

    // Once the free tasks t.. can no longer break a limit, states differing only below it are
    // equivalent: move them to the largest value that still cannot break it.
    void saturate(State& s, std::size_t t) const {
        if (s.a + m_suffixA[t] <= m_capA) s.a = m_capA - m_suffixA[t];
        if (s.b + m_suffixB[t] <= m_capB) s.b = m_capB - m_suffixB[t];
        if (s.n + m_suffixNu[t] <= m_budget) s.n = m_budget - m_suffixNu[t];
    }

    // Completes a state greedily over the free tasks t..: in decreasing cpu / nu, to a GPU while N and
    // b allow; with tasksWithWeightFirst, the tasks counted in (C3) get the GPUs first. Fills
    // decisions (true = CPU) for t.. and returns whether every constraint holds at the end.
    bool greedyComplete(std::size_t t, State s, bool tasksWithWeightFirst,
                        std::vector<char>& decisions) const {
        const std::size_t f = m_free.size();
        decisions.assign(f, 1);
        auto tryGpu = [&](std::size_t i) {
            const FreeTask& task = m_free[i];
            if (s.n + task.nu <= m_budget && s.b + task.wb <= m_capB) {
                s.n += task.nu;
                s.b += task.wb;
                decisions[i] = 0;
            }
        };
        if (tasksWithWeightFirst)
            for (std::size_t i = t; i < f; ++i)
                if (m_free[i].wa > 0) tryGpu(i);
        for (std::size_t i = t; i < f; ++i)
            if (decisions[i]) tryGpu(i);
        for (std::size_t i = t; i < f; ++i)
            if (decisions[i]) {
                s.a += m_free[i].wa;
                s.w += m_free[i].cpu;
            }
        return s.a <= m_capA && s.w <= m_capW;
    }

    // Keeps the states that no other state dominates (a, b, N and W_C all no larger): a sweep by
    // increasing N with a 2D Fenwick tree of prefix minima of W_C over (a, b).
    void removeDominated(std::vector<State>& states);

    CpuGpuDualStep yesFrom(std::size_t layer, std::uint32_t stateIndex, const std::vector<char>& completion,
                           std::string how) const;

    CpuGpuDualStep no(std::string reason) const {
        CpuGpuDualStep step;
        step.yes = false;
        step.reason = std::move(reason);
        step.states = m_statesKept;
        return step;
    }

    const CpuGpuInstance& m_in;
    double m_lambda;
    CpuGpuDualVariant m_variant;

    std::vector<CpuGpuUnit> m_fixed;   // the allotment of the tasks decided before the DP
    std::vector<FreeTask> m_free;      // in decreasing cpu / nu
    std::vector<std::int64_t> m_prefixNu;
    std::vector<double> m_prefixCpu;
    std::vector<int> m_suffixA;
    std::vector<int> m_suffixB;
    std::vector<std::int64_t> m_suffixNu;
    std::vector<double> m_suffixMaxCpu;
    int m_capA = 0;                                   // 2m
    int m_capB = 0;                                   // 2k
    std::int64_t m_budget = 0;                        // 3kn
    double m_capW = 0;                                // m lambda
    std::vector<std::vector<std::uint32_t>> m_back;   // per layer: parent << 1 | (went to a CPU)
    std::vector<double> m_fenwick;                    // dominance tree over the (a, b) of a layer
    std::size_t m_statesKept = 0;
};

void DualDp::removeDominated(std::vector<State>& states) {
    if (states.empty()) return;
    // The (a, b) values present, compressed; the tree holds min W_C over a' <= a, b' <= b.
    std::vector<int> as, bs;
    for (const State& s : states) {
        as.push_back(s.a);
        bs.push_back(s.b);
    }
    for (std::vector<int>* v : {&as, &bs}) {
        std::sort(v->begin(), v->end());
        v->erase(std::unique(v->begin(), v->end()), v->end());
    }
    const std::size_t rows = as.size();
    const std::size_t columns = bs.size();
    if (rows * columns > kMaxDominanceCells) {
        // Too many (a, b) pairs for the tree: dominance within each (a, b) only (N up, W strictly down).
        std::sort(states.begin(), states.end(), [](const State& x, const State& y) {
            return std::tie(x.a, x.b, x.n, x.w) < std::tie(y.a, y.b, y.n, y.w);
        });
        std::size_t kept = 0;
        for (std::size_t i = 0; i < states.size(); ++i) {
            if (kept > 0) {
                const State& last = states[kept - 1];
                if (last.a == states[i].a && last.b == states[i].b && last.w <= states[i].w) continue;
            }
            states[kept++] = states[i];
        }
        states.resize(kept);
        return;
    }
    std::sort(states.begin(), states.end(), [](const State& x, const State& y) {
        return std::tie(x.n, x.w, x.a, x.b) < std::tie(y.n, y.w, y.a, y.b);
    });
    m_fenwick.assign(rows * columns, kInfinity);
    auto cell = [&](std::size_t r, std::size_t c) -> double& {
        return m_fenwick[(r - 1) * columns + (c - 1)];
    };
    std::size_t kept = 0;
    for (std::size_t i = 0; i < states.size(); ++i) {
        const State& s = states[i];
        const std::size_t ra =
            static_cast<std::size_t>(std::lower_bound(as.begin(), as.end(), s.a) - as.begin()) + 1;
        const std::size_t rb =
            static_cast<std::size_t>(std::lower_bound(bs.begin(), bs.end(), s.b) - bs.begin()) + 1;
        // Every state seen so far has N' <= N (and W' <= W when N' = N): is one of them at a' <= a, b' <= b?
        double seen = kInfinity;
        for (std::size_t r = ra; r > 0; r -= r & (~r + 1))
            for (std::size_t c = rb; c > 0; c -= c & (~c + 1)) seen = std::min(seen, cell(r, c));
        if (seen <= s.w) continue;
        for (std::size_t r = ra; r <= rows; r += r & (~r + 1))
            for (std::size_t c = rb; c <= columns; c += c & (~c + 1)) cell(r, c) = std::min(cell(r, c), s.w);
        states[kept++] = s;
    }
    states.resize(kept);
}

CpuGpuDualStep DualDp::yesFrom(std::size_t layer, std::uint32_t stateIndex,
                               const std::vector<char>& completion, std::string how) const {
    CpuGpuDualStep step;
    step.yes = true;
    step.reason = std::move(how);
    step.states = m_statesKept;
    step.allotment = m_fixed;
    for (std::size_t i = layer; i < m_free.size(); ++i)
        step.allotment[m_free[i].index] = completion[i] ? CpuGpuUnit::Cpu : CpuGpuUnit::Gpu;
    std::uint32_t index = stateIndex;
    for (std::size_t t = layer; t-- > 0;) {
        const std::uint32_t back = m_back[t][index];
        step.allotment[m_free[t].index] = (back & 1u) ? CpuGpuUnit::Cpu : CpuGpuUnit::Gpu;
        index = back >> 1;
    }
    return step;
}

Expected<CpuGpuDualStep> DualDp::run(const Progress& progress) {
    const std::size_t n = m_in.tasks.size();
    const double lambda = m_lambda;
    const bool shelves = m_variant == CpuGpuDualVariant::Shelves;
    m_capA = shelves ? 2 * m_in.cpus : 0;
    m_capB = shelves ? 2 * m_in.gpus : 0;
    m_budget = 3 * static_cast<std::int64_t>(m_in.gpus) * static_cast<std::int64_t>(n);
    m_capW = m_in.cpus * lambda * (1 + kProofSlack);
    // Section 4.2: GPU times in units of lambda / (3n), rounded down: nu_j = floor(p̲_j / (lambda / 3n)).
    const double unitsPerTime = 3.0 * static_cast<double>(n) / lambda;

    m_fixed.assign(n, CpuGpuUnit::Gpu);
    State base;
    for (std::size_t j = 0; j < n; ++j) {
        const CpuGpuTask& t = m_in.tasks[j];
        // Property 1: in a schedule of length lambda every task takes at most lambda where it runs.
        const bool cpuOk = m_in.cpus > 0 && t.cpu <= lambda * (1 + kProofSlack);
        const bool gpuOk = m_in.gpus > 0 && t.gpu <= lambda * (1 + kProofSlack);
        if (!cpuOk && !gpuOk)
            return no("task " + t.name + " takes more than lambda = " + formatSignificant(lambda, 9) +
                      " on every processor");
        FreeTask task;
        task.index = j;
        task.cpu = t.cpu;
        // Only a task that may run on a GPU needs nu_j (then nu_j <= 3n; the others could overflow).
        task.nu = gpuOk ? static_cast<std::int64_t>(std::floor(t.gpu * unitsPerTime * (1 - kProofSlack))) : 0;
        task.wa = shelves ? shelfWeight(t.cpu, lambda) : 0;
        task.wb = shelves ? shelfWeight(t.gpu, lambda) : 0;
        if (!gpuOk) {
            m_fixed[j] = CpuGpuUnit::Cpu;
            base.a += task.wa;
            base.w += task.cpu;
        } else if (!cpuOk) {
            base.b += task.wb;
            base.n += task.nu;
        } else if (task.nu == 0 && task.wb == 0) {
            // Free on a GPU for every constraint, and it only lowers W_C: a dominant choice.
        } else {
            m_free.push_back(task);
        }
    }
    if (base.a > m_capA)
        return no("the tasks longer than lambda on a GPU break (C3) on the CPUs (2 mu + mu' = " +
                  std::to_string(base.a) + " > 2m)");
    if (base.b > m_capB)
        return no("the tasks longer than lambda on a CPU break (C6) on the GPUs (2 kappa + kappa' = " +
                  std::to_string(base.b) + " > 2k)");
    if (base.n > m_budget)
        return no("the tasks longer than lambda on a CPU exceed the GPU area k lambda (C4)");
    if (base.w > m_capW) return no("the tasks longer than lambda on a GPU exceed the CPU area m lambda (C1)");

    std::stable_sort(m_free.begin(), m_free.end(), [](const FreeTask& x, const FreeTask& y) {
        return x.cpu * static_cast<double>(y.nu) > y.cpu * static_cast<double>(x.nu);
    });
    const std::size_t f = m_free.size();
    m_prefixNu.assign(f + 1, 0);
    m_prefixCpu.assign(f + 1, 0.0);
    for (std::size_t i = 0; i < f; ++i) {
        m_prefixNu[i + 1] = m_prefixNu[i] + m_free[i].nu;
        m_prefixCpu[i + 1] = m_prefixCpu[i] + m_free[i].cpu;
    }
    m_suffixA.assign(f + 1, 0);
    m_suffixB.assign(f + 1, 0);
    m_suffixNu.assign(f + 1, 0);
    m_suffixMaxCpu.assign(f + 1, 0.0);
    for (std::size_t i = f; i-- > 0;) {
        m_suffixA[i] = m_suffixA[i + 1] + m_free[i].wa;
        m_suffixB[i] = m_suffixB[i + 1] + m_free[i].wb;
        m_suffixNu[i] = m_suffixNu[i + 1] + m_free[i].nu;
        m_suffixMaxCpu[i] = std::max(m_suffixMaxCpu[i + 1], m_free[i].cpu);
    }
    saturate(base, 0);
    const double rootBound = lpBound(base, 0);
    if (rootBound > m_capW)
        return no("the LP relaxation of the knapsack already needs a CPU area of " + formatSignificant(rootBound, 9) +
                  " > m lambda = " + formatSignificant(m_in.cpus * lambda, 9));
    std::vector<char> completion;
    for (bool weightFirst : {false, true}) {
        if (!shelves && weightFirst) break;
        if (greedyComplete(0, base, weightFirst, completion))
            return yesFrom(0, 0, completion, "a greedy allotment satisfies every constraint");
    }

    std::vector<State> current{base};
    std::vector<State> next;
    m_back.assign(f, {});
    const std::size_t greedyEvery = std::max<std::size_t>(1, f / 64);
    std::size_t nextAttempt = 1;
    for (std::size_t t = 0; t < f; ++t) {
        if (progress.stopRequested()) return cancelledError();
        const FreeTask& task = m_free[t];
        next.clear();
        for (std::uint32_t i = 0; i < current.size(); ++i) {
            const State& s = current[i];
            if (s.a + task.wa <= m_capA && s.w + task.cpu <= m_capW)
                next.push_back({s.a + task.wa, s.b, s.n, s.w + task.cpu, i, true});
            if (s.b + task.wb <= m_capB && s.n + task.nu <= m_budget)
                next.push_back({s.a, s.b + task.wb, s.n + task.nu, s.w, i, false});
        }
        // Saturation and the LP bound, then dominance.
        std::size_t kept = 0;
        for (State& s : next) {
            saturate(s, t + 1);
            if (lpBound(s, t + 1) <= m_capW) next[kept++] = s;
        }
        next.resize(kept);
        removeDominated(next);
        if (next.empty())
            return no("no allotment of the first " + std::to_string(t + 1) + " of " + std::to_string(f) +
                      " undecided tasks can be completed within the constraints");
        m_statesKept += next.size();
        if (m_statesKept > kMaxStoredStates)
            return solverError("the dynamic program exceeded " + std::to_string(kMaxStoredStates) +
                               " states at lambda = " + formatSignificant(lambda, 9));
        std::vector<std::uint32_t>& back = m_back[t];
        back.resize(next.size());
        for (std::size_t i = 0; i < next.size(); ++i) back[i] = next[i].parent << 1 | (next[i].cpu ? 1u : 0u);
        current.swap(next);
        // Early "yes": the greedy completion of the most promising state. Its CPU area exceeds the LP
        // bound by at most one remaining task (it takes the LP's integral prefix), so once
        // bound + longest remaining task <= m lambda it cannot fail on (C1); without shelves it then
        // always succeeds, which keeps the DP of dual-approx-2 within a band of one task's area.
        // With shelves (C3)/(C6) may still fail it: then the next attempt waits twice as long.
        if (t + 1 < f) {
            std::size_t best = 0;
            double bestBound = kInfinity;
            for (std::size_t i = 0; i < current.size(); ++i) {
                const double bound = lpBound(current[i], t + 1);
                if (bound < bestBound) {
                    bestBound = bound;
                    best = i;
                }
            }
            const bool comfortable = bestBound + m_suffixMaxCpu[t + 1] <= m_capW;
            if ((comfortable && t + 1 >= nextAttempt) || (t + 1) % greedyEvery == 0) {
                for (bool weightFirst : {false, true}) {
                    if (!shelves && weightFirst) break;
                    if (greedyComplete(t + 1, current[best], weightFirst, completion))
                        return yesFrom(
                            t + 1, static_cast<std::uint32_t>(best), completion,
                            "the DP, completed greedily after " + std::to_string(t + 1) + " tasks");
                }
                if (comfortable) nextAttempt = 2 * (t + 1);
            }
        }
    }
    // Every state left satisfies every constraint: take the smallest W_C, as the paper does.
    std::size_t best = 0;
    for (std::size_t i = 1; i < current.size(); ++i)
        if (current[i].w < current[best].w) best = i;
    completion.assign(f, 0);
    return yesFrom(f, static_cast<std::uint32_t>(best), completion, "the DP");
}

// The schedule of one unit: shelf tasks per processor, then positions.
void placeShelves(const CpuGpuInstance& in, double lambda, const std::vector<CpuGpuUnit>& allotment,
                  CpuGpuUnit unit, bool compact, std::vector<CpuGpuPlacement>& placements) {
    const int count = processorsOf(in, unit);
    const int first = unit == CpuGpuUnit::Cpu ? 0 : 4;   // S1..S4 or S5..S8
    const double edge = unit == CpuGpuUnit::Cpu ? 4 * lambda / 3 : 4 * lambda / 3 + lambda / (3.0 * in.gpus);
    std::vector<std::size_t> big, medium, small;
    for (std::size_t j = 0; j < in.tasks.size(); ++j) {
        if (allotment[j] != unit) continue;
        const int weight = shelfWeight(timeOn(in.tasks[j], unit), lambda);
        (weight == 2 ? big : weight == 1 ? medium : small).push_back(j);
    }
    auto longestFirst = [&](std::vector<std::size_t>& list) {
        std::stable_sort(list.begin(), list.end(), [&](std::size_t a, std::size_t b) {
            return timeOn(in.tasks[a], unit) > timeOn(in.tasks[b], unit);
        });
    };
    longestFirst(big);
    longestFirst(medium);
    std::vector<int> leftTask(static_cast<std::size_t>(count), -1);   // S1 or S3 (S5 or S7)
    std::vector<int> pairTask(static_cast<std::size_t>(count), -1);   // S4 (S8)
    std::vector<std::vector<std::size_t>> shortTasks(static_cast<std::size_t>(count));
    std::vector<double> load(static_cast<std::size_t>(count), 0.0);
    auto put = [&](std::vector<int>& slot, int p, std::size_t j, int shelf) {
        slot[static_cast<std::size_t>(p)] = static_cast<int>(j);
        load[static_cast<std::size_t>(p)] += timeOn(in.tasks[j], unit);
        placements[j] = {unit, p, 0, 0, first + shelf};
    };
    // A caller's allotment that breaks (C3)/(C6) still gets a valid schedule: the surplus is treated as
    // short.
    const int mu = std::min<int>(count, static_cast<int>(big.size()));
    for (int i = 0; i < mu; ++i) put(leftTask, i, big[static_cast<std::size_t>(i)], 1);
    for (std::size_t i = static_cast<std::size_t>(mu); i < big.size(); ++i) small.push_back(big[i]);
    const int rest = count - mu;
    const int inS3 = std::min<int>(rest, static_cast<int>(medium.size()));
    for (int i = 0; i < inS3; ++i) put(leftTask, mu + i, medium[static_cast<std::size_t>(i)], 3);
    const int inS4 = std::min<int>(rest, static_cast<int>(medium.size()) - inS3);
    // The largest S4 task with the smallest S3 task: the last processors get the first S4 tasks.
    for (int r = 0; r < inS4; ++r)
        put(pairTask, count - 1 - r, medium[static_cast<std::size_t>(inS3 + r)], 4);
    for (std::size_t i = static_cast<std::size_t>(inS3 + inS4); i < medium.size(); ++i)
        small.push_back(medium[i]);
    longestFirst(small);
    // Lemma 1 (Lemma 2 on the GPUs): each short task on the least loaded processor.
    using Load = std::pair<double, int>;
    std::priority_queue<Load, std::vector<Load>, std::greater<Load>> least;
    for (int p = 0; p < count; ++p) least.push({load[static_cast<std::size_t>(p)], p});
    for (std::size_t j : small) {
        auto [l, p] = least.top();
        least.pop();
        shortTasks[static_cast<std::size_t>(p)].push_back(j);
        load[static_cast<std::size_t>(p)] = l + timeOn(in.tasks[j], unit);
        placements[j] = {unit, p, 0, 0, first + 2};
        least.push({load[static_cast<std::size_t>(p)], p});
    }
    for (int p = 0; p < count; ++p) {
        const std::size_t q = static_cast<std::size_t>(p);
        double leftEnd = 0;
        if (leftTask[q] >= 0) {
            CpuGpuPlacement& pl = placements[static_cast<std::size_t>(leftTask[q])];
            pl.start = 0;
            pl.end = timeOn(in.tasks[static_cast<std::size_t>(leftTask[q])], unit);
            leftEnd = pl.end;
        }
        // The right block in time order: the short tasks placed right to left as they were assigned
        // (Lemma 1), then S4 against the edge; compact shifts the block left against the S1/S3 task.
        std::vector<std::size_t> block(shortTasks[q].rbegin(), shortTasks[q].rend());
        if (pairTask[q] >= 0) block.push_back(static_cast<std::size_t>(pairTask[q]));
        double total = 0;
        for (std::size_t j : block) total += timeOn(in.tasks[j], unit);
        double t = compact ? leftEnd : std::max(leftEnd, edge - total);
        for (std::size_t j : block) {
            placements[j].start = t;
            t += timeOn(in.tasks[j], unit);
            placements[j].end = t;
        }
    }
}

// Binary search of the dual approximation (section 4.2, "Binary Search"). A "yes" at lambda gives a
// makespan <= ratio * lambda, and no schedule beats the cheap lower bound LB, so no "yes" lies below
// LB / ratio: the search runs over [LB / ratio, HEFT's makespan]. Below LB the DP may still answer
// "yes" (the rounding lets the GPU area reach k lambda + lambda/3) and its schedules are then shorter.
// lo is LB / ratio or the largest "no", hi the smallest "yes" with its allotment; the proven lower
// bound reported is max(LB, largest "no").
struct SearchResult {
    double lambda = 0;
    double lowerBound = 0;
    std::vector<CpuGpuUnit> allotment;   // of the smallest "yes"
    int guesses = 0;
    int noAnswers = 0;
    std::size_t states = 0;
    std::string how;
};

Expected<SearchResult> binarySearch(const CpuGpuInstance& in, CpuGpuDualVariant variant, double ratio,
                                    const Progress& progress) {
    SearchResult r;
    const double cheapBound = cpuGpuLowerBound(in);
    if (progress.stopRequested()) return cancelledError();
    CpuGpuSolution heft;
    heft.placements = heftPlacements(in);
    finishSolution(heft);
    double lo = cheapBound / ratio;
    double hi = std::max(cheapBound, heft.makespan);
    double largestNo = 0;
    auto ask = [&](double lambda) -> Expected<CpuGpuDualStep> {
        ++r.guesses;
        Expected<CpuGpuDualStep> step = cpuGpuDualStep(in, lambda, variant, progress);
        if (!step) return step;
        r.states += step->states;
        if (!step->yes) {
            ++r.noAnswers;
            largestNo = std::max(largestNo, lambda);
        }
        return step;
    };
    Expected<CpuGpuDualStep> atHigh = ask(hi);
    if (!atHigh) return atHigh.error();
    if (!atHigh->yes)
        return solverError("the dual approximation answered no at lambda = " + formatSignificant(hi, 9) +
                           ", the makespan of a HEFT schedule: " + atHigh->reason);
    r.allotment = std::move(atHigh->allotment);
    r.how = atHigh->reason;
    const double expected = 2 + std::log2(std::max(2.0, (hi - lo) / (in.epsilon * lo)));
    bool first = true;
    while (hi > lo * (1 + in.epsilon) && r.guesses < 200) {
        progress.report(std::min(0.99, r.guesses / expected), "binary search on lambda");
        // The first guess is the cheap bound itself: a "yes" there is common and halves the range.
        const double mid = first && cheapBound > lo && cheapBound < hi ? cheapBound : 0.5 * (lo + hi);
        first = false;
        if (!(mid > lo && mid < hi)) break;
        Expected<CpuGpuDualStep> step = ask(mid);
        if (!step) return step.error();
        if (step->yes) {
            hi = mid;
            r.allotment = std::move(step->allotment);
            r.how = step->reason;
        } else {
            lo = mid;
        }
    }
    r.lambda = hi;
    r.lowerBound = std::max(cheapBound, largestNo);
    return r;
}

std::string searchMessage(const SearchResult& r) {
    return "lambda = " + formatSignificant(r.lambda, 9) + " after " + std::to_string(r.guesses) + " guesses (" +
           std::to_string(r.noAnswers) + " answered no), " + std::to_string(r.states) +
           " DP states kept in all; last yes by " + r.how;
}

}  // namespace

Expected<CpuGpuDualStep> cpuGpuDualStep(const CpuGpuInstance& in, double lambda, CpuGpuDualVariant variant,
                                        const Progress& progress) {
    if (!(lambda > 0) || !std::isfinite(lambda)) return invalidInput("lambda must be a positive number");
    if (in.tasks.empty()) {
        CpuGpuDualStep step;
        step.yes = true;
        step.reason = "no tasks";
        return step;
    }
    DualDp dp(in, lambda, variant);
    return dp.run(progress);
}

CpuGpuSolution cpuGpuShelfSchedule(const CpuGpuInstance& in, double lambda,
                                   const std::vector<CpuGpuUnit>& allotment, bool compact) {
    CpuGpuSolution s;
    s.placements.assign(in.tasks.size(), CpuGpuPlacement{});
    placeShelves(in, lambda, allotment, CpuGpuUnit::Cpu, compact, s.placements);
    if (in.gpus > 0) placeShelves(in, lambda, allotment, CpuGpuUnit::Gpu, compact, s.placements);
    finishSolution(s);
    s.lambda = lambda;
    s.guarantee = dualApproxRatio(in.gpus) * lambda;
    return s;
}

Expected<CpuGpuSolution> solveCpuGpuDualApprox(const CpuGpuInstance& in, const CpuGpuDualOptions& options,
                                               const Progress& progress) {
    Expected<SearchResult> r =
        binarySearch(in, CpuGpuDualVariant::Shelves, dualApproxRatio(in.gpus), progress);
    if (!r) return r.error();
    CpuGpuSolution s = cpuGpuShelfSchedule(in, r->lambda, r->allotment, options.compact);
    s.status = SolveStatus::Feasible;
    s.lowerBound = r->lowerBound;
    s.message = searchMessage(*r);
    progress.report(1.0, "done");
    return s;
}

Expected<CpuGpuSolution> solveCpuGpuDualApprox2(const CpuGpuInstance& in, const Progress& progress) {
    Expected<SearchResult> r = binarySearch(in, CpuGpuDualVariant::AreaOnly, 2.0, progress);
    if (!r) return r.error();
    CpuGpuSolution s;
    s.placements = listSchedule(in, r->allotment);
    finishSolution(s);
    s.status = SolveStatus::Feasible;
    s.lambda = r->lambda;
    s.guarantee = 2 * r->lambda;
    s.lowerBound = r->lowerBound;
    s.message = searchMessage(*r);
    progress.report(1.0, "done");
    return s;
}

}  // namespace hetsched

namespace hetsched::registry_detail {

RegisteredSolver cpuGpuDualApproxSolver() {
    return stated(
        cpuGpuSolver(
            "dual-approx",
            "the paper's (4/3 + 1/(3k))(1 + epsilon)-approximation: binary search on lambda, the pruned "
            "shelf DP, shelves S1..S8 (default)",
            {OptionSpec::flag("compact",
                              "1: tasks start as early as possible in shelf order; 0: the proof's layout",
                              CpuGpuDualOptions{}.compact)},
            [](const CpuGpuInstance& in, const OptionValues& o, const Progress& p) {
                CpuGpuDualOptions options;
                options.compact = o.flag("compact");
                return solveCpuGpuDualApprox(in, options, p);
            },
            [](const Instance&) { return true; }),
        {.guarantee = "makespan <= (4/3 + 1/(3k))(1 + epsilon) OPT (4/3 without GPUs)",
         .complexity = "O(log((B_max - B_min)/(epsilon B_min))) runs of the DP, each O(n^2 m^2 k^3) at worst",
         .reference =
             "Kedad-Sidhoum et al. 2013, sections 3 and 4 (Lemmas 1-2, the dynamic program of 4.2)"});
}

RegisteredSolver cpuGpuDualApprox2Solver() {
    return stated(
        cpuGpuSolver("dual-approx-2",
                     "the relaxed 2(1 + epsilon)-approximation of section 5.2: only the GPU area constraint, "
                     "list scheduling",
                     {},
                     [](const CpuGpuInstance& in, const OptionValues&, const Progress& p) {
                         return solveCpuGpuDualApprox2(in, p);
                     }),
        {.guarantee = "makespan <= 2(1 + epsilon) OPT",
         .complexity =
             "O(log((B_max - B_min)/(epsilon B_min))) runs of the DP, each of O(n^2 k) states at worst",
         .reference = "Kedad-Sidhoum et al. 2013, section 5.2 (the relaxed version)"});
}

}  // namespace hetsched::registry_detail
