// The scenario LP through core/lp (scenario-lp, and the fallbacks of fifo-optimal and the FIFO heuristics).
#include <algorithm>
#include <numeric>
#include <set>

#include "lp/linear_program.h"
#include "solvers/divisible/divisible_common.h"
#include "solvers/divisible/divisible_registration.h"

namespace hetsched {

namespace {

std::string namesOf(const DivisibleInstance& in, const std::vector<std::size_t>& order) {
    std::string text;
    for (std::size_t k = 0; k < order.size() && k < 12; ++k) text += (k ? " " : "") + in.workers[order[k]].name;
    if (order.size() > 12) text += " ...";
    return text;
}

Expected<DivisibleSolution> scenarioLp(const DivisibleInstance& in, const std::vector<std::size_t>& sendOrder,
                                       const std::vector<std::size_t>& returnOrder, SolveStatus status,
                                       const std::string& message, const Progress& progress) {
    const std::size_t m = sendOrder.size();
    if (m == 0 || returnOrder.size() != m) return invalidInput("a scenario lists the same workers in both orders");
    {
        std::set<std::size_t> a(sendOrder.begin(), sendOrder.end()), b(returnOrder.begin(), returnOrder.end());
        if (a != b || a.size() != m || *a.rbegin() >= in.workers.size())
            return invalidInput("the send and return orders must list the same distinct workers");
    }
    // Normalised loads beta_i = alpha_i s_i / T (s_i = c_i + w_i + d_i) keep the coefficients in (0, 1].
    // Sparse form: P_k = sum of the first k sends, Q_k = sum of the returns from position k of sigma on.
    lp::LinearProgram program(lp::Sense::Maximize);
    std::vector<int> beta(in.workers.size(), -1);
    auto scale = [&](std::size_t i) { return in.workers[i].c + in.workers[i].w + in.workers[i].d; };
    for (std::size_t i : sendOrder) beta[i] = program.addVariable(0, lp::kInfinity, 1 / scale(i));
    std::vector<int> prefix(m), suffix(m);
    for (std::size_t k = 0; k < m; ++k) prefix[k] = program.addVariable(0, lp::kInfinity, 0);
    for (std::size_t k = 0; k < m; ++k) suffix[k] = program.addVariable(0, lp::kInfinity, 0);
    program.addConstraint({{prefix[0], 1}}, 0, 0);
    for (std::size_t k = 1; k < m; ++k) {
        const std::size_t j = sendOrder[k - 1];
        program.addConstraint({{prefix[k], 1}, {prefix[k - 1], -1}, {beta[j], -in.workers[j].c / scale(j)}}, 0, 0);
    }
    for (std::size_t k = m; k-- > 0;) {
        const std::size_t j = returnOrder[k];
        std::vector<lp::Term> terms{{suffix[k], 1}, {beta[j], -in.workers[j].d / scale(j)}};
        if (k + 1 < m) terms.push_back({suffix[k + 1], -1});
        program.addConstraint(std::move(terms), 0, 0);
    }
    std::vector<std::size_t> returnPos(in.workers.size());
    for (std::size_t k = 0; k < m; ++k) returnPos[returnOrder[k]] = k;
    // Row of worker i: P_{pos(i)} + alpha_i (c_i + w_i) + Q_{sigma(i)} <= T.
    for (std::size_t k = 0; k < m; ++k) {
        const std::size_t i = sendOrder[k];
        program.addConstraint({{prefix[k], 1}, {beta[i], (in.workers[i].c + in.workers[i].w) / scale(i)},
                               {suffix[returnPos[i]], 1}},
                              -lp::kInfinity, 1);
    }
    lp::LpOptions options;
    options.exact = true;   // the rational simplex from the optimal basis: loads exact, not within 1e-7
    Expected<lp::LpSolution> solution = lp::solveLinearProgram(program, options, progress);
    if (!solution) return solution.error();
    if (solution->status == lp::LpStatus::Cancelled) return cancelledError();
    if (solution->status != lp::LpStatus::Optimal)
        return solverError(std::string("the scenario LP ended ") + lp::lpStatusName(solution->status) + ": " +
                           solution->message);
    std::vector<double> alpha(in.workers.size(), 0.0);
    for (std::size_t i : sendOrder) {
        const double b = solution->values[beta[i]];
        alpha[i] = b < 1e-12 ? 0.0 : in.horizon * b / scale(i);   // degenerate basics at a hair above 0
    }
    return makeDivisibleSolution(in, sendOrder, returnOrder, std::move(alpha), status, message);
}

}  // namespace

Expected<DivisibleSolution> solveScenarioLp(const DivisibleInstance& in, const std::vector<std::size_t>& sendOrder,
                                            const std::vector<std::size_t>& returnOrder) {
    return scenarioLp(in, sendOrder, returnOrder, SolveStatus::Optimal, "optimal for the given scenario", {});
}

Expected<DivisibleSolution> solveDivisibleScenarioLp(const DivisibleInstance& in, const Progress& progress) {
    std::vector<std::size_t> send = in.sendOrder.empty() ? divisible_detail::identityOrder(in.workers.size())
                                                          : in.sendOrder;
    std::vector<std::size_t> back = in.returnOrder.empty() ? send : in.returnOrder;
    const bool given = !in.sendOrder.empty() || !in.returnOrder.empty();
    std::string message = "optimal for the scenario " + std::string(given ? "given" : "of the listed order, FIFO") +
                          ": sends " + namesOf(in, send) + "; returns " + namesOf(in, back);
    return scenarioLp(in, send, back, SolveStatus::Optimal, message, progress);
}

namespace divisible_detail {
Expected<DivisibleSolution> fifoLpInOrder(const DivisibleInstance& in, const std::vector<std::size_t>& order,
                                          SolveStatus status, const std::string& message) {
    return scenarioLp(in, order, order, status, message, {});
}
}  // namespace divisible_detail

}  // namespace hetsched

namespace hetsched::registry_detail {

RegisteredSolver divisibleScenarioLpSolver() {
    return stated(
        divisibleSolver(
            "scenario-lp",
            "LP of the slides for the given send_order/return_order (default: listed order, FIFO), "
            "with idle times",
            solveDivisibleScenarioLp, nullptr, "schedules of the given send and return orders"),
        {.guarantee = "optimal among the schedules of the given send and return orders",
         .complexity = "one LP of 3p rows and O(p) non-zeros (GLPK, confirmed by its rational simplex)",
         .reference = "Beaumont, Marchal, Robert 2005, slide \"Linear Program for a given scenario\""});
}

}  // namespace hetsched::registry_detail
