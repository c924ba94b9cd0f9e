// The CPU/GPU family in the registry (names, options, the result JSON contract) and stored results
// read back.
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <map>
#include <string_view>
#include <vector>

#include "io/instance_io.h"
#include "model/platform_generators.h"
#include "results/result_io.h"
#include "solvers/registry.h"

namespace hetsched {
namespace {

Instance example() {
    Expected<Instance> in = readInstanceFile(std::string(HETSCHED_EXAMPLES_DIR) + "/cpugpu-small.json");
    EXPECT_TRUE(in.ok()) << in.error().message;
    return *in;
}

TEST(CpuGpuRegistry, ListsTheSolversOfTheIssueWithDualApproxAsDefault) {
    std::vector<std::string> names;
    for (const SolverSpec& s : solversForKind("cpugpu")) {
        names.push_back(s.name);
        EXPECT_FALSE(s.description.empty());
    }
    EXPECT_EQ(names, (std::vector<std::string>{"dual-approx", "dual-approx-2", "heft", "heteroprio", "exact",
                                               "lower-bound"}));
    EXPECT_EQ(defaultSolverFor(example()), "dual-approx");
    ASSERT_EQ(findSolver("cpugpu", "exact")->options.size(), 1u);
    EXPECT_EQ(findSolver("cpugpu", "exact")->options[0].name, "time_limit");
    EXPECT_EQ(findSolver("cpugpu", "dual-approx")->options[0].name, "compact");
    EXPECT_EQ(findSolver("cpugpu", "heteroprio")->options[0].name, "spoliation");
}

TEST(CpuGpuRegistry, ResultJsonCarriesTheContractKeys) {
    const Instance in = example();
    const auto& cg = std::get<CpuGpuInstance>(in);
    for (const SolverSpec& spec : solversForKind("cpugpu")) {
        auto r = solve(in, spec.name);
        ASSERT_TRUE(r.ok()) << spec.name << ": " << r.error().message;
        const nlohmann::json j = resultToJson(in, *r);
        EXPECT_EQ(j["kind"], "cpugpu");
        EXPECT_EQ(j["solver"], spec.name);
        EXPECT_TRUE(j["makespan"].is_number());
        EXPECT_TRUE(j["lower_bound"].is_number());
        EXPECT_LE(j["lower_bound"].get<double>(), j["makespan"].get<double>() * (1 + 1e-9));
        ASSERT_EQ(j["tasks"].size(), cg.tasks.size());
        double latest = 0;
        for (std::size_t t = 0; t < cg.tasks.size(); ++t) {
            const nlohmann::json& e = j["tasks"][t];
            EXPECT_EQ(e["task"], cg.tasks[t].name);
            EXPECT_TRUE(e["unit"] == "cpu" || e["unit"] == "gpu");
            const int processor = e["processor"].get<int>();
            EXPECT_LT(processor, e["unit"] == "cpu" ? cg.cpus : cg.gpus);
            const double time = e["unit"] == "cpu" ? cg.tasks[t].cpu : cg.tasks[t].gpu;
            EXPECT_NEAR(e["end"].get<double>() - e["start"].get<double>(), time, 1e-9);
            latest = std::max(latest, e["end"].get<double>());
            EXPECT_EQ(e.contains("shelf"), spec.name == "dual-approx") << spec.name;
        }
        EXPECT_DOUBLE_EQ(j["makespan"].get<double>(), latest);
        EXPECT_EQ(j.contains("lambda"), spec.name.rfind("dual-approx", 0) == 0) << spec.name;
        // A bound solver answers its bound; every other answers the makespan of its schedule.
        EXPECT_EQ(r->answerIsBound, spec.answerIsBound) << spec.name;
        EXPECT_EQ(j.contains("answer"), spec.answerIsBound) << spec.name;
        EXPECT_EQ(r->objectiveName, spec.answerIsBound ? "lower_bound" : "makespan") << spec.name;
        EXPECT_DOUBLE_EQ(*r->objective, spec.answerIsBound ? j["lower_bound"].get<double>() : latest) << spec.name;
        EXPECT_EQ(r->schedule.lanes.size(), static_cast<std::size_t>(cg.cpus + cg.gpus));
    }
}

// lower-bound shows a bound, not a schedule called optimal: its objective is the bound, its status reads
// "lower bound" (tight when its rounding meets it), its title says the drawing is the relaxation rounded,
// and all of this survives the trip through the result JSON.
TEST(CpuGpuRegistry, LowerBoundAnswersABound) {
    const SolverSpec* spec = findSolver("cpugpu", "lower-bound");
    ASSERT_NE(spec, nullptr);
    EXPECT_TRUE(spec->answerIsBound);
    for (const SolverSpec& other : solversForKind("cpugpu"))
        EXPECT_EQ(other.answerIsBound, other.name == "lower-bound") << other.name;

    const Instance in = example();
    auto r = solve(in, "lower-bound");
    ASSERT_TRUE(r.ok()) << r.error().message;
    EXPECT_EQ(resultToJson(in, *r)["answer"], "lower_bound");
    EXPECT_DOUBLE_EQ(*r->objective, resultToJson(in, *r)["lower_bound"].get<double>());
    EXPECT_LT(*r->objective, resultToJson(in, *r)["makespan"].get<double>());   // this example's rounding is not tight
    EXPECT_EQ(solveStatusText(*r), "lower bound");
    EXPECT_EQ(r->schedule.title.rfind("Lower bound ", 0), 0u) << r->schedule.title;
    EXPECT_NE(r->schedule.title.find("relaxation rounded"), std::string::npos) << r->schedule.title;

    auto back = resultFromJson(in, resultToJson(in, *r));
    ASSERT_TRUE(back.ok()) << back.error().message;
    EXPECT_TRUE(back->answerIsBound);
    EXPECT_EQ(back->objectiveName, "lower_bound");
    EXPECT_DOUBLE_EQ(*back->objective, *r->objective);
    EXPECT_EQ(back->schedule.title, r->schedule.title);

    // When the rounding meets the bound the status is optimal, and the text says the bound is tight.
    SolveResult tight = *r;
    tight.status = SolveStatus::Optimal;
    EXPECT_EQ(solveStatusText(tight), "lower bound, tight (its schedule meets it)");
}

TEST(CpuGpuRegistry, OptionsAreValidatedAndPassedOn) {
    const Instance in = example();
    auto bad = solve(in, "dual-approx", {{"compact", 2}});
    ASSERT_FALSE(bad.ok());
    EXPECT_NE(bad.error().message.find("option compact"), std::string::npos);
    EXPECT_FALSE(solve(in, "heft", {{"time_limit", 1}}).ok());
    auto proof = solve(in, "dual-approx", {{"compact", 0}});
    auto compact = solve(in, "dual-approx", {{"compact", 1}});
    ASSERT_TRUE(proof.ok() && compact.ok());
    EXPECT_LE(resultToJson(in, *compact)["makespan"].get<double>(), resultToJson(in, *proof)["makespan"].get<double>());
    auto quick = solve(in, "exact", {{"time_limit", 5}});
    ASSERT_TRUE(quick.ok()) << quick.error().message;
    EXPECT_EQ(resultToJson(in, *quick)["status"], "optimal");
}

TEST(CpuGpuStoredResults, ReadBackIntoTheSameScheduleAndAreChecked) {
    const Instance in = example();
    for (const SolverSpec& spec : solversForKind("cpugpu")) {
        auto solved = solve(in, spec.name);
        ASSERT_TRUE(solved.ok());
        auto back = resultFromJson(in, resultToJson(in, *solved));
        ASSERT_TRUE(back.ok()) << spec.name << ": " << back.error().message;
        EXPECT_EQ(back->solver, spec.name);
        EXPECT_DOUBLE_EQ(*back->objective, *solved->objective);
        EXPECT_EQ(back->schedule.intervalCount(), solved->schedule.intervalCount());
        EXPECT_EQ(back->schedule.markers.size(), solved->schedule.markers.size());
    }
    auto solved = solve(in, "dual-approx");
    ASSERT_TRUE(solved.ok());
    auto messageOf = [&](const std::function<void(nlohmann::json&)>& spoil) {
        nlohmann::json tampered = resultToJson(in, *solved);
        spoil(tampered);
        auto r = resultFromJson(in, tampered);
        return r.ok() ? std::string("(accepted)") : r.error().message;
    };
    EXPECT_NE(messageOf([](nlohmann::json& j) {
                  j["tasks"][1]["task"] = "nope";
              }).find("tasks[1].task: expected \"trsm0\""),
              std::string::npos);
    EXPECT_NE(messageOf([](nlohmann::json& j) {
                  j["tasks"][0]["end"] = j["tasks"][0]["end"].get<double>() + 1;
              }).find("does not fit the instance"),
              std::string::npos);
    EXPECT_NE(messageOf([](nlohmann::json& j) { j["tasks"][0]["unit"] = "fpga"; }).find("tasks[0].unit"),
              std::string::npos);
    EXPECT_NE(messageOf([](nlohmann::json& j) { j["tasks"][0]["shelf"] = "S9"; }).find("tasks[0].shelf"),
              std::string::npos);
    EXPECT_NE(messageOf([](nlohmann::json& j) { j["tasks"].erase(0); }).find("has 11 entries"),
              std::string::npos);
    EXPECT_NE(messageOf([](nlohmann::json& j) { j.erase("lower_bound"); }).find("missing key 'lower_bound'"),
              std::string::npos);
    EXPECT_NE(messageOf([](nlohmann::json& j) { j["guarantee"] = 0.1; }).find("exceeds the guarantee"),
              std::string::npos);
    // Two tasks moved onto one processor at the same time.
    EXPECT_NE(messageOf([](nlohmann::json& j) {
                  j["tasks"][1] = j["tasks"][0];
                  j["tasks"][1]["task"] = "trsm0";
              }).find("does not fit"),
              std::string::npos);
}

TEST(CpuGpuStoredResults, KeepHeteroPriosAbortedRuns) {
    const Instance in = *parseInstance(R"({"kind": "cpugpu", "cpus": 1, "gpus": 1,
        "tasks": [{"name": "u", "cpu": 5, "gpu": 1}, {"name": "v", "cpu": 10, "gpu": 1}]})");
    auto solved = solve(in, "heteroprio");
    ASSERT_TRUE(solved.ok());
    ASSERT_EQ(resultToJson(in, *solved)["aborted"].size(), 1u);
    EXPECT_EQ(resultToJson(in, *solved)["aborted"][0]["task"], "u");
    auto back = resultFromJson(in, resultToJson(in, *solved));
    ASSERT_TRUE(back.ok()) << back.error().message;
    EXPECT_EQ(back->schedule.intervalCount(), 3u);
    nlohmann::json tampered = resultToJson(in, *solved);
    tampered["aborted"][0]["unit"] = "gpu";   // on the GPU the aborted run would overlap v
    EXPECT_FALSE(resultFromJson(in, tampered).ok());
}

// `hetsched solve` writes a CPU/GPU result with its rows streamed (resultText): byte for byte the text of its
// tree, for every solver, with shelves, aborted runs, a bound answer and a gap; and for a result without a
// solution and the other families (written from the tree).
TEST(CpuGpuStoredResults, TheStreamedTextIsTheTreesText) {
    std::vector<Instance> instances{example(), Instance(randomCpuGpuInstance(300, 6, 2, 7)),
                                    *parseInstance(R"({"kind": "cpugpu", "cpus": 1, "gpus": 1,
        "tasks": [{"name": "u \"quoted\" é", "cpu": 5, "gpu": 1}, {"name": "v", "cpu": 10, "gpu": 1}]})")};
    int compared = 0;
    for (const Instance& in : instances)
        for (const SolverSpec& spec : solversForKind("cpugpu")) {
            SolverOptions options;
            if (spec.name == "exact") options["time_limit"] = 0.2;
            auto r = solve(in, spec.name, options);
            ASSERT_TRUE(r.ok()) << spec.name << ": " << r.error().message;
            EXPECT_EQ(resultText(in, *r), resultToJson(in, *r).dump(2)) << spec.name;
            ++compared;
        }
    EXPECT_EQ(compared, 18);
    SolveResult bare;   // no solution: the common keys only
    bare.kind = "cpugpu";
    bare.solver = "heft";
    EXPECT_EQ(resultText(example(), bare), resultToJson(example(), bare).dump(2));
    const Instance partition = *readInstanceFile(std::string(HETSCHED_EXAMPLES_DIR) + "/partition-small.json");
    auto other = solve(partition, "dp");
    ASSERT_TRUE(other.ok());
    EXPECT_EQ(resultText(partition, *other), resultToJson(partition, *other).dump(2));
}

// A bar's tooltip is made when it is shown (Schedule::describe): the task's times and acceleration, and its shelf
// in a dual approximation's schedule; no interval keeps a string of its own.
TEST(CpuGpuStoredResults, TooltipsAreMadeWhenAskedFromTheTasksTimes) {
    const Instance in = *parseInstance(R"({"kind": "cpugpu", "cpus": 1, "gpus": 1,
        "tasks": [{"name": "u", "cpu": 5, "gpu": 1}, {"name": "v", "cpu": 10, "gpu": 4}]})");
    const std::map<std::string, std::string> expected{{"u", "u: cpu 5, gpu 1, acceleration 5"},
                                                      {"v", "v: cpu 10, gpu 4, acceleration 2.5"}};
    for (const std::string solver : {"heft", "dual-approx"}) {
        auto r = solve(in, solver);
        ASSERT_TRUE(r.ok()) << r.error().message;
        int shown = 0;
        for (const Lane& lane : r->schedule.lanes)
            for (const Interval& interval : lane.intervals) {
                EXPECT_TRUE(interval.detail.empty()) << solver << " " << interval.label;
                const std::string shelf = interval.group.empty() ? "" : ", shelf " + interval.group;
                EXPECT_EQ(intervalDetail(r->schedule, interval), expected.at(interval.label) + shelf) << solver;
                ++shown;
            }
        EXPECT_EQ(shown, 2) << solver;
    }
}

// The schedule's title counts in the singular where there is one (a figure's title: "1 GPU", not "1 GPUs").
TEST(CpuGpuStoredResults, TheTitleSaysOneGpuInTheSingular) {
    const Instance one = *parseInstance(R"({"kind": "cpugpu", "cpus": 1, "gpus": 1,
        "tasks": [{"name": "u", "cpu": 5, "gpu": 1}]})");
    auto r = solve(one, "heft");
    ASSERT_TRUE(r.ok()) << r.error().message;
    EXPECT_EQ(r->schedule.title, "1 task on 1 CPU and 1 GPU, makespan 1");
    auto more = solve(example(), "heft");
    ASSERT_TRUE(more.ok()) << more.error().message;
    EXPECT_NE(more->schedule.title.find(" CPUs and 2 GPUs, makespan "), std::string::npos) << more->schedule.title;
}

// `hetsched solve` writes a large result in pieces as it is made: the pieces, joined, are the tree's text, and a
// result of 20,000 tasks (about 2.8 MB) comes in several pieces of about a megabyte, none much larger.
TEST(CpuGpuStoredResults, ALargeResultIsWrittenInPiecesThatJoinToTheSameText) {
    const Instance in(randomCpuGpuInstance(20000, 16, 4, 11));
    auto r = solve(in, "heft");
    ASSERT_TRUE(r.ok()) << r.error().message;
    std::vector<std::size_t> sizes;
    std::string joined;
    writeResultText(in, *r, [&](std::string_view piece) {
        sizes.push_back(piece.size());
        joined += piece;
    });
    EXPECT_EQ(joined, resultToJson(in, *r).dump(2));
    EXPECT_GE(sizes.size(), 3u);
    EXPECT_LE(*std::max_element(sizes.begin(), sizes.end()), (std::size_t{1} << 20) + 4096);
}

}  // namespace
}  // namespace hetsched
