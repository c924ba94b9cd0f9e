// The canvas layout stored with a project entry: optional, kept as written, validated with its path; and the
// makespan an imported workflow's file records, kept the same way.
#include <gtest/gtest.h>

#include "io/instance_io.h"
#include "io/project.h"

namespace {

using namespace hetsched;

const char* kStar = R"({ "kind": "divisible", "horizon": 1,
  "workers": [ { "name": "P1", "c": 1, "w": 2, "d": 0 }, { "name": "P2", "c": 2, "w": 1, "d": 0 } ] })";

Project oneEntry(nlohmann::json layout) {
    Project project;
    Expected<Instance> in = parseInstance(kStar);
    EXPECT_TRUE(in.ok());
    project.entries.push_back({"star", *in, {}, std::move(layout)});
    return project;
}

TEST(ProjectLayout, RoundTripsPositionsAndUnknownKeys) {
    const nlohmann::json layout = {{"positions", {{"P1", {10.5, -3}}, {"P2", {0, 200}}}}, {"zoom", 1.5}};
    const std::string text = projectToJson(oneEntry(layout)).dump();
    Expected<Project> back = parseProject(text);
    ASSERT_TRUE(back.ok()) << back.error().message;
    EXPECT_EQ(back->entries[0].layout, layout);
    EXPECT_EQ(projectToJson(*back).dump(), text);
}

TEST(ProjectLayout, IsOptionalAndNotWrittenWhenAbsent) {
    const nlohmann::json written = projectToJson(oneEntry(nullptr));
    EXPECT_FALSE(written["entries"][0].contains("layout"));
    Expected<Project> back = parseProject(written.dump());
    ASSERT_TRUE(back.ok());
    EXPECT_TRUE(back->entries[0].layout.is_null());
}

TEST(ProjectLayout, RefusesMalformedPositionsNamingThePath) {
    const auto error = [](nlohmann::json layout) {
        Expected<Project> back = parseProject(projectToJson(oneEntry(std::move(layout))).dump());
        return back.ok() ? std::string() : back.error().message;
    };
    EXPECT_NE(error(nlohmann::json::array()).find("entries[0].layout"), std::string::npos);
    EXPECT_NE(error({{"positions", {{"P1", {1}}}}}).find("entries[0].layout.positions.P1: expected [x, y]"),
              std::string::npos);
    EXPECT_NE(error({{"positions", {{"P1", {1, "x"}}}}}).find("entries[0].layout.positions.P1[1]"), std::string::npos);
    EXPECT_NE(error({{"positions", {{"P1", {1, 1e12}}}}}).find("entries[0].layout.positions.P1[1]"), std::string::npos);
    EXPECT_TRUE(error({{"positions", {{"P1", {1, 2}}, {"gone", {3, 4}}}}}).empty());  // stale names are harmless
}

// An imported workflow's recorded makespan survives the file; entries without one write no key.
TEST(ProjectRecordedMakespan, RoundTripsAndIsOptional) {
    Project project = oneEntry(nullptr);
    project.entries.push_back(project.entries.front());
    project.entries[0].recordedMakespan = 354.0;
    const nlohmann::json written = projectToJson(project);
    EXPECT_EQ(written["entries"][0]["recorded_makespan"], 354.0);
    EXPECT_FALSE(written["entries"][1].contains("recorded_makespan"));
    Expected<Project> back = parseProject(written.dump());
    ASSERT_TRUE(back.ok()) << back.error().message;
    EXPECT_EQ(back->entries[0].recordedMakespan, std::optional<double>(354.0));
    EXPECT_EQ(back->entries[1].recordedMakespan, std::nullopt);
}

TEST(ProjectRecordedMakespan, RefusesANegativeOrNonNumberNamingThePath) {
    const auto error = [](nlohmann::json recorded) {
        nlohmann::json written = projectToJson(oneEntry(nullptr));
        written["entries"][0]["recorded_makespan"] = std::move(recorded);
        Expected<Project> back = parseProject(written.dump());
        return back.ok() ? std::string() : back.error().message;
    };
    EXPECT_NE(error(-1).find("entries[0].recorded_makespan: must be at least 0, got -1"), std::string::npos) << error(-1);
    EXPECT_NE(error("354 s").find("entries[0].recorded_makespan"), std::string::npos);
    EXPECT_TRUE(error(0).empty());
}

}  // namespace
