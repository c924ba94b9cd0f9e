// The task graph solvers at the sizes of issue 6: hcpa, s-hcpa and mheft on random DAGs of 100, 1000
// and 10000 tasks on 8 clusters of 16 to 128 processors (heterogeneity 5), sparse (daggen parameters
// fat 0.5, regularity 0.9, density 0.1, jump 1) and dense (density 0.3, jump 2: the *Dense benchmarks).
// Baselines measured in the same run: heft (one processor per task, the same list-scheduling engine) and seq.
// Issue 27's size (the *Large benchmarks): the graph of `hetsched generate dag --tasks 100000 --density 0.1
// --jump 1 --clusters 8 --seed 3` (1.59 million edges), each solver called directly and through the
// registry as `hetsched solve` runs it (verification, result JSON and schedule: the `seconds` it reports),
// against the code before issue 27 (tests/core/reference) in the same run; HCPA's allocation alone on that shape at
// 20,000, 50,000 and 100,000 tasks (allocationShape, allocationLarge) against heft on the same graphs (heftShape, heftLarge).
#include <benchmark/benchmark.h>

#include <string>

#include "dag_instances.h"
#include "model/dag_random.h"
#include "reference/dag_reference_solvers.h"
#include "solvers/dag/dag_solvers.h"
#include "solvers/registry.h"

namespace {

using namespace hetsched;

DagInstance instance(std::int64_t n, bool dense) {
    DagPlatformConfig pc;
    pc.clusters = 8;
    pc.heterogeneity = 5;
    pc.seed = 3;
    DagGeneratorConfig gc;
    gc.n = static_cast<int>(n);
    gc.fat = 0.5;
    gc.density = dense ? 0.3 : 0.1;
    gc.jump = dense ? 2 : 1;
    gc.seed = 11;
    return *generateDag(gc, *generatePlatform(pc));
}

template <class Solve>
void run(benchmark::State& state, Solve solve, bool dense = false) {
    const DagInstance in = instance(state.range(0), dense);
    double makespan = 0;
    long long processors = 0;
    for (auto _ : state) {
        Expected<DagSolution> s = solve(in, Progress{});
        if (!s.ok()) {
            state.SkipWithError(s.error().message.c_str());
            return;
        }
        makespan = s->makespan;
        processors = 0;
        for (const DagPlacement& p : s->tasks) processors += static_cast<long long>(p.processors.size());
    }
    // Debian's libbenchmark 1.7.1 garbles user counters and DoNotOptimize(double): the label keeps the result.
    state.SetLabel("edges=" + std::to_string(in.edges.size()) + " makespan=" + std::to_string(makespan) +
                   " processors/task=" + std::to_string(double(processors) / double(in.tasks.size())));
}

void hcpa(benchmark::State& state) { run(state, solveDagHcpa); }
void sHcpa(benchmark::State& state) { run(state, solveDagSHcpa); }
void mheft(benchmark::State& state) { run(state, solveDagMheft); }
void heft(benchmark::State& state) { run(state, solveDagHeft); }
void seq(benchmark::State& state) { run(state, solveDagSeq); }
void hcpaDense(benchmark::State& state) { run(state, solveDagHcpa, true); }
void sHcpaDense(benchmark::State& state) { run(state, solveDagSHcpa, true); }
void mheftDense(benchmark::State& state) { run(state, solveDagMheft, true); }
void heftDense(benchmark::State& state) { run(state, solveDagHeft, true); }

// The instance of issue 27 (dag_instances.h), built once.
const DagInstance& largeInstance() {
    static const DagInstance in = bench::largeDagInstance();
    return in;
}

template <class Solve>
void runLarge(benchmark::State& state, Solve solve) {
    const DagInstance& in = largeInstance();
    double makespan = 0;
    for (auto _ : state) {
        Expected<DagSolution> s = solve(in, Progress{});
        if (!s.ok()) {
            state.SkipWithError(s.error().message.c_str());
            return;
        }
        makespan = s->makespan;
    }
    state.SetLabel("edges=" + std::to_string(in.edges.size()) + " makespan=" + std::to_string(makespan));
}

// Through the registry: what `hetsched solve` reports as the solver's seconds.
void runLargeRegistry(benchmark::State& state, const char* solver) {
    const Instance instance(largeInstance());
    double makespan = 0;
    for (auto _ : state) {
        Expected<SolveResult> r = solve(instance, solver);
        if (!r.ok()) {
            state.SkipWithError(r.error().message.c_str());
            return;
        }
        makespan = r->objective.value_or(0);
    }
    state.SetLabel("makespan=" + std::to_string(makespan));
}

void heftLarge(benchmark::State& state) { runLarge(state, solveDagHeft); }
void hcpaLarge(benchmark::State& state) { runLarge(state, solveDagHcpa); }
void mheftLarge(benchmark::State& state) { runLarge(state, solveDagMheft); }
// HCPA's allocation alone (Algorithm 1), on the large graph and on the same shape at 20,000 and 50,000 tasks
// (with heft on that graph in the same run: the ratio of docs/performance.md).
void allocationOf(benchmark::State& state, const DagInstance& in) {
    long long steps = 0;
    for (auto _ : state) {
        Expected<DagAllocation> a = allocateHcpa(in);
        if (!a.ok()) {
            state.SkipWithError(a.error().message.c_str());
            return;
        }
        steps = a->iterations;
    }
    state.SetLabel("tasks=" + std::to_string(in.tasks.size()) + " processors added=" + std::to_string(steps));
}
void allocationLarge(benchmark::State& state) { allocationOf(state, largeInstance()); }
void allocationShape(benchmark::State& state) {
    allocationOf(state, bench::largeDagInstance(static_cast<int>(state.range(0))));
}
void heftShape(benchmark::State& state) {
    const DagInstance in = bench::largeDagInstance(static_cast<int>(state.range(0)));
    for (auto _ : state) benchmark::DoNotOptimize(solveDagHeft(in, Progress{}).ok());
}
void heftLargeBefore(benchmark::State& state) { runLarge(state, dag_reference::referenceSolveDagHeft); }
void mheftLargeBefore(benchmark::State& state) { runLarge(state, dag_reference::referenceSolveDagMheft); }
void hcpaLargeBefore(benchmark::State& state) { runLarge(state, dag_reference::referenceSolveDagHcpa); }
void heftLargeRegistry(benchmark::State& state) { runLargeRegistry(state, "heft"); }
void hcpaLargeRegistry(benchmark::State& state) { runLargeRegistry(state, "hcpa"); }
void mheftLargeRegistry(benchmark::State& state) { runLargeRegistry(state, "mheft"); }
void hcpaBefore(benchmark::State& state) { run(state, dag_reference::referenceSolveDagHcpa); }
void mheftBefore(benchmark::State& state) { run(state, dag_reference::referenceSolveDagMheft); }
void heftBefore(benchmark::State& state) { run(state, dag_reference::referenceSolveDagHeft); }

}  // namespace

BENCHMARK(hcpaBefore)->Arg(100)->Arg(1000)->Arg(10000)->Unit(benchmark::kMillisecond);
BENCHMARK(mheftBefore)->Arg(100)->Arg(1000)->Arg(10000)->Unit(benchmark::kMillisecond);
BENCHMARK(heftBefore)->Arg(100)->Arg(1000)->Arg(10000)->Unit(benchmark::kMillisecond);
BENCHMARK(heftLarge)->Unit(benchmark::kMillisecond)->Iterations(3);
BENCHMARK(heftLargeBefore)->Unit(benchmark::kMillisecond)->Iterations(3);
BENCHMARK(mheftLarge)->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK(mheftLargeBefore)->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK(allocationLarge)->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK(allocationShape)->Arg(20000)->Arg(50000)->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK(heftShape)->Arg(20000)->Arg(50000)->Unit(benchmark::kMillisecond)->Iterations(3);
BENCHMARK(hcpaLarge)->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK(hcpaLargeBefore)->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK(heftLargeRegistry)->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK(mheftLargeRegistry)->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK(hcpaLargeRegistry)->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK(hcpa)->Arg(100)->Arg(1000)->Arg(10000)->Unit(benchmark::kMillisecond);
BENCHMARK(sHcpa)->Arg(100)->Arg(1000)->Arg(10000)->Unit(benchmark::kMillisecond);
BENCHMARK(mheft)->Arg(100)->Arg(1000)->Arg(10000)->Unit(benchmark::kMillisecond);
BENCHMARK(heft)->Arg(100)->Arg(1000)->Arg(10000)->Unit(benchmark::kMillisecond);
BENCHMARK(seq)->Arg(100)->Arg(1000)->Arg(10000)->Unit(benchmark::kMillisecond);
BENCHMARK(hcpaDense)->Arg(1000)->Arg(10000)->Unit(benchmark::kMillisecond);
BENCHMARK(sHcpaDense)->Arg(1000)->Arg(10000)->Unit(benchmark::kMillisecond);
BENCHMARK(mheftDense)->Arg(1000)->Arg(10000)->Unit(benchmark::kMillisecond);
BENCHMARK(heftDense)->Arg(1000)->Arg(10000)->Unit(benchmark::kMillisecond);
BENCHMARK_MAIN();
