// Steady-state family: the compact bag-of-tasks LP with the decomposition (paths, matchings,
// periodic schedule) and column generation on random platforms of about 4 links per node.
#include <benchmark/benchmark.h>

#include <string>

#include "model/platform_generators.h"
#include "solvers/steady/steady_solvers.h"

namespace {

using namespace hetsched;

void label(benchmark::State& state, const Expected<SteadySolution>& s) {
    if (!s) {
        state.SkipWithError(s.error().message.c_str());
        return;
    }
    state.SetLabel("rho=" + std::to_string(s->throughput) + " allocations=" + std::to_string(s->allocations.size()) +
                   " patterns=" + std::to_string(s->patterns.size()) + (s->periodic.exact ? " exact" : " float"));
}

void BM_BagOfTasksLpAndDecomposition(benchmark::State& state) {
    const SteadyStateInstance in = randomSteadyPlatform(static_cast<std::size_t>(state.range(0)), 4, 7);
    for (auto _ : state) {
        Expected<SteadySolution> s = solveSteadyLp(in);
        label(state, s);
    }
}
BENCHMARK(BM_BagOfTasksLpAndDecomposition)->Arg(20)->Arg(100)->Arg(300)->Unit(benchmark::kMillisecond);

void BM_BagOfTasksColumnGeneration(benchmark::State& state) {
    const SteadyStateInstance in = randomSteadyPlatform(static_cast<std::size_t>(state.range(0)), 4, 7);
    for (auto _ : state) {
        Expected<SteadySolution> s = solveSteadyColumnGeneration(in);
        label(state, s);
    }
}
BENCHMARK(BM_BagOfTasksColumnGeneration)->Arg(20)->Arg(100)->Unit(benchmark::kMillisecond);

// Baseline in the same run: the verification alone (one pass over allocations, patterns and placements).
void BM_VerifyBaseline(benchmark::State& state) {
    const SteadyStateInstance in = randomSteadyPlatform(static_cast<std::size_t>(state.range(0)), 4, 7);
    const Expected<SteadySolution> s = solveSteadyLp(in);
    for (auto _ : state) {
        const std::size_t problems = s ? verifySteady(in, *s).size() : 1;
        state.SetLabel(problems == 0 ? "valid" : "INVALID");
    }
}
BENCHMARK(BM_VerifyBaseline)->Arg(100)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
