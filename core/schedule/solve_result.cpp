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

std::string readStatusKeys(SolveResult& result, const nlohmann::json& json) {
    result.callStatus = callStatusOf(result.status);
    if (const auto it = json.find("call_status"); it != json.end()) {
        const std::optional<CallStatus> call = it->is_string() ? callStatusFromName(it->get<std::string>()) : std::nullopt;
        if (!call || *call == CallStatus::Error)
            return "\"call_status\" must be \"ok\" or \"warning\" in a result, got " + it->dump();
        result.callStatus = *call;
    }
    auto number = [&](const char* key, double lo, double hi, std::optional<double>& into) -> std::string {
        const auto it = json.find(key);
        if (it == json.end()) return {};
        if (!it->is_number() || !std::isfinite(it->get<double>()) || it->get<double>() < lo || it->get<double>() > hi)
            return std::string("\"") + key + "\" must be a number in [" + formatSignificant(lo) + ", " +
                   formatSignificant(hi) + "], got " + it->dump();
        into = it->get<double>();
        return {};
    };
    if (result.answerIsBound) {   // its "gap" is the family's (schedule against bound), as solve() leaves it
        result.bestBound.reset();
        result.gap.reset();
        return {};
    }
    if (std::string problem = number("best_bound", -1e300, 1e300, result.bestBound); !problem.empty()) return problem;
    if (std::string problem = number("gap", 0, 1e300, result.gap); !problem.empty()) return problem;
    if (!result.gap && result.bestBound && result.objective && result.status != SolveStatus::Infeasible)
        result.gap = relativeGap(*result.objective, *result.bestBound);
    return {};
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
