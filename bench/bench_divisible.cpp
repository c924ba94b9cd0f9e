// The divisible-load solvers at the sizes of issue 3: fifo-optimal (closed form) for p = 10..10000,
// scenario-lp (GLPK) for p = 10..500, exhaustive for p = 4..7. Baselines measured in the same run:
// the scenario LP of the optimal FIFO order (the same optimum as fifo-optimal, found by GLPK) and a
// brute force over every pair of orders with the same dense LP that exhaustive uses (what its
// pruning saves).
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>
#include <string>

#include "solvers/divisible/divisible_common.h"

namespace {

using namespace hetsched;

// c uniform in [1, 10], w = 10 u with u uniform in [1, 10]; d = z c when z >= 0, else uniform in [0.5, 8].
DivisibleInstance platform(std::int64_t p, double z, std::uint64_t seed = 7) {
    std::mt19937_64 random(seed);
    std::uniform_real_distribution<double> uniform(1.0, 10.0);
    DivisibleInstance in;
    in.horizon = 1;
    for (std::int64_t i = 0; i < p; ++i) {
        DivisibleWorker w;
        w.name = std::string("P").append(std::to_string(i));
        w.c = uniform(random);
        w.w = 10 * uniform(random);
        w.d = z >= 0 ? z * w.c : 0.5 + (uniform(random) - 1) * 7.5 / 9;
        in.workers.push_back(std::move(w));
    }
    return in;
}

template <class Solve>
void report(benchmark::State& state, const Solve& solve) {
    double throughput = 0;
    std::size_t used = 0;
    for (auto _ : state) {
        Expected<DivisibleSolution> s = solve();
        if (!s.ok()) {
            state.SkipWithError(s.error().message.c_str());
            return;
        }
        throughput = s->throughput;
        used = s->sendOrder.size();
    }
    // Debian's libbenchmark 1.7.1 garbles user counters and DoNotOptimize(double): the label keeps the result.
    state.SetLabel("rho=" + std::to_string(throughput) + " workers=" + std::to_string(used));
}

void fifoOptimal(benchmark::State& state) {
    const DivisibleInstance in = platform(state.range(0), 0.8);
    report(state, [&] { return solveDivisibleFifoOptimal(in); });
}

// Baseline: GLPK on the LP of the c + d order (the LP chooses the same prefix of workers).
void fifoOrderLp(benchmark::State& state) {
    const DivisibleInstance in = platform(state.range(0), 0.8);
    const std::vector<std::size_t> order = orderByCommunication(in);
    report(state, [&] { return solveScenarioLp(in, order, order); });
}

// scenario-lp on a platform with unrelated d, send by index and return in reverse.
void scenarioLp(benchmark::State& state) {
    DivisibleInstance in = platform(state.range(0), -1);
    in.sendOrder.resize(in.workers.size());
    std::iota(in.sendOrder.begin(), in.sendOrder.end(), std::size_t{0});
    in.returnOrder.assign(in.sendOrder.rbegin(), in.sendOrder.rend());
    report(state, [&] { return solveDivisibleScenarioLp(in); });
}

void exhaustive(benchmark::State& state) {
    const DivisibleInstance in = platform(state.range(0), -1, 11);
    report(state, [&] { return solveDivisibleExhaustive(in); });
}

// Baseline: every (send order, return order) pair with the dense LP, no pruning.
void bruteForce(benchmark::State& state) {
    const DivisibleInstance in = platform(state.range(0), -1, 11);
    report(state, [&]() -> Expected<DivisibleSolution> {
        const std::size_t p = in.workers.size();
        std::vector<std::size_t> send = divisible_detail::identityOrder(p), bestSend, bestBack;
        double best = -1;
        do {
            std::vector<std::size_t> back = divisible_detail::identityOrder(p);
            do {
                const double rho = divisible_detail::denseScenarioThroughput(in, send, back);
                if (rho > best) {
                    best = rho;
                    bestSend = send;
                    bestBack = back;
                }
            } while (std::next_permutation(back.begin(), back.end()));
        } while (std::next_permutation(send.begin(), send.end()));
        std::vector<double> alpha;
        divisible_detail::denseScenarioThroughput(in, bestSend, bestBack, &alpha);
        return makeDivisibleSolution(in, bestSend, bestBack, alpha, SolveStatus::Optimal, "brute force");
    });
}

BENCHMARK(fifoOptimal)->Name("fifo-optimal")->Arg(10)->Arg(100)->Arg(1000)->Arg(10000)->Unit(benchmark::kMillisecond);
BENCHMARK(fifoOrderLp)->Name("baseline:lp-of-fifo-order")->Arg(10)->Arg(100)->Arg(500)->Unit(benchmark::kMillisecond);
BENCHMARK(scenarioLp)->Name("scenario-lp")->Arg(10)->Arg(100)->Arg(500)->Unit(benchmark::kMillisecond);
BENCHMARK(exhaustive)->Name("exhaustive")->DenseRange(4, 7)->Unit(benchmark::kMillisecond);
// p = 6 is 518,400 LPs; p = 7 would be 25 million (minutes), so the baseline stops at 6.
BENCHMARK(bruteForce)->Name("baseline:brute-force")->DenseRange(4, 6)->Unit(benchmark::kMillisecond)->Iterations(1);

}  // namespace

BENCHMARK_MAIN();
