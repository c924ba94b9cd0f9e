// The typed solution a SolveResult carries beside its JSON: what the family's solver computed
// (allocations, loads, placements, ...), for the views and editors to read without going back to JSON.
// The family's result builder (partitionSolveResult, steadySolveResult, ...) sets it, so a fresh solve and
// a result read back from a file (resultFromJson goes through the same builders) carry it alike; JSON is
// only the file format.
#pragma once

#include <variant>

#include "solvers/cpugpu/cpugpu_solvers.h"
#include "solvers/dag/dag_solvers.h"
#include "solvers/divisible/divisible_solvers.h"
#include "solvers/partition/partition_solvers.h"
#include "solvers/registry.h"
#include "solvers/steady/steady_solvers.h"

namespace hetsched {

struct FamilySolution {
    std::variant<PartitionSolution, DivisibleSolution, SteadySolution, DagSolution, CpuGpuSolution> value;
};

// The solution of `result` when it is of that family's type; null when the result carries none (a
// simulation's replay) or one of another family.
template <class Solution>
const Solution* solutionOf(const SolveResult& result) {
    return result.solution ? std::get_if<Solution>(&result.solution->value) : nullptr;
}

// Shares `solution` (immutable from here on) as a result's typed solution.
template <class Solution>
std::shared_ptr<const FamilySolution> shareSolution(Solution solution) {
    return std::make_shared<const FamilySolution>(FamilySolution{std::move(solution)});
}

}  // namespace hetsched
