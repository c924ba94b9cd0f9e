#include "model/platform_generators.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <random>
#include <set>
#include <sstream>
#include <utility>
#include <vector>

namespace hetsched {

CpuGpuInstance randomCpuGpuInstance(int tasks, int cpus, int gpus, std::uint64_t seed, double epsilon) {
    std::mt19937_64 rng(seed);
    CpuGpuInstance in;
    in.cpus = cpus;
    in.gpus = gpus;
    in.epsilon = epsilon;
    in.tasks.reserve(static_cast<std::size_t>(std::max(0, tasks)));
    for (int j = 0; j < tasks; ++j) {
        const double cpu = 10.0 + static_cast<double>(rng() % 91);   // U{10..100}
        const double acceleration = (rng() >> 63) ? 35.0 : 15.0;     // 1/15 or 1/35 with probability 1/2
        in.tasks.push_back({std::string("t").append(std::to_string(j)), cpu, cpu / acceleration});
    }
    return in;
}


namespace {

constexpr std::int64_t kMaxSteadyNodes = 100'000;   // the steady-state reader's limits
constexpr std::int64_t kMaxSteadyLinks = 1'000'000;
constexpr double kMinSteadyValue = 1e-9;
constexpr double kMaxSteadyValue = 1e9;
constexpr double kMinDivisibleValue = 1e-30;
constexpr double kMaxDivisibleValue = 1e30;

// The explicit mappings from 64 random bits to numbers, identical on every platform.
class Draw {
public:
    explicit Draw(std::uint64_t seed) : m_rng(seed) {}

    // Uniform in [0, 1): the top 53 bits.
    double unit() { return static_cast<double>(m_rng() >> 11) * 0x1.0p-53; }
    double uniform(double lo, double hi) { return lo == hi ? lo : lo + (hi - lo) * unit(); }
    double uniform(const ValueRange& r) { return uniform(r.min, r.max); }
    // Uniform in {0, ..., n - 1}, n >= 1, without modulo bias (rejection of the incomplete last block).
    std::uint64_t below(std::uint64_t n) {
        const std::uint64_t limit = std::numeric_limits<std::uint64_t>::max() -
                                    std::numeric_limits<std::uint64_t>::max() % n;
        std::uint64_t x = m_rng();
        while (x >= limit) x = m_rng();
        return x % n;
    }
    std::int64_t integer(std::int64_t lo, std::int64_t hi) {
        return lo + static_cast<std::int64_t>(below(static_cast<std::uint64_t>(hi - lo) + 1));
    }
    // An integer in [ceil(min), floor(max)] (checked non-empty by the caller).
    double integerIn(const ValueRange& r) {
        return static_cast<double>(
            integer(static_cast<std::int64_t>(std::ceil(r.min)), static_cast<std::int64_t>(std::floor(r.max))));
    }
    // `k` distinct values of `pool` (partial Fisher-Yates), in the order drawn.
    std::vector<std::size_t> sample(std::vector<std::size_t> pool, std::size_t k) {
        k = std::min(k, pool.size());
        for (std::size_t i = 0; i < k; ++i) std::swap(pool[i], pool[i + below(pool.size() - i)]);
        pool.resize(k);
        return pool;
    }

private:
    std::mt19937_64 m_rng;
};

std::string number(double v) {
    std::ostringstream out;
    out << v;
    return out.str();
}

std::string describe(const ValueRange& r) {
    return std::string("[").append(number(r.min)).append(", ").append(number(r.max)).append("]");
}

// An empty string when r is a valid range in [lo, hi] (zeroAllowed: 0 too), else what is wrong.
std::string checkRange(const char* name, const ValueRange& r, double lo, double hi, bool zeroAllowed) {
    const std::string n(name);
    if (!std::isfinite(r.min) || !std::isfinite(r.max)) return n + ": the range " + describe(r) + " is not finite";
    if (r.min > r.max) return n + ": min " + number(r.min) + " > max " + number(r.max);
    const auto inside = [&](double v) { return (zeroAllowed && v == 0) || (v >= lo && v <= hi); };
    if (!inside(r.min) || !inside(r.max))
        return n + ": the range " + describe(r) + " must lie in " + (zeroAllowed ? "{0} or " : "") + "[" +
               number(lo) + ", " + number(hi) + "]";
    return {};
}

std::string nodeName(std::size_t index) {
    return std::string("P").append(std::to_string(index + 1));
}

}  // namespace

// ---------------------------------------------------------------------------------------------------------
// Divisible load

Expected<bool> checkDivisibleStar(const DivisibleStarConfig& c) {
    if (c.workers < 1 || c.workers > 1'000'000)
        return invalidInput("workers: must be between 1 and 1000000, got " + std::to_string(c.workers));
    if (!(std::isfinite(c.horizon) && c.horizon > 0))
        return invalidInput("horizon: T must be positive, got " + number(c.horizon));
    for (const auto& [name, range] : {std::pair{"c", c.c}, std::pair{"w", c.w}})
        if (std::string e = checkRange(name, range, kMinDivisibleValue, kMaxDivisibleValue, false); !e.empty())
            return invalidInput(e);
    if (c.returnRatio < 0) {
        if (std::string e = checkRange("d", c.d, kMinDivisibleValue, kMaxDivisibleValue, true); !e.empty())
            return invalidInput(e);
        if (c.d.min == 0 && c.d.max > 0 && c.d.max < kMinDivisibleValue)
            return invalidInput("d: the range " + describe(c.d) + " is too small");
    } else if (!std::isfinite(c.returnRatio) || c.returnRatio * c.c.max > kMaxDivisibleValue) {
        return invalidInput("return ratio: d = z * c must stay below 1e30, got z = " + number(c.returnRatio));
    }
    return true;
}

Expected<DivisibleInstance> generateDivisibleStar(const DivisibleStarConfig& c) {
    if (Expected<bool> ok = checkDivisibleStar(c); !ok) return ok.error();
    Draw draw(c.seed);
    DivisibleInstance in;
    in.horizon = c.horizon;
    in.workers.reserve(static_cast<std::size_t>(c.workers));
    for (int i = 0; i < c.workers; ++i) {
        DivisibleWorker worker;
        worker.name = nodeName(static_cast<std::size_t>(i));
        worker.c = draw.uniform(c.c);
        worker.w = draw.uniform(c.w);
        worker.d = c.returnRatio >= 0 ? c.returnRatio * worker.c : draw.uniform(c.d);
        // A d drawn in (0, 1e-30) from a range [0, x] would be refused by the reader.
        if (worker.d > 0 && worker.d < kMinDivisibleValue) worker.d = 0;
        in.workers.push_back(std::move(worker));
    }
    return in;
}

// ---------------------------------------------------------------------------------------------------------
// CPU/GPU

Expected<bool> checkCpuGpuNode(const CpuGpuNodeConfig& c) {
    if (c.cpus < 0 || c.cpus > 1'000'000) return invalidInput("cpus: must be between 0 and 1000000");
    if (c.gpus < 0 || c.gpus > 1'000'000) return invalidInput("gpus: must be between 0 and 1000000");
    if (c.cpus + c.gpus < 1) return invalidInput("cpus and gpus are both 0: the node needs a processor");
    if (c.tasks < 1 || c.tasks > 1'000'000)
        return invalidInput("tasks: must be between 1 and 1000000, got " + std::to_string(c.tasks));
    if (!(c.epsilon >= 1e-6 && c.epsilon <= 1)) return invalidInput("epsilon: must be in [1e-6, 1]");
    return true;
}

Expected<CpuGpuInstance> generateCpuGpuNode(const CpuGpuNodeConfig& c) {
    if (Expected<bool> ok = checkCpuGpuNode(c); !ok) return ok.error();
    return randomCpuGpuInstance(c.tasks, c.cpus, c.gpus, c.seed, c.epsilon);
}

// ---------------------------------------------------------------------------------------------------------
// Partition

const char* partitionCostShapeName(PartitionCostShape shape) {
    switch (shape) {
        case PartitionCostShape::Linear:
            return "linear";
        case PartitionCostShape::Convex:
            return "convex";
        case PartitionCostShape::Concave:
            return "concave";
        case PartitionCostShape::Arbitrary:
            return "arbitrary";
    }
    return "linear";
}

Expected<bool> checkPartitionGenerator(const PartitionGeneratorConfig& c) {
    if (c.resources < 1 || c.resources > 10'000)
        return invalidInput("resources: must be between 1 and 10000, got " + std::to_string(c.resources));
    if (c.tasks < 1 || c.tasks > 1'000'000)
        return invalidInput("tasks: must be between 1 and 1000000, got " + std::to_string(c.tasks));
    if (std::string e = checkRange("cost per task", c.perTask, kMinSteadyValue, kMaxSteadyValue, false); !e.empty())
        return invalidInput(e);
    if (c.shape != PartitionCostShape::Linear && static_cast<std::int64_t>(c.resources) * (c.tasks + 1) > 10'000'000)
        return invalidInput("resources x (tasks + 1) = " + std::to_string(static_cast<std::int64_t>(c.resources) * (c.tasks + 1)) +
                            " cost table entries (at most 10000000 for a " + partitionCostShapeName(c.shape) + " shape)");
    return true;
}

Expected<PartitionInstance> generatePartitionInstance(const PartitionGeneratorConfig& c) {
    if (Expected<bool> ok = checkPartitionGenerator(c); !ok) return ok.error();
    Draw draw(c.seed);
    PartitionInstance in;
    in.tasks = c.tasks;
    in.objective = c.objective;
    const std::int64_t n = c.resources;
    for (std::int64_t i = 0; i < n; ++i) {
        PartitionResource r;
        r.name = std::string("R").append(std::to_string(i + 1));
        r.lower = c.limits ? draw.integer(0, c.tasks / (2 * n)) : 0;
        r.upper = c.limits ? draw.integer((c.tasks + n - 1) / n, c.tasks) : c.tasks;
        const double a = draw.uniform(c.perTask);
        if (c.shape == PartitionCostShape::Linear) {
            r.cost.kind = CostFunction::Kind::Affine;
            r.cost.perTask = a;
        } else {
            const double exponent = c.shape == PartitionCostShape::Convex    ? draw.uniform(1.2, 2.0)
                                    : c.shape == PartitionCostShape::Concave ? draw.uniform(0.5, 0.8)
                                                                             : 1.0;
            r.cost.kind = CostFunction::Kind::Table;
            r.cost.table.reserve(static_cast<std::size_t>(r.upper - r.lower + 1));
            for (std::int64_t x = r.lower; x <= r.upper; ++x) {
                const double count = static_cast<double>(x);
                r.cost.table.push_back(x == 0 ? 0.0
                                       : c.shape == PartitionCostShape::Arbitrary
                                           ? draw.uniform(c.perTask.min * count, c.perTask.max * count)
                                           : a * std::pow(count, exponent));
            }
        }
        in.resources.push_back(std::move(r));
    }
    return in;
}

// ---------------------------------------------------------------------------------------------------------
// Steady state

const char* steadyTopologyName(SteadyTopology topology) {
    switch (topology) {
        case SteadyTopology::RandomConnected:
            return "random";
        case SteadyTopology::Grid:
            return "grid";
        case SteadyTopology::Tree:
            return "tree";
        case SteadyTopology::Star:
            return "star";
    }
    return "random";
}

Expected<std::int64_t> steadyNodeCount(const SteadyPlatformConfig& c) {
    const auto tooMany = [](std::int64_t n) {
        return invalidInput("the platform would have " + std::to_string(n) + " nodes (at most 100000)");
    };
    switch (c.topology) {
        case SteadyTopology::RandomConnected:
        case SteadyTopology::Star:
            if (c.nodes < 1 || c.nodes > kMaxSteadyNodes)
                return invalidInput("nodes: must be between 1 and 100000, got " + std::to_string(c.nodes));
            return std::int64_t{c.nodes};
        case SteadyTopology::Grid: {
            if (c.rows < 1) return invalidInput("rows: must be at least 1");
            if (c.cols < 1) return invalidInput("cols: must be at least 1");
            const std::int64_t n = std::int64_t{c.rows} * c.cols;
            if (n > kMaxSteadyNodes) return tooMany(n);
            return n;
        }
        case SteadyTopology::Tree: {
            if (c.branching < 1) return invalidInput("branching: must be at least 1");
            if (c.depth < 0) return invalidInput("depth: must be at least 0");
            std::int64_t n = 1, level = 1;
            for (int l = 1; l <= c.depth; ++l) {
                level *= c.branching;
                n += level;
                if (n > kMaxSteadyNodes) return tooMany(n);
            }
            return n;
        }
    }
    return invalidInput("unknown topology");
}

namespace {

// The random topology's link count: averageDegree * n / 2, at least a spanning tree, at most complete.
double randomLinkCount(const SteadyPlatformConfig& c, std::size_t n) {
    const double complete = static_cast<double>(n) * static_cast<double>(n - 1) / 2;
    return std::clamp(std::round(c.averageDegree * static_cast<double>(n) / 2), static_cast<double>(n - 1),
                      complete);
}

}  // namespace

Expected<std::int64_t> checkSteadyPlatform(const SteadyPlatformConfig& c) {
    Expected<std::int64_t> count = steadyNodeCount(c);
    if (!count) return count.error();
    const std::size_t n = static_cast<std::size_t>(*count);
    for (const auto& [name, range] : {std::pair{"speed", c.speed}, std::pair{"bandwidth", c.bandwidth}}) {
        if (std::string e = checkRange(name, range, kMinSteadyValue, kMaxSteadyValue, false); !e.empty())
            return invalidInput(e);
        if (c.integerValues && std::ceil(range.min) > std::floor(range.max))
            return invalidInput(std::string(name) + ": the range " + describe(range) + " holds no integer");
    }
    if (!(c.routerFraction >= 0 && c.routerFraction <= 1))
        return invalidInput("router fraction: must be in [0, 1], got " + number(c.routerFraction));
    if (c.source < 0 || static_cast<std::size_t>(c.source) >= n)
        return invalidInput("source: node " + std::to_string(c.source) + " does not exist (the platform has " +
                            std::to_string(n) + " nodes, numbered from 0)");
    const bool bag = c.application == SteadyApplicationType::BagOfTasks;
    if (!bag && n < 2) return invalidInput("a broadcast or a multicast needs at least two nodes");
    const auto positive = [](double v) { return std::isfinite(v) && v >= kMinSteadyValue && v <= kMaxSteadyValue; };
    if (!positive(c.data)) return invalidInput("data: must be between 1e-9 and 1e9, got " + number(c.data));
    if (bag && !positive(c.work)) return invalidInput("work: must be between 1e-9 and 1e9, got " + number(c.work));
    if (bag && c.result != 0 && !positive(c.result))
        return invalidInput("result: must be 0 or between 1e-9 and 1e9, got " + number(c.result));
    if (c.application == SteadyApplicationType::Multicast && !(c.targetFraction > 0 && c.targetFraction <= 1))
        return invalidInput("target fraction: must be in (0, 1], got " + number(c.targetFraction));
    if (c.topology == SteadyTopology::RandomConnected) {
        if (!(std::isfinite(c.averageDegree) && c.averageDegree >= 0))
            return invalidInput("average degree: must be at least 0, got " + number(c.averageDegree));
        const double links = randomLinkCount(c, n);
        if (links > static_cast<double>(kMaxSteadyLinks))
            return invalidInput("average degree: " + number(c.averageDegree) + " on " + std::to_string(n) +
                                " nodes makes " + number(links) + " links (at most 1000000)");
    }
    return count;
}

Expected<SteadyStateInstance> generateSteadyPlatform(const SteadyPlatformConfig& c) {
    Expected<std::int64_t> count = checkSteadyPlatform(c);
    if (!count) return count.error();
    const std::size_t n = static_cast<std::size_t>(*count);
    const bool bag = c.application == SteadyApplicationType::BagOfTasks;

    // Links first, as index pairs (checkSteadyPlatform kept their count within the reader's limit).
    std::vector<std::pair<std::size_t, std::size_t>> pairs;
    Draw draw(c.seed);
    switch (c.topology) {
        case SteadyTopology::RandomConnected: {
            const double complete = static_cast<double>(n) * static_cast<double>(n - 1) / 2;
            const std::size_t target = static_cast<std::size_t>(randomLinkCount(c, n));
            std::set<std::pair<std::size_t, std::size_t>> used;
            // A random recursive tree keeps the graph connected.
            for (std::size_t u = 1; u < n; ++u) {
                const std::size_t v = static_cast<std::size_t>(draw.below(u));
                used.insert({v, u});
                pairs.push_back({v, u});
            }
            if (target > n - 1 && 2 * target > static_cast<std::size_t>(complete)) {
                // Dense: draw among the missing pairs, enumerated (n is small when this many links fit).
                std::vector<std::size_t> missing;
                std::vector<std::pair<std::size_t, std::size_t>> candidates;
                for (std::size_t a = 0; a < n; ++a)
                    for (std::size_t b = a + 1; b < n; ++b)
                        if (!used.count({a, b})) candidates.push_back({a, b});
                missing.resize(candidates.size());
                std::iota(missing.begin(), missing.end(), std::size_t{0});
                for (std::size_t k : draw.sample(std::move(missing), target - (n - 1))) pairs.push_back(candidates[k]);
            } else {
                while (pairs.size() < target) {
                    std::size_t a = static_cast<std::size_t>(draw.below(n));
                    std::size_t b = static_cast<std::size_t>(draw.below(n));
                    if (a == b) continue;
                    if (a > b) std::swap(a, b);
                    if (used.insert({a, b}).second) pairs.push_back({a, b});
                }
            }
            break;
        }
        case SteadyTopology::Grid: {
            const std::size_t rows = static_cast<std::size_t>(c.rows), cols = static_cast<std::size_t>(c.cols);
            std::set<std::pair<std::size_t, std::size_t>> used;
            const auto link = [&](std::size_t a, std::size_t b) {
                if (a != b && used.insert(std::minmax(a, b)).second) pairs.push_back({a, b});
            };
            for (std::size_t r = 0; r < rows; ++r)
                for (std::size_t col = 0; col < cols; ++col) {
                    const std::size_t u = r * cols + col;
                    if (col + 1 < cols) link(u, u + 1);
                    else if (c.torus) link(u, r * cols);
                    if (r + 1 < rows) link(u, u + cols);
                    else if (c.torus) link(u, col);
                }
            break;
        }
        case SteadyTopology::Tree:
            // Breadth-first numbering: the children of u are b*u + 1 .. b*u + b.
            for (std::size_t v = 1; v < n; ++v) pairs.push_back({(v - 1) / static_cast<std::size_t>(c.branching), v});
            break;
        case SteadyTopology::Star:
            for (std::size_t v = 1; v < n; ++v) pairs.push_back({0, v});
            break;
    }

    SteadyStateInstance in;
    in.model = c.model;
    in.nodes.resize(n);
    for (std::size_t u = 0; u < n; ++u) {
        if (c.topology == SteadyTopology::Grid) {
            const std::size_t cols = static_cast<std::size_t>(c.cols);
            in.nodes[u].name = std::string("P")
                                   .append(std::to_string(u / cols + 1))
                                   .append("_")
                                   .append(std::to_string(u % cols + 1));
        } else {
            in.nodes[u].name = nodeName(u);
        }
        in.nodes[u].speed = c.integerValues ? draw.integerIn(c.speed) : draw.uniform(c.speed);
    }
    const std::size_t source = static_cast<std::size_t>(c.source);
    std::vector<std::size_t> others;
    for (std::size_t u = 0; u < n; ++u)
        if (u != source) others.push_back(u);
    const auto routers = static_cast<std::size_t>(std::llround(c.routerFraction * static_cast<double>(n - 1)));
    for (std::size_t u : draw.sample(others, routers)) in.nodes[u].speed = 0;
    in.links.reserve(pairs.size());
    for (const auto& [a, b] : pairs)
        in.links.push_back({a, b, c.integerValues ? draw.integerIn(c.bandwidth) : draw.uniform(c.bandwidth), true});

    in.application.type = c.application;
    in.application.source = source;
    in.application.data = c.data;
    in.application.result = bag ? c.result : 0;
    in.application.work = bag ? c.work : 1;
    if (c.application == SteadyApplicationType::Multicast) {
        const auto k = static_cast<std::size_t>(
            std::max<long long>(1, std::llround(c.targetFraction * static_cast<double>(n - 1))));
        in.application.targets = draw.sample(others, k);
        std::sort(in.application.targets.begin(), in.application.targets.end());
    }
    return in;
}

SteadyStateInstance randomSteadyPlatform(std::size_t nodes, double linksPerNode, std::uint64_t seed,
                                         CommunicationModel model, SteadyApplicationType type) {
    // Draw for draw the generator the steady-state tests were written and validated with (moved here from
    // tests/core/random_steady.h): the same seeds give the same platforms as before.
    std::mt19937 rng(static_cast<std::mt19937::result_type>(seed));
    std::uniform_int_distribution<int> value(1, 10);
    SteadyStateInstance in;
    in.model = model;
    for (std::size_t u = 0; u < nodes; ++u)
        in.nodes.push_back(
            {nodeName(u), (u > 0 && rng() % 5 == 0) ? 0.0 : static_cast<double>(value(rng))});
    std::set<std::pair<std::size_t, std::size_t>> used;
    const auto link = [&](std::size_t a, std::size_t b) {
        if (a == b || !used.insert(std::minmax(a, b)).second) return;
        in.links.push_back({a, b, static_cast<double>(value(rng)), true});
    };
    for (std::size_t u = 1; u < nodes; ++u) link(u, rng() % u);
    const auto target = static_cast<std::size_t>(linksPerNode * static_cast<double>(nodes) / 2.0);
    for (int guard = 0; in.links.size() < target && guard < 100000; ++guard) link(rng() % nodes, rng() % nodes);
    in.application.type = type;
    in.application.source = 0;
    in.application.data = static_cast<double>(value(rng));
    in.application.result = type == SteadyApplicationType::BagOfTasks ? static_cast<double>(value(rng) - 1) : 0.0;
    in.application.work = static_cast<double>(value(rng));
    if (type == SteadyApplicationType::Multicast)
        for (std::size_t u = 1; u < nodes; u += 2) in.application.targets.push_back(u);
    return in;
}

}  // namespace hetsched
