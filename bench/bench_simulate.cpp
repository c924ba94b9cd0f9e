// Schedules replayed on SimGrid (core/simulation): a 1,000-task graph on 8 clusters of 16 to 128
// processors (heterogeneity 5, the instances of bench_dag.cpp), sparse (density 0.1, jump 1) and dense
// (density 0.3, jump 2), scheduled by hcpa and mheft. Measured in wall-clock time (the simulation runs
// in the hetsched-simgrid child process): the simulation of a schedule computed once, and, as the
// baseline in the same run, the analytic solve that computed it.
#include <benchmark/benchmark.h>

#include <string>

#include "model/dag_random.h"
#include "simulation/dag_simulation.h"
#include "solvers/dag/dag_solvers.h"

namespace {

using namespace hetsched;

DagInstance instance(bool dense) {
    DagPlatformConfig pc;
    pc.clusters = 8;
    pc.heterogeneity = 5;
    pc.seed = 3;
    DagGeneratorConfig gc;
    gc.n = 1000;
    gc.fat = 0.5;
    gc.density = dense ? 0.3 : 0.1;
    gc.jump = dense ? 2 : 1;
    gc.seed = 11;
    return *generateDag(gc, *generatePlatform(pc));
}

using Solver = Expected<DagSolution> (*)(const DagInstance&, const Progress&);

void solveOnly(benchmark::State& state, Solver solver, bool dense) {
    const DagInstance in = instance(dense);
    double makespan = 0;
    for (auto _ : state) {
        Expected<DagSolution> s = solver(in, Progress{});
        if (!s) {
            state.SkipWithError(s.error().message.c_str());
            return;
        }
        makespan = s->makespan;
    }
    state.SetLabel("edges=" + std::to_string(in.edges.size()) + " planned=" + std::to_string(makespan));
}

void simulate(benchmark::State& state, Solver solver, bool dense) {
    const DagInstance in = instance(dense);
    Expected<DagSolution> s = solver(in, Progress{});
    if (!s) {
        state.SkipWithError(s.error().message.c_str());
        return;
    }
    double simulated = 0;
    std::size_t transfers = 0;
    for (auto _ : state) {
        Expected<SimulationResult> r = simulateDagSchedule(in, *s, "bench");
        if (!r) {
            state.SkipWithError(r.error().message.c_str());
            return;
        }
        simulated = r->simulatedMakespan;
        transfers = r->transfers.size();
    }
    // Debian's libbenchmark 1.7.1 garbles user counters: the label keeps the result.
    state.SetLabel("transfers=" + std::to_string(transfers) + " planned=" + std::to_string(s->makespan) +
                   " simulated=" + std::to_string(simulated));
}

void hcpaSolve(benchmark::State& state) { solveOnly(state, solveDagHcpa, false); }
void hcpaSimulate(benchmark::State& state) { simulate(state, solveDagHcpa, false); }
void mheftSolve(benchmark::State& state) { solveOnly(state, solveDagMheft, false); }
void mheftSimulate(benchmark::State& state) { simulate(state, solveDagMheft, false); }
void hcpaDenseSolve(benchmark::State& state) { solveOnly(state, solveDagHcpa, true); }
void hcpaDenseSimulate(benchmark::State& state) { simulate(state, solveDagHcpa, true); }
void mheftDenseSolve(benchmark::State& state) { solveOnly(state, solveDagMheft, true); }
void mheftDenseSimulate(benchmark::State& state) { simulate(state, solveDagMheft, true); }

}  // namespace

BENCHMARK(hcpaSolve)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(hcpaSimulate)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(mheftSolve)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(mheftSimulate)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(hcpaDenseSolve)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(hcpaDenseSimulate)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(mheftDenseSolve)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(mheftDenseSimulate)->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(3);

BENCHMARK_MAIN();
