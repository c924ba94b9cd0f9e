// Closed forms: no-return, lifo-optimal, fifo-optimal (Sherman-Morrison with Eigen), and the exact
// FIFO search when the FIFO theorem does not apply.
#include <Eigen/Dense>

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "solvers/divisible/divisible_common.h"
#include "solvers/divisible/divisible_registration.h"

namespace hetsched {

using divisible_detail::denseScenarioThroughput;
using divisible_detail::fifoPrefixes;
using divisible_detail::identityOrder;
using divisible_detail::noReturnLoads;

namespace {

std::string formatZ(double z) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.6g", z);
    return buffer;
}

// Every FIFO order of all workers with the dense LP: non-participants get alpha = 0, so this covers
// every subset (a worker with alpha = 0 in a FIFO order adds no constraint the others do not imply).
Expected<DivisibleSolution> exactFifoSearch(const DivisibleInstance& in, const Progress& progress) {
    std::vector<std::size_t> order = identityOrder(in.workers.size());
    std::vector<std::size_t> best = order;
    double bestThroughput = -1;
    std::size_t count = 0;
    do {
        if (++count % 4096 == 0 && progress.stopRequested()) return cancelledError();
        const double rho = denseScenarioThroughput(in, order, order);
        if (rho > bestThroughput * (1 + 1e-12)) {
            bestThroughput = rho;
            best = order;
        }
    } while (std::next_permutation(order.begin(), order.end()));
    std::vector<double> alpha;
    denseScenarioThroughput(in, best, best, &alpha);
    return makeDivisibleSolution(in, best, best, std::move(alpha), SolveStatus::Optimal,
                                 "optimal FIFO schedule: the d_i are not a constant ratio of the c_i, so the theorem "
                                 "does not apply; every one of the " + std::to_string(count) +
                                     " FIFO orders was solved as an LP");
}

// Every worker in `order`, FIFO, no idle time: A alpha = T 1 solved by Sherman-Morrison (valid for any d).
// If that system gives some worker a non-positive load, every worker cannot take part without idle
// time; the scenario LP of the order then chooses the loads (some may be 0) and the message says so.
Expected<DivisibleSolution> allWorkersFifo(const DivisibleInstance& in, const std::vector<std::size_t>& order,
                                           const std::string& what) {
    const divisible_detail::FifoPrefixes f = fifoPrefixes(in, order, false);
    const std::size_t p = order.size();
    if (f.validCount == p) {
        double du = 0;
        for (std::size_t k = 0; k < p; ++k) du += in.workers[order[k]].d * f.u[k];
        std::vector<double> alpha(in.workers.size(), 0.0);
        for (std::size_t k = 0; k < p; ++k) alpha[order[k]] = in.horizon * f.u[k] / (1 + du);
        return makeDivisibleSolution(in, order, order, std::move(alpha), SolveStatus::Feasible,
                                     "heuristic: every worker by increasing " + what +
                                         ", FIFO, no idle time (closed form); no guarantee");
    }
    const std::string& stuck = in.workers[order[f.validCount]].name;
    return divisible_detail::fifoLpInOrder(
        in, order, SolveStatus::Feasible,
        "heuristic: workers by increasing " + what + ", FIFO; with every worker and no idle time " + stuck +
            " would get a negative load, so the scenario LP of that order chose the loads; no guarantee");
}

std::vector<std::size_t> orderByKey(const DivisibleInstance& in, double DivisibleWorker::*key) {
    std::vector<std::size_t> order = identityOrder(in.workers.size());
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return in.workers[a].*key < in.workers[b].*key; });
    return order;
}

}  // namespace

Expected<DivisibleSolution> solveDivisibleFifoByC(const DivisibleInstance& in, const Progress&) {
    return allWorkersFifo(in, orderByKey(in, &DivisibleWorker::c), "c_i");
}

Expected<DivisibleSolution> solveDivisibleFifoByW(const DivisibleInstance& in, const Progress&) {
    return allWorkersFifo(in, orderByKey(in, &DivisibleWorker::w), "w_i");
}

Expected<DivisibleSolution> solveDivisibleNoReturn(const DivisibleInstance& in, const Progress&) {
    for (const DivisibleWorker& w : in.workers)
        if (w.d != 0)
            return invalidInput("no-return solves platforms without return messages (every d = 0); worker \"" + w.name +
                                "\" has d = " + formatZ(w.d) + " (lifo-optimal reduces returns to this problem)");
    std::vector<std::size_t> order = identityOrder(in.workers.size());
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return in.workers[a].c < in.workers[b].c; });
    std::vector<double> c(in.workers.size());
    for (std::size_t i = 0; i < c.size(); ++i) c[i] = in.workers[i].c;
    return makeDivisibleSolution(in, order, order, noReturnLoads(in, order, c), SolveStatus::Optimal,
                                 "optimal without return messages: workers by increasing c_i, all finishing at T");
}

Expected<DivisibleSolution> solveDivisibleLifoOptimal(const DivisibleInstance& in, const Progress&) {
    // Theorem (LIFO): c_i <- c_i + d_i, d_i <- 0 reduces it to the problem without returns.
    const std::vector<std::size_t> order = orderByCommunication(in);
    std::vector<double> c(in.workers.size());
    for (std::size_t i = 0; i < c.size(); ++i) c[i] = in.workers[i].c + in.workers[i].d;
    const std::vector<std::size_t> back(order.rbegin(), order.rend());
    return makeDivisibleSolution(in, order, back, noReturnLoads(in, order, c), SolveStatus::Optimal,
                                 "optimal LIFO schedule: every worker, sends by non-decreasing c_i + d_i, returns in "
                                 "reverse, no idle time");
}

Expected<DivisibleSolution> solveDivisibleFifoOptimal(const DivisibleInstance& in, const Progress& progress) {
    const std::optional<double> z = constantReturnRatio(in);
    if (!z) {
        if (in.workers.size() <= kExhaustiveMaxWorkers) return exactFifoSearch(in, progress);
        return divisible_detail::fifoLpInOrder(
            in, orderByCommunication(in), SolveStatus::Feasible,
            "not proven optimal: the d_i are not a constant ratio z of the c_i, so the FIFO theorem does not apply "
            "and " + std::to_string(in.workers.size()) +
                " workers are too many to try every FIFO order; this is the LP of the c_i + d_i order");
    }
    // z > 1: in reversed time the returns are the sends (c and d swap), and the FIFO order reverses.
    const bool swapped = *z > 1 + 1e-12;
    const std::vector<std::size_t> order = orderByCommunication(in);
    const divisible_detail::FifoPrefixes prefixes = fifoPrefixes(in, order, swapped);
    const std::size_t q = prefixes.best;
    if (q == 0) return solverError("fifo-optimal: no prefix has positive loads (numerical trouble)");

    const Eigen::Map<const Eigen::VectorXd> u(prefixes.u.data(), static_cast<Eigen::Index>(q));
    Eigen::VectorXd c(q), d(q), w(q);
    for (std::size_t k = 0; k < q; ++k) {
        const DivisibleWorker& wk = in.workers[order[k]];
        c[k] = swapped ? wk.d : wk.c;
        d[k] = swapped ? wk.c : wk.d;
        w[k] = wk.w;
    }
    // Sherman-Morrison on A = L + 1 d^T with L u = 1: alpha = T u / (1 + d.u).
    const Eigen::VectorXd alphaPrefix = in.horizon * u / (1 + d.dot(u));
    // Residual of A alpha = T 1, in O(q): (L alpha)_k = sum_{j<k} (c_j - d_j) alpha_j + (c_k + w_k) alpha_k.
    const double dAlpha = d.dot(alphaPrefix);
    double running = 0;
    double residual = 0;
    for (std::size_t k = 0; k < q; ++k) {
        residual = std::max(residual, std::abs(running + (c[k] + w[k]) * alphaPrefix[k] + dAlpha - in.horizon));
        running += (c[k] - d[k]) * alphaPrefix[k];
    }
    if (!(residual <= 1e-9 * in.horizon))
        return solverError("fifo-optimal: the closed form misses A alpha = T 1 by " + formatZ(residual));

    std::vector<double> alpha(in.workers.size(), 0.0);
    std::vector<std::size_t> participants(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(q));
    for (std::size_t k = 0; k < q; ++k) alpha[order[k]] = alphaPrefix[k];
    if (swapped) std::reverse(participants.begin(), participants.end());
    std::string message = "optimal FIFO schedule (theorem, d_i = z c_i with z = " + formatZ(*z) + "): the first " +
                          std::to_string(q) + " of " + std::to_string(in.workers.size()) + " workers by c_i + d_i, ";
    message += swapped ? "sent by non-increasing c_i + d_i (z > 1, time reversal)" : "sent by non-decreasing c_i + d_i";
    message += ", no idle time";
    return makeDivisibleSolution(in, participants, participants, std::move(alpha), SolveStatus::Optimal, message);
}

}  // namespace hetsched

namespace hetsched::registry_detail {

RegisteredSolver divisibleFifoOptimalSolver() {
    return stated(
        divisibleSolver(
            "fifo-optimal",
            "optimal FIFO schedule: closed form by Sherman-Morrison when d = z c (default for p > 7), "
            "else every FIFO order (p <= 8) or the LP of the c+d order",
            solveDivisibleFifoOptimal,
            [](const Instance& instance) { return !divisibleSmallPlatform(instance); }, "FIFO schedules"),
        {.guarantee = "optimal among FIFO schedules when d = z c (the theorem), or by trying every FIFO "
                      "order when p <= 8; beyond, the LP of the c + d order, not proven optimal",
         .complexity = "O(p log p) by the closed form; p! LPs when d is not z c and p <= 8",
         .reference = "Beaumont, Marchal, Robert 2005, slides \"FIFO strategies\" (Theorem)"});
}

RegisteredSolver divisibleLifoOptimalSolver() {
    return stated(divisibleSolver("lifo-optimal",
                                  "optimal LIFO schedule: every worker by c+d, no idle time, closed form",
                                  solveDivisibleLifoOptimal, nullptr, "LIFO schedules"),
                  {.guarantee = "optimal among LIFO schedules (the theorem)",
                   .complexity = "O(p log p)",
                   .reference = "Beaumont, Marchal, Robert 2005, slides \"LIFO strategies\" (Theorem)"});
}

RegisteredSolver divisibleFifoByCSolver() {
    return stated(
        divisibleSolver(
            "fifo-by-c",
            "heuristic of the simulations: every worker by increasing c, FIFO, no idle time (closed form)",
            solveDivisibleFifoByC),
        {.guarantee = "none: a heuristic (status feasible), never above fifo-optimal",
         .complexity = "O(p log p)",
         .reference = "Beaumont, Marchal, Robert 2005, slides \"Simulations\""});
}

RegisteredSolver divisibleFifoByWSolver() {
    return stated(
        divisibleSolver(
            "fifo-by-w",
            "heuristic of the simulations: every worker by increasing w, FIFO, no idle time (closed form)",
            solveDivisibleFifoByW),
        {.guarantee = "none: a heuristic (status feasible), never above fifo-optimal",
         .complexity = "O(p log p)",
         .reference = "Beaumont, Marchal, Robert 2005, slides \"Simulations\""});
}

RegisteredSolver divisibleNoReturnSolver() {
    return stated(
        divisibleSolver("no-return",
                        "classic problem without returns (every d = 0): closed form by increasing c",
                        solveDivisibleNoReturn),
        {.guarantee = "optimal when every d = 0 (other platforms are refused)",
         .complexity = "O(p log p)",
         .reference = "Beaumont, Marchal, Robert 2005, slides \"Without return messages\" (Bataineh, Hsiung, "
                      "Robertazzi)"});
}

}  // namespace hetsched::registry_detail
