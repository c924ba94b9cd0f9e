// The one thin wrapper around GLPK that every LP and MIP of HetSched goes through.
//
// GLPK aborts the process when its error hook returns and keeps thread-local state
// (shared/DEPENDENCIES.md). solveLinearProgram therefore builds the model in C++ first, runs every
// GLPK call inside one guarded region whose error hook frees the thread's GLPK environment and
// longjmps out, never lets a C++ exception cross GLPK frames, and frees the thread's environment
// after every call, so that it may run on any thread, including short-lived worker threads.
#pragma once

#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "common/expected.h"
#include "common/progress.h"
#include "common/status.h"

namespace hetsched::lp {

constexpr double kInfinity = std::numeric_limits<double>::infinity();

enum class Sense { Minimize, Maximize };

struct Term {
    int variable = 0;
    double coefficient = 0;
};

// A linear (or mixed-integer) program: lower <= sum terms <= upper for each row, bounds on columns.
class LinearProgram {
public:
    explicit LinearProgram(Sense sense = Sense::Maximize) : m_sense(sense) {}

    // Bounds may be -kInfinity / kInfinity. Returns the variable's index (from 0).
    int addVariable(double lower, double upper, double objective, bool integer = false);
    // lower <= sum of terms <= upper; use -kInfinity / kInfinity for one-sided rows.
    int addConstraint(std::vector<Term> terms, double lower, double upper);

    Sense sense() const { return m_sense; }
    int variableCount() const { return static_cast<int>(m_columns.size()); }
    int constraintCount() const { return static_cast<int>(m_rows.size()); }
    bool hasIntegers() const;

    struct Column {
        double lower, upper, objective;
        bool integer;
    };
    struct Row {
        std::vector<Term> terms;
        double lower, upper;
    };
    const std::vector<Column>& columns() const { return m_columns; }
    const std::vector<Row>& rows() const { return m_rows; }

private:
    Sense m_sense;
    std::vector<Column> m_columns;
    std::vector<Row> m_rows;
};

// A simplex basis: which variables (rows' auxiliaries and columns) are basic, and where the others sit.
enum class BasisStatus : unsigned char { Basic, AtLower, AtUpper, Free, Fixed };

struct LpBasis {
    std::vector<BasisStatus> rows;
    std::vector<BasisStatus> columns;
    bool empty() const { return rows.empty() && columns.empty(); }
};

struct LpOptions {
    double timeLimitSeconds = 60;   // per GLPK call
    double mipGap = 0;              // relative gap at which a MIP search may stop
    bool exact = false;             // finish with GLPK's rational simplex (glp_exact) to verify the basis
    // Start the simplex from this basis (an earlier LpSolution::basis) instead of the slack basis: for a
    // program re-solved after adding columns (column generation), as the basis stays primal feasible.
    // It must have one status per row; columns beyond it start non-basic at a bound. A basis GLPK finds
    // invalid or singular falls back to an advanced basis, so a stale hint costs time, never the answer.
    const LpBasis* warmStart = nullptr;
};

// The LP layer's answer in the solvers' vocabulary (common/status.h): Optimal, Infeasible, TimeLimit and
// Cancelled mean what the SolveStatus values of those names mean -- a MIP stopped early by its time limit or
// on request is TimeLimit or Cancelled, with LpSolution::hasSolution saying whether GLPK had an integer
// solution (then in values, with the bound) -- plus Unbounded, which only a relaxation can be. There is no
// "feasible": a MIP solution without a proof is always the result of a limit or a stop.
enum class LpStatus { Optimal, Infeasible, Unbounded, TimeLimit, Cancelled };

const char* lpStatusName(LpStatus status);   // solveStatusName's names, and "unbounded"
// The one mapping to SolveStatus: the same value, none for Unbounded (a solver's model is never unbounded:
// it reports a solver failure).
std::optional<SolveStatus> solveStatusOf(LpStatus status);

struct LpSolution {
    LpStatus status = LpStatus::Infeasible;
    double objective = 0;
    bool hasSolution = false;     // values hold a solution: when Optimal, or a MIP's best at TimeLimit/Cancelled
    std::vector<double> values;   // one per variable (when hasSolution)
    std::vector<double> duals;    // one per constraint (LPs only, when Optimal)
    bool hasBound = false;        // bound holds a proven bound (always when Optimal)
    double bound = 0;             // MIP: best proven bound on the objective (equal to objective when Optimal)
    LpBasis basis;                // LPs only, when Optimal: the final basis, for LpOptions::warmStart
    int iterations = 0;           // simplex iterations this call took
    std::string message;          // which method answered, retries taken
};

// Solves with the simplex method (primal, then dual with rescaling on numerical trouble), or
// branch-and-cut when the program has integer variables. GLPK failures come back as
// ErrorKind::Solver with GLPK's reason; nothing aborts the process. A stop requested before the call
// returns the cancellation error; one requested during a branch-and-cut (seen in its callback) ends it with
// status Cancelled, with or without a solution. The simplex is not interrupted.
Expected<LpSolution> solveLinearProgram(const LinearProgram& program, const LpOptions& options = {},
                                        const Progress& progress = {});

namespace detail {
// Runs fn(data) with the GLPK error hook installed; returns false (and frees the thread's GLPK
// environment) when GLPK raised an error inside. fn must only make GLPK calls on plain data.
bool runGuarded(void (*fn)(void*), void* data);
}  // namespace detail

}  // namespace hetsched::lp
