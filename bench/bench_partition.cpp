// dp (Algorithm 1) against the threshold solver at the sizes of the foundation issue.
// Arguments: T, n, shape (0 monotone, 1 profiled, 2 random).
#include <benchmark/benchmark.h>

#include <string>

#include "partition_instances.h"
#include "solvers/partition/partition_solvers.h"

namespace {

using namespace hetsched;
using hetsched::bench::benchInstance;
using hetsched::bench::Shape;

template <Expected<PartitionSolution> (*Solver)(const PartitionInstance&, const Progress&)>
void runSolver(benchmark::State& state) {
    const PartitionInstance in =
        benchInstance(state.range(0), static_cast<int>(state.range(1)), static_cast<Shape>(state.range(2)));
    double makespan = 0;
    for (auto _ : state) {
        auto s = Solver(in, {});
        if (!s.ok()) {
            state.SkipWithError(s.error().message.c_str());
            return;
        }
        makespan = s->makespan;
    }
    // The label reports the result and keeps it alive; Debian's libbenchmark 1.7.1 garbled both a user
    // counter and DoNotOptimize(double) here.
    state.SetLabel(std::string(hetsched::bench::shapeName(static_cast<Shape>(state.range(2)))) +
                   " makespan=" + std::to_string(makespan));
}

void dp(benchmark::State& state) { runSolver<solvePartitionDp>(state); }
void threshold(benchmark::State& state) { runSolver<solvePartitionThreshold>(state); }
void olar(benchmark::State& state) { runSolver<solvePartitionOlar>(state); }

// dp is O(T^2 n): T = 1e5 with n = 100 is about 5e11 steps, so it runs once, and only when asked
// with --benchmark_filter=dp_largest (see docs/performance.md).
void sizes(benchmark::internal::Benchmark* b, bool withLargest) {
    for (int shape : {0, 1, 2})
        for (std::int64_t n : {8, 100})
            for (std::int64_t t : {1000, 10000, 100000}) {
                if (!withLargest && t == 100000 && n == 100) continue;
                b->Args({t, n, shape});
            }
    b->Unit(benchmark::kMillisecond);
}

BENCHMARK(dp)->Apply([](benchmark::internal::Benchmark* b) { sizes(b, false); })->Iterations(1);
BENCHMARK(dp)->Name("dp_largest")->Args({100000, 100, 1})->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK(threshold)->Apply([](benchmark::internal::Benchmark* b) { sizes(b, true); });
BENCHMARK(olar)->Args({100000, 100, 0})->Args({100000, 8, 0})->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
