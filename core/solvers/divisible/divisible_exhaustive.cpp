// exhaustive: the optimum over every scenario by branch and bound on (send order, return order).
//
// Facts used: (1) the LP of a full pair of orders of all p workers, where alpha may be 0, covers every
// sub-scenario, so the optimum is the best LP over full pairs (pi, sigma). (2) For a fixed pi, dropping
// the returns of the other workers from each row (keeping alpha_i d_i and the receive port
// sum alpha_j d_j <= T) bounds every sigma; with the last returns of sigma fixed (built from the end),
// their rows are exact and the others keep only their own return plus those fixed ones.
#include <algorithm>
#include <cmath>

#include "solvers/divisible/divisible_common.h"
#include "solvers/divisible/divisible_registration.h"

namespace hetsched {

using divisible_detail::DensePackingLp;

namespace {

constexpr double kPruneTolerance = 1e-11;

class ExhaustiveSearch {
public:
    ExhaustiveSearch(const DivisibleInstance& in, const Progress& progress)
        : m_in(in), m_p(static_cast<int>(in.workers.size())), m_progress(progress) {
        for (int j = 0; j < m_p; ++j) {
            const DivisibleWorker& w = in.workers[j];
            m_scale[j] = w.c + w.w + w.d;
        }
    }

    void offer(double throughput, const std::vector<std::size_t>& pi, const std::vector<std::size_t>& sigma) {
        if (throughput > m_best) {
            m_best = throughput;
            m_bestPi = pi;
            m_bestSigma = sigma;
        }
    }

    // The bound of the node: send order m_pi fixed, returns `suffix` fixed at the end (suffix[0] last).
    double bound(const std::vector<int>& suffix) {
        ++m_lpCount;
        DensePackingLp lp(m_p + 1, m_p);
        std::array<int, DensePackingLp::kMaxColumns> suffixPos;   // -1: return position not fixed
        suffixPos.fill(-1);
        for (int k = 0; k < static_cast<int>(suffix.size()); ++k) suffixPos[suffix[k]] = k;
        for (int j = 0; j < m_p; ++j) {
            const DivisibleWorker& wj = m_in.workers[j];
            const double s = m_scale[j];
            lp.setObjective(j, 1 / s);
            for (int i = 0; i < m_p; ++i) {
                double a = 0;
                if (m_sendPos[j] < m_sendPos[i]) a += wj.c;
                if (i == j) a += wj.c + wj.w;
                if (suffixPos[i] >= 0) {
                    // Exact row: j returns at or after i.
                    if (suffixPos[j] >= 0 && suffixPos[j] <= suffixPos[i]) a += wj.d;
                } else if (i == j || suffixPos[j] >= 0) {
                    a += wj.d;   // relaxed row: its own return and the fixed last ones
                }
                lp.at(i, j) = a / s;
            }
            lp.at(m_p, j) = wj.d / s;   // the receive port: sum alpha_j d_j <= T
        }
        return lp.solve();
    }

    // Send-order bound: no return fixed.
    double sendBound(const std::vector<std::size_t>& pi) {
        setSendOrder(pi);
        return bound({});
    }

    void setSendOrder(const std::vector<std::size_t>& pi) {
        m_pi = pi;
        for (int k = 0; k < m_p; ++k) m_sendPos[pi[k]] = k;
    }

    // Depth-first over the return order from its end, best bound first.
    bool explore(std::vector<int>& suffix) {
        if (m_lpCount - m_lastCheck > 2048) {
            m_lastCheck = m_lpCount;
            if (m_progress.stopRequested()) return false;
        }
        std::vector<std::pair<double, int>> children;
        for (int u = 0; u < m_p; ++u) {
            if (std::find(suffix.begin(), suffix.end(), u) != suffix.end()) continue;
            suffix.push_back(u);
            const double b = bound(suffix);
            suffix.pop_back();
            if (b > m_best * (1 + kPruneTolerance)) children.emplace_back(b, u);
        }
        std::sort(children.begin(), children.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
        for (const auto& [b, u] : children) {
            if (b <= m_best * (1 + kPruneTolerance)) break;
            suffix.push_back(u);
            if (static_cast<int>(suffix.size()) >= m_p - 1) {
                // The bound of a node with one return left is the exact LP of the full pair.
                std::vector<std::size_t> sigma;
                for (int k = 0; k < m_p; ++k)
                    if (std::find(suffix.begin(), suffix.end(), k) == suffix.end()) sigma.push_back(k);
                for (auto it = suffix.rbegin(); it != suffix.rend(); ++it) sigma.push_back(static_cast<std::size_t>(*it));
                offer(b, m_pi, sigma);
            } else if (!explore(suffix)) {
                return false;
            }
            suffix.pop_back();
        }
        return true;
    }

    double best() const { return m_best; }
    const std::vector<std::size_t>& bestPi() const { return m_bestPi; }
    const std::vector<std::size_t>& bestSigma() const { return m_bestSigma; }
    long long lpCount() const { return m_lpCount; }

private:
    const DivisibleInstance& m_in;
    int m_p;
    const Progress& m_progress;
    std::array<double, DensePackingLp::kMaxColumns> m_scale{};
    std::array<int, DensePackingLp::kMaxColumns> m_sendPos{};
    std::vector<std::size_t> m_pi;
    double m_best = -1;
    std::vector<std::size_t> m_bestPi, m_bestSigma;
    long long m_lpCount = 0;
    long long m_lastCheck = 0;
};

}  // namespace

Expected<DivisibleSolution> solveDivisibleExhaustive(const DivisibleInstance& in, const Progress& progress) {
    const std::size_t p = in.workers.size();
    if (p > kExhaustiveMaxWorkers)
        return invalidInput("exhaustive searches every pair of orders and handles at most " +
                            std::to_string(kExhaustiveMaxWorkers) + " workers; this instance has " +
                            std::to_string(p) + " (use fifo-optimal or lifo-optimal)");
    if (progress.stopRequested()) return cancelledError();   // before any schedule
    ExhaustiveSearch search(in, progress);
    // Incumbents: the optimal LIFO schedule and the best FIFO order.
    {
        Expected<DivisibleSolution> lifo = solveDivisibleLifoOptimal(in);
        if (!lifo) return lifo.error();
        std::vector<std::size_t> order = orderByCommunication(in);
        std::vector<std::size_t> back(order.rbegin(), order.rend());
        search.offer(divisible_detail::denseScenarioThroughput(in, order, back), order, back);
        order = divisible_detail::identityOrder(p);
        do {
            search.offer(divisible_detail::denseScenarioThroughput(in, order, order), order, order);
        } while (std::next_permutation(order.begin(), order.end()));
    }
    // Stopped once the incumbents exist: the best of them so far, with the bound when one is known.
    auto stopped = [&](std::optional<double> bound, const std::string& where) {
        std::vector<double> alpha;
        divisible_detail::denseScenarioThroughput(in, search.bestPi(), search.bestSigma(), &alpha);
        DivisibleSolution s = makeDivisibleSolution(in, search.bestPi(), search.bestSigma(), std::move(alpha),
                                                    SolveStatus::Cancelled,
                                                    "the best scenario found when cancelled " + where);
        if (bound) s.upperBound = std::max(*bound, s.throughput);
        return s;
    };
    if (progress.stopRequested()) return stopped(std::nullopt, "(before the search)");
    // Every send order with its bound, best first; stop at the first that cannot beat the incumbent.
    std::vector<std::pair<double, std::vector<std::size_t>>> sendOrders;
    std::vector<std::size_t> pi = divisible_detail::identityOrder(p);
    do {
        const double b = search.sendBound(pi);
        if (b > search.best() * (1 + kPruneTolerance)) sendOrders.emplace_back(b, pi);
    } while (std::next_permutation(pi.begin(), pi.end()));
    std::stable_sort(sendOrders.begin(), sendOrders.end(),
                     [](const auto& a, const auto& b) { return a.first > b.first; });
    std::size_t explored = 0;
    // The orders are sorted by bound: the first one not finished bounds every schedule not yet seen.
    auto where = [&](std::size_t k) {
        return std::string("(").append(std::to_string(k)).append(" of ").append(std::to_string(sendOrders.size()))
            .append(" send orders explored)");
    };
    for (const auto& [b, order] : sendOrders) {
        if (b <= search.best() * (1 + kPruneTolerance)) break;
        if (progress.stopRequested()) return stopped(b, where(explored));
        progress.report(double(explored) / double(sendOrders.size()), "exhaustive search");
        search.setSendOrder(order);
        std::vector<int> suffix;
        if (p == 1) {
            ++explored;
            break;
        }
        if (!search.explore(suffix)) return stopped(b, where(explored));
        ++explored;
    }
    std::vector<double> alpha;
    divisible_detail::denseScenarioThroughput(in, search.bestPi(), search.bestSigma(), &alpha);
    return makeDivisibleSolution(in, search.bestPi(), search.bestSigma(), std::move(alpha), SolveStatus::Optimal,
                                 "optimal over every scenario (branch and bound: " + std::to_string(explored) +
                                     " send orders explored, " + std::to_string(search.lpCount()) + " LPs)");
}

}  // namespace hetsched

namespace hetsched::registry_detail {

RegisteredSolver divisibleExhaustiveSolver() {
    return stated(
        divisibleSolver(
            "exhaustive",
            "exact over every scenario (subset, send order, return order): branch and bound with LP "
            "bounds, p <= 8 (default for p <= 7)",
            solveDivisibleExhaustive, divisibleSmallPlatform),
        {.guarantee = "optimal over every scenario (participants, send order, return order); refuses p > 8",
         .complexity = "exponential: branch and bound over pairs of orders with LP bounds (milliseconds at p "
                       "= 6, seconds at p = 8)",
         .reference =
             "Beaumont, Marchal, Robert 2005, slide \"Optimal schedule might be non-LIFO and non-FIFO\""});
}

}  // namespace hetsched::registry_detail
