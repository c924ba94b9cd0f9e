// The optimum of (Pm, Pk) || Cmax by integer programming (GLPK through core/lp).
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "lp/linear_program.h"
#include "solvers/cpugpu/cpugpu_common.h"
#include "common/number_format.h"
#include "solvers/cpugpu/cpugpu_registration.h"

namespace hetsched {

using namespace cpugpu_detail;

namespace {

constexpr double kMaxVariables = 2e6;

}  // namespace

Expected<CpuGpuSolution> solveCpuGpuExact(const CpuGpuInstance& in, const CpuGpuExactOptions& options,
                                          const Progress& progress) {
    const std::size_t n = in.tasks.size();
    // Processors of one kind are interchangeable: number them by their first task, so task j can
    // only use the first j + 1 of each kind.
    double variables = 0;
    for (std::size_t j = 0; j < n; ++j)
        variables += std::min<double>(double(j + 1), in.cpus) + std::min<double>(double(j + 1), in.gpus);
    if (variables > kMaxVariables)
        return solverError("exact: the MIP would have " + formatSignificant(variables, 9) +
                           " assignment variables; it handles at most 2e6 (use dual-approx)");

    Expected<CpuGpuSolution> heft = solveCpuGpuHeft(in, progress);
    if (!heft) return heft.error();
    const double lowerBound = cpuGpuLowerBound(in);
    // Stopped once an incumbent exists: that incumbent, with its gap to the best bound known.
    auto stoppedWith = [&](CpuGpuSolution best, const std::string& what, double bound) {
        best.status = SolveStatus::Cancelled;
        best.lowerBound = std::min(best.makespan, std::max(bound, lowerBound));
        best.message = what + ", cancelled; gap " + formatSignificant(100 * relativeGap(best.makespan, best.lowerBound), 9) +
                       "% to the bound " + formatSignificant(best.lowerBound, 9);
        return best;
    };
    Expected<CpuGpuSolution> heteroPrio = solveCpuGpuHeteroPrio(in, {}, progress);
    if (!heteroPrio) {
        if (heteroPrio.error().kind == ErrorKind::Cancelled) return stoppedWith(*heft, "the HEFT schedule", lowerBound);
        return heteroPrio.error();
    }
    CpuGpuSolution incumbent = heteroPrio->makespan < heft->makespan ? *heteroPrio : *heft;
    const std::string incumbentName = heteroPrio->makespan < heft->makespan ? "HeteroPrio" : "HEFT";
    const double upper = incumbent.makespan;
    if (upper <= lowerBound * (1 + 1e-12)) {
        incumbent.status = SolveStatus::Optimal;
        incumbent.lowerBound = incumbent.makespan;
        incumbent.message = incumbentName + " meets the lower bound: optimal without the MIP";
        return incumbent;
    }

    lp::LinearProgram mip(lp::Sense::Minimize);
    const int makespan = mip.addVariable(lowerBound, upper, 1.0);
    struct Column {
        std::size_t task;
        CpuGpuUnit unit;
        int processor;
    };
    std::vector<Column> columns;
    std::vector<std::vector<lp::Term>> loads(static_cast<std::size_t>(in.cpus) +
                                             static_cast<std::size_t>(in.gpus));
    for (std::size_t j = 0; j < n; ++j) {
        std::vector<lp::Term> once;
        for (CpuGpuUnit unit : {CpuGpuUnit::Cpu, CpuGpuUnit::Gpu}) {
            const double time = timeOn(in.tasks[j], unit);
            if (time > upper) continue;   // cannot be in a schedule better than the incumbent
            const int usable = std::min<int>(processorsOf(in, unit),
                                             static_cast<int>(std::min<std::size_t>(j + 1, 1u << 30)));
            for (int p = 0; p < usable; ++p) {
                const int x = mip.addVariable(0, 1, 0, true);
                columns.push_back({j, unit, p});
                once.push_back({x, 1.0});
                loads[static_cast<std::size_t>(unit == CpuGpuUnit::Cpu ? p : in.cpus + p)].push_back(
                    {x, time});
            }
        }
        mip.addConstraint(std::move(once), 1, 1);
    }
    for (auto& load : loads) {
        if (load.empty()) continue;
        load.push_back({makespan, -1.0});
        mip.addConstraint(std::move(load), -lp::kInfinity, 0);
    }
    lp::LpOptions lpOptions;
    lpOptions.timeLimitSeconds = options.timeLimitSeconds;
    Expected<lp::LpSolution> solved = lp::solveLinearProgram(mip, lpOptions, progress);
    if (!solved && solved.error().kind == ErrorKind::Cancelled)
        return stoppedWith(incumbent, "the " + incumbentName + " schedule (the MIP did not start)", lowerBound);
    if (!solved) return solved.error();
    const lp::LpSolution& r = *solved;
    if (r.status == lp::LpStatus::Unbounded) return solverError("exact: GLPK found the assignment MIP unbounded");
    const bool found = r.hasSolution;
    CpuGpuSolution s;
    if (found) {
        std::vector<CpuGpuUnit> allotment(n, CpuGpuUnit::Cpu);
        std::vector<int> processor(n, 0);
        for (std::size_t c = 0; c < columns.size(); ++c)
            if (r.values[static_cast<std::size_t>(c) + 1] > 0.5) {
                allotment[columns[c].task] = columns[c].unit;
                processor[columns[c].task] = columns[c].processor;
            }
        s.placements.resize(n);
        std::vector<double> ready(loads.size(), 0.0);
        for (std::size_t j = 0; j < n; ++j) {
            double& t = ready[static_cast<std::size_t>(
                allotment[j] == CpuGpuUnit::Cpu ? processor[j] : in.cpus + processor[j])];
            const double end = t + timeOn(in.tasks[j], allotment[j]);
            s.placements[j] = {allotment[j], processor[j], t, end, 0};
            t = end;
        }
        finishSolution(s);
    }
    // GLPK's bound holds for schedules of makespan <= the incumbent's, so it bounds the optimum.
    const double bound = r.hasBound ? std::max(lowerBound, r.bound) : lowerBound;
    const bool mipBetter = found && s.makespan < incumbent.makespan;
    if (!mipBetter) {
        s = incumbent;
        if (r.status == lp::LpStatus::Infeasible) {
            // No schedule beats the incumbent (C <= its makespan): it is optimal.
            s.status = SolveStatus::Optimal;
            s.lowerBound = s.makespan;
            s.message = "the MIP proved that nothing beats the " + incumbentName + " schedule";
            return s;
        }
    }
    s.lowerBound = std::min(s.makespan, bound);
    if (r.status == lp::LpStatus::Optimal) {
        s.status = SolveStatus::Optimal;
        s.lowerBound = s.makespan;
        s.message = "MIP optimal (" + r.message + ")";
    } else {
        // Stopped early: the time limit or a cancellation, with the best schedule found and its gap.
        s.status = r.status == lp::LpStatus::Cancelled ? SolveStatus::Cancelled : SolveStatus::TimeLimit;
        const std::string what = mipBetter ? "best MIP schedule"
                                 : found   ? "the " + incumbentName + " schedule (the MIP found none better)"
                                           : "the " + incumbentName + " schedule (the MIP found none)";
        const std::string when = s.status == SolveStatus::Cancelled
                                     ? std::string(" when cancelled")
                                     : " after the time limit of " + formatSignificant(options.timeLimitSeconds, 9) + " s";
        s.message = what + when + ", gap " + formatSignificant(100 * relativeGap(s.makespan, s.lowerBound), 9) +
                    "% to the bound " + formatSignificant(s.lowerBound, 9) + " (" + r.message + ")";
    }
    return s;
}

}  // namespace hetsched

namespace hetsched::registry_detail {

RegisteredSolver cpuGpuExactSolver() {
    return stated(
        cpuGpuSolver(
            "exact",
            "optimal by integer programming (GLPK), or the best found with its gap at the time limit",
            {OptionSpec::number("time_limit", "seconds GLPK may search", 0.01,
                                CpuGpuExactOptions{}.timeLimitSeconds, 86400)},
            [](const CpuGpuInstance& in, const OptionValues& o, const Progress& p) {
                CpuGpuExactOptions options;
                options.timeLimitSeconds = o.number("time_limit");
                return solveCpuGpuExact(in, options, p);
            }),
        {.guarantee = "optimal when GLPK proves it; else the best schedule found within time_limit, with its "
                      "bound and gap",
         .complexity = "an integer program of at most n(m + k) binary variables: exponential at worst, "
                       "stopped at time_limit",
         .reference =
             "the problem (Pm, Pk) || Cmax of Kedad-Sidhoum et al. 2013, section 2, as an integer program"});
}

}  // namespace hetsched::registry_detail
