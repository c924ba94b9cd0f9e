#include "experiments/divisible_experiments.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <optional>
#include <random>
#include <sstream>

#include "solvers/divisible/divisible_common.h"

namespace hetsched {

namespace {

// The instance made of the workers of `order` (in that order), with the same horizon and no scenario.
DivisibleInstance subPlatform(const DivisibleInstance& in, const std::vector<std::size_t>& order, std::size_t q) {
    DivisibleInstance sub;
    sub.horizon = in.horizon;
    sub.workers.reserve(q);
    for (std::size_t k = 0; k < q; ++k) sub.workers.push_back(in.workers[order[k]]);
    return sub;
}

std::vector<std::size_t> orderBy(const DivisibleInstance& in, double DivisibleWorker::*key) {
    std::vector<std::size_t> order = divisible_detail::identityOrder(in.workers.size());
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return in.workers[a].*key < in.workers[b].*key; });
    return order;
}

// About maxPoints values of q in 1..p, always 1 and p, increasing.
std::vector<std::size_t> sampledCounts(std::size_t p, int maxPoints) {
    const std::size_t points = static_cast<std::size_t>(std::max(2, maxPoints));
    std::vector<std::size_t> counts;
    if (p <= points) {
        for (std::size_t q = 1; q <= p; ++q) counts.push_back(q);
        return counts;
    }
    for (std::size_t k = 0; k < points; ++k)
        counts.push_back(1 + static_cast<std::size_t>(std::llround(double(k) * double(p - 1) / double(points - 1))));
    counts.erase(std::unique(counts.begin(), counts.end()), counts.end());
    return counts;
}

}  // namespace

Expected<WorkerCountCurve> throughputByWorkerCount(const DivisibleInstance& in, int maxPoints,
                                                   const Progress& progress) {
    const std::size_t p = in.workers.size();
    if (p == 0) return invalidInput("the platform has no worker");
    WorkerCountCurve curve;

    Expected<DivisibleSolution> fifo = solveDivisibleFifoOptimal(in, progress);
    if (!fifo) return fifo.error();
    curve.fifoOptimal = fifo->throughput;
    curve.fifoOptimalWorkers = static_cast<int>(fifo->sendOrder.size());
    curve.fifoOptimalProven = fifo->status == SolveStatus::Optimal;
    Expected<DivisibleSolution> lifo = solveDivisibleLifoOptimal(in, progress);
    if (!lifo) return lifo.error();
    curve.lifoOptimal = lifo->throughput;
    Expected<DivisibleSolution> byC = solveDivisibleFifoByC(in, progress);
    if (!byC) return byC.error();
    curve.fifoByC = byC->throughput;
    Expected<DivisibleSolution> byW = solveDivisibleFifoByW(in, progress);
    if (!byW) return byW.error();
    curve.fifoByW = byW->throughput;

    // Closed forms over every prefix of the c + d order: LIFO loads are those of the no-return problem
    // on c + d (every worker helps), and under d = z c the FIFO optimum of the first q workers is the
    // best valid prefix among them (theorem), both in O(p).
    const std::vector<std::size_t> byCommunication = orderByCommunication(in);
    std::vector<double> reducedC(p);
    for (std::size_t i = 0; i < p; ++i) reducedC[i] = in.workers[i].c + in.workers[i].d;
    const std::vector<double> lifoLoads = divisible_detail::noReturnLoads(in, byCommunication, reducedC);
    std::vector<double> lifoPrefix(p);
    double sum = 0;
    for (std::size_t k = 0; k < p; ++k) lifoPrefix[k] = (sum += lifoLoads[byCommunication[k]]) / in.horizon;

    const std::optional<double> z = constantReturnRatio(in);
    std::vector<double> fifoPrefix;
    if (z) {
        const divisible_detail::FifoPrefixes prefixes =
            divisible_detail::fifoPrefixes(in, byCommunication, *z > 1 + 1e-12);
        double best = 0;
        for (std::size_t k = 0; k < p; ++k) {
            if (k < prefixes.validCount) best = std::max(best, prefixes.throughput[k]);
            fifoPrefix.push_back(best);
        }
    }

    const std::vector<std::size_t> byCost = orderBy(in, &DivisibleWorker::c);
    const std::vector<std::size_t> bySpeed = orderBy(in, &DivisibleWorker::w);
    const std::vector<std::size_t> counts = sampledCounts(p, maxPoints);
    for (std::size_t n = 0; n < counts.size(); ++n) {
        if (progress.stopRequested()) return cancelledError();
        progress.report(double(n) / double(counts.size()), "throughput against the number of workers");
        const std::size_t q = counts[n];
        WorkerCountPoint point;
        point.workers = static_cast<int>(q);
        point.lifoOptimal = lifoPrefix[q - 1];
        if (z) {
            point.fifoOptimal = fifoPrefix[q - 1];
        } else {
            Expected<DivisibleSolution> s = solveDivisibleFifoOptimal(subPlatform(in, byCommunication, q), progress);
            if (!s) return s.error();
            point.fifoOptimal = s->throughput;
        }
        Expected<DivisibleSolution> c = solveDivisibleFifoByC(subPlatform(in, byCost, q), progress);
        if (!c) return c.error();
        point.fifoByC = c->throughput;
        Expected<DivisibleSolution> w = solveDivisibleFifoByW(subPlatform(in, bySpeed, q), progress);
        if (!w) return w.error();
        point.fifoByW = w->throughput;
        curve.points.push_back(point);
    }
    progress.report(1.0, "throughput against the number of workers");
    return curve;
}

std::vector<double> defaultSimulationRatios() {
    std::vector<double> ratios;
    for (int k = 0; k <= 24; ++k) ratios.push_back(0.1 * std::pow(10.0, 3.0 * k / 24.0));
    return ratios;
}

namespace {

// The checked configuration's ratios (empty: the default ones).
Expected<std::vector<double>> checkedRatios(const DivisibleSimulationConfig& config) {
    if (config.workers < 1 || config.workers > 2000)
        return invalidInput("workers must be between 1 and 2000, got " + std::to_string(config.workers));
    if (config.platforms < 1 || config.platforms > 1000)
        return invalidInput("platforms must be between 1 and 1000, got " + std::to_string(config.platforms));
    if (config.zValues.empty()) return invalidInput("at least one value of z is needed");
    for (double z : config.zValues)
        if (!std::isfinite(z) || z < 0 || z > 1e6) return invalidInput("z must be finite and between 0 and 1e6");
    const std::vector<double> ratios = config.ratios.empty() ? defaultSimulationRatios() : config.ratios;
    for (double r : ratios)
        if (!std::isfinite(r) || r <= 0 || r > 1e9) return invalidInput("ratios w/c must be positive and at most 1e9");
    return ratios;
}


}  // namespace

Expected<std::size_t> divisibleSimulationUnitCount(const DivisibleSimulationConfig& config) {
    Expected<std::vector<double>> ratios = checkedRatios(config);
    if (!ratios) return ratios.error();
    return config.zValues.size() * ratios->size() * std::size_t(config.platforms);
}

Expected<SweepRows> runDivisibleSimulationShard(const DivisibleSimulationConfig& config, const Shard& shard,
                                                const Progress& progress) {
    Expected<std::vector<double>> checked = checkedRatios(config);
    if (!checked) return checked.error();
    const std::vector<double>& ratios = *checked;
    const std::size_t platforms = std::size_t(config.platforms);
    SweepRows out;
    out.columns = "unit,z,ratio,platform,lifo_optimal,fifo_by_c,fifo_by_w,fifo_optimal_workers,fifo_optimal_throughput";
    out.totalUnits = config.zValues.size() * ratios.size() * platforms;
    const double total = double(shard.unitsOf(out.totalUnits));
    double done = 0;
    // The stream of the point being drawn from, and how many of its platforms it has drawn.
    std::optional<std::size_t> streamPoint;
    std::size_t drawn = 0;
    std::mt19937_64 random;
    std::uniform_real_distribution<double> uniform(1.0, 10.0);
    DivisibleInstance in;
    for (std::size_t unit = std::size_t(shard.index - 1); unit < out.totalUnits; unit += std::size_t(shard.count)) {
        if (progress.stopRequested()) return cancelledError();
        progress.report(done / total, "divisible-load simulation");
        const std::size_t point = unit / platforms;
        const std::size_t k = unit % platforms;
        const std::size_t zi = point / ratios.size();
        const std::size_t ri = point % ratios.size();
        const double z = config.zValues[zi];
        const double ratio = ratios[ri];
        if (streamPoint != point) {
            // One stream per (z, ratio) point: a point's platforms do not depend on the other points.
            random.seed(config.seed * 1'000'003ULL + zi * 10'007ULL + ri);
            uniform.reset();
            streamPoint = point;
            drawn = 0;
        }
        for (; drawn <= k; ++drawn) {   // the platforms before k of this point are drawn and left
            in = DivisibleInstance{};
            in.horizon = 1;
            for (int i = 0; i < config.workers; ++i) {
                DivisibleWorker w;
                w.name = std::string("P").append(std::to_string(i + 1));
                w.c = uniform(random);
                w.w = ratio * uniform(random);
                w.d = z * w.c;
                in.workers.push_back(std::move(w));
            }
        }
        Expected<DivisibleSolution> fifo = solveDivisibleFifoOptimal(in, progress);
        if (!fifo) return fifo.error();
        Expected<DivisibleSolution> lifo = solveDivisibleLifoOptimal(in, progress);
        if (!lifo) return lifo.error();
        Expected<DivisibleSolution> byC = solveDivisibleFifoByC(in, progress);
        if (!byC) return byC.error();
        Expected<DivisibleSolution> byW = solveDivisibleFifoByW(in, progress);
        if (!byW) return byW.error();
        const double reference = fifo->throughput;
        out.rows.push_back({unit,
                            exactNumber(z) + ',' + exactNumber(ratio) + ',' + std::to_string(k) + ',' +
                                exactNumber(lifo->throughput / reference) + ',' +
                                exactNumber(byC->throughput / reference) + ',' +
                                exactNumber(byW->throughput / reference) + ',' +
                                std::to_string(fifo->sendOrder.size()) + ',' + exactNumber(reference),
                            {}, 0});
        done += 1;
    }
    progress.report(1.0, "divisible-load simulation");
    return out;
}

Expected<std::vector<DivisibleSimulationRow>> divisibleSimulationFromRows(const DivisibleSimulationConfig& config,
                                                                          const SweepRows& raw) {
    Expected<std::vector<double>> checked = checkedRatios(config);
    if (!checked) return checked.error();
    const std::vector<double>& ratios = *checked;
    const std::size_t units = config.zValues.size() * ratios.size() * std::size_t(config.platforms);
    if (raw.totalUnits != units || raw.rows.size() != units)
        return invalidInput("expected the " + std::to_string(units) + " rows of a sweep of " + std::to_string(units) +
                            " units, got " + std::to_string(raw.rows.size()) + " rows of a sweep of " +
                            std::to_string(raw.totalUnits));
    std::vector<DivisibleSimulationRow> rows;
    std::size_t unit = 0;
    for (double z : config.zValues)
        for (double ratio : ratios) {
            DivisibleSimulationRow row;
            row.z = z;
            row.ratio = ratio;
            row.platforms = config.platforms;
            std::vector<std::array<double, 5>> perPlatform;   // kept for the standard deviations
            perPlatform.reserve(static_cast<std::size_t>(config.platforms));
            for (int k = 0; k < config.platforms; ++k, ++unit) {
                SweepRowReader read(raw.rows[unit], raw.columns);
                if (raw.rows[unit].unit != unit) return read.error("expected a row of unit " + std::to_string(unit));
                Expected<double> rowZ = read.number();
                Expected<double> rowRatio = rowZ ? read.number() : rowZ;
                Expected<long long> platform = rowRatio ? read.integer() : Expected<long long>(rowRatio.error());
                if (!platform) return platform.error();
                if (*rowZ != z || *rowRatio != ratio || *platform != k)
                    return read.error("expected platform " + std::to_string(k) + " of z = " + exactNumber(z) +
                                      ", w/c = " + exactNumber(ratio) + ": the rows are of another configuration");
                double values[5];
                for (double& value : values) {
                    Expected<double> v = read.number();
                    if (!v) return v.error();
                    value = *v;
                }
                if (auto extra = read.finish()) return *extra;
                perPlatform.push_back({values[0], values[1], values[2], values[3], values[4]});
                row.lifoOptimal += values[0];
                row.fifoByC += values[1];
                row.fifoByW += values[2];
                row.fifoOptimalWorkers += values[3];
                row.fifoOptimalThroughput += values[4];
            }
            const double n = config.platforms;
            row.lifoOptimal /= n;
            row.fifoByC /= n;
            row.fifoByW /= n;
            row.fifoOptimalWorkers /= n;
            row.fifoOptimalThroughput /= n;
            // The sample standard deviation, two passes around the mean: sqrt(sum (x - mean)^2 / (n - 1)).
            const auto deviation = [&](std::size_t field, double mean) {
                if (perPlatform.size() < 2) return 0.0;
                double squares = 0;
                for (const auto& values : perPlatform) squares += (values[field] - mean) * (values[field] - mean);
                return std::sqrt(squares / (n - 1));
            };
            row.lifoOptimalSd = deviation(0, row.lifoOptimal);
            row.fifoByCSd = deviation(1, row.fifoByC);
            row.fifoByWSd = deviation(2, row.fifoByW);
            row.fifoOptimalWorkersSd = deviation(3, row.fifoOptimalWorkers);
            row.fifoOptimalThroughputSd = deviation(4, row.fifoOptimalThroughput);
            rows.push_back(row);
        }
    return rows;
}

Expected<std::vector<DivisibleSimulationRow>> runDivisibleSimulation(const DivisibleSimulationConfig& config,
                                                                     const Progress& progress) {
    Expected<SweepRows> rows = runDivisibleSimulationShard(config, Shard{}, progress);
    if (!rows) return rows.error();
    return divisibleSimulationFromRows(config, *rows);
}

namespace {

// "log:0.1:100:25" -> 25 values log-spaced from 0.1 to 100, as the list the table reads.
Expected<std::string> readLogSpaced(const OptionSpec& spec, const std::string& text) {
    if (text.rfind("log:", 0) != 0) return text;
    const std::string flag = "--" + spec.name;
    std::vector<double> parts;
    std::stringstream in(text.substr(4));
    for (std::string part; std::getline(in, part, ':');) {
        char* end = nullptr;
        const double v = std::strtod(part.c_str(), &end);
        if (part.empty() || *end != '\0') return invalidInput(flag + ": '" + part + "' is not a number");
        parts.push_back(v);
    }
    if (parts.size() != 3) return invalidInput(flag + ": expected log:FROM:TO:COUNT, got '" + text + "'");
    const double from = parts[0], to = parts[1], count = parts[2];
    if (!(from > 0) || !(to > from) || count < 2 || count > 1000 || count != std::floor(count))
        return invalidInput(flag + ": log:FROM:TO:COUNT needs 0 < FROM < TO and 2 <= COUNT <= 1000");
    const int n = static_cast<int>(count);
    std::string list;
    for (int k = 0; k < n; ++k) {
        if (k > 0) list += ',';
        list += exactNumber(from * std::pow(to / from, double(k) / double(n - 1)));
    }
    return list;
}

}  // namespace

const ExperimentOptions& divisibleSimulationOptions() {
    static const ExperimentOptions options = [] {
        const DivisibleSimulationConfig d;
        ExperimentOptions o;
        OptionSpec ratios = OptionSpec::numberList(
            "ratios", "the values of w/c: a list, or log:FROM:TO:COUNT (none given: log:0.1:100:25)", 0, d.ratios, 1e9);
        ratios.minimumExcluded = true;
        o.table = {
            OptionSpec::integer("workers", "workers per platform", 1, d.workers, 2000),
            OptionSpec::integer("platforms", "random platforms per point", 1, d.platforms, 1000),
            OptionSpec::integer("seed", "seeds the platforms", 0, static_cast<std::int64_t>(d.seed),
                                std::int64_t(1) << 52),
            OptionSpec::numberList("z", "the values of z (the return's size over the task's)", 0, d.zValues, 1e6),
            ratios,
        };
        o.readForm = [](const OptionSpec& spec, const std::string& text) -> Expected<std::string> {
            return spec.name == "ratios" ? readLogSpaced(spec, text) : Expected<std::string>(text);
        };
        return o;
    }();
    return options;
}

DivisibleSimulationConfig divisibleSimulationConfig(const OptionValues& v) {
    DivisibleSimulationConfig c;
    c.workers = static_cast<int>(v.integer("workers"));
    c.platforms = static_cast<int>(v.integer("platforms"));
    c.seed = static_cast<std::uint64_t>(v.integer("seed"));
    c.zValues = v.numbers("z");
    c.ratios = v.numbers("ratios");
    return c;
}

OptionValues divisibleSimulationValues(const DivisibleSimulationConfig& c) {
    OptionValues v(divisibleSimulationOptions().table);
    v.set("workers", std::int64_t(c.workers));
    v.set("platforms", std::int64_t(c.platforms));
    v.set("seed", static_cast<std::int64_t>(c.seed));
    v.set("z", c.zValues);
    v.set("ratios", c.ratios);
    return v;
}

std::vector<std::string> divisibleSimulationFlags(const DivisibleSimulationConfig& config) {
    return experimentOptionFlags(divisibleSimulationOptions(), divisibleSimulationValues(config));
}

std::string divisibleSimulationCsv(const std::vector<DivisibleSimulationRow>& rows) {
    std::ostringstream out;
    // The columns of the means first, as before the standard deviations were kept; theirs appended.
    out << "z,ratio,platforms,lifo_optimal,fifo_by_c,fifo_by_w,fifo_optimal_workers,fifo_optimal_throughput"
        << ",lifo_optimal_sd,fifo_by_c_sd,fifo_by_w_sd,fifo_optimal_workers_sd,fifo_optimal_throughput_sd\n";
    char line[512];
    for (const DivisibleSimulationRow& r : rows) {
        std::snprintf(line, sizeof line, "%.6g,%.6g,%d,%.9g,%.9g,%.9g,%.6g,%.9g,%.9g,%.9g,%.9g,%.6g,%.9g\n", r.z,
                      r.ratio, r.platforms, r.lifoOptimal, r.fifoByC, r.fifoByW, r.fifoOptimalWorkers,
                      r.fifoOptimalThroughput, r.lifoOptimalSd, r.fifoByCSd, r.fifoByWSd, r.fifoOptimalWorkersSd,
                      r.fifoOptimalThroughputSd);
        out << line;
    }
    return out.str();
}

}  // namespace hetsched
