// What the answer of a solve is (SolveStatus), separate from whether the call worked (CallStatus, and the
// Error of an Expected when it did not). As in HiGHS, a model status beside a run status.
#pragma once

#include <optional>
#include <string>

namespace hetsched {

// The answer. Values reach JSON by name; only ever append.
//   optimal      proven best (or, with a result's optimal_within, best in a class of schedules)
//   feasible     a valid schedule without a proof of optimality (heuristics, approximations)
//   infeasible   no schedule exists; the message says why
//   time_limit   the solver's time limit ended the search: the best schedule found so far, with its gap to
//                the best proven bound where the solver has one
//   cancelled    stopped on request after it had found a schedule: that schedule (and its gap). A solver
//                stopped before it had any returns the cancellation error instead.
//   iteration_limit  the solver's iteration limit (steady column generation's max_iterations) ended the
//                search: as time_limit, the best found and its gap
enum class SolveStatus { Optimal, Feasible, Infeasible, TimeLimit, Cancelled, IterationLimit };

// "optimal", "feasible", "infeasible", "time_limit", "cancelled", "iteration_limit"
const char* solveStatusName(SolveStatus status);
std::optional<SolveStatus> solveStatusFromName(const std::string& name);

// Whether the call worked. Ok: it ran to its end. Warning: it returned an answer but stopped early (a time
// limit, a cancellation): the answer is the best found, not the solver's full answer. Error: it returned
// no answer (the Error of an Expected says why; no SolveResult carries Error, callers that record failed
// runs do). Names reach JSON ("call_status"); only ever append.
enum class CallStatus { Ok, Warning, Error };

const char* callStatusName(CallStatus status);   // "ok", "warning", "error"
std::optional<CallStatus> callStatusFromName(const std::string& name);

// The call status of a call that returned an answer with this status: Warning for time_limit,
// iteration_limit and cancelled, else Ok.
CallStatus callStatusOf(SolveStatus status);

// The relative gap between an answer's objective and the best proven bound on the optimum (below it when
// minimising, above it when maximising): |objective - bound| / max(|objective|, |bound|), 0 when both are
// 0. In [0, 1] when both have the same sign; 0 means proven optimal.
double relativeGap(double objective, double bound);

}  // namespace hetsched
