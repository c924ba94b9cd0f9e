// A project file is read by simdjson (parseProject), as instance files are, and by nlohmann's tree where
// simdjson refuses the text (projectFromJson). Both must refuse or take every file alike, with the same
// message and the same project.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "example_files.h"
#include "io/instance_io.h"
#include "io/project.h"
#include "reference/project_text_before.h"
#include "results/result_io.h"
#include "solvers/registry.h"

namespace hetsched {
namespace {

// Each example as an entry with everything an entry can hold: a run of its default solver computed on an
// earlier version (the same instance here), a layout and a recorded makespan.
Project everyExampleProject() {
    Project project;
    for (const auto& file : testing::exampleFiles()) {
        Expected<Instance> instance = readInstanceFile(file.string());
        EXPECT_TRUE(instance) << file;
        if (!instance) continue;
        Expected<SolveResult> result = solve(*instance, defaultSolverFor(*instance));
        EXPECT_TRUE(result) << file;
        if (!result) continue;
        ProjectEntry entry{file.stem().string(), *instance, {}, {{"positions", {{"a", {1.5, -2}}}}, {"zoom", 2}}};
        nlohmann::json run = resultToJson(*instance, *result);
        run["options"] = nlohmann::json::object();
        run["computed_on"] = 0;
        entry.runs.push_back(std::move(run));
        entry.earlierInstances.push_back(*instance);
        entry.recordedMakespan = 3.5;
        project.entries.push_back(std::move(entry));
    }
    return project;
}

// The keys of the objects under `pointer`, through objects and the first element of arrays, `depth` levels down.
void keysUnder(const nlohmann::json& value, const nlohmann::json::json_pointer& pointer, int depth,
               std::vector<nlohmann::json::json_pointer>& out) {
    if (depth == 0) return;
    if (value.is_object()) {
        for (const auto& [key, inner] : value.items()) {
            out.push_back(pointer / key);
            keysUnder(inner, pointer / key, depth - 1, out);
        }
    } else if (value.is_array() && !value.empty()) {
        keysUnder(value[0], pointer / 0, depth - 1, out);
    }
}

void expectSameOutcome(const nlohmann::json& file, int& refused) {
    const Expected<Project> fast = parseProject(file.dump(2));
    const Expected<Project> tree = projectFromJson(file);
    ASSERT_EQ(fast.ok(), tree.ok()) << (tree ? fast.error().message : tree.error().message);
    if (tree) {
        EXPECT_EQ(projectFileText(*fast), projectFileText(*tree));
    } else {
        ++refused;
        EXPECT_EQ(fast.error().message, tree.error().message);
    }
}

TEST(ProjectReading, TheFastReaderReadsWhatItWrote) {
    const Project project = everyExampleProject();
    ASSERT_GE(project.entries.size(), 10u);
    const std::string text = projectFileText(project);
    const Expected<Project> back = parseProject(text);
    ASSERT_TRUE(back) << back.error().message;
    EXPECT_EQ(projectFileText(*back), text);
}

// The project file is written as it goes (the instances streamed from the typed model): byte for byte the text
// nlohmann writes from the project's tree, "format" and "version" first (as the writer did before), for a project
// of every example, one whose entries hold nothing optional, and one without entries.
TEST(ProjectReading, TheFileIsWrittenAsTheTreeIsWritten) {
    Project everything = everyExampleProject();
    Project bare = everything;
    for (ProjectEntry& entry : bare.entries) {
        entry.runs.clear();
        entry.layout = nullptr;
        entry.earlierInstances.clear();
        entry.recordedMakespan.reset();
    }
    for (const Project& project : {everything, bare, Project{}}) {
        SCOPED_TRACE(project.entries.size());
        EXPECT_EQ(projectFileText(project), project_reference::projectTextThroughTrees(project));
    }
}

// Every key of the file, of each entry, of its instance, runs, earlier versions and layout (three levels into
// each), deleted or given a value of another type.
TEST(ProjectReading, TheFastReaderSaysWhatTheTreeReaderSays) {
    const nlohmann::json written = projectToJson(everyExampleProject());
    std::vector<nlohmann::json::json_pointer> pointers;
    keysUnder(written, nlohmann::json::json_pointer(), 2, pointers);
    for (std::size_t e = 0; e < written["entries"].size(); ++e) {
        const nlohmann::json::json_pointer entry = nlohmann::json::json_pointer("/entries") / e;
        for (const char* part : {"instance", "runs", "earlier_instances", "layout"})
            keysUnder(written[entry / part], entry / part, 3, pointers);
    }
    int compared = 0, refused = 0;
    for (const auto& pointer : pointers) {
        {
            SCOPED_TRACE(pointer.to_string() + " deleted");
            nlohmann::json changed = written;
            changed[pointer.parent_pointer()].erase(pointer.back());
            expectSameOutcome(changed, refused);
            ++compared;
        }
        for (const nlohmann::json& replacement : {nlohmann::json("x"), nlohmann::json(-1), nlohmann::json(nullptr),
                                                  nlohmann::json::array(), nlohmann::json(1e300)}) {
            SCOPED_TRACE(pointer.to_string() + " = " + replacement.dump());
            nlohmann::json changed = written;
            changed[pointer] = replacement;
            expectSameOutcome(changed, refused);
            ++compared;
        }
    }
    EXPECT_GT(compared, 1500);
    EXPECT_GT(refused, 700);
}

}  // namespace
}  // namespace hetsched
