#include "common/status.h"

#include <algorithm>
#include <cmath>

namespace hetsched {

const char* solveStatusName(SolveStatus status) {
    switch (status) {
    case SolveStatus::Optimal: return "optimal";
    case SolveStatus::Feasible: return "feasible";
    case SolveStatus::Infeasible: return "infeasible";
    case SolveStatus::TimeLimit: return "time_limit";
    case SolveStatus::Cancelled: return "cancelled";
    case SolveStatus::IterationLimit: return "iteration_limit";
    }
    return "feasible";
}

std::optional<SolveStatus> solveStatusFromName(const std::string& name) {
    for (SolveStatus s : {SolveStatus::Optimal, SolveStatus::Feasible, SolveStatus::Infeasible,
                          SolveStatus::TimeLimit, SolveStatus::Cancelled, SolveStatus::IterationLimit})
        if (name == solveStatusName(s)) return s;
    return std::nullopt;
}

const char* callStatusName(CallStatus status) {
    switch (status) {
    case CallStatus::Ok: return "ok";
    case CallStatus::Warning: return "warning";
    case CallStatus::Error: return "error";
    }
    return "error";
}

std::optional<CallStatus> callStatusFromName(const std::string& name) {
    for (CallStatus s : {CallStatus::Ok, CallStatus::Warning, CallStatus::Error})
        if (name == callStatusName(s)) return s;
    return std::nullopt;
}

CallStatus callStatusOf(SolveStatus status) {
    return status == SolveStatus::TimeLimit || status == SolveStatus::Cancelled ||
                   status == SolveStatus::IterationLimit
               ? CallStatus::Warning
               : CallStatus::Ok;
}

double relativeGap(double objective, double bound) {
    const double scale = std::max(std::abs(objective), std::abs(bound));
    return scale > 0 ? std::abs(objective - bound) / scale : 0.0;
}

}  // namespace hetsched
