// Every CPU/GPU solver at the sizes of issue 4: n = 100, 1000, 10000 tasks on m = 64 CPUs and k = 8 GPUs,
// on the paper's random instances (section 5.2, seeded). Argument: n.
// Issue 27's size (the *_large benchmarks): n = 10^6, m = 64, k = 8, each solver called directly and
// through the registry as `hetsched solve` runs it (verification, result JSON and schedule: the
// `seconds` it reports), against the code before issue 27 (tests/core/reference) in the same run.
#include <benchmark/benchmark.h>

#include <cstdio>
#include <string>

#include "experiments/cpugpu_experiments.h"
#include "reference/cpugpu_reference_solvers.h"
#include "solvers/cpugpu/cpugpu_solvers.h"
#include "solvers/registry.h"

namespace {

using namespace hetsched;

constexpr int kCpus = 64;
constexpr int kGpus = 8;

template <class Solve>
void runSolver(benchmark::State& state, Solve solve) {
    const CpuGpuInstance in = randomCpuGpuInstance(static_cast<int>(state.range(0)), kCpus, kGpus, 2013);
    CpuGpuSolution last;
    for (auto _ : state) {
        Expected<CpuGpuSolution> s = solve(in);
        if (!s.ok()) {
            state.SkipWithError(s.error().message.c_str());
            return;
        }
        last = std::move(*s);
    }
    // The label reports the result and keeps it alive; Debian's libbenchmark 1.7.1 garbles user
    // counters and DoNotOptimize(double).
    char label[160];
    std::snprintf(label, sizeof label, "makespan=%.6g lower_bound=%.6g ratio=%.4f", last.makespan,
                  last.lowerBound, last.makespan / last.lowerBound);
    state.SetLabel(label);
}

void dual_approx(benchmark::State& state) {
    runSolver(state, [](const CpuGpuInstance& in) { return solveCpuGpuDualApprox(in); });
}
void dual_approx_2(benchmark::State& state) {
    runSolver(state, [](const CpuGpuInstance& in) { return solveCpuGpuDualApprox2(in); });
}
void heft(benchmark::State& state) {
    runSolver(state, [](const CpuGpuInstance& in) { return solveCpuGpuHeft(in); });
}
void heteroprio(benchmark::State& state) {
    runSolver(state, [](const CpuGpuInstance& in) { return solveCpuGpuHeteroPrio(in); });
}
void lower_bound(benchmark::State& state) {
    runSolver(state, [](const CpuGpuInstance& in) { return solveCpuGpuLowerBound(in); });
}
// The MIP has n (m + k) assignment variables: 1e5 at n = 1000 is beyond GLPK in reasonable time, so
// exact runs at n = 100 only, once, with a 60 s limit.
void exact(benchmark::State& state) {
    runSolver(state, [](const CpuGpuInstance& in) { return solveCpuGpuExact(in); });
}

const CpuGpuInstance& largeInstance() {
    static const CpuGpuInstance in = randomCpuGpuInstance(1000000, kCpus, kGpus, 2013);
    return in;
}

template <class Solve>
void runLarge(benchmark::State& state, Solve solve) {
    const CpuGpuInstance& in = largeInstance();
    double makespan = 0;
    for (auto _ : state) {
        Expected<CpuGpuSolution> s = solve(in);
        if (!s.ok()) {
            state.SkipWithError(s.error().message.c_str());
            return;
        }
        makespan = s->makespan;
    }
    state.SetLabel("makespan=" + std::to_string(makespan));
}

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

using namespace cpugpu_reference;
void heft_large(benchmark::State& s) { runLarge(s, [](const CpuGpuInstance& in) { return solveCpuGpuHeft(in); }); }
void heft_large_before(benchmark::State& s) {
    runLarge(s, [](const CpuGpuInstance& in) { return referenceSolveCpuGpuHeft(in); });
}
void heteroprio_large(benchmark::State& s) {
    runLarge(s, [](const CpuGpuInstance& in) { return solveCpuGpuHeteroPrio(in); });
}
void heteroprio_large_before(benchmark::State& s) {
    runLarge(s, [](const CpuGpuInstance& in) { return referenceSolveCpuGpuHeteroPrio(in); });
}
void lower_bound_large(benchmark::State& s) {
    runLarge(s, [](const CpuGpuInstance& in) { return solveCpuGpuLowerBound(in); });
}
void lower_bound_large_before(benchmark::State& s) {
    runLarge(s, [](const CpuGpuInstance& in) { return referenceSolveCpuGpuLowerBound(in); });
}
void dual_approx_large(benchmark::State& s) {
    runLarge(s, [](const CpuGpuInstance& in) { return solveCpuGpuDualApprox(in); });
}
void dual_approx_large_before(benchmark::State& s) {
    runLarge(s, [](const CpuGpuInstance& in) { return referenceSolveCpuGpuDualApprox(in); });
}
void heft_large_registry(benchmark::State& s) { runLargeRegistry(s, "heft"); }
void heteroprio_large_registry(benchmark::State& s) { runLargeRegistry(s, "heteroprio"); }
void lower_bound_large_registry(benchmark::State& s) { runLargeRegistry(s, "lower-bound"); }
void dual_approx_large_registry(benchmark::State& s) { runLargeRegistry(s, "dual-approx"); }

BENCHMARK(heft_large)->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK(heft_large_before)->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK(heteroprio_large)->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK(heteroprio_large_before)->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK(lower_bound_large)->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK(lower_bound_large_before)->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK(dual_approx_large)->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK(dual_approx_large_before)->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK(heft_large_registry)->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK(heteroprio_large_registry)->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK(lower_bound_large_registry)->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK(dual_approx_large_registry)->Unit(benchmark::kMillisecond)->Iterations(1);

void sizes(benchmark::internal::Benchmark* b) {
    for (std::int64_t n : {100, 1000, 10000}) b->Arg(n);
    b->Unit(benchmark::kMillisecond);
}

BENCHMARK(heft)->Apply(sizes);
BENCHMARK(heteroprio)->Apply(sizes);
BENCHMARK(lower_bound)->Apply(sizes);
BENCHMARK(dual_approx_2)->Apply(sizes);
BENCHMARK(dual_approx)->Apply(sizes);
BENCHMARK(exact)->Arg(100)->Unit(benchmark::kMillisecond)->Iterations(1);

}  // namespace

BENCHMARK_MAIN();
