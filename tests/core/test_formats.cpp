// The format table (io/formats.h): every entry well formed, detection by name then content, and the
// dialogs' filters and the CLI's names made from it.
#include <gtest/gtest.h>

#include <set>

#include "io/dag_import.h"
#include "io/formats.h"

namespace hetsched {
namespace {

TEST(FormatTable, EveryEntryIsWellFormedAndNamedOnce) {
    std::set<std::pair<FormatDirection, std::string>> names;
    for (const FileFormat& f : fileFormats()) {
        SCOPED_TRACE(f.name);
        EXPECT_TRUE(names.emplace(f.direction, f.name).second) << "a second format of that name and direction";
        EXPECT_FALSE(f.label.empty());
        for (const auto* list : {&f.extensions, &f.sharedExtensions})
            for (const std::string& e : *list) {
                EXPECT_TRUE(e.size() > 1 && e.front() == '.') << e;
                for (char c : e) EXPECT_FALSE(c >= 'A' && c <= 'Z') << e;
            }
        if (f.direction == FormatDirection::Read) {
            EXPECT_TRUE(f.sniff || !f.extensions.empty()) << "a reader must be known by its name or its content";
            EXPECT_EQ(bool(f.readTaskGraph), f.content == FormatContent::TaskGraph);
            EXPECT_EQ(bool(f.readPlatform), f.content == FormatContent::Platform);
            EXPECT_FALSE(f.writeSchedule);
        } else {
            EXPECT_FALSE(f.extensions.empty()) << "a writer proposes an extension";
            EXPECT_FALSE(f.sniff || f.readTaskGraph || f.readPlatform);
            // Traces and tables are written by core; figures by the GUI's chart code.
            EXPECT_EQ(bool(f.writeSchedule), f.content == FormatContent::Trace || f.content == FormatContent::Table);
        }
    }
}

TEST(FormatTable, ReadersAreFoundByExtensionThenBySurestContent) {
    const auto name = [](const std::string& path, std::string_view text, std::initializer_list<FormatContent> contents) {
        Expected<const FileFormat*> f = detectReadFormat(path, text, contents);
        return f ? (*f)->name : "error: " + f.error().message;
    };
    const std::initializer_list<FormatContent> opened{FormatContent::Instance, FormatContent::Project,
                                                      FormatContent::TaskGraph, FormatContent::Platform};
    // .json is shared: an instance has "kind", a workflow "workflow", a bare platform "clusters".
    EXPECT_EQ(name("a.json", R"({"kind": "partition", "tasks": 3})", opened), "instance");
    EXPECT_EQ(name("a.json", R"({"name": "x", "workflow": {"tasks": []}})", opened), "wfformat");
    EXPECT_EQ(name("a.json", R"({"clusters": [], "backbone": {}})", opened), "platform-json");
    // Nothing recognised: the first format of the extension (the instance reader then says what is wrong).
    EXPECT_EQ(name("a.json", "[1, 2]", opened), "instance");
    EXPECT_EQ(name("a.hsproj", "", opened), "project");
    EXPECT_EQ(name("p.xml", "<?xml version='1.0'?>\n<platform version=\"4.1\">", opened), "simgrid");
    EXPECT_EQ(name("w.xml", "<?xml version='1.0'?>\n<adag version=\"3.6\">", opened), "dax");
    // By content alone when the extension is no format's.
    EXPECT_EQ(name("graph", "# a comment\n\ndigraph G { a -> b }", opened), "dot");
    const std::string unknown = name("notes.txt", "hello", opened);
    EXPECT_NE(unknown.find("give --format instance|project|dot|"), std::string::npos) << unknown;
}

TEST(FormatTable, FilesAUserOpensAreClassifiedByTheTable) {
    EXPECT_EQ(classifyExternalFile("x.hsproj", "{}"), ExternalFileKind::HetSched);
    EXPECT_EQ(classifyExternalFile("x.json", R"({"kind": "dag"})"), ExternalFileKind::HetSched);
    EXPECT_EQ(classifyExternalFile("x.json", R"({"workflow": {}})"), ExternalFileKind::TaskGraph);
    EXPECT_EQ(classifyExternalFile("x.dot", ""), ExternalFileKind::TaskGraph);
    EXPECT_EQ(classifyExternalFile("x.xml", "<platform version=\"4.1\">"), ExternalFileKind::SimGridPlatform);
    EXPECT_EQ(classifyExternalFile("x.json", R"({"clusters": []})"), ExternalFileKind::HetSched);
    EXPECT_EQ(classifyExternalFile("x.bin", "\x01\x02"), ExternalFileKind::Unknown);
}

TEST(FormatTable, WritersAreFoundByNameOrByAnUnambiguousExtension) {
    Expected<const FileFormat*> pdf = writeFormatFor("fig.PDF", "", {FormatContent::Figure});
    ASSERT_TRUE(pdf.ok());
    EXPECT_EQ((*pdf)->name, "pdf");
    Expected<const FileFormat*> named = writeFormatFor("fig.out", "svg", {FormatContent::Figure});
    ASSERT_TRUE(named.ok());
    EXPECT_EQ((*named)->name, "svg");
    Expected<const FileFormat*> unknownName = writeFormatFor("fig.pdf", "bmp", {FormatContent::Figure});
    ASSERT_FALSE(unknownName.ok());
    EXPECT_NE(unknownName.error().message.find("--format must be one of png|pdf|svg"), std::string::npos);
    Expected<const FileFormat*> unknownExtension = writeFormatFor("fig.bmp", "", {FormatContent::Figure});
    ASSERT_FALSE(unknownExtension.ok());
    EXPECT_NE(unknownExtension.error().message.find("give --format png|pdf|svg"), std::string::npos);
}

TEST(FormatTable, DialogFiltersListEveryFormatOfTheTable) {
    const std::string filters = fileDialogFilters(FormatDirection::Read, {FormatContent::TaskGraph}, "Task graphs");
    EXPECT_EQ(filters.rfind("Task graphs (*.dot *.gv *.json *.dax *.xml *.stg *.txt);;Graphviz DOT (*.dot *.gv);;", 0), 0u)
        << filters;
    EXPECT_NE(filters.find(";;Pegasus DAX (*.dax *.xml);;"), std::string::npos) << filters;
    EXPECT_TRUE(filters.ends_with(";;All files (*)")) << filters;
    EXPECT_EQ(fileDialogFilters(FormatDirection::Write, {FormatContent::Figure}),
              "PNG image (*.png);;PDF document (*.pdf);;SVG drawing (*.svg);;All files (*)");
    EXPECT_EQ(taskGraphFormatNames(), "auto|dot|wfformat|dax|stg|daggen");
}

}  // namespace
}  // namespace hetsched
