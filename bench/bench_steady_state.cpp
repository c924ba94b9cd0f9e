// Steady-state family: the compact bag-of-tasks LP with the decomposition (paths, matchings,
// periodic schedule) and column generation on random platforms of about 4 links per node; multicast
// column generation with exact and heuristic tree pricing.
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

// Series of multicasts to every other node (n/2 targets): trees priced exactly (Dreyfus-Wagner) against the
// shortest-path Steiner heuristic, on the same platforms.
void BM_MulticastColumnGeneration(benchmark::State& state) {
    const SteadyStateInstance in = randomSteadyPlatform(static_cast<std::size_t>(state.range(0)), 4, 7,
                                                        CommunicationModel::BidirectionalOnePort, SteadyApplicationType::Multicast);
    const int exactTargets = static_cast<int>(state.range(1));
    for (auto _ : state) {
        Expected<SteadySolution> s = solveSteadyColumnGeneration(in, 5000, {}, exactTargets);
        label(state, s);
        if (s) state.SetLabel(std::to_string(in.application.targets.size()) + " targets, " +
                              (exactTargets > 0 ? "exact" : "heuristic") + ": rho=" + std::to_string(s->throughput) +
                              (s->upperBound ? " <= " + std::to_string(*s->upperBound) : std::string(" optimal")));
    }
}
BENCHMARK(BM_MulticastColumnGeneration)->Args({20, 0})->Args({20, 10})->Args({24, 12})->Unit(benchmark::kMillisecond);

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
