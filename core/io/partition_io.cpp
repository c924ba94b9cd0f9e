#include "io/partition_io.h"

#include "io/json_text_writer.h"

#include <algorithm>
#include <set>

namespace hetsched {

using json_detail::JsonNode;

namespace {

constexpr std::int64_t kMaxTasks = 100'000'000;
constexpr std::int64_t kMaxCount = 1'000'000'000;
constexpr double kMaxCost = 1e100;                  // keeps sums of costs finite
constexpr double kMaxAdmissiblePairs = 2e8;         // (resource, count) pairs the solvers materialise

std::string rangeText(const PartitionResource& r) {
    return "lower=" + std::to_string(r.lower) + "..upper=" + std::to_string(r.upper);
}

void readCost(const JsonNode& node, PartitionResource& r, std::int64_t tasks) {
    node.requireOnlyKeys({"table", "affine", "points"});
    const int given = int(node.has("table")) + int(node.has("affine")) + int(node.has("points"));
    if (given != 1) node.fail("give exactly one of 'table', 'affine' or 'points'");
    CostFunction& cost = r.cost;
    if (auto table = node.find("table")) {
        cost.kind = CostFunction::Kind::Table;
        const std::size_t expected = static_cast<std::size_t>(r.choiceCount());
        if (table->size() != expected) {
            table->fail(r.hasAllowedList()
                            ? "expected " + std::to_string(expected) + " values, one per allowed count, got " +
                                  std::to_string(table->size())
                            : "expected " + std::to_string(expected) + " values for " + rangeText(r) + ", got " +
                                  std::to_string(table->size()));
        }
        cost.table.reserve(expected);
        for (std::size_t k = 0; k < expected; ++k) cost.table.push_back((*table)[k].numberIn(0, kMaxCost));
    } else if (auto affine = node.find("affine")) {
        cost.kind = CostFunction::Kind::Affine;
        affine->requireOnlyKeys({"fixed", "per_task"});
        cost.fixed = affine->find("fixed") ? affine->at("fixed").numberIn(0, kMaxCost) : 0.0;
        cost.perTask = affine->at("per_task").numberIn(0, kMaxCost / std::max<double>(1.0, double(kMaxCount)));
    } else {
        const JsonNode points = node.at("points");
        cost.kind = CostFunction::Kind::Points;
        if (points.size() == 0) points.fail("expected at least one measured point");
        for (std::size_t k = 0; k < points.size(); ++k) {
            const JsonNode point = points[k];
            if (point.size() != 2) point.fail("expected a pair [tasks, cost], got " + std::to_string(point.size()) + " values");
            cost.points.emplace_back(point[0].numberIn(0, double(kMaxCount)), point[1].numberIn(0, kMaxCost));
        }
        std::vector<std::size_t> order(cost.points.size());
        for (std::size_t k = 0; k < order.size(); ++k) order[k] = k;
        std::stable_sort(order.begin(), order.end(),
                         [&](std::size_t a, std::size_t b) { return cost.points[a].first < cost.points[b].first; });
        for (std::size_t k = 1; k < order.size(); ++k)
            if (cost.points[order[k]].first == cost.points[order[k - 1]].first)
                points[order[k]].fail("two measured points at " + std::to_string(cost.points[order[k]].first) + " tasks");
        std::vector<std::pair<double, double>> sorted;
        for (std::size_t k : order) sorted.push_back(cost.points[k]);
        cost.points = std::move(sorted);
        // Every usable count must lie inside the measured range.
        const double first = cost.points.front().first;
        const double last = cost.points.back().first;
        for (std::int64_t k = 0; k < r.choiceCount(); ++k) {
            const std::int64_t x = r.countAt(k);
            if (x > tasks) break;
            if (double(x) < first || double(x) > last)
                points.fail("count " + std::to_string(x) + " is outside the measured range [" + std::to_string(first) +
                            ", " + std::to_string(last) + "]; measure it or narrow lower/upper");
        }
    }
}

PartitionResource readResource(const JsonNode& node, std::int64_t tasks) {
    node.requireOnlyKeys({"name", "lower", "upper", "allowed", "cost"});
    PartitionResource r;
    r.name = node.at("name").nonEmptyString();
    if (auto allowed = node.find("allowed")) {
        if (node.has("lower") || node.has("upper")) node.fail("give either 'allowed' or 'lower'/'upper', not both");
        if (allowed->size() == 0) allowed->fail("expected at least one allowed count");
        std::vector<std::pair<std::int64_t, std::size_t>> counts;
        for (std::size_t k = 0; k < allowed->size(); ++k) counts.emplace_back((*allowed)[k].integer(0, kMaxCount), k);
        std::stable_sort(counts.begin(), counts.end());
        for (std::size_t k = 1; k < counts.size(); ++k)
            if (counts[k].first == counts[k - 1].first)
                (*allowed)[counts[k].second].fail("duplicate count " + std::to_string(counts[k].first));
        const bool sorted = std::is_sorted(counts.begin(), counts.end(),
                                           [](const auto& a, const auto& b) { return a.second < b.second; });
        if (!sorted && node.at("cost").has("table"))
            allowed->fail("must be in increasing order when the cost is a table (one value per allowed count)");
        for (const auto& [count, index] : counts) r.allowed.push_back(count);
        r.lower = r.allowed.front();
        r.upper = r.allowed.back();
    } else {
        r.lower = node.find("lower") ? node.at("lower").integer(0, kMaxCount) : 0;
        r.upper = node.find("upper") ? node.at("upper").integer(0, kMaxCount) : tasks;
        if (r.lower > r.upper)
            node.fail("lower=" + std::to_string(r.lower) + " is greater than upper=" + std::to_string(r.upper));
    }
    readCost(node.at("cost"), r, tasks);
    return r;
}

}  // namespace

PartitionInstance readPartitionInstance(const JsonNode& root) {
    root.requireOnlyKeys({"kind", "tasks", "objective", "resources"});
    PartitionInstance in;
    in.tasks = root.at("tasks").integer(1, kMaxTasks);
    if (auto objective = root.find("objective")) {
        const std::string name = objective->string();
        if (name == "makespan")
            in.objective = PartitionObjective::Makespan;
        else if (name == "total_cost")
            in.objective = PartitionObjective::TotalCost;
        else
            objective->fail("expected \"makespan\" or \"total_cost\", got \"" + name + "\"");
    }
    const JsonNode resources = root.at("resources");
    if (resources.size() == 0) resources.fail("expected at least one resource");
    std::set<std::string> names;
    double pairs = 0;
    for (std::size_t i = 0; i < resources.size(); ++i) {
        PartitionResource r = readResource(resources[i], in.tasks);
        if (!names.insert(r.name).second) resources[i].at("name").fail("duplicate resource name \"" + r.name + "\"");
        pairs += r.hasAllowedList() ? double(r.allowed.size())
                                    : double(std::max<std::int64_t>(0, std::min(r.upper, in.tasks) - r.lower + 1));
        if (pairs > kMaxAdmissiblePairs)
            resources[i].fail("the instance is too large: more than 2e8 (resource, task count) pairs in all");
        in.resources.push_back(std::move(r));
    }
    return in;
}

nlohmann::json partitionInstanceToJson(const PartitionInstance& in) {
    nlohmann::json j;
    j["kind"] = "partition";
    j["tasks"] = in.tasks;
    j["objective"] = partitionObjectiveName(in.objective);
    nlohmann::json resources = nlohmann::json::array();
    for (const PartitionResource& r : in.resources) {
        nlohmann::json jr;
        jr["name"] = r.name;
        if (r.hasAllowedList()) {
            jr["allowed"] = r.allowed;
        } else {
            jr["lower"] = r.lower;
            jr["upper"] = r.upper;
        }
        switch (r.cost.kind) {
        case CostFunction::Kind::Table: jr["cost"]["table"] = r.cost.table; break;
        case CostFunction::Kind::Affine:
            jr["cost"]["affine"] = {{"fixed", r.cost.fixed}, {"per_task", r.cost.perTask}};
            break;
        case CostFunction::Kind::Points: {
            nlohmann::json points = nlohmann::json::array();
            for (const auto& [x, y] : r.cost.points) points.push_back({x, y});
            jr["cost"]["points"] = points;
            break;
        }
        }
        resources.push_back(jr);
    }
    j["resources"] = resources;
    return j;
}

// Keys in nlohmann's order (sorted), as partitionInstanceToJson's tree is written.
void writePartitionInstance(const PartitionInstance& in, json_detail::JsonTextWriter& w) {
    w.beginObject();
    w.member("kind", "partition");
    w.member("objective", partitionObjectiveName(in.objective));
    w.key("resources");
    w.beginArray();
    for (const PartitionResource& r : in.resources) {
        w.beginObject();
        if (r.hasAllowedList()) {
            w.key("allowed");
            w.beginArray();
            for (std::int64_t count : r.allowed) w.value(count);
            w.endArray();
        }
        w.key("cost");
        w.beginObject();
        switch (r.cost.kind) {
        case CostFunction::Kind::Table:
            w.key("table");
            w.beginArray();
            for (double c : r.cost.table) w.value(c);
            w.endArray();
            break;
        case CostFunction::Kind::Affine:
            w.key("affine");
            w.beginObject();
            w.member("fixed", r.cost.fixed);
            w.member("per_task", r.cost.perTask);
            w.endObject();
            break;
        case CostFunction::Kind::Points:
            w.key("points");
            w.beginArray();
            for (const auto& [x, y] : r.cost.points) {
                w.beginArray();
                w.value(x);
                w.value(y);
                w.endArray();
            }
            w.endArray();
            break;
        }
        w.endObject();
        if (!r.hasAllowedList()) {
            w.member("lower", r.lower);
        }
        w.member("name", r.name);
        if (!r.hasAllowedList()) {
            w.member("upper", r.upper);
        }
        w.endObject();
    }
    w.endArray();
    w.member("tasks", in.tasks);
    w.endObject();
}

std::string partitionInstanceText(const PartitionInstance& in) {
    json_detail::JsonTextWriter w;
    writePartitionInstance(in, w);
    return w.take();
}

}  // namespace hetsched
