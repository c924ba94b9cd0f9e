// Typed results: every solver of every family returns its typed solution (SolveResult::solution), the
// same one a result read back from its JSON carries, and a reader never fills in a key it needs: deleting
// it makes reading fail with a message naming it (nothing is renamed here, yet a renamed key is caught).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "example_files.h"
#include "io/instance_io.h"
#include "results/result_io.h"
#include "solvers/family_solution.h"
#include "solvers/registry.h"

using namespace hetsched;

namespace {

// Field by field with a relative tolerance on numbers (times recomputed from loads may differ in the last
// bits); the first difference is written to `why`.
class Compare {
public:
    bool near(double a, double b, const std::string& what) {
        if (std::abs(a - b) <= 1e-9 * std::max({1.0, std::abs(a), std::abs(b)})) return true;
        return differ(what, std::to_string(a) + " vs " + std::to_string(b));
    }
    template <class T>
    bool same(const T& a, const T& b, const std::string& what) {
        return a == b || differ(what, "not equal");
    }
    bool near(const std::vector<double>& a, const std::vector<double>& b, const std::string& what) {
        if (a.size() != b.size()) return differ(what, "sizes " + std::to_string(a.size()) + " vs " + std::to_string(b.size()));
        bool ok = true;
        for (std::size_t k = 0; k < a.size() && ok; ++k) ok = near(a[k], b[k], what + "[" + std::to_string(k) + "]");
        return ok;
    }
    bool near(const std::optional<double>& a, const std::optional<double>& b, const std::string& what) {
        if (a.has_value() != b.has_value()) return differ(what, "present in one only");
        return !a || near(*a, *b, what);
    }
    bool sizes(std::size_t a, std::size_t b, const std::string& what) {
        return a == b || differ(what, "sizes " + std::to_string(a) + " vs " + std::to_string(b));
    }
    const std::string& why() const { return m_why; }

private:
    bool differ(const std::string& what, const std::string& how) {
        if (m_why.empty()) m_why = what + ": " + how;
        return false;
    }
    std::string m_why;
};

bool equal(const PartitionSolution& a, const PartitionSolution& b, Compare& c) {
    return c.same(a.status, b.status, "status") && c.same(a.message, b.message, "message") &&
           c.same(a.tasks, b.tasks, "tasks") && c.near(a.costs, b.costs, "costs") && c.near(a.makespan, b.makespan, "makespan") &&
           c.near(a.totalCost, b.totalCost, "total cost");
}

bool equal(const DivisibleSolution& a, const DivisibleSolution& b, Compare& c) {
    bool ok = c.same(a.status, b.status, "status") && c.same(a.message, b.message, "message") &&
              c.same(a.sendOrder, b.sendOrder, "send order") && c.same(a.returnOrder, b.returnOrder, "return order") &&
              c.near(a.alpha, b.alpha, "alpha") && c.near(a.load, b.load, "load") &&
              c.near(a.throughput, b.throughput, "throughput") && c.sizes(a.times.size(), b.times.size(), "times");
    for (std::size_t i = 0; ok && i < a.times.size(); ++i) {
        if (a.alpha[i] <= 0) continue;   // times are meaningful only for participants
        const DivisibleTimes& x = a.times[i];
        const DivisibleTimes& y = b.times[i];
        const std::string at = "times[" + std::to_string(i) + "].";
        ok = c.near(x.sendStart, y.sendStart, at + "sendStart") && c.near(x.sendEnd, y.sendEnd, at + "sendEnd") &&
             c.near(x.computeEnd, y.computeEnd, at + "computeEnd") && c.near(x.returnStart, y.returnStart, at + "returnStart") &&
             c.near(x.returnEnd, y.returnEnd, at + "returnEnd") && c.near(x.idle, y.idle, at + "idle");
    }
    return ok;
}

bool equal(const SteadySolution& a, const SteadySolution& b, Compare& c) {
    bool ok = c.same(a.status, b.status, "status") && c.same(a.message, b.message, "message") &&
              c.near(a.throughput, b.throughput, "throughput") && c.same(a.exactThroughput, b.exactThroughput, "exact throughput") &&
              c.near(a.lpThroughput, b.lpThroughput, "lp throughput") && c.near(a.upperBound, b.upperBound, "upper bound") &&
              c.near(a.resourceLoads, b.resourceLoads, "resource loads") &&
              c.sizes(a.allocations.size(), b.allocations.size(), "allocations") &&
              c.sizes(a.patterns.size(), b.patterns.size(), "patterns");
    for (std::size_t k = 0; ok && k < a.allocations.size(); ++k) {
        const SteadyAllocation& x = a.allocations[k];
        const SteadyAllocation& y = b.allocations[k];
        const std::string at = "allocations[" + std::to_string(k) + "].";
        ok = c.near(x.weight, y.weight, at + "weight") && c.same(x.exactWeight, y.exactWeight, at + "exactWeight") &&
             c.same(x.dataArcs, y.dataArcs, at + "dataArcs") && c.same(x.processor, y.processor, at + "processor") &&
             c.same(x.resultArcs, y.resultArcs, at + "resultArcs");
    }
    for (std::size_t p = 0; ok && p < a.patterns.size(); ++p) {
        const SteadyPattern& x = a.patterns[p];
        const SteadyPattern& y = b.patterns[p];
        const std::string at = "patterns[" + std::to_string(p) + "].";
        ok = c.near(x.duration, y.duration, at + "duration") && c.same(x.exactDuration, y.exactDuration, at + "exactDuration") &&
             c.same(x.arcs, y.arcs, at + "arcs") && c.same(x.processors, y.processors, at + "processors");
    }
    const SteadyPeriodicSchedule& x = a.periodic;
    const SteadyPeriodicSchedule& y = b.periodic;
    ok = ok && c.same(x.exact, y.exact, "periodic.exact") && c.near(x.period, y.period, "periodic.period") &&
         c.near(x.tasksPerPeriod, y.tasksPerPeriod, "periodic.tasksPerPeriod") &&
         c.near(x.patternStart, y.patternStart, "periodic.patternStart") &&
         c.sizes(x.placements.size(), y.placements.size(), "periodic.placements");
    for (std::size_t k = 0; ok && k < x.placements.size(); ++k) {
        const SteadyPlacement& p = x.placements[k];
        const SteadyPlacement& q = y.placements[k];
        const std::string at = "periodic.placements[" + std::to_string(k) + "].";
        ok = c.same(p.resource, q.resource, at + "resource") && c.same(p.pattern, q.pattern, at + "pattern") &&
             c.same(p.allocation, q.allocation, at + "allocation") && c.same(p.operation, q.operation, at + "operation") &&
             c.near(p.count, q.count, at + "count") && c.near(p.start, q.start, at + "start") && c.near(p.end, q.end, at + "end");
    }
    return ok;
}

// The allocation's per-task vectors are not stored in a result: its summary is compared.
bool equal(const DagSolution& a, const DagSolution& b, Compare& c) {
    bool ok = c.near(a.makespan, b.makespan, "makespan") && c.same(a.message, b.message, "message") &&
              c.same(a.spansClusters, b.spansClusters, "spansClusters") && c.sizes(a.tasks.size(), b.tasks.size(), "tasks") &&
              c.same(a.allocation.has_value(), b.allocation.has_value(), "allocation present");
    for (std::size_t t = 0; ok && t < a.tasks.size(); ++t) {
        const std::string at = "tasks[" + std::to_string(t) + "].";
        ok = c.same(a.tasks[t].processors, b.tasks[t].processors, at + "processors") &&
             c.near(a.tasks[t].start, b.tasks[t].start, at + "start") && c.near(a.tasks[t].end, b.tasks[t].end, at + "end");
    }
    if (ok && a.allocation) {
        const DagAllocation& x = *a.allocation;
        const DagAllocation& y = *b.allocation;
        ok = c.near(x.referenceSpeed, y.referenceSpeed, "allocation.referenceSpeed") &&
             c.same(x.referenceProcessors, y.referenceProcessors, "allocation.referenceProcessors") &&
             c.same(x.iterations, y.iterations, "allocation.iterations") &&
             c.near(x.criticalPath, y.criticalPath, "allocation.criticalPath") &&
             c.near(x.averageArea, y.averageArea, "allocation.averageArea") && c.same(x.saturated, y.saturated, "allocation.saturated");
    }
    return ok;
}

bool equal(const CpuGpuSolution& a, const CpuGpuSolution& b, Compare& c) {
    bool ok = c.same(a.status, b.status, "status") && c.same(a.message, b.message, "message") &&
              c.near(a.makespan, b.makespan, "makespan") && c.near(a.lowerBound, b.lowerBound, "lower bound") &&
              c.near(a.lambda, b.lambda, "lambda") && c.near(a.guarantee, b.guarantee, "guarantee") &&
              c.sizes(a.placements.size(), b.placements.size(), "placements") &&
              c.sizes(a.aborted.size(), b.aborted.size(), "aborted");
    for (std::size_t t = 0; ok && t < a.placements.size(); ++t) {
        const CpuGpuPlacement& x = a.placements[t];
        const CpuGpuPlacement& y = b.placements[t];
        const std::string at = "placements[" + std::to_string(t) + "].";
        ok = c.same(x.unit, y.unit, at + "unit") && c.same(x.processor, y.processor, at + "processor") &&
             c.near(x.start, y.start, at + "start") && c.near(x.end, y.end, at + "end") && c.same(x.shelf, y.shelf, at + "shelf");
    }
    for (std::size_t k = 0; ok && k < a.aborted.size(); ++k) {
        const CpuGpuAbortedRun& x = a.aborted[k];
        const CpuGpuAbortedRun& y = b.aborted[k];
        const std::string at = "aborted[" + std::to_string(k) + "].";
        ok = c.same(x.task, y.task, at + "task") && c.same(x.unit, y.unit, at + "unit") &&
             c.same(x.processor, y.processor, at + "processor") && c.near(x.start, y.start, at + "start") &&
             c.near(x.end, y.end, at + "end");
    }
    return ok;
}

// Empty when both results carry typed solutions of the same family that are equal; else the difference.
std::string difference(const SolveResult& a, const SolveResult& b) {
    if (!a.solution || !b.solution) return "a typed solution is missing";
    if (a.solution->value.index() != b.solution->value.index()) return "the typed solutions are of different families";
    Compare c;
    const bool ok = std::visit(
        [&](const auto& x) {
            using T = std::decay_t<decltype(x)>;
            return equal(x, std::get<T>(b.solution->value), c);
        },
        a.solution->value);
    return ok ? std::string() : c.why();
}

// The index of the solution type a result of this kind carries.
std::size_t familyIndex(const std::string& kind) {
    if (kind == "partition") return 0;
    if (kind == "divisible") return 1;
    if (kind == "steady_state") return 2;
    if (kind == "dag") return 3;
    if (kind == "cpugpu") return 4;
    return std::variant_npos;
}

// Keys a result may lack, its absence meaning something (no message, no lambda, ...): deleting one reads
// back a different solution, not an error. Every other key the reader needs must fail by name; keys
// it derives from the others (metrics, times, loads) read back the same solution without them.
const std::set<std::string> kOptionalKeys = {
    "message",                  // every family: none
    "upper_bound",              // steady: no bound (only the multicast heuristic has one)
    "lambda", "guarantee",      // cpugpu: the dual approximations only
    "aborted",                  // cpugpu: HeteroPrio's spoliation only
    "allocation",               // dag: cpa, hcpa and s-hcpa only
    "shelf",                    // cpugpu tasks[]: the dual approximations only
};

struct Solved {
    std::string example;
    Instance instance;
    SolveResult result;
};

// The example, and where some solver needs a special case of it, that case too: olar non-decreasing costs,
// no-return no return messages.
std::vector<std::pair<std::string, Instance>> withVariants(const std::string& name, Instance instance) {
    std::vector<std::pair<std::string, Instance>> all;
    if (const auto* partition = std::get_if<PartitionInstance>(&instance)) {
        PartitionInstance affine = *partition;
        for (std::size_t i = 0; i < affine.resources.size(); ++i) {
            PartitionResource& r = affine.resources[i];
            r.lower = 0;
            r.upper = affine.tasks;
            r.allowed.clear();
            r.cost = CostFunction{};
            r.cost.kind = CostFunction::Kind::Affine;
            r.cost.fixed = 1;
            r.cost.perTask = 0.5 * static_cast<double>(i + 1);
        }
        all.emplace_back(name + " (affine costs)", Instance(std::move(affine)));
    }
    if (const auto* divisible = std::get_if<DivisibleInstance>(&instance)) {
        DivisibleInstance noReturn = *divisible;
        for (DivisibleWorker& w : noReturn.workers) w.d = 0;
        all.emplace_back(name + " (no returns)", Instance(std::move(noReturn)));
    }
    all.emplace(all.begin(), name, std::move(instance));
    return all;
}

std::vector<Solved> solveEveryExample() {
    std::vector<Solved> solved;
    for (const auto& file : hetsched::testing::exampleFiles()) {
        Expected<Instance> read = readInstanceFile(file.string());
        if (!read) ADD_FAILURE() << file << ": " << read.error().message;
        if (!read) continue;
        for (auto& [variant, instance] : withVariants(file.filename().string(), std::move(*read)))
        for (const SolverSpec& spec : solversForKind(instanceKind(instance))) {
            SolverOptions options;
            // The exact cpugpu solver stops at its time limit with its best schedule: a typed result all the same.
            for (const OptionSpec& o : spec.options)
                if (o.name == "time_limit") options[o.name] = std::max(o.minimum, 2.0);
            Expected<SolveResult> result = solve(instance, spec.name, options);
            // A solver that does not apply to the example (too many workers, another model) says so; skip it.
            if (!result) {
                EXPECT_EQ(result.error().kind, ErrorKind::InvalidInput)
                    << variant << " " << spec.name << ": " << result.error().message;
                continue;
            }
            solved.push_back({variant + " " + spec.name, instance, std::move(*result)});
        }
    }
    return solved;
}

const std::vector<Solved>& everyExample() {
    static const std::vector<Solved> solved = solveEveryExample();
    return solved;
}

}  // namespace

TEST(TypedResults, EverySolverOfEveryFamilyReturnsItsTypedSolution) {
    std::set<std::string> kinds;
    std::set<std::string> solvers;
    for (const Solved& s : everyExample()) {
        SCOPED_TRACE(s.example);
        ASSERT_TRUE(s.result.solution);
        EXPECT_EQ(s.result.solution->value.index(), familyIndex(s.result.kind));
        kinds.insert(s.result.kind);
        solvers.insert(s.result.kind + "/" + s.result.solver);
    }
    // Every family, and every solver of each, ran on some example.
    EXPECT_EQ(kinds.size(), 5u);
    for (const SolverSpec& spec : solverSpecs()) EXPECT_TRUE(solvers.count(spec.kind + "/" + spec.name)) << spec.name;
}

TEST(TypedResults, ReadingTheJsonBackGivesTheSameTypedSolution) {
    for (const Solved& s : everyExample()) {
        SCOPED_TRACE(s.example);
        // In memory, and through the text of a file.
        const nlohmann::json written = resultToJson(s.instance, s.result);
        for (const nlohmann::json& json : {written, nlohmann::json::parse(written.dump())}) {
            Expected<SolveResult> back = resultFromJson(s.instance, json);
            ASSERT_TRUE(back) << back.error().message;
            EXPECT_EQ(difference(s.result, *back), "");
            // Written again from what was read, it is the same file: saving a result read back changes nothing.
            const nlohmann::json rewritten = resultToJson(s.instance, *back);
            EXPECT_EQ(rewritten.dump(), written.dump());
            Expected<SolveResult> again = resultFromJson(s.instance, rewritten);
            ASSERT_TRUE(again) << again.error().message;
            EXPECT_EQ(difference(s.result, *again), "");
        }
        // From the file's text, through simdjson (what `hetsched simulate --result` reads).
        Expected<SolveResult> fromText = resultFromText(s.instance, written.dump(2));
        ASSERT_TRUE(fromText) << fromText.error().message;
        EXPECT_EQ(difference(s.result, *fromText), "");
        EXPECT_EQ(resultToJson(s.instance, *fromText).dump(), written.dump());
    }
}

// A result file read by simdjson (resultFromText) is refused or taken exactly as nlohmann's tree is, with the same
// message: every key at the top and in the first entry of each list, deleted or given a value of another type.
TEST(TypedResults, TheFastReaderSaysWhatTheTreeReaderSays) {
    int compared = 0, refused = 0;
    for (const Solved& s : everyExample()) {
        SCOPED_TRACE(s.example);
        const nlohmann::json written = resultToJson(s.instance, s.result);
        std::vector<nlohmann::json::json_pointer> pointers;
        for (const auto& [key, value] : written.items()) {
            pointers.emplace_back("/" + key);
            const nlohmann::json* inner = value.is_array() && !value.empty() ? &value[0] : &value;
            if (!inner->is_object()) continue;
            const std::string base = "/" + key + (value.is_array() ? "/0" : "");
            for (const auto& [innerKey, innerValue] : inner->items()) pointers.emplace_back(base + "/" + innerKey);
        }
        for (const auto& pointer : pointers)
            for (const nlohmann::json& replacement : {nlohmann::json("x"), nlohmann::json(-1), nlohmann::json(nullptr),
                                                      nlohmann::json::array(), nlohmann::json(1e300)}) {
                SCOPED_TRACE(pointer.to_string() + " = " + replacement.dump());
                nlohmann::json changed = written;
                changed[pointer] = replacement;
                const Expected<SolveResult> tree = resultFromJson(s.instance, changed);
                const Expected<SolveResult> fast = resultFromText(s.instance, changed.dump(2));
                ++compared;
                ASSERT_EQ(fast.ok(), tree.ok()) << (tree ? fast.error().message : tree.error().message);
                if (tree) {
                    EXPECT_EQ(resultToJson(s.instance, *fast).dump(), resultToJson(s.instance, *tree).dump());
                } else {
                    ++refused;
                    EXPECT_EQ(fast.error().message, tree.error().message);
                }
            }
    }
    EXPECT_GT(compared, 500);
    EXPECT_GT(refused, 300);
}

TEST(TypedResults, SteadyLoadsAreThoseOfItsAllocations) {
    bool seen = false;
    for (const Solved& s : everyExample()) {
        const auto* steady = solutionOf<SteadySolution>(s.result);
        if (!steady) continue;
        SCOPED_TRACE(s.example);
        seen = true;
        const auto& in = std::get<SteadyStateInstance>(s.instance);
        const std::vector<SteadyArc> arcs = steadyArcs(in);
        ASSERT_EQ(steady->resourceLoads.size(), arcs.size() + in.nodes.size());
        // (8.1): sum over allocations of x_a * size / bw_e on each arc, never above 1.
        std::vector<double> expected(arcs.size(), 0.0);
        for (const SteadyAllocation& a : steady->allocations) {
            for (std::size_t e : a.dataArcs) expected[e] += a.weight * in.application.data / arcs[e].bandwidth;
            for (std::size_t e : a.resultArcs) expected[e] += a.weight * in.application.result / arcs[e].bandwidth;
        }
        double busiest = 0;
        for (std::size_t e = 0; e < arcs.size(); ++e) {
            EXPECT_NEAR(steady->resourceLoads[e], expected[e], 1e-9);
            EXPECT_LE(steady->resourceLoads[e], 1 + 1e-9);
            busiest = std::max(busiest, steady->resourceLoads[e]);
        }
        EXPECT_GT(busiest, 0);
    }
    EXPECT_TRUE(seen);
}

TEST(TypedResults, ADeletedKeyFailsByNameOrIsOptionalOrDerived) {
    // Keys at the top level, and in the first entry of each list of objects (allocations[0].weight, ...).
    std::set<std::string> failedByName;
    for (const Solved& s : everyExample()) {
        SCOPED_TRACE(s.example);
        std::vector<std::pair<nlohmann::json::json_pointer, std::string>> keys;
        const nlohmann::json written = resultToJson(s.instance, s.result);
        for (const auto& [key, value] : written.items()) {
            keys.emplace_back(nlohmann::json::json_pointer("/" + key), key);
            const nlohmann::json* inner = value.is_array() && !value.empty() ? &value[0] : &value;
            if (!inner->is_object()) continue;
            const std::string base = "/" + key + (value.is_array() ? "/0" : "");
            for (const auto& [innerKey, innerValue] : inner->items())
                keys.emplace_back(nlohmann::json::json_pointer(base + "/" + innerKey), innerKey);
        }
        for (const auto& [pointer, key] : keys) {
            SCOPED_TRACE(pointer.to_string());
            nlohmann::json without = written;
            without.at(pointer.parent_pointer()).erase(key);
            Expected<SolveResult> back = resultFromJson(s.instance, without);
            if (kOptionalKeys.count(key)) {
                EXPECT_TRUE(back) << "an optional key: " << back.error().message;
                continue;
            }
            if (!back) {
                EXPECT_NE(back.error().message.find("'" + key + "'"), std::string::npos) << back.error().message;
                failedByName.insert(s.result.kind + ":" + pointer.to_string());
                continue;
            }
            // Read without it: then it must carry nothing the typed solution holds.
            EXPECT_EQ(difference(s.result, *back), "") << "the reader went on without \"" << key << "\"";
        }
    }
    // The keys that carry each family's solution are among those that fail by name.
    for (const char* needed : {"partition:/assignment", "partition:/assignment/0/tasks", "divisible:/workers",
                               "divisible:/workers/0/alpha", "divisible:/send_order", "steady_state:/allocations",
                               "steady_state:/allocations/0/weight", "steady_state:/patterns/0/duration",
                               "steady_state:/throughput", "dag:/tasks", "dag:/tasks/0/start", "cpugpu:/tasks",
                               "cpugpu:/tasks/0/unit", "cpugpu:/lower_bound", "partition:/kind", "dag:/solver"})
        EXPECT_TRUE(failedByName.count(needed)) << needed;
}
