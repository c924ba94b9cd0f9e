// Seeded random task graphs with daggen's parameters and random clusters of clusters with the
// parameters of N'Takpé and Suter (2006, section 5). Deterministic for a seed.
#pragma once

#include <cstdint>

#include "common/expected.h"
#include "common/options.h"
#include "model/dag.h"

namespace hetsched {

// daggen (Suter, github.com/frs69wq/daggen): `n` tasks in levels; the mean level width is n^fat;
// each level's width is drawn around it within +-(1 - regularity) of it; each task of level l > 0
// draws 1 + U{0 .. density * (tasks of levels l-jump .. l-1)} parents among those levels (at least
// one in level l-1 so levels stay meaningful). Costs as in the paper: a data size N uniform in
// [4 KiB, 121 KiB], flops a * g(N) with a uniform in [2^6, 2^9] and g in {N, N log2 N, N^1.5}
// (one g for the whole graph unless mixedComplexity), alpha uniform in [0, maxAlpha]; an edge
// carries its source's N bytes, or ccr * the source's flops when ccr > 0 (bytes per flop).
struct DagGeneratorConfig {
    int n = 20;
    double fat = 0.5;          // (0, 1]
    double regularity = 0.9;   // [0, 1]
    double density = 0.5;      // [0, 1]
    int jump = 1;              // >= 1
    double ccr = 0;            // >= 0; 0: the paper's data sizes
    double maxAlpha = 0.2;     // [0, 1]
    bool mixedComplexity = true;
    std::uint64_t seed = 1;
};
// Refuses parameters out of range (n in 1..1000000), naming the parameter; the check alone is cheap.
Expected<bool> checkDagGeneratorConfig(const DagGeneratorConfig& config);
Expected<DagInstance> generateDag(const DagGeneratorConfig& config, const DagPlatform& platform);

// Section 5's platforms: `clusters` clusters of U{minProcessors..maxProcessors} processors, speed
// uniform in [minSpeed, minSpeed * heterogeneity] per cluster; half the clusters (the first half)
// on Fast Ethernet (100 Mb/s = 1.25e7 B/s), the others on Gigabit Ethernet (1.25e8 B/s), latency
// 100 us; a backbone of 2.5 Gb/s (3.125e8 B/s) and 50 ms. Cluster names C0, C1, ...
struct DagPlatformConfig {
    int clusters = 4;             // 1..1000
    int minProcessors = 16;
    int maxProcessors = 128;
    double minSpeed = 1e9;        // flop/s
    double heterogeneity = 2;     // >= 1
    std::uint64_t seed = 1;
};
Expected<DagPlatform> generatePlatform(const DagPlatformConfig& config);

// The two generators' parameters as option tables, named as the flags of `hetsched generate dag` and
// `hetsched import --clusters` (without "--"); the template dialog's form reads the same tables, so the CLI and
// the GUI share every range and default. Defaults are the configs' (DagGeneratorConfig{}, DagPlatformConfig{}).
// graph: tasks, fat, regularity, density, jump, ccr, max-alpha, complexity (mixed|same), seed.
const OptionTable& dagGeneratorOptions();
// platform: clusters, min-processors, max-processors, min-speed, heterogeneity, platform-seed.
const OptionTable& dagPlatformOptions();
// The configurations of values resolved against those tables (defaults for options they do not name).
DagGeneratorConfig dagGeneratorConfig(const OptionValues& values);
DagPlatformConfig dagPlatformConfig(const OptionValues& values);

}  // namespace hetsched
