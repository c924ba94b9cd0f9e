#include "solvers/divisible/divisible_common.h"
#include "common/number_format.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <numeric>

namespace hetsched {

namespace divisible_detail {

double DensePackingLp::solve(double* x) {
    constexpr int kWidth = kMaxColumns + kMaxRows;
    constexpr double kPivotTolerance = 1e-12;
    const int m = m_rows;
    const int n = m_columns;
    const int width = n + m;
    std::array<std::array<double, kWidth>, kMaxRows> t{};
    std::array<double, kMaxRows> rhs{};
    std::array<int, kMaxRows> basis{};
    std::array<double, kWidth> reduced{};
    for (int r = 0; r < m; ++r) {
        for (int j = 0; j < n; ++j) t[r][j] = m_a[r][j];
        t[r][n + r] = 1;
        rhs[r] = 1;
        basis[r] = n + r;
    }
    for (int j = 0; j < n; ++j) reduced[j] = -m_objective[j];
    // Dantzig's rule, then Bland's (no cycling) if a degenerate stretch lasts.
    for (int iteration = 0; iteration < 500; ++iteration) {
        const bool bland = iteration >= 60;
        int entering = -1;
        double mostNegative = -1e-13;
        for (int j = 0; j < width; ++j) {
            if (reduced[j] < mostNegative) {
                entering = j;
                if (bland) break;
                mostNegative = reduced[j];
            }
        }
        if (entering < 0) break;
        int leaving = -1;
        double ratio = std::numeric_limits<double>::infinity();
        for (int r = 0; r < m; ++r) {
            if (t[r][entering] <= kPivotTolerance) continue;
            const double q = rhs[r] / t[r][entering];
            if (q < ratio || (q == ratio && basis[r] < basis[leaving])) {
                ratio = q;
                leaving = r;
            }
        }
        if (leaving < 0) return std::numeric_limits<double>::infinity();   // unbounded: not a packing LP
        const double pivot = t[leaving][entering];
        for (int j = 0; j < width; ++j) t[leaving][j] /= pivot;
        rhs[leaving] /= pivot;
        for (int r = 0; r < m; ++r) {
            const double f = t[r][entering];
            if (r == leaving || f == 0) continue;
            for (int j = 0; j < width; ++j) t[r][j] -= f * t[leaving][j];
            rhs[r] = std::max(0.0, rhs[r] - f * rhs[leaving]);
        }
        const double f = reduced[entering];
        for (int j = 0; j < width; ++j) reduced[j] -= f * t[leaving][j];
        basis[leaving] = entering;
    }
    std::array<double, kMaxColumns> point{};
    for (int r = 0; r < m; ++r)
        if (basis[r] < n) point[basis[r]] = rhs[r];
    double value = 0;
    for (int j = 0; j < n; ++j) value += m_objective[j] * point[j];
    if (x) std::copy(point.begin(), point.begin() + n, x);
    return value;
}

double denseScenarioThroughput(const DivisibleInstance& in, const std::vector<std::size_t>& sendOrder,
                               const std::vector<std::size_t>& returnOrder, std::vector<double>* alpha) {
    const int n = static_cast<int>(sendOrder.size());
    std::array<int, DensePackingLp::kMaxColumns> sendPos{};
    std::array<int, DensePackingLp::kMaxColumns> returnPos{};
    for (int k = 0; k < n; ++k) {
        sendPos[sendOrder[k]] = k;
        returnPos[returnOrder[k]] = k;
    }
    DensePackingLp lp(n, n);
    for (int j = 0; j < n; ++j) {
        const DivisibleWorker& wj = in.workers[j];
        const double s = wj.c + wj.w + wj.d;
        lp.setObjective(j, 1 / s);
        for (int i = 0; i < n; ++i) {
            double a = 0;
            if (sendPos[j] < sendPos[i]) a += wj.c;
            if (i == j) a += wj.c + wj.w;
            if (returnPos[j] >= returnPos[i]) a += wj.d;
            lp.at(i, j) = a / s;
        }
    }
    std::array<double, DensePackingLp::kMaxColumns> x{};
    const double throughput = lp.solve(x.data());
    if (alpha) {
        alpha->assign(in.workers.size(), 0.0);
        for (int j = 0; j < n; ++j) {
            const DivisibleWorker& wj = in.workers[j];
            (*alpha)[j] = in.horizon * x[j] / (wj.c + wj.w + wj.d);
        }
    }
    return throughput;
}

std::vector<double> noReturnLoads(const DivisibleInstance& in, const std::vector<std::size_t>& order,
                                  const std::vector<double>& c) {
    std::vector<double> alpha(in.workers.size(), 0.0);
    double previous = 0;
    for (std::size_t k = 0; k < order.size(); ++k) {
        const std::size_t i = order[k];
        // Eq.: alpha_1 (c_1 + w_1) = T, alpha_{k+1} (c_{k+1} + w_{k+1}) = alpha_k w_k.
        const double a = k == 0 ? in.horizon / (c[i] + in.workers[i].w)
                                : previous * in.workers[order[k - 1]].w / (c[i] + in.workers[i].w);
        alpha[i] = a;
        previous = a;
    }
    return alpha;
}

FifoPrefixes fifoPrefixes(const DivisibleInstance& in, const std::vector<std::size_t>& order, bool swapped) {
    FifoPrefixes f;
    f.u.reserve(order.size());
    f.throughput.reserve(order.size());
    double running = 0;   // sum_{j<i} (c_j - d_j) u_j: row i of L u without its diagonal
    double sumU = 0;      // S_q
    double sumDU = 0;     // D_q = d.u over the prefix
    double bestThroughput = 0;
    bool valid = true;
    for (std::size_t k = 0; k < order.size(); ++k) {
        const DivisibleWorker& wk = in.workers[order[k]];
        const double c = swapped ? wk.d : wk.c;
        const double d = swapped ? wk.c : wk.d;
        // Forward substitution of L u = 1: L_kk = c_k + w_k, L_kj = c_j - d_j (j < k).
        const double u = (1 - running) / (c + wk.w);
        running += (c - d) * u;
        sumU += u;
        sumDU += d * u;
        f.u.push_back(u);
        // Sherman-Morrison: alpha = T u / (1 + d.u), so rho_q = S_q / (1 + D_q).
        f.throughput.push_back(sumU / (1 + sumDU));
        valid = valid && u > 0;
        if (valid) {
            f.validCount = k + 1;
            if (f.throughput.back() > bestThroughput) {
                bestThroughput = f.throughput.back();
                f.best = k + 1;
            }
        }
    }
    return f;
}

std::vector<std::size_t> identityOrder(std::size_t n) {
    std::vector<std::size_t> order(n);
    std::iota(order.begin(), order.end(), std::size_t{0});
    return order;
}

}  // namespace divisible_detail

namespace {

// Times of every participant for loads alpha in a scenario (participants only in the orders).
void fillTimes(const DivisibleInstance& in, DivisibleSolution& s) {
    s.times.assign(in.workers.size(), DivisibleTimes{});
    double t = 0;
    for (std::size_t i : s.sendOrder) {
        DivisibleTimes& tm = s.times[i];
        tm.sendStart = t;
        tm.sendEnd = t + s.alpha[i] * in.workers[i].c;
        tm.computeEnd = tm.sendEnd + s.alpha[i] * in.workers[i].w;
        t = tm.sendEnd;
    }
    t = in.horizon;
    for (auto it = s.returnOrder.rbegin(); it != s.returnOrder.rend(); ++it) {
        DivisibleTimes& tm = s.times[*it];
        tm.returnEnd = t;
        tm.returnStart = t - s.alpha[*it] * in.workers[*it].d;
        t = tm.returnStart;
    }
    for (std::size_t i : s.sendOrder) s.times[i].idle = s.times[i].returnStart - s.times[i].computeEnd;
}

}  // namespace

DivisibleSolution makeDivisibleSolution(const DivisibleInstance& in, const std::vector<std::size_t>& sendOrder,
                                        const std::vector<std::size_t>& returnOrder, std::vector<double> alpha,
                                        SolveStatus status, std::string message) {
    DivisibleSolution s;
    s.status = status;
    s.message = std::move(message);
    s.alpha.assign(in.workers.size(), 0.0);
    for (std::size_t i : sendOrder)
        if (i < alpha.size() && std::isfinite(alpha[i]) && alpha[i] > 0) s.alpha[i] = alpha[i];
    for (std::size_t i : sendOrder)
        if (s.alpha[i] > 0) s.sendOrder.push_back(i);
    for (std::size_t i : returnOrder)
        if (s.alpha[i] > 0) s.returnOrder.push_back(i);
    if (s.returnOrder.size() != s.sendOrder.size()) {   // a caller's inconsistent orders: keep what both list
        std::vector<char> returns(in.workers.size(), 0);
        for (std::size_t i : s.returnOrder) returns[i] = 1;
        std::vector<std::size_t> kept;
        for (std::size_t i : s.sendOrder) (returns[i] ? kept.push_back(i) : void(s.alpha[i] = 0));
        s.sendOrder = kept;
        s.returnOrder.erase(std::remove_if(s.returnOrder.begin(), s.returnOrder.end(),
                                           [&](std::size_t i) { return s.alpha[i] <= 0; }),
                            s.returnOrder.end());
    }
    fillTimes(in, s);
    // Rounding may leave a return a hair before its computation ends: scale every load down (the
    // constraints are homogeneous in alpha, with T on the right) until each holds.
    double worst = in.horizon;
    for (std::size_t i : s.sendOrder)
        worst = std::max(worst, s.times[i].computeEnd + (in.horizon - s.times[i].returnStart));
    if (worst > in.horizon) {
        const double factor = in.horizon / worst;
        for (double& a : s.alpha) a *= factor;
        fillTimes(in, s);
    }
    // Idle times below rounding are none (the theorems' "no idle time" reads as an exact 0).
    for (std::size_t i : s.sendOrder)
        if (s.times[i].idle < 1e-12 * in.horizon) s.times[i].idle = 0;
    s.load = 0;
    for (double a : s.alpha) s.load += a;
    s.throughput = s.load / in.horizon;
    return s;
}

std::vector<std::string> verifyDivisible(const DivisibleInstance& in, const DivisibleSolution& s) {
    std::vector<std::string> problems;
    const double T = in.horizon;
    const double tol = 1e-9 * T;
    const std::size_t p = in.workers.size();
    if (s.alpha.size() != p || s.times.size() != p) {
        problems.push_back("the solution has " + std::to_string(s.alpha.size()) + " loads and " +
                           std::to_string(s.times.size()) + " timelines for " + std::to_string(p) + " workers");
        return problems;
    }
    auto name = [&](std::size_t i) { return in.workers[i].name; };
    std::vector<char> inSend(p, 0), inReturn(p, 0);
    for (std::size_t i : s.sendOrder) {
        if (i >= p || inSend[i]) {
            problems.push_back("send order lists a worker twice or an unknown worker");
            return problems;
        }
        inSend[i] = 1;
    }
    for (std::size_t i : s.returnOrder) {
        if (i >= p || inReturn[i]) {
            problems.push_back("return order lists a worker twice or an unknown worker");
            return problems;
        }
        inReturn[i] = 1;
    }
    double load = 0;
    for (std::size_t i = 0; i < p; ++i) {
        const double a = s.alpha[i];
        if (!std::isfinite(a) || a < 0) {
            problems.push_back(name(i) + ": load alpha = " + formatSignificant(a) + " is negative or not finite");
            continue;
        }
        load += a;
        const bool participates = a > 0;
        if (participates != bool(inSend[i]) || participates != bool(inReturn[i])) {
            problems.push_back(name(i) + ": alpha = " + formatSignificant(a) +
                               (participates ? " but it is missing from the send or return order"
                                             : " but it is listed in the send or return order"));
            continue;
        }
        if (!participates) continue;
        const DivisibleWorker& w = in.workers[i];
        const DivisibleTimes& t = s.times[i];
        for (double v : {t.sendStart, t.sendEnd, t.computeEnd, t.returnStart, t.returnEnd, t.idle})
            if (!std::isfinite(v)) problems.push_back(name(i) + ": a time is not finite");
        if (t.sendStart < -tol) problems.push_back(name(i) + ": its data is sent before time 0");
        if (t.returnEnd > T + tol)
            problems.push_back(name(i) + ": its results arrive at " + formatSignificant(t.returnEnd) + ", after T = " +
                               formatSignificant(T));
        if (std::abs(t.sendEnd - t.sendStart - a * w.c) > tol) problems.push_back(name(i) + ": send time is not alpha c");
        if (t.computeEnd - t.sendEnd < a * w.w - tol)
            problems.push_back(name(i) + ": computes before its data has arrived or faster than alpha w");
        if (std::abs(t.returnEnd - t.returnStart - a * w.d) > tol)
            problems.push_back(name(i) + ": return time is not alpha d");
        if (t.returnStart < t.computeEnd - tol)
            problems.push_back(name(i) + ": returns results at " + formatSignificant(t.returnStart) +
                               " before its computation ends at " + formatSignificant(t.computeEnd));
        if (std::abs(t.idle - (t.returnStart - t.computeEnd)) > tol)
            problems.push_back(name(i) + ": idle time is not the gap between computation and return");
    }
    // One-port master: consecutive messages in each order must not overlap, and the orders match the times.
    for (std::size_t k = 1; k < s.sendOrder.size(); ++k) {
        const std::size_t a = s.sendOrder[k - 1], b = s.sendOrder[k];
        if (s.times[b].sendStart < s.times[a].sendEnd - tol)
            problems.push_back("master send port: " + name(a) + " and " + name(b) + " overlap");
    }
    for (std::size_t k = 1; k < s.returnOrder.size(); ++k) {
        const std::size_t a = s.returnOrder[k - 1], b = s.returnOrder[k];
        if (s.times[b].returnStart < s.times[a].returnEnd - tol)
            problems.push_back("master receive port: " + name(a) + " and " + name(b) + " overlap");
    }
    if (std::abs(load - s.load) > 1e-9 * std::max(1.0, load))
        problems.push_back("load " + formatSignificant(s.load) + " is not the sum of the alphas " + formatSignificant(load));
    if (std::abs(s.throughput * T - s.load) > 1e-9 * std::max(1.0, s.load))
        problems.push_back("throughput is not load / T");
    return problems;
}

Schedule divisibleSchedule(const DivisibleInstance& in, const DivisibleSolution& s) {
    Schedule schedule;
    schedule.title = "divisible load, throughput " + formatSignificant(s.throughput);
    Lane send{"master send", "master", {}};
    Lane receive{"master receive", "master", {}};
    for (std::size_t i : s.sendOrder) {
        const DivisibleTimes& t = s.times[i];
        const int id = static_cast<int>(i);
        const std::string alpha = "α=" + formatSignificant(s.alpha[i]);
        send.intervals.push_back({t.sendStart, t.sendEnd, IntervalKind::Send, in.workers[i].name, id, "", alpha});
    }
    for (std::size_t i : s.returnOrder) {
        const DivisibleTimes& t = s.times[i];
        receive.intervals.push_back({t.returnStart, t.returnEnd, IntervalKind::Return, in.workers[i].name,
                                     static_cast<int>(i), "", "α=" + formatSignificant(s.alpha[i])});
    }
    schedule.lanes.push_back(std::move(send));
    schedule.lanes.push_back(std::move(receive));
    for (std::size_t i = 0; i < in.workers.size(); ++i) {
        Lane lane{in.workers[i].name, "workers", {}};
        if (i < s.alpha.size() && s.alpha[i] > 0) {
            const DivisibleTimes& t = s.times[i];
            const int id = static_cast<int>(i);
            const std::string alpha = "α=" + formatSignificant(s.alpha[i]);
            lane.intervals.push_back({t.sendStart, t.sendEnd, IntervalKind::Receive, "data", id, "", alpha});
            lane.intervals.push_back({t.sendEnd, t.computeEnd, IntervalKind::Compute, alpha, id, "", alpha});
            if (t.idle > 0)
                lane.intervals.push_back({t.computeEnd, t.returnStart, IntervalKind::Idle,
                                          "x=" + formatSignificant(t.idle), id, "", "idle time x_i"});
            if (t.returnEnd > t.returnStart)
                lane.intervals.push_back({t.returnStart, t.returnEnd, IntervalKind::Return, "results", id, "", alpha});
        }
        schedule.lanes.push_back(std::move(lane));
    }
    schedule.markers.push_back({"T", in.horizon, false});
    schedule.metrics.push_back({"throughput", s.throughput});
    schedule.metrics.push_back({"load", s.load});
    schedule.metrics.push_back({"participants", static_cast<double>(s.sendOrder.size())});
    return schedule;
}

}  // namespace hetsched
