#include "schedule/solve_result.h"

#include <cmath>

#include "common/number_format.h"

namespace hetsched {

void setStatusKeys(SolveResult& result) {
    result.callStatus = callStatusOf(result.status);
    if (result.answerIsBound || result.status == SolveStatus::Infeasible || !result.objective ||
        !result.bestBound || !std::isfinite(*result.bestBound)) {
        result.gap.reset();
        if (result.answerIsBound) result.bestBound.reset();
        return;
    }
    result.gap = relativeGap(*result.objective, *result.bestBound);
}

void markBoundAnswer(SolveResult& result) {
    if (!result.bestBound) return;
    result.answerIsBound = true;
    result.objectiveName = "lower_bound";
    result.objective = *result.bestBound;
    result.schedule.title = "Lower bound " + formatSignificant(*result.objective) +
                            " · the schedule drawn is its relaxation rounded" +
                            (result.schedule.title.empty() ? "" : ": " + result.schedule.title);
}

std::string solveStatusText(const SolveResult& result) {
    if (result.answerIsBound)
        return result.status == SolveStatus::Optimal ? "lower bound, tight (its schedule meets it)" : "lower bound";
    const std::string gap =
        result.gap ? ", gap " + formatSignificant(100 * *result.gap, 2) + " %" : std::string();
    switch (result.status) {
    case SolveStatus::TimeLimit:
        return "time limit" + (!result.objective ? std::string() : gap.empty() ? std::string(", best found") : gap);
    case SolveStatus::IterationLimit:
        return "iteration limit" + (!result.objective ? std::string() : gap.empty() ? std::string(", best found") : gap);
    case SolveStatus::Cancelled: return "cancelled" + (result.objective ? ", best found" + gap : std::string());
    case SolveStatus::Optimal:
        return result.optimalWithin.empty() ? "optimal" : "optimal among " + result.optimalWithin;
    case SolveStatus::Feasible:
    case SolveStatus::Infeasible: break;
    }
    return solveStatusName(result.status);
}

}  // namespace hetsched
