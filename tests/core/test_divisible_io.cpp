// Divisible-load instance files: the issue's example, every bad input refused with its JSON path,
// round trips, and stored results read back and checked against the instance.
#include <gtest/gtest.h>

#include <string>

#include "io/instance_io.h"
#include "results/result_io.h"
#include "solvers/registry.h"

namespace hetsched {
namespace {

const char* kIssueExample = R"({ "kind": "divisible", "horizon": 1.0,
  "workers": [ { "name": "P1", "c": 1.0, "w": 2.0, "d": 0.8 },
               { "name": "P2", "c": 2.0, "w": 1.0, "d": 1.6 } ],
  "send_order": ["P1", "P2"], "return_order": ["P2", "P1"] })";

std::string errorOf(const std::string& text) {
    Expected<Instance> in = parseInstance(text);
    if (in.ok()) return "(accepted)";
    EXPECT_EQ(in.error().kind, ErrorKind::InvalidInput);
    return in.error().message;
}

std::string platform(const std::string& workers, const std::string& extra = "") {
    return R"({"kind": "divisible", "horizon": 10)" + extra + R"(, "workers": [)" + workers + "]}";
}

const std::string kTwo = R"({"name": "A", "c": 1, "w": 2, "d": 0.5}, {"name": "B", "c": 2, "w": 1, "d": 1})";

TEST(DivisibleIo, ReadsTheIssueExample) {
    Expected<Instance> in = parseInstance(kIssueExample);
    ASSERT_TRUE(in.ok()) << in.error().message;
    const auto& d = std::get<DivisibleInstance>(*in);
    EXPECT_EQ(instanceKind(*in), "divisible");
    EXPECT_DOUBLE_EQ(d.horizon, 1.0);
    ASSERT_EQ(d.workers.size(), 2u);
    EXPECT_EQ(d.workers[1].name, "P2");
    EXPECT_DOUBLE_EQ(d.workers[1].d, 1.6);
    EXPECT_EQ(d.sendOrder, (std::vector<std::size_t>{0, 1}));
    EXPECT_EQ(d.returnOrder, (std::vector<std::size_t>{1, 0}));
}

TEST(DivisibleIo, RoundTripsThroughJson) {
    Expected<Instance> in = parseInstance(kIssueExample);
    ASSERT_TRUE(in.ok());
    Expected<Instance> again = instanceFromJson(instanceToJson(*in));
    ASSERT_TRUE(again.ok()) << again.error().message;
    EXPECT_EQ(instanceToJson(*again), instanceToJson(*in));
    // Without a scenario the keys are left out, not written empty.
    Expected<Instance> plain = parseInstance(platform(kTwo));
    ASSERT_TRUE(plain.ok());
    EXPECT_FALSE(instanceToJson(*plain).contains("send_order"));
    EXPECT_FALSE(instanceToJson(*plain).contains("return_order"));
}

TEST(DivisibleIo, ReadsEveryExample) {
    for (const char* name : {"divisible-small.json", "divisible-neither-fifo-nor-lifo.json", "divisible-star-12.json"}) {
        Expected<Instance> in = readInstanceFile(std::string(HETSCHED_EXAMPLES_DIR) + "/" + name);
        ASSERT_TRUE(in.ok()) << name << ": " << in.error().message;
        EXPECT_TRUE(std::holds_alternative<DivisibleInstance>(*in)) << name;
    }
}

TEST(DivisibleIo, RefusesBadPlatformsNamingThePath) {
    EXPECT_NE(errorOf(R"({"kind": "divisible", "workers": [)" + kTwo + "]}").find("horizon"), std::string::npos);
    EXPECT_NE(errorOf(R"({"kind": "divisible", "horizon": -1, "workers": [)" + kTwo + "]}").find("horizon: must be positive"),
              std::string::npos);
    EXPECT_NE(errorOf(platform("")).find("workers: expected at least one worker"), std::string::npos);
    EXPECT_NE(errorOf(platform(R"({"name": "A", "c": -1, "w": 2, "d": 0})")).find("workers[0].c: must be positive"),
              std::string::npos);
    EXPECT_NE(errorOf(platform(R"({"name": "A", "c": 0, "w": 2, "d": 0})")).find("workers[0].c"), std::string::npos);
    EXPECT_NE(errorOf(platform(R"({"name": "A", "c": 1, "w": 0, "d": 0})")).find("workers[0].w"), std::string::npos);
    EXPECT_NE(errorOf(platform(R"({"name": "A", "c": 1, "w": 1, "d": -0.5})")).find("workers[0].d: must be at least 0"),
              std::string::npos);
    EXPECT_NE(errorOf(platform(R"({"name": "A", "c": "fast", "w": 1, "d": 0})")).find("workers[0].c"),
              std::string::npos);
    EXPECT_NE(errorOf(platform(R"({"name": "A", "c": 1e300, "w": 1, "d": 0})")).find("workers[0].c"),
              std::string::npos);
    EXPECT_NE(errorOf(platform(R"({"name": "A", "w": 1, "d": 0})")).find("workers[0]"), std::string::npos);
    EXPECT_NE(errorOf(platform(R"({"name": "", "c": 1, "w": 1, "d": 0})")).find("workers[0].name"), std::string::npos);
    EXPECT_NE(errorOf(platform(R"({"name": "A", "c": 1, "w": 1, "d": 0, "speed": 3})")).find("speed"),
              std::string::npos);
    EXPECT_NE(errorOf(platform(R"({"name": "A", "c": 1, "w": 1, "d": 0}, {"name": "A", "c": 2, "w": 1, "d": 0})"))
                  .find("workers[1].name: duplicate worker name \"A\""),
              std::string::npos);
    EXPECT_NE(errorOf(R"({"kind": "divisible", "horizon": NaN, "workers": [])").find("line"), std::string::npos);
    EXPECT_NE(errorOf(R"({"kind": "divisible", "horizon": 1, "workers": {}})").find("workers"), std::string::npos);
}

TEST(DivisibleIo, RefusesBadScenarios) {
    EXPECT_NE(errorOf(platform(kTwo, R"(, "send_order": ["A", "C"])")).find("send_order[1]: unknown worker \"C\""),
              std::string::npos);
    EXPECT_NE(errorOf(platform(kTwo, R"(, "send_order": ["A", "A"])")).find("send_order[1]: worker \"A\" is listed twice"),
              std::string::npos);
    EXPECT_NE(errorOf(platform(kTwo, R"(, "send_order": [])")).find("send_order: expected at least one worker"),
              std::string::npos);
    EXPECT_NE(errorOf(platform(kTwo, R"(, "send_order": ["A"], "return_order": ["B"])"))
                  .find("return_order[0]: worker \"B\" returns results but is not in send_order"),
              std::string::npos);
    EXPECT_NE(errorOf(platform(kTwo, R"(, "return_order": ["B"])")).find("return_order: worker \"A\" is missing"),
              std::string::npos);
    EXPECT_NE(errorOf(platform(kTwo, R"(, "send_order": "A")")).find("send_order"), std::string::npos);
    // A subset scenario is fine: the other workers do not take part.
    EXPECT_EQ(errorOf(platform(kTwo, R"(, "send_order": ["B"], "return_order": ["B"])")), "(accepted)");
}

TEST(DivisibleIo, StoredResultsAreReadBackAndChecked) {
    Expected<Instance> in = parseInstance(kIssueExample);
    ASSERT_TRUE(in.ok());
    for (const SolverSpec& spec : solversForKind("divisible")) {
        if (spec.name == "no-return") continue;   // refuses d > 0
        Expected<SolveResult> solved = solve(*in, spec.name);
        ASSERT_TRUE(solved.ok()) << spec.name << ": " << solved.error().message;
        Expected<SolveResult> back = resultFromJson(*in, resultToJson(*in, *solved));
        ASSERT_TRUE(back.ok()) << spec.name << ": " << back.error().message;
        EXPECT_NEAR(*back->objective, *solved->objective, 1e-12) << spec.name;
        EXPECT_EQ(back->schedule.lanes.size(), solved->schedule.lanes.size());
    }
    Expected<SolveResult> solved = solve(*in, "exhaustive");
    ASSERT_TRUE(solved.ok());
    nlohmann::json tampered = resultToJson(*in, *solved);
    tampered["workers"][0]["alpha"] = 5.0;   // cannot fit in T = 1 with c = 1
    Expected<SolveResult> bad = resultFromJson(*in, tampered);
    ASSERT_FALSE(bad.ok());
    EXPECT_NE(bad.error().message.find("does not fit the instance"), std::string::npos) << bad.error().message;
    tampered = resultToJson(*in, *solved);
    tampered["send_order"] = {"P1", "P9"};
    bad = resultFromJson(*in, tampered);
    ASSERT_FALSE(bad.ok());
    EXPECT_NE(bad.error().message.find("send_order[1]: unknown worker \"P9\""), std::string::npos)
        << bad.error().message;
    tampered = resultToJson(*in, *solved);
    tampered["workers"].erase(1);
    EXPECT_FALSE(resultFromJson(*in, tampered).ok());
}

}  // namespace
}  // namespace hetsched
