// Studies built on the divisible-load solvers: throughput against the number of workers for one
// platform, and the simulation of the slides (part 4) as a reproducible experiment.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "common/expected.h"
#include "common/progress.h"
#include "model/divisible.h"
#include "sweep/sweep.h"

namespace hetsched {

// Throughput of each strategy restricted to the first q workers of its own order, for q = 1..p.
// fifo-optimal and lifo-optimal take the first q by c_i + d_i, fifo-by-c the first q by c_i, fifo-by-w
// the first q by w_i (loads from the scenario LP). When p is large only about `maxPoints` values of q
// are evaluated (always including 1 and p).
struct WorkerCountPoint {
    int workers = 0;          // q
    double fifoOptimal = 0;   // optimal FIFO on the first q (its own subset choice within them)
    double lifoOptimal = 0;
    double fifoByC = 0;
    double fifoByW = 0;
};

struct WorkerCountCurve {
    std::vector<WorkerCountPoint> points;
    // The throughput of each solver on the whole platform, and the workers fifo-optimal uses.
    double fifoOptimal = 0, lifoOptimal = 0, fifoByC = 0, fifoByW = 0;
    int fifoOptimalWorkers = 0;
    bool fifoOptimalProven = true;   // false when the d_i are not z c_i and p is large (LP of the c+d order)
};

Expected<WorkerCountCurve> throughputByWorkerCount(const DivisibleInstance& in, int maxPoints = 60,
                                                   const Progress& progress = {});

// The simulation of the slides: random platforms of `workers` workers with d_i = z c_i; at each ratio
// w/c, `platforms` platforms are drawn and the throughput of lifo-optimal, fifo-by-c and fifo-by-w is
// divided by that of fifo-optimal (then averaged), with the number of workers fifo-optimal uses.
// c_i is uniform in [1, 10] and w_i = ratio * u_i with u_i uniform in [1, 10]: the mean of w over the mean
// of c is `ratio`. Deterministic for a seed.
struct DivisibleSimulationConfig {
    int workers = 100;
    std::vector<double> zValues{0.8, 1.0};
    std::vector<double> ratios;   // empty: 25 values log-spaced from 0.1 to 100
    int platforms = 10;
    std::uint64_t seed = 1;

    bool operator==(const DivisibleSimulationConfig&) const = default;
};

struct DivisibleSimulationRow {
    double z = 0;
    double ratio = 0;                 // mean w / mean c
    int platforms = 0;
    double lifoOptimal = 0;           // mean of throughput(lifo-optimal) / throughput(fifo-optimal)
    double fifoByC = 0;
    double fifoByW = 0;
    double fifoOptimalWorkers = 0;    // mean number of workers used by fifo-optimal
    double fifoOptimalThroughput = 0; // mean throughput of fifo-optimal with T = 1
    // The sample standard deviations of the same over the point's platforms (0 for one platform).
    double lifoOptimalSd = 0;
    double fifoByCSd = 0;
    double fifoByWSd = 0;
    double fifoOptimalWorkersSd = 0;
    double fifoOptimalThroughputSd = 0;
};

// Its name for `hetsched experiment NAME`, in the parts of its sweeps and in job scripts.
inline constexpr const char* kDivisibleSimulationExperiment = "divisible-simulation";

std::vector<double> defaultSimulationRatios();
// Checks the configuration (1..2000 workers, 1..1000 platforms, z and ratios positive and finite), runs
// every unit of the sweep below, then divisibleSimulationFromRows.
Expected<std::vector<DivisibleSimulationRow>> runDivisibleSimulation(const DivisibleSimulationConfig& config,
                                                                     const Progress& progress = {});

// The simulation as a sweep (sweep/sweep.h): unit u is platform k = u mod platforms of point
// u / platforms, the points (z, ratio) in row order. A point's platforms are drawn one after the other
// from the point's own stream; a shard replays that stream up to its own platforms, so that platform k
// is the same whichever shard draws it.
Expected<std::size_t> divisibleSimulationUnitCount(const DivisibleSimulationConfig& config);
// The raw rows of the shard's units, one per platform (throughputs relative to fifo-optimal):
// unit,z,ratio,platform,lifo_optimal,fifo_by_c,fifo_by_w,fifo_optimal_workers,fifo_optimal_throughput
Expected<SweepRows> runDivisibleSimulationShard(const DivisibleSimulationConfig& config, const Shard& shard,
                                                const Progress& progress = {});
// The means per point from the rows of every unit (summed in unit order, as an unsharded run), and their
// sample standard deviations over the point's platforms; rows that
// do not fit the configuration are an error naming the unit.
Expected<std::vector<DivisibleSimulationRow>> divisibleSimulationFromRows(const DivisibleSimulationConfig& config,
                                                                          const SweepRows& rows);
// The flags of `hetsched experiment divisible-simulation` that give this configuration (--ratios only
// when the configuration lists ratios; without it the default 25 values).
// The flags of `hetsched experiment divisible-simulation`, declared once (defaults: DivisibleSimulationConfig's);
// --ratios also reads log:FROM:TO:COUNT (COUNT values log-spaced from FROM to TO).
const ExperimentOptions& divisibleSimulationOptions();
DivisibleSimulationConfig divisibleSimulationConfig(const OptionValues& values);
OptionValues divisibleSimulationValues(const DivisibleSimulationConfig& config);
std::vector<std::string> divisibleSimulationFlags(const DivisibleSimulationConfig& config);
// CSV with a header line: z,ratio,platforms,lifo_optimal,fifo_by_c,fifo_by_w,fifo_optimal_workers,fifo_optimal_throughput,
// then the standard deviations: lifo_optimal_sd,fifo_by_c_sd,fifo_by_w_sd,fifo_optimal_workers_sd,fifo_optimal_throughput_sd
std::string divisibleSimulationCsv(const std::vector<DivisibleSimulationRow>& rows);

}  // namespace hetsched
