#include "common/status.h"

namespace hetsched {

const char* solveStatusName(SolveStatus status) {
    switch (status) {
    case SolveStatus::Optimal: return "optimal";
    case SolveStatus::Feasible: return "feasible";
    case SolveStatus::Infeasible: return "infeasible";
    case SolveStatus::TimeLimit: return "time_limit";
    case SolveStatus::Cancelled: return "cancelled";
    }
    return "feasible";
}

std::optional<SolveStatus> solveStatusFromName(const std::string& name) {
    for (SolveStatus s : {SolveStatus::Optimal, SolveStatus::Feasible, SolveStatus::Infeasible,
                          SolveStatus::TimeLimit, SolveStatus::Cancelled})
        if (name == solveStatusName(s)) return s;
    return std::nullopt;
}

}  // namespace hetsched
