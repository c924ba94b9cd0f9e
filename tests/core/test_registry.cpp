// The solver registry: names, defaults, options, and the result JSON contract.
#include <gtest/gtest.h>

#include "io/instance_io.h"
#include "results/result_io.h"
#include "solvers/registry.h"

namespace hetsched {
namespace {

Instance smallInstance() {
    return *parseInstance(R"({ "kind": "partition", "tasks": 10,
      "resources": [
        { "name": "cpu", "lower": 0, "upper": 10, "cost": { "table": [0, 1, 2.1, 3, 4.2, 5, 6.1, 7, 8, 9.5, 10] } },
        { "name": "gpu", "lower": 1, "upper": 10, "cost": { "affine": { "fixed": 2.0, "per_task": 0.5 } } },
        { "name": "fpga", "allowed": [0, 4, 8], "cost": { "points": [[0, 0], [4, 3.0], [8, 5.5]] } } ] })");
}

TEST(Registry, ListsThePartitionSolversWithDescriptions) {
    std::vector<std::string> names;
    for (const SolverSpec& s : solversForKind("partition")) {
        names.push_back(s.name);
        EXPECT_FALSE(s.description.empty());
    }
    EXPECT_EQ(names, (std::vector<std::string>{"threshold", "dp", "olar", "proportional"}));
    EXPECT_EQ(defaultSolverFor(smallInstance()), "threshold");
}

TEST(Registry, ResultJsonCarriesTheContractKeys) {
    const Instance instance = smallInstance();
    auto r = solve(instance, "");
    ASSERT_TRUE(r.ok()) << r.error().message;
    const nlohmann::json j = resultToJson(instance, *r);
    EXPECT_EQ(j["kind"], "partition");
    EXPECT_EQ(j["solver"], "threshold");
    EXPECT_EQ(j["status"], "optimal");
    EXPECT_TRUE(j["seconds"].is_number());
    EXPECT_DOUBLE_EQ(j["makespan"].get<double>(), 3.5);
    ASSERT_EQ(j["assignment"].size(), 3u);
    EXPECT_EQ(j["assignment"][2]["resource"], "fpga");
    std::int64_t sum = 0;
    for (const auto& a : j["assignment"]) sum += a["tasks"].get<std::int64_t>();
    EXPECT_EQ(sum, 10);
    EXPECT_EQ(r->objectiveName, "makespan");
    EXPECT_DOUBLE_EQ(*r->objective, 3.5);
}

TEST(Registry, EverySolverAgreesOnTheExampleWhereExact) {
    for (const char* name : {"threshold", "dp"}) {
        auto r = solve(smallInstance(), name);
        ASSERT_TRUE(r.ok());
        EXPECT_DOUBLE_EQ(*r->objective, 3.5) << name;
    }
    auto olar = solve(smallInstance(), "olar");   // monotone here, but the fpga list is not contiguous
    ASSERT_FALSE(olar.ok());
    EXPECT_NE(olar.error().message.find("fpga"), std::string::npos);
}

TEST(Registry, UnknownSolversAndOptionsAreRefused) {
    auto r = solve(smallInstance(), "simplex");
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.error().message.find("unknown solver 'simplex'"), std::string::npos);
    EXPECT_NE(r.error().message.find("threshold"), std::string::npos);
    auto o = solve(smallInstance(), "dp", {{"epsilon", 0.1}});
    ASSERT_FALSE(o.ok());
    EXPECT_NE(o.error().message.find("no option 'epsilon'"), std::string::npos);
}

TEST(Registry, InfeasibleIsAResultWithItsReason) {
    auto in = parseInstance(R"({"kind": "partition", "tasks": 50, "resources": [
        {"name": "a", "upper": 10, "cost": {"affine": {"per_task": 1}}}]})");
    ASSERT_TRUE(in.ok());
    auto r = solve(*in, "dp");
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(resultToJson(*in, *r)["status"], "infeasible");
    EXPECT_NE(resultToJson(*in, *r)["message"].get<std::string>().find("upper limits sum to 10 < T = 50"), std::string::npos);
    EXPECT_FALSE(resultToJson(*in, *r).contains("assignment"));
    EXPECT_FALSE(r->objective.has_value());
}

}  // namespace
}  // namespace hetsched

namespace hetsched {
namespace {

TEST(StoredResults, ReadBackIntoTheSameScheduleAndAreChecked) {
    const Instance instance = smallInstance();
    auto solved = solve(instance, "dp");
    ASSERT_TRUE(solved.ok());
    auto back = resultFromJson(instance, resultToJson(instance, *solved));
    ASSERT_TRUE(back.ok()) << back.error().message;
    EXPECT_EQ(back->solver, "dp");
    EXPECT_EQ(back->status, SolveStatus::Optimal);
    EXPECT_DOUBLE_EQ(*back->objective, 3.5);
    ASSERT_EQ(back->schedule.lanes.size(), 3u);
    EXPECT_EQ(back->schedule.lanes[0].intervals[0].label, solved->schedule.lanes[0].intervals[0].label);

    nlohmann::json tampered = resultToJson(instance, *solved);
    tampered["assignment"][0]["tasks"] = tampered["assignment"][0]["tasks"].get<int>() + 1;   // sum != T
    auto bad = resultFromJson(instance, tampered);
    ASSERT_FALSE(bad.ok());
    EXPECT_NE(bad.error().message.find("sum"), std::string::npos) << bad.error().message;
    tampered = resultToJson(instance, *solved);
    tampered["assignment"][1]["resource"] = "tpu";
    EXPECT_NE(resultFromJson(instance, tampered).error().message.find("assignment[1].resource"), std::string::npos);
    tampered = resultToJson(instance, *solved);
    tampered["kind"] = "dag";
    EXPECT_FALSE(resultFromJson(instance, tampered).ok());
    tampered = resultToJson(instance, *solved);
    tampered.erase("status");
    EXPECT_NE(resultFromJson(instance, tampered).error().message.find("missing key 'status'"), std::string::npos);
}

TEST(StoredResults, InfeasibleRunsReadBackWithoutAnAssignment) {
    auto in = parseInstance(R"({"kind": "partition", "tasks": 50, "resources": [
        {"name": "a", "upper": 10, "cost": {"affine": {"per_task": 1}}}]})");
    ASSERT_TRUE(in.ok());
    auto r = solve(*in, "threshold");
    ASSERT_TRUE(r.ok());
    auto back = resultFromJson(*in, resultToJson(*in, *r));
    ASSERT_TRUE(back.ok()) << back.error().message;
    EXPECT_EQ(back->status, SolveStatus::Infeasible);
    EXPECT_FALSE(back->objective.has_value());
}

}  // namespace
}  // namespace hetsched

namespace hetsched {
namespace {

// Three "optimal" runs with three throughputs are no contradiction: each says the class it is optimal in,
// and the optimum over every scenario is at least each class's (the example where neither FIFO nor LIFO is).
TEST(Registry, OptimalSaysWithinWhichClassOfSchedules) {
    Expected<Instance> in = readInstanceFile(std::string(HETSCHED_EXAMPLES_DIR) + "/divisible-neither-fifo-nor-lifo.json");
    ASSERT_TRUE(in.ok()) << in.error().message;
    Expected<SolveResult> fifo = solve(*in, "fifo-optimal"), lifo = solve(*in, "lifo-optimal"),
                          all = solve(*in, "exhaustive");
    ASSERT_TRUE(fifo.ok() && lifo.ok() && all.ok());
    ASSERT_EQ(fifo->status, SolveStatus::Optimal);
    ASSERT_EQ(lifo->status, SolveStatus::Optimal);
    ASSERT_EQ(all->status, SolveStatus::Optimal);
    EXPECT_EQ(resultToJson(*in, *fifo).value("optimal_within", ""), "FIFO schedules");
    EXPECT_EQ(solveStatusText(*fifo), "optimal among FIFO schedules");
    EXPECT_EQ(solveStatusText(*lifo), "optimal among LIFO schedules");
    EXPECT_EQ(solveStatusText(*all), "optimal");
    EXPECT_FALSE(resultToJson(*in, *all).contains("optimal_within"));
    EXPECT_GT(*all->objective, *fifo->objective * (1 + 1e-9));
    EXPECT_GT(*all->objective, *lifo->objective * (1 + 1e-9));
    // Kept through a project's round trip.
    Expected<SolveResult> restored = resultFromJson(*in, resultToJson(*in, *fifo));
    ASSERT_TRUE(restored.ok()) << restored.error().message;
    EXPECT_EQ(solveStatusText(*restored), "optimal among FIFO schedules");
    // A heuristic's feasible answer names no class.
    Expected<SolveResult> byC = solve(*in, "fifo-by-c");
    ASSERT_TRUE(byC.ok());
    EXPECT_EQ(solveStatusText(*byC), solveStatusName(byC->status));
}

}  // namespace
}  // namespace hetsched
