// One statement per solver (issue 29): every SolverSpec states its guarantee, complexity and source, and
// docs/algorithms.md carries exactly the list the registry writes (hetsched solvers --markdown), so the docs,
// the CLI and Help > Algorithms cannot drift apart. And a saved project is known by its first bytes, as the
// MIME package installed for file managers says (packaging/hetsched-mime.xml).
#include <gtest/gtest.h>

#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>

#include "io/instance_io.h"
#include "io/project.h"
#include "solvers/registry.h"
#include "family/solver_catalog.h"

using namespace hetsched;

namespace {

std::string readFile(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

std::string unescapeXml(std::string text) {
    for (const auto& [entity, character] : {std::pair<std::string, std::string>{"&quot;", "\""}, {"&lt;", "<"},
                                            {"&gt;", ">"}, {"&apos;", "'"}, {"&amp;", "&"}}) {
        for (std::size_t at = text.find(entity); at != std::string::npos; at = text.find(entity, at + 1))
            text.replace(at, entity.size(), character);
    }
    return text;
}

}  // namespace

TEST(SolverCatalog, EverySolverStatesItsGuaranteeComplexityAndSource) {
    std::set<std::string> ids;
    for (const SolverSpec& s : solverSpecs()) {
        const std::string id = s.kind + " " + s.name;
        EXPECT_TRUE(ids.insert(id).second) << id << " twice";
        EXPECT_FALSE(s.description.empty()) << id;
        EXPECT_FALSE(s.guarantee.empty()) << id << " states no guarantee";
        EXPECT_FALSE(s.complexity.empty()) << id << " states no complexity";
        EXPECT_FALSE(s.reference.empty()) << id << " names no source";
        for (const std::string& line : {s.description, s.guarantee, s.complexity, s.reference})
            EXPECT_EQ(line.find('\n'), std::string::npos) << id << ": one line each: " << line;
    }
    EXPECT_EQ(ids.size(), 25u) << "a solver was added or removed: its statement belongs in its registry entry";
}

// The solvers whose answer the docs call optimal say so in their statement, and the heuristics do not.
TEST(SolverCatalog, ExactSolversAndHeuristicsAreToldApart) {
    for (const char* exact : {"partition dp", "partition threshold", "divisible exhaustive", "divisible no-return"}) {
        bool found = false;
        for (const SolverSpec& s : solverSpecs())
            if (s.kind + " " + s.name == exact) {
                found = true;
                EXPECT_EQ(s.guarantee.rfind("optimal", 0), 0u) << exact << ": " << s.guarantee;
            }
        EXPECT_TRUE(found) << exact;
    }
    for (const char* heuristic : {"dag hcpa", "dag mheft", "cpugpu heft", "partition proportional", "divisible fifo-by-c"})
        for (const SolverSpec& s : solverSpecs()) {
            if (s.kind + " " + s.name == heuristic) {
                EXPECT_EQ(s.guarantee.rfind("none", 0), 0u) << heuristic << ": " << s.guarantee;
            }
        }
}

TEST(SolverCatalog, DocsListEverySolverAsTheRegistryStatesIt) {
    const std::string docs = readFile(HETSCHED_SOURCE_DIR "/docs/algorithms.md");
    ASSERT_FALSE(docs.empty()) << "cannot read docs/algorithms.md";
    const std::size_t begin = docs.find(kSolverCatalogBegin);
    const std::size_t end = docs.find(kSolverCatalogEnd);
    ASSERT_NE(begin, std::string::npos) << "docs/algorithms.md has no generated solver list";
    ASSERT_NE(end, std::string::npos);
    ASSERT_LT(begin, end);
    const std::size_t from = docs.find('\n', begin) + 1;
    const std::string listed = docs.substr(from, end - from);
    const std::string expected = "\n" + solverCatalogMarkdown() + "\n";
    EXPECT_EQ(listed, expected)
        << "docs/algorithms.md's solver list differs from the registry: replace it with the output of "
           "`hetsched solvers --markdown`";
    // Each statement is there word for word (the markdown escapes only '*').
    for (const SolverSpec& s : solverSpecs())
        EXPECT_NE(listed.find("**`" + s.name + "`**"), std::string::npos) << s.name;
}

TEST(SolverCatalog, TextListsOneFamilyWhenAsked) {
    const std::string all = solverCatalogText();
    const std::string dag = solverCatalogText("dag");
    EXPECT_NE(dag.find("dag hcpa\n"), std::string::npos);
    EXPECT_EQ(dag.find("partition dp\n"), std::string::npos);
    EXPECT_NE(all.find("partition dp\n"), std::string::npos);
    EXPECT_NE(all.find("  guarantee:  optimal for arbitrary costs"), std::string::npos);
}

TEST(ProjectFile, StartsWithItsFormatAsTheMimeMagicExpects) {
    Expected<Instance> instance = readInstanceFile(HETSCHED_EXAMPLES_DIR "/partition-small.json");
    ASSERT_TRUE(instance) << instance.error().message;
    Project project;
    project.entries.push_back({"partition-small", *instance, {}, nullptr});
    const std::string text = projectFileText(project);
    // Read back as the same project.
    Expected<Project> reread = parseProject(text);
    ASSERT_TRUE(reread) << reread.error().message;
    EXPECT_EQ(projectToJson(*reread), projectToJson(project));
    // The magic rules of the MIME package: a string within an offset range; one must match the saved text.
    const std::string mime = readFile(HETSCHED_SOURCE_DIR "/packaging/hetsched-mime.xml");
    ASSERT_FALSE(mime.empty());
    const std::size_t type = mime.find("<mime-type type=\"application/x-hetsched-project\">");
    ASSERT_NE(type, std::string::npos);
    const std::string section = mime.substr(type, mime.find("</mime-type>", type) - type);
    static const std::regex match(R"re(<match type="string" value="([^"]*)" offset="(\d+):(\d+)"/>)re");
    int rules = 0;
    bool matched = false;
    for (auto it = std::sregex_iterator(section.begin(), section.end(), match); it != std::sregex_iterator(); ++it) {
        ++rules;
        const std::string value = unescapeXml((*it)[1]);
        const std::size_t first = std::stoul((*it)[2]), last = std::stoul((*it)[3]);
        const std::size_t at = text.find(value);
        if (at != std::string::npos && at >= first && at <= last) matched = true;
    }
    EXPECT_GE(rules, 1);
    EXPECT_TRUE(matched) << "no magic rule matches the start of a saved project:\n" << text.substr(0, 80);
}
