#include "model/dag_random.h"

#include <algorithm>
#include <cmath>
#include <random>

namespace hetsched {

Expected<bool> checkDagGeneratorConfig(const DagGeneratorConfig& c) {
    if (c.n < 1 || c.n > 1'000'000) return invalidInput("n must be between 1 and 1000000, got " + std::to_string(c.n));
    if (!(c.fat > 0 && c.fat <= 1)) return invalidInput("fat must be in (0, 1]");
    if (!(c.regularity >= 0 && c.regularity <= 1)) return invalidInput("regularity must be in [0, 1]");
    if (!(c.density >= 0 && c.density <= 1)) return invalidInput("density must be in [0, 1]");
    if (c.jump < 1 || c.jump > 1'000'000) return invalidInput("jump must be at least 1");
    if (!(c.ccr >= 0 && c.ccr <= 1e6)) return invalidInput("ccr must be between 0 and 1e6");
    if (!(c.maxAlpha >= 0 && c.maxAlpha <= 1)) return invalidInput("alpha must be in [0, 1]");
    return true;
}

Expected<DagInstance> generateDag(const DagGeneratorConfig& c, const DagPlatform& platform) {
    if (Expected<bool> ok = checkDagGeneratorConfig(c); !ok) return ok.error();
    if (platform.clusters.empty()) return invalidInput("the platform has no cluster");
    std::mt19937_64 random(c.seed);
    auto uniform = [&](double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(random); };
    auto integer = [&](long long lo, long long hi) { return std::uniform_int_distribution<long long>(lo, hi)(random); };

    // Levels: widths around n^fat.
    const double meanWidth = std::max(1.0, std::exp(c.fat * std::log(double(c.n))));
    std::vector<std::vector<std::size_t>> levels;
    std::size_t placed = 0;
    while (placed < std::size_t(c.n)) {
        const double spread = meanWidth * (1 - c.regularity);
        long long width = std::llround(uniform(meanWidth - spread, meanWidth + spread + 1e-12));
        width = std::clamp<long long>(width, 1, static_cast<long long>(std::size_t(c.n) - placed));
        std::vector<std::size_t> level;
        for (long long k = 0; k < width; ++k) level.push_back(placed++);
        levels.push_back(std::move(level));
    }

    DagInstance in;
    in.platform = platform;
    const int complexity = static_cast<int>(integer(0, 2));
    std::vector<double> dataSize(std::size_t(c.n), 0.0);
    for (int t = 0; t < c.n; ++t) {
        DagTask task;
        task.name = std::string("t").append(std::to_string(t));
        const double N = uniform(4096, 121 * 1024);
        const double a = uniform(64, 512);
        const int g = c.mixedComplexity ? static_cast<int>(integer(0, 2)) : complexity;
        task.flops = a * (g == 0 ? N : g == 1 ? N * std::log2(N) : N * std::sqrt(N));
        task.alpha = uniform(0, c.maxAlpha);
        dataSize[std::size_t(t)] = N;
        in.tasks.push_back(std::move(task));
    }
    for (std::size_t l = 1; l < levels.size(); ++l) {
        const std::size_t firstLevel = l >= std::size_t(c.jump) ? l - std::size_t(c.jump) : 0;
        std::vector<std::size_t> candidates;
        for (std::size_t m = firstLevel; m < l; ++m) candidates.insert(candidates.end(), levels[m].begin(), levels[m].end());
        const std::vector<std::size_t>& previous = levels[l - 1];
        for (std::size_t t : levels[l]) {
            const long long extra = integer(0, static_cast<long long>(c.density * double(candidates.size())));
            std::vector<std::size_t> parents{previous[std::size_t(integer(0, static_cast<long long>(previous.size()) - 1))]};
            for (long long k = 0; k < extra; ++k)
                parents.push_back(candidates[std::size_t(integer(0, static_cast<long long>(candidates.size()) - 1))]);
            std::sort(parents.begin(), parents.end());
            parents.erase(std::unique(parents.begin(), parents.end()), parents.end());
            for (std::size_t p : parents) {
                const double bytes = c.ccr > 0 ? c.ccr * in.tasks[p].flops : dataSize[p];
                in.edges.push_back({p, t, bytes});
            }
        }
    }
    return in;
}

Expected<DagPlatform> generatePlatform(const DagPlatformConfig& c) {
    if (c.clusters < 1 || c.clusters > 1000) return invalidInput("clusters must be between 1 and 1000");
    if (c.minProcessors < 1 || c.maxProcessors < c.minProcessors || c.maxProcessors > 100'000)
        return invalidInput("processors per cluster must satisfy 1 <= min <= max <= 100000");
    if (!(c.minSpeed >= 1e-6 && c.minSpeed <= 1e20)) return invalidInput("minimum speed must be between 1e-6 and 1e20");
    if (!(c.heterogeneity >= 1 && c.heterogeneity <= 1e6)) return invalidInput("heterogeneity must be between 1 and 1e6");
    std::mt19937_64 random(c.seed);
    DagPlatform p;
    for (int k = 0; k < c.clusters; ++k) {
        DagCluster cluster;
        cluster.name = std::string("C").append(std::to_string(k));
        cluster.processors = static_cast<int>(std::uniform_int_distribution<int>(c.minProcessors, c.maxProcessors)(random));
        cluster.speed = std::uniform_real_distribution<double>(c.minSpeed, c.minSpeed * c.heterogeneity)(random);
        if (c.heterogeneity == 1) cluster.speed = c.minSpeed;
        const bool fastEthernet = k < c.clusters / 2;
        cluster.bandwidth = fastEthernet ? 1.25e7 : 1.25e8;
        cluster.latency = 1e-4;
        p.clusters.push_back(std::move(cluster));
    }
    p.backbone = {3.125e8, 0.05};
    return p;
}

}  // namespace hetsched
