#include "lp/linear_program.h"

#include <glpk.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <csetjmp>
#include <cstdio>

namespace hetsched::lp {

int LinearProgram::addVariable(double lower, double upper, double objective, bool integer) {
    m_columns.push_back({lower, upper, objective, integer});
    return static_cast<int>(m_columns.size()) - 1;
}

int LinearProgram::addConstraint(std::vector<Term> terms, double lower, double upper) {
    m_rows.push_back({std::move(terms), lower, upper});
    return static_cast<int>(m_rows.size()) - 1;
}

bool LinearProgram::hasIntegers() const {
    return std::any_of(m_columns.begin(), m_columns.end(), [](const Column& c) { return c.integer; });
}

std::optional<SolveStatus> solveStatusOf(LpStatus status) {
    switch (status) {
    case LpStatus::Optimal: return SolveStatus::Optimal;
    case LpStatus::Infeasible: return SolveStatus::Infeasible;
    case LpStatus::TimeLimit: return SolveStatus::TimeLimit;
    case LpStatus::Cancelled: return SolveStatus::Cancelled;
    case LpStatus::Unbounded: break;
    }
    return std::nullopt;
}

const char* lpStatusName(LpStatus status) {
    const std::optional<SolveStatus> common = solveStatusOf(status);
    return common ? solveStatusName(*common) : "unbounded";
}

namespace {

struct GuardContext {
    std::jmp_buf jump;
};

void errorHook(void* info) {
    auto* context = static_cast<GuardContext*>(info);
    glp_free_env();   // frees every GLPK object of this thread, including the problem being solved
    std::longjmp(context->jump, 1);
}

// BasisStatus <-> GLP_BS .. GLP_NS (1 .. 5, in the same order).
unsigned char glpkStatus(BasisStatus s) {
    return static_cast<unsigned char>(GLP_BS + static_cast<int>(s));
}
BasisStatus basisStatus(unsigned char glpk) {
    return glpk >= GLP_BS && glpk <= GLP_NS ? static_cast<BasisStatus>(glpk - GLP_BS) : BasisStatus::AtLower;
}

int boundType(double lower, double upper) {
    const bool hasLower = std::isfinite(lower);
    const bool hasUpper = std::isfinite(upper);
    if (hasLower && hasUpper) return lower == upper ? GLP_FX : GLP_DB;
    if (hasLower) return GLP_LO;
    if (hasUpper) return GLP_UP;
    return GLP_FR;
}

// Everything the guarded GLPK run reads and writes, as plain data (no destructors to skip).
struct GlpkRun {
    // Inputs.
    const LinearProgram* program = nullptr;
    const int* ia = nullptr;   // 1-based sparse matrix, as glp_load_matrix wants
    const int* ja = nullptr;
    const double* ar = nullptr;
    int nonZeros = 0;
    int timeLimitMs = 0;
    double mipGap = 0;
    bool exact = false;
    const Progress* progress = nullptr;
    std::chrono::steady_clock::time_point started = std::chrono::steady_clock::now();
    std::chrono::steady_clock::time_point lastReport{};
    const unsigned char* warmRows = nullptr;     // GLP_BS.. per row, or null
    const unsigned char* warmColumns = nullptr;  // per column of the hint (warmColumnCount of them)
    int warmColumnCount = 0;
    // Outputs.
    int status = GLP_UNDEF;
    int lastReturn = 0;
    int retries = 0;
    bool usedExact = false;
    bool stopped = false;
    bool branchAndCut = false;   // glp_intopt ran (the relaxation was solved to optimality)
    double objective = 0;
    double bound = 0;
    bool haveBound = false;
    double* values = nullptr;   // preallocated, one per column
    double* duals = nullptr;    // preallocated, one per row
    unsigned char* rowStatus = nullptr;     // preallocated, one per row: the final basis
    unsigned char* columnStatus = nullptr;  // preallocated, one per column
    int iterations = 0;
};

// GLPK's relative gap between an integer solution and the bound.
double mipGap(double best, double bound) {
    return std::abs(best - bound) / (std::abs(best) + 2.2204460492503131e-16);
}

// The branch-and-cut's progress as a person follows it: the share of the time limit spent, the best
// integer solution, the bound and their gap (glp_ios_mip_gap), at most every 200 ms.
void reportMipProgress(glp_tree* tree, GlpkRun* run) {
    const auto now = std::chrono::steady_clock::now();
    // A new incumbent is always worth a line; otherwise at most every 200 ms.
    if (glp_ios_reason(tree) != GLP_IBINGO && now - run->lastReport < std::chrono::milliseconds(200)) return;
    run->lastReport = now;
    const double elapsedMs = std::chrono::duration<double, std::milli>(now - run->started).count();
    const double fraction = std::clamp(elapsedMs / std::max(1, run->timeLimitMs), 0.0, 1.0);
    glp_prob* problem = glp_ios_get_prob(tree);
    char stage[160];
    // At a new incumbent the current subproblem's LP solution is it; else the stored incumbent, if any.
    const bool bingo = glp_ios_reason(tree) == GLP_IBINGO;
    if ((bingo || glp_mip_status(problem) == GLP_FEAS) && run->haveBound) {
        const double best = bingo ? glp_get_obj_val(problem) : glp_mip_obj_val(problem);
        std::snprintf(stage, sizeof stage, "branch-and-cut: best %.6g, bound %.6g, gap %.2f %%", best, run->bound,
                      100.0 * mipGap(best, run->bound));
    } else {
        std::snprintf(stage, sizeof stage, "branch-and-cut: no integer solution yet%s",
                      run->haveBound ? "" : " (solving the relaxation)");
    }
    // No C++ exception may cross GLPK's frames.
    try {
        run->progress->report(fraction, stage);
    } catch (...) {
    }
}

void mipCallback(glp_tree* tree, void* info) {
    auto* run = static_cast<GlpkRun*>(info);
    const int best = glp_ios_best_node(tree);
    if (best != 0) {
        run->bound = glp_ios_node_bound(tree, best);
        run->haveBound = true;
    }
    if (run->progress) reportMipProgress(tree, run);
    if (run->progress && run->progress->stopRequested()) {
        run->stopped = true;
        glp_ios_terminate(tree);
    }
}

void solveInGlpk(void* data) {
    auto* run = static_cast<GlpkRun*>(data);
    const LinearProgram& program = *run->program;
    glp_term_out(GLP_OFF);
    glp_prob* problem = glp_create_prob();
    glp_set_obj_dir(problem, program.sense() == Sense::Maximize ? GLP_MAX : GLP_MIN);
    const int rows = program.constraintCount();
    const int columns = program.variableCount();
    if (rows > 0) glp_add_rows(problem, rows);
    if (columns > 0) glp_add_cols(problem, columns);
    for (int i = 0; i < rows; ++i) {
        const auto& row = program.rows()[static_cast<std::size_t>(i)];
        glp_set_row_bnds(problem, i + 1, boundType(row.lower, row.upper), std::isfinite(row.lower) ? row.lower : 0.0,
                         std::isfinite(row.upper) ? row.upper : 0.0);
    }
    for (int j = 0; j < columns; ++j) {
        const auto& column = program.columns()[static_cast<std::size_t>(j)];
        glp_set_col_bnds(problem, j + 1, boundType(column.lower, column.upper),
                         std::isfinite(column.lower) ? column.lower : 0.0,
                         std::isfinite(column.upper) ? column.upper : 0.0);
        glp_set_obj_coef(problem, j + 1, column.objective);
        if (column.integer) glp_set_col_kind(problem, j + 1, GLP_IV);
    }
    if (run->nonZeros > 0) glp_load_matrix(problem, run->nonZeros, run->ia, run->ja, run->ar);
    if (run->warmRows) {
        // GLPK replaces a status that contradicts the bounds (GLP_NL on a free variable) by a consistent one.
        for (int i = 0; i < rows; ++i) glp_set_row_stat(problem, i + 1, run->warmRows[i]);
        for (int j = 0; j < columns; ++j)
            glp_set_col_stat(problem, j + 1, j < run->warmColumnCount ? run->warmColumns[j] : GLP_NL);
    }

    glp_smcp simplex;
    glp_init_smcp(&simplex);
    simplex.msg_lev = GLP_MSG_OFF;
    simplex.tm_lim = run->timeLimitMs;
    run->lastReturn = glp_simplex(problem, &simplex);
    int status = glp_get_status(problem);
    const auto settled = [](int ret, int st) {
        return ret == 0 && (st == GLP_OPT || st == GLP_NOFEAS || st == GLP_UNBND);
    };
    if (!settled(run->lastReturn, status) && run->lastReturn != GLP_ETMLIM) {
        // Numerical trouble: rescale, restart from an advanced basis with the dual simplex.
        ++run->retries;
        glp_scale_prob(problem, GLP_SF_GM | GLP_SF_EQ | GLP_SF_2N);
        glp_adv_basis(problem, 0);
        simplex.meth = GLP_DUALP;
        run->lastReturn = glp_simplex(problem, &simplex);
        status = glp_get_status(problem);
    }
    if ((!settled(run->lastReturn, status) && run->lastReturn != GLP_ETMLIM) || (run->exact && status == GLP_OPT)) {
        // Last resort, or verification on request: the rational simplex from the current basis.
        run->usedExact = true;
        run->lastReturn = glp_exact(problem, &simplex);
        status = glp_get_status(problem);
    }
    run->status = status;
    run->iterations = glp_get_it_cnt(problem);
    for (int i = 0; i < rows; ++i) run->rowStatus[i] = static_cast<unsigned char>(glp_get_row_stat(problem, i + 1));
    for (int j = 0; j < columns; ++j)
        run->columnStatus[j] = static_cast<unsigned char>(glp_get_col_stat(problem, j + 1));

    if (program.hasIntegers() && status == GLP_OPT) {
        glp_iocp integer;
        glp_init_iocp(&integer);
        integer.msg_lev = GLP_MSG_OFF;
        integer.tm_lim = run->timeLimitMs;
        integer.mip_gap = run->mipGap;
        integer.cb_func = mipCallback;
        integer.cb_info = run;
        run->branchAndCut = true;
        run->lastReturn = glp_intopt(problem, &integer);
        run->status = glp_mip_status(problem);
        run->objective = glp_mip_obj_val(problem);
        if (run->progress && (run->status == GLP_OPT || run->status == GLP_FEAS)) {
            // The last word: the answer's gap (0 when proven optimal).
            const double bound = run->status == GLP_OPT ? run->objective : run->bound;
            char stage[160];
            std::snprintf(stage, sizeof stage, "branch-and-cut: best %.6g, bound %.6g, gap %.2f %%", run->objective,
                          bound, 100.0 * mipGap(run->objective, bound));
            try {
                run->progress->report(1.0, stage);
            } catch (...) {
            }
        }
        for (int j = 0; j < columns; ++j) run->values[j] = glp_mip_col_val(problem, j + 1);
    } else if (!program.hasIntegers()) {
        run->objective = glp_get_obj_val(problem);
        for (int j = 0; j < columns; ++j) run->values[j] = glp_get_col_prim(problem, j + 1);
        for (int i = 0; i < rows; ++i) run->duals[i] = glp_get_row_dual(problem, i + 1);
    }
    glp_delete_prob(problem);
}

}  // namespace

namespace detail {

bool runGuarded(void (*fn)(void*), void* data) {
    // volatile: read after a longjmp back into this frame.
    GuardContext* volatile context = new GuardContext;
    bool ok = true;
    if (setjmp(context->jump) == 0) {
        glp_error_hook(errorHook, context);
        fn(data);
        glp_error_hook(nullptr, nullptr);
        glp_free_env();   // GLPK's environment is per thread; leave nothing behind on this one
    } else {
        ok = false;        // errorHook already freed the environment (and with it the hook)
    }
    delete context;
    return ok;
}

}  // namespace detail

Expected<LpSolution> solveLinearProgram(const LinearProgram& program, const LpOptions& options,
                                        const Progress& progress) {
    if (progress.stopRequested()) return cancelledError();
    const int columns = program.variableCount();
    const int rows = program.constraintCount();
    // Validate and assemble the matrix in C++ before any GLPK call.
    std::vector<int> ia{0};
    std::vector<int> ja{0};
    std::vector<double> ar{0.0};
    for (int j = 0; j < columns; ++j) {
        const auto& c = program.columns()[static_cast<std::size_t>(j)];
        if (std::isnan(c.lower) || std::isnan(c.upper) || !std::isfinite(c.objective) || c.lower > c.upper)
            return solverError("LP variable " + std::to_string(j) + " has invalid bounds or objective");
    }
    for (int i = 0; i < rows; ++i) {
        const auto& row = program.rows()[static_cast<std::size_t>(i)];
        if (std::isnan(row.lower) || std::isnan(row.upper) || row.lower > row.upper)
            return solverError("LP constraint " + std::to_string(i) + " has invalid bounds");
        for (const Term& t : row.terms) {
            if (t.variable < 0 || t.variable >= columns || !std::isfinite(t.coefficient))
                return solverError("LP constraint " + std::to_string(i) + " has an invalid term");
            ia.push_back(i + 1);
            ja.push_back(t.variable + 1);
            ar.push_back(t.coefficient);
        }
    }
    // GLPK refuses duplicate (row, column) entries: merge them.
    {
        std::vector<std::size_t> order(ia.size() - 1);
        for (std::size_t k = 0; k < order.size(); ++k) order[k] = k + 1;
        std::sort(order.begin(), order.end(),
                  [&](std::size_t a, std::size_t b) { return std::tie(ia[a], ja[a]) < std::tie(ia[b], ja[b]); });
        std::vector<int> mi{0};
        std::vector<int> mj{0};
        std::vector<double> ma{0.0};
        for (std::size_t k : order) {
            if (mi.size() > 1 && mi.back() == ia[k] && mj.back() == ja[k]) {
                ma.back() += ar[k];
            } else {
                mi.push_back(ia[k]);
                mj.push_back(ja[k]);
                ma.push_back(ar[k]);
            }
        }
        ia.swap(mi);
        ja.swap(mj);
        ar.swap(ma);
    }

    std::vector<double> values(static_cast<std::size_t>(columns));
    std::vector<double> duals(static_cast<std::size_t>(rows));
    std::vector<unsigned char> rowStatus(static_cast<std::size_t>(rows)), columnStatus(static_cast<std::size_t>(columns));
    std::vector<unsigned char> warmRows, warmColumns;
    GlpkRun run;
    if (options.warmStart && !program.hasIntegers() &&
        options.warmStart->rows.size() == static_cast<std::size_t>(rows) &&
        options.warmStart->columns.size() <= static_cast<std::size_t>(columns)) {
        for (BasisStatus s : options.warmStart->rows) warmRows.push_back(glpkStatus(s));
        for (BasisStatus s : options.warmStart->columns) warmColumns.push_back(glpkStatus(s));
        run.warmRows = warmRows.data();
        run.warmColumns = warmColumns.data();
        run.warmColumnCount = static_cast<int>(warmColumns.size());
    }
    run.program = &program;
    run.ia = ia.data();
    run.ja = ja.data();
    run.ar = ar.data();
    run.nonZeros = static_cast<int>(ia.size()) - 1;
    run.timeLimitMs = static_cast<int>(std::clamp(options.timeLimitSeconds, 0.001, 2.0e6) * 1000.0);
    run.mipGap = options.mipGap;
    run.exact = options.exact;
    run.progress = &progress;
    run.values = values.data();
    run.duals = duals.data();
    run.rowStatus = rowStatus.data();
    run.columnStatus = columnStatus.data();
    if (!detail::runGuarded(solveInGlpk, &run))
        return solverError("GLPK stopped with an internal error (the problem may be too large or badly scaled)");

    LpSolution solution;
    const bool mip = program.hasIntegers();
    solution.iterations = run.iterations;
    std::string method = mip ? "branch-and-cut" : "simplex";
    if (run.retries > 0) method += ", retried with the dual simplex after rescaling";
    if (run.usedExact) method += ", exact rational simplex";
    solution.message = method;
    const bool timeLimit = run.lastReturn == GLP_ETMLIM;
    if (mip && !run.branchAndCut) {
        // The relaxation did not reach its optimum: no branch-and-cut, no integer solution, no bound.
        switch (run.status) {
        case GLP_NOFEAS: solution.status = LpStatus::Infeasible; break;
        case GLP_UNBND: solution.status = LpStatus::Unbounded; break;
        default:
            if (progress.stopRequested()) return cancelledError();
            if (!timeLimit)
                return solverError("GLPK could not solve the relaxation (code " + std::to_string(run.lastReturn) +
                                   ", " + method + ")");
            solution.status = LpStatus::TimeLimit;
            solution.message += ", time limit in the relaxation";
        }
        return solution;
    }
    if (mip) {
        // glp_intopt: GLP_OPT only when proven (within mipGap: GLP_EMIPGAP also ends with GLP_FEAS, and
        // counts as optimal within the gap asked for); a stop or the time limit keeps the incumbent, if any.
        const bool haveIncumbent = run.status == GLP_OPT || run.status == GLP_FEAS;
        if (run.status == GLP_NOFEAS) {
            solution.status = LpStatus::Infeasible;
        } else if (run.status == GLP_OPT) {
            solution.status = LpStatus::Optimal;   // the search ended: proven, whatever was asked meanwhile
        } else if (run.stopped || run.lastReturn == GLP_ESTOP) {
            solution.status = LpStatus::Cancelled;
        } else if (timeLimit) {
            solution.status = LpStatus::TimeLimit;
        } else if (haveIncumbent && run.lastReturn == GLP_EMIPGAP) {
            solution.status = LpStatus::Optimal;
        } else {
            return solverError("GLPK's branch-and-cut failed (code " + std::to_string(run.lastReturn) + ", " +
                               method + ")");
        }
        if (haveIncumbent && solution.status != LpStatus::Infeasible) {
            solution.hasSolution = true;
            solution.objective = run.objective;
            solution.values = std::move(values);
        }
        if (solution.status == LpStatus::Optimal) {
            solution.hasBound = true;
            solution.bound = run.lastReturn == GLP_EMIPGAP && run.haveBound ? run.bound : run.objective;
        } else if (run.haveBound) {
            solution.hasBound = true;
            solution.bound = run.bound;
        }
        if (solution.status == LpStatus::Cancelled) solution.message += ", stopped on request";
        if (solution.status == LpStatus::TimeLimit) solution.message += ", time limit";
        return solution;
    }
    switch (run.status) {
    case GLP_OPT: solution.status = LpStatus::Optimal; break;
    case GLP_NOFEAS: solution.status = LpStatus::Infeasible; break;
    case GLP_UNBND: solution.status = LpStatus::Unbounded; break;
    default:
        if (progress.stopRequested()) return cancelledError();
        if (!timeLimit)
            return solverError("GLPK could not solve the program (code " + std::to_string(run.lastReturn) + ", " +
                               method + ")");
        // The simplex stopped at its time limit: a primal feasible point (GLP_FEAS) is kept, without a bound.
        solution.status = LpStatus::TimeLimit;
        solution.message += ", time limit";
        if (run.status == GLP_FEAS) {
            solution.hasSolution = true;
            solution.objective = run.objective;
            solution.values = std::move(values);
        }
        return solution;
    }
    if (solution.status == LpStatus::Optimal) {
        solution.hasSolution = true;
        solution.objective = run.objective;
        solution.values = std::move(values);
        solution.duals = std::move(duals);
        for (unsigned char s : rowStatus) solution.basis.rows.push_back(basisStatus(s));
        for (unsigned char s : columnStatus) solution.basis.columns.push_back(basisStatus(s));
        solution.hasBound = true;
        solution.bound = run.objective;
    }
    return solution;
}

}  // namespace hetsched::lp
