#include "model/instance_checks.h"

#include <algorithm>
#include <cmath>
#include <set>
#include <unordered_map>

#include "common/name_index.h"
#include "common/number_format.h"

namespace hetsched {

namespace {

std::string at(const std::string& list, std::size_t index) { return list + "[" + std::to_string(index) + "]"; }

// Why v is not a finite number in [lo, hi], in the readers' words ("PATH: must be positive, got -1"), or nothing.
std::optional<std::string> outside(const std::string& path, double v, double lo, double hi) {
    if (std::isfinite(v) && v >= lo && v <= hi) return std::nullopt;
    const std::string got = ", got " + formatShortest(v);
    if (!std::isfinite(v)) return path + ": expected a finite number" + (std::isnan(v) ? std::string() : got);
    if (lo > 0) {
        if (v <= 0) return path + ": must be positive" + got;
        return path + ": must be between " + formatShortest(lo) + " and " + formatShortest(hi) + got;
    }
    if (v < lo) return path + ": must be at least " + formatShortest(lo) + got;
    return path + ": must be at most " + formatShortest(hi) + got;
}

}  // namespace

std::optional<std::string> partitionInstanceProblem(const PartitionInstance& in) {
    using namespace partition_limits;
    if (in.tasks < 1 || in.tasks > kMaxTasks)
        return "tasks: must be an integer in [1, " + std::to_string(kMaxTasks) + "], got " + std::to_string(in.tasks);
    if (in.resources.empty()) return std::string("resources: expected at least one resource");
    std::set<std::string> names;
    double pairs = 0;
    for (std::size_t i = 0; i < in.resources.size(); ++i) {
        const PartitionResource& r = in.resources[i];
        const std::string path = at("resources", i);
        if (r.name.empty()) return path + ".name: expected a non-empty string";
        if (!names.insert(r.name).second) return path + ".name: duplicate resource name \"" + r.name + "\"";
        if (r.hasAllowedList()) {
            for (std::size_t k = 0; k < r.allowed.size(); ++k) {
                if (r.allowed[k] < 0 || r.allowed[k] > kMaxCount)
                    return at(path + ".allowed", k) + ": must be an integer in [0, " + std::to_string(kMaxCount) + "]";
                if (k > 0 && r.allowed[k] <= r.allowed[k - 1])
                    return at(path + ".allowed", k) + ": " +
                           (r.allowed[k] == r.allowed[k - 1] ? "duplicate count " + std::to_string(r.allowed[k])
                                                             : std::string("must be in increasing order"));
            }
        } else {
            if (r.lower < 0 || r.lower > kMaxCount) return path + ".lower: must be an integer in [0, 1000000000]";
            if (r.upper < 0 || r.upper > kMaxCount) return path + ".upper: must be an integer in [0, 1000000000]";
            if (r.lower > r.upper)
                return path + ": lower=" + std::to_string(r.lower) + " is greater than upper=" + std::to_string(r.upper);
        }
        const CostFunction& cost = r.cost;
        const std::string costPath = path + ".cost";
        switch (cost.kind) {
        case CostFunction::Kind::Table: {
            const auto expected = static_cast<std::size_t>(r.choiceCount());
            if (cost.table.size() != expected)
                return costPath + ".table: expected " + std::to_string(expected) + " values, got " +
                       std::to_string(cost.table.size());
            // Ten million values: a value's path is written only for its problem.
            for (std::size_t k = 0; k < cost.table.size(); ++k)
                if (!(cost.table[k] >= 0 && cost.table[k] <= kMaxCost))
                    if (auto problem = outside(at(costPath + ".table", k), cost.table[k], 0, kMaxCost)) return problem;
            break;
        }
        case CostFunction::Kind::Affine:
            if (auto problem = outside(costPath + ".affine.fixed", cost.fixed, 0, kMaxCost)) return problem;
            if (auto problem = outside(costPath + ".affine.per_task", cost.perTask, 0, kMaxCost / double(kMaxCount)))
                return problem;
            break;
        case CostFunction::Kind::Points: {
            if (cost.points.empty()) return costPath + ".points: expected at least one measured point";
            for (std::size_t k = 0; k < cost.points.size(); ++k) {
                const std::string point = at(costPath + ".points", k);
                if (auto problem = outside(point + "[0]", cost.points[k].first, 0, double(kMaxCount))) return problem;
                if (auto problem = outside(point + "[1]", cost.points[k].second, 0, kMaxCost)) return problem;
                if (k > 0 && cost.points[k].first <= cost.points[k - 1].first)
                    return point + ": " +
                           (cost.points[k].first == cost.points[k - 1].first
                                ? "two measured points at " + formatShortest(cost.points[k].first) + " tasks"
                                : std::string("points must be sorted by task count"));
            }
            const double first = cost.points.front().first, last = cost.points.back().first;
            for (std::int64_t k = 0; k < r.choiceCount(); ++k) {
                const std::int64_t x = r.countAt(k);
                if (x > in.tasks) break;
                if (double(x) < first || double(x) > last)
                    return costPath + ".points: count " + std::to_string(x) + " is outside the measured range [" +
                           formatShortest(first) + ", " + formatShortest(last) + "]; measure it or narrow lower/upper";
            }
            break;
        }
        }
        pairs += r.hasAllowedList() ? double(r.allowed.size())
                                    : double(std::max<std::int64_t>(0, std::min(r.upper, in.tasks) - r.lower + 1));
        if (pairs > kMaxAdmissiblePairs)
            return path + ": the instance is too large: more than 2e8 (resource, task count) pairs in all";
    }
    return std::nullopt;
}

std::optional<std::string> divisibleInstanceProblem(const DivisibleInstance& in) {
    using namespace divisible_limits;
    if (auto problem = outside("horizon", in.horizon, kMinValue, kMaxValue)) return problem;
    if (in.workers.empty()) return std::string("workers: expected at least one worker");
    if (in.workers.size() > kMaxWorkers) return std::string("workers: at most 1000000 workers");
    std::set<std::string> names;
    for (std::size_t i = 0; i < in.workers.size(); ++i) {
        const DivisibleWorker& w = in.workers[i];
        const std::string path = at("workers", i);
        if (w.name.empty()) return path + ".name: expected a non-empty string";
        if (!names.insert(w.name).second) return path + ".name: duplicate worker name \"" + w.name + "\"";
        if (auto problem = outside(path + ".c", w.c, kMinValue, kMaxValue)) return problem;
        if (auto problem = outside(path + ".w", w.w, kMinValue, kMaxValue)) return problem;
        if (w.d != 0)
            if (auto problem = outside(path + ".d", w.d, kMinValue, kMaxValue))
                return *problem + " (or 0: no return message)";
    }
    const auto orderProblem = [&](const std::vector<std::size_t>& order, const std::string& name) -> std::optional<std::string> {
        std::set<std::size_t> seen;
        for (std::size_t k = 0; k < order.size(); ++k) {
            if (order[k] >= in.workers.size()) return at(name, k) + ": unknown worker";
            if (!seen.insert(order[k]).second)
                return at(name, k) + ": worker \"" + in.workers[order[k]].name + "\" is listed twice";
        }
        return std::nullopt;
    };
    if (auto problem = orderProblem(in.sendOrder, "send_order")) return problem;
    if (auto problem = orderProblem(in.returnOrder, "return_order")) return problem;
    if (!in.returnOrder.empty()) {
        // The return order lists exactly the participants: those of send_order, or every worker.
        std::set<std::size_t> sent(in.sendOrder.begin(), in.sendOrder.end());
        if (in.sendOrder.empty())
            for (std::size_t i = 0; i < in.workers.size(); ++i) sent.insert(i);
        for (std::size_t k = 0; k < in.returnOrder.size(); ++k)
            if (!sent.count(in.returnOrder[k]))
                return at("return_order", k) + ": worker \"" + in.workers[in.returnOrder[k]].name +
                       "\" returns results but is not in send_order";
        if (in.returnOrder.size() != sent.size())
            for (std::size_t i : sent)
                if (std::find(in.returnOrder.begin(), in.returnOrder.end(), i) == in.returnOrder.end())
                    return "return_order: worker \"" + in.workers[i].name +
                           "\" is missing (return_order must list the same workers as " +
                           (in.sendOrder.empty() ? "workers, since send_order is absent)" : "send_order)");
    }
    return std::nullopt;
}

std::optional<std::string> cpuGpuInstanceProblem(const CpuGpuInstance& in) {
    using namespace cpugpu_limits;
    if (in.cpus < 0 || in.cpus > kMaxProcessors) return "cpus: must be an integer in [0, 10000], got " + std::to_string(in.cpus);
    if (in.gpus < 0 || in.gpus > kMaxProcessors) return "gpus: must be an integer in [0, 10000], got " + std::to_string(in.gpus);
    if (in.cpus == 0 && in.gpus == 0) return std::string("cpus: cpus and gpus are both 0: the platform needs a processor");
    if (auto problem = outside("epsilon", in.epsilon, kMinEpsilon, kMaxEpsilon)) return problem;
    if (in.tasks.empty()) return std::string("tasks: expected at least one task");
    if (in.tasks.size() > kMaxTasks) return std::string("tasks: at most 1000000 tasks");
    // A million tasks: names as views in an open-addressing index, a task's path written only for its problem.
    // The names first (the index's cache misses overlap), then the tasks in order up to the first repeated
    // name, so that the first problem in the file's order is the one named.
    NameIndex index(in.tasks.size());
    const auto repeated =
        index.addEach(in.tasks.size(), [&](std::size_t j) -> std::string_view { return in.tasks[j].name; });
    for (std::size_t j = 0; j < in.tasks.size(); ++j) {
        const CpuGpuTask& t = in.tasks[j];
        if (t.name.empty()) return at("tasks", j) + ".name: expected a non-empty string";
        if (repeated && repeated->first == j)
            return at("tasks", j) + ".name: duplicate task name \"" + t.name + "\" (also tasks[" +
                   std::to_string(repeated->second) + "])";
        const bool inRange = t.cpu >= kMinTime && t.cpu <= kMaxTime && t.gpu >= kMinTime && t.gpu <= kMaxTime;
        if (inRange) continue;
        if (auto problem = outside(at("tasks", j) + ".cpu", t.cpu, kMinTime, kMaxTime)) return problem;
        if (auto problem = outside(at("tasks", j) + ".gpu", t.gpu, kMinTime, kMaxTime)) return problem;
    }
    return std::nullopt;
}

std::optional<std::string> steadyInstanceProblem(const SteadyStateInstance& in) {
    using namespace steady_limits;
    // A positive amount (a bandwidth, a message size, a task's work) and one that may be 0 (a router's
    // speed, no result message), as the reader's positive() and nonNegative() take them.
    const auto positive = [](const std::string& path, double v) -> std::optional<std::string> {
        if (!std::isfinite(v)) return path + ": expected a finite number";
        if (v <= 0) return path + ": must be positive, got " + formatShortest(v);
        if (v < kMinValue || v > kMaxValue) return path + ": must be between 1e-9 and 1e9, got " + formatShortest(v);
        return std::nullopt;
    };
    const auto nonNegative = [](const std::string& path, double v) -> std::optional<std::string> {
        if (!std::isfinite(v)) return path + ": expected a finite number";
        if (v < 0) return path + ": must be at least 0, got " + formatShortest(v);
        if (v != 0 && (v < kMinValue || v > kMaxValue))
            return path + ": must be 0 or between 1e-9 and 1e9, got " + formatShortest(v);
        return std::nullopt;
    };
    const std::size_t n = in.nodes.size();
    const auto name = [&](std::size_t u) { return "\"" + in.nodes[u].name + "\""; };
    if (in.model != CommunicationModel::BidirectionalOnePort && in.model != CommunicationModel::UnidirectionalOnePort &&
        in.model != CommunicationModel::BoundedMultiport)
        return std::string("model: unknown model");
    if (n == 0) return std::string("platform.nodes: expected at least one node");
    if (n > kMaxNodes) return std::string("platform.nodes: at most 100000 nodes");
    std::unordered_map<std::string, std::size_t> index;
    index.reserve(n);
    for (std::size_t u = 0; u < n; ++u) {
        const std::string path = at("platform.nodes", u);
        if (in.nodes[u].name.empty()) return path + ".name: must not be empty";
        if (auto problem = nonNegative(path + ".speed", in.nodes[u].speed)) return problem;
        if (!index.emplace(in.nodes[u].name, u).second) return path + ".name: duplicate node name " + name(u);
    }
    if (in.links.size() > kMaxLinks) return std::string("platform.links: at most 1000000 links");
    std::set<std::pair<std::size_t, std::size_t>> arcs;
    for (std::size_t k = 0; k < in.links.size(); ++k) {
        const SteadyLink& l = in.links[k];
        const std::string path = at("platform.links", k);
        if (l.from >= n) return path + ".from: unknown node";
        if (l.to >= n) return path + ".to: unknown node";
        if (l.from == l.to) return path + ": a link from " + name(l.from) + " to itself";
        if (auto problem = positive(path + ".bandwidth", l.bandwidth)) return problem;
        if (!arcs.insert({l.from, l.to}).second) return path + ": a second link from " + name(l.from) + " to " + name(l.to);
        if (l.bidirectional && !arcs.insert({l.to, l.from}).second)
            return path + ": a second link from " + name(l.to) + " to " + name(l.from);
    }
    // The application's fields its type writes: a bag of tasks its data, result and work; a broadcast or a
    // multicast its message size (and a multicast its targets).
    const SteadyApplication& a = in.application;
    switch (a.type) {
    case SteadyApplicationType::BagOfTasks:
        if (auto problem = positive("application.data", a.data)) return problem;
        if (auto problem = nonNegative("application.result", a.result)) return problem;
        if (auto problem = positive("application.work", a.work)) return problem;
        break;
    case SteadyApplicationType::Broadcast:
    case SteadyApplicationType::Multicast:
        if (auto problem = positive("application.size", a.data)) return problem;
        break;
    default:
        return std::string("application.type: unknown application");
    }
    if (a.source >= n) return std::string("application.source: unknown node");
    if (a.type == SteadyApplicationType::Multicast) {
        if (a.targets.empty()) return std::string("application.targets: expected at least one target");
        std::set<std::size_t> seen;
        for (std::size_t k = 0; k < a.targets.size(); ++k) {
            const std::size_t t = a.targets[k];
            const std::string path = at("application.targets", k);
            if (t >= n) return path + ": unknown node";
            if (t == a.source) return path + ": the source cannot be a target";
            if (!seen.insert(t).second) return path + ": target " + name(t) + " is listed twice";
        }
    }
    return std::nullopt;
}

}  // namespace hetsched
