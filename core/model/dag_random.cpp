#include "model/dag_random.h"

#include <algorithm>
#include <cmath>
#include <random>

namespace hetsched {

const OptionTable& dagGeneratorOptions() {
    static const OptionTable table = [] {
        const DagGeneratorConfig d;
        OptionSpec fat = OptionSpec::number("fat", "width: levels of about tasks^fat tasks", 0, d.fat, 1);
        fat.minimumExcluded = true;
        return OptionTable{
            OptionSpec::integer("tasks", "number of tasks", 1, d.n, 1'000'000),
            fat,
            OptionSpec::number("regularity", "how evenly tasks spread over the levels", 0, d.regularity, 1),
            OptionSpec::number("density", "how many edges between levels", 0, d.density, 1),
            OptionSpec::integer("jump", "edges span up to this many levels", 1, d.jump, 1'000'000),
            OptionSpec::number("ccr", "bytes per flop on the edges; 0: the paper's data sizes", 0, d.ccr, 1e6),
            OptionSpec::number("max-alpha", "Amdahl fractions uniform in [0, max-alpha]", 0, d.maxAlpha, 1),
            OptionSpec::choice("complexity",
                               "mixed: each task's cost in a*N, a*N log N or a*N^1.5; same: one for all",
                               {"mixed", "same"}, d.mixedComplexity ? "mixed" : "same"),
            OptionSpec::integer("seed", "seeds the graph, and the random platform unless --platform-seed", 0,
                                static_cast<std::int64_t>(d.seed), std::int64_t(1) << 52),
        };
    }();
    return table;
}

const OptionTable& dagPlatformOptions() {
    static const OptionTable table = [] {
        const DagPlatformConfig d;
        return OptionTable{
            OptionSpec::integer("clusters", "clusters, half on Fast Ethernet, half on Gigabit", 1, d.clusters, 1000),
            OptionSpec::integer("min-processors", "processors per cluster at least", 1, d.minProcessors, 100'000),
            OptionSpec::integer("max-processors", "processors per cluster at most", 1, d.maxProcessors, 100'000),
            OptionSpec::number("min-speed", "the slowest cluster's speed (flop/s)", 1e-6, d.minSpeed, 1e20),
            OptionSpec::number("heterogeneity", "speeds uniform in [min-speed, min-speed x heterogeneity]", 1,
                               d.heterogeneity, 1e6),
            OptionSpec::integer("platform-seed", "seeds the platform (default: --seed)", 0,
                                static_cast<std::int64_t>(d.seed), std::int64_t(1) << 52),
        };
    }();
    return table;
}

DagGeneratorConfig dagGeneratorConfig(const OptionValues& v) {
    DagGeneratorConfig c;
    c.n = static_cast<int>(v.integer("tasks"));
    c.fat = v.number("fat");
    c.regularity = v.number("regularity");
    c.density = v.number("density");
    c.jump = static_cast<int>(v.integer("jump"));
    c.ccr = v.number("ccr");
    c.maxAlpha = v.number("max-alpha");
    c.mixedComplexity = v.text("complexity") == "mixed";
    c.seed = static_cast<std::uint64_t>(v.integer("seed"));
    return c;
}

DagPlatformConfig dagPlatformConfig(const OptionValues& v) {
    DagPlatformConfig c;
    c.clusters = static_cast<int>(v.integer("clusters"));
    c.minProcessors = static_cast<int>(v.integer("min-processors"));
    c.maxProcessors = static_cast<int>(v.integer("max-processors"));
    c.minSpeed = v.number("min-speed");
    c.heterogeneity = v.number("heterogeneity");
    c.seed = static_cast<std::uint64_t>(v.integer("platform-seed"));
    return c;
}

Expected<bool> checkDagGeneratorConfig(const DagGeneratorConfig& c) {
    // The ranges of the option table, which the CLI and the template dialog read too.
    const OptionTable& table = dagGeneratorOptions();
    const std::pair<const char*, OptionValue> values[] = {
        {"tasks", std::int64_t(c.n)},   {"fat", c.fat},           {"regularity", c.regularity},
        {"density", c.density},         {"jump", std::int64_t(c.jump)}, {"ccr", c.ccr},
        {"max-alpha", c.maxAlpha}};
    for (const auto& [name, value] : values)
        if (Expected<OptionValue> ok = checkOptionValue(*findOption(table, name), value); !ok) return ok.error();
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
    const OptionTable& table = dagPlatformOptions();
    const std::pair<const char*, OptionValue> values[] = {{"clusters", std::int64_t(c.clusters)},
                                                          {"min-processors", std::int64_t(c.minProcessors)},
                                                          {"max-processors", std::int64_t(c.maxProcessors)},
                                                          {"min-speed", c.minSpeed},
                                                          {"heterogeneity", c.heterogeneity}};
    for (const auto& [name, value] : values)
        if (Expected<OptionValue> ok = checkOptionValue(*findOption(table, name), value); !ok) return ok.error();
    if (c.maxProcessors < c.minProcessors)
        return invalidInput("processors per cluster must satisfy 1 <= min <= max <= 100000");
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
