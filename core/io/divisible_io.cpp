#include "io/divisible_io.h"

#include <algorithm>
#include <map>
#include <set>

namespace hetsched {

using json_detail::JsonNode;

namespace {

// Keeps every product and sum of the solvers finite (alpha_i <= T / c_i, times <= T).
constexpr double kMinValue = 1e-30;
constexpr double kMaxValue = 1e30;
constexpr std::size_t kMaxWorkers = 1'000'000;

double positive(const JsonNode& node) {
    const double v = node.number();
    if (v <= 0) node.fail("must be positive, got " + node.text());
    if (v < kMinValue || v > kMaxValue) node.fail("must be between 1e-30 and 1e30, got " + node.text());
    return v;
}

DivisibleWorker readWorker(const JsonNode& node) {
    node.requireOnlyKeys({"name", "c", "w", "d"});
    DivisibleWorker worker;
    worker.name = node.at("name").nonEmptyString();
    worker.c = positive(node.at("c"));
    worker.w = positive(node.at("w"));
    const JsonNode d = node.at("d");
    worker.d = d.number();
    if (worker.d < 0) d.fail("must be at least 0, got " + d.text());
    if (worker.d != 0 && (worker.d < kMinValue || worker.d > kMaxValue))
        d.fail("must be 0 or between 1e-30 and 1e30, got " + d.text());
    return worker;
}

// A list of distinct worker names, as indices.
std::vector<std::size_t> readOrder(const JsonNode& node, const std::map<std::string, std::size_t>& index) {
    if (node.size() == 0) node.fail("expected at least one worker name");
    std::vector<std::size_t> order;
    std::set<std::size_t> seen;
    for (std::size_t k = 0; k < node.size(); ++k) {
        const std::string name = node[k].string();
        auto it = index.find(name);
        if (it == index.end()) node[k].fail("unknown worker \"" + name + "\"");
        if (!seen.insert(it->second).second) node[k].fail("worker \"" + name + "\" is listed twice");
        order.push_back(it->second);
    }
    return order;
}

}  // namespace

DivisibleInstance readDivisibleInstance(const JsonNode& root) {
    root.requireOnlyKeys({"kind", "horizon", "workers", "send_order", "return_order"});
    DivisibleInstance in;
    in.horizon = positive(root.at("horizon"));
    const JsonNode workers = root.at("workers");
    if (workers.size() == 0) workers.fail("expected at least one worker");
    if (workers.size() > kMaxWorkers) workers.fail("at most 1000000 workers");
    std::map<std::string, std::size_t> index;
    for (std::size_t i = 0; i < workers.size(); ++i) {
        DivisibleWorker worker = readWorker(workers[i]);
        if (!index.emplace(worker.name, i).second)
            workers[i].at("name").fail("duplicate worker name \"" + worker.name + "\"");
        in.workers.push_back(std::move(worker));
    }
    if (auto send = root.find("send_order")) in.sendOrder = readOrder(*send, index);
    if (auto back = root.find("return_order")) {
        in.returnOrder = readOrder(*back, index);
        // The return order must list exactly the participants: those of send_order, or every worker.
        std::set<std::size_t> sent;
        if (in.sendOrder.empty())
            for (std::size_t i = 0; i < in.workers.size(); ++i) sent.insert(i);
        else
            sent.insert(in.sendOrder.begin(), in.sendOrder.end());
        for (std::size_t k = 0; k < in.returnOrder.size(); ++k)
            if (!sent.count(in.returnOrder[k]))
                (*back)[k].fail("worker \"" + in.workers[in.returnOrder[k]].name +
                                "\" returns results but is not in send_order");
        if (in.returnOrder.size() != sent.size()) {
            for (std::size_t i : sent)
                if (std::find(in.returnOrder.begin(), in.returnOrder.end(), i) == in.returnOrder.end())
                    back->fail("worker \"" + in.workers[i].name + "\" is missing (return_order must list the same workers as " +
                               (in.sendOrder.empty() ? std::string("workers, since send_order is absent)")
                                                     : std::string("send_order)")));
        }
    }
    return in;
}

nlohmann::json divisibleInstanceToJson(const DivisibleInstance& in) {
    nlohmann::json j;
    j["kind"] = "divisible";
    j["horizon"] = in.horizon;
    nlohmann::json workers = nlohmann::json::array();
    for (const DivisibleWorker& w : in.workers) workers.push_back({{"name", w.name}, {"c", w.c}, {"w", w.w}, {"d", w.d}});
    j["workers"] = workers;
    auto names = [&](const std::vector<std::size_t>& order) {
        nlohmann::json list = nlohmann::json::array();
        for (std::size_t i : order) list.push_back(in.workers[i].name);
        return list;
    };
    if (!in.sendOrder.empty()) j["send_order"] = names(in.sendOrder);
    if (!in.returnOrder.empty()) j["return_order"] = names(in.returnOrder);
    return j;
}

}  // namespace hetsched
