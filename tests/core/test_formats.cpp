// The format table (io/formats.h): every entry well formed, detection by name then content, and the
// dialogs' filters and the CLI's names made from it.
#include <gtest/gtest.h>

#include <set>

#include "io/dag_import.h"
#include "io/cpugpu_import.h"
#include "io/family_import.h"
#include "io/formats.h"
#include "corpus_required.h"

#include <filesystem>
#include <map>
#include <fstream>
#include <sstream>

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
            // A family's data: the family it gives, the table of its import options and its reader.
            EXPECT_EQ(bool(f.readFamily), f.content == FormatContent::FamilyData);
            EXPECT_EQ(f.importOptions != nullptr, f.content == FormatContent::FamilyData);
            EXPECT_EQ(!f.family.empty(), f.content == FormatContent::FamilyData);
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

namespace hetsched {
namespace {

// The data of the other families' users: each format found by its name or content, for its family only.
TEST(FamilyDataFormats, EachFamilysDataIsFoundByNameOrContentAndGivesThatFamily) {
    const auto name = [](const std::string& path, std::string_view text) {
        Expected<const FileFormat*> f = detectReadFormat(path, text,
                                                         {FormatContent::Instance, FormatContent::Project, FormatContent::TaskGraph,
                                                          FormatContent::Platform, FormatContent::FamilyData});
        return f ? (*f)->name + "/" + (*f)->family : "error: " + f.error().message;
    };
    EXPECT_EQ(name("chol_model_22.mirage", "##################\n# Performance Model Version\n45\n"), "starpu-model/cpugpu");
    EXPECT_EQ(name("tasks.rec", "Name: gemm\nModel: chol_model_22\nJobId: 1\n"), "starpu-rec/cpugpu");
    EXPECT_EQ(name("dump", "%rec: timing\n\nModel: dgemm\n"), "starpu-rec/cpugpu");
    EXPECT_EQ(name("p.in", R"({"meta":{"n":1,"m":1,"k":1},"cpudata":{"nb_p":[1],"t1":[2]},"gpudata":{"t1":[1]}})"),
              "moldableilp/cpugpu");
    EXPECT_EQ(name("costs.csv", "resource,tasks,cost\ncpu,1,2\n"), "partition-profile/partition");
    EXPECT_EQ(name("latency.json", "[\n  {\"Phone Model\": \"a\", \"Latency\": 2}\n]"), "partition-profile/partition");
    EXPECT_EQ(name("mirage.bandwidth", "# to 0\t\tto 1\n0.0\t6031.0\n"), "starpu-bus/divisible");
    // A SimGrid platform stays the platform reader's (File > Open then asks what it becomes); as divisible data it is
    // the star's.
    EXPECT_EQ(name("p.xml", "<?xml version='1.0'?>\n<platform version=\"4.1\">"), "simgrid/");
    Expected<const FileFormat*> star = detectFamilyFormat("p.xml", "<?xml version='1.0'?>\n<platform version=\"4.1\">", "divisible");
    ASSERT_TRUE(star.ok()) << star.error().message;
    EXPECT_EQ((*star)->name, "simgrid-star");
    // A file of another family's format, read as this family: the family's first reader says what is wrong.
    Expected<const FileFormat*> fallback = detectFamilyFormat("costs.csv", "resource,tasks,cost\n", "cpugpu");
    ASSERT_TRUE(fallback.ok());
    EXPECT_EQ((*fallback)->family, "cpugpu");
    EXPECT_FALSE(detectFamilyFormat("x.csv", "", "steady_state").ok());
    EXPECT_EQ(familyDataKinds(), (std::vector<std::string>{"cpugpu", "partition", "divisible"}));
    // A directory is StarPU's sampling/ (the one format that reads directories).
    Expected<const FileFormat*> directory = detectFamilyFormat(std::filesystem::temp_directory_path().string(), "", "cpugpu");
    ASSERT_TRUE(directory.ok());
    EXPECT_EQ((*directory)->name, "starpu-model");
}

TEST(FamilyDataFormats, TheOpenDialogsFilterListsEveryFamilyFormat) {
    const std::string filters = fileDialogFilters(FormatDirection::Read, {FormatContent::FamilyData});
    for (const char* expected : {"StarPU records (tasks.rec, starpu_perfmodel_recdump) (*.rec)",
                                        "moldableILP instance (Bleuse et al.) (*.in)",
                                        "Measured costs per device (CSV, JSON records) (*.csv *.json)",
                                        "StarPU measured bus (sampling/bus/HOST.bandwidth) (*.bandwidth)",
                                        "StarPU performance models (sampling/, codelets/45/SYMBOL.HOST) (*)"})
        EXPECT_NE(filters.find(expected), std::string::npos) << expected << " in " << filters;
}

#ifdef HETSCHED_CORPUS_DIR
std::string fileHead(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str().substr(0, 65536);
}

// Every corpus file of the other families is classified as its family's data by the table and read through it with
// the options its README names; the instance is of that family.
TEST(FamilyDataFormats, TheCorpusFilesOfEachFamilyReadThroughTheTable) {
    const std::filesystem::path corpus(HETSCHED_CORPUS_DIR);
    HETSCHED_CORPUS_REQUIRED(std::filesystem::is_directory(corpus / "starpu"), "no corpus at " << corpus);
    struct Case {
        std::string file, format, family;
        std::map<std::string, std::string> options;
    };
    const std::vector<Case> cases = {
        {"starpu/sampling/codelets/45/chol_model_22.mirage", "starpu-model", "cpugpu", {}},
        {"starpu/sampling/codelets/45/chol_model_11.attila", "starpu-model", "cpugpu", {}},
        {"starpu/moldableilp/problem_n10_m4_k1_i0.in", "moldableilp", "cpugpu", {}},
        {"starpu/moldableilp/problem_n10_m16_k1_i0.in", "moldableilp", "cpugpu", {}},
        {"partition-profiles/flhetbench_training_latency_2023-11-27.json", "partition-profile", "partition",
         {{"tasks", "100"}, {"cost-column", "ResNet Latency"}}},
        {"starpu/sampling/bus/mirage.bandwidth", "starpu-bus", "divisible", {{"worker-speed", "1e12"}}},
    };
    for (const Case& c : cases) {
        SCOPED_TRACE(c.file);
        const std::filesystem::path path = corpus / c.file;
        ASSERT_TRUE(std::filesystem::exists(path));
        EXPECT_EQ(classifyExternalFile(path.string(), fileHead(path)), ExternalFileKind::FamilyData);
        Expected<const FileFormat*> format = detectFamilyFormat(path.string(), fileHead(path), c.family);
        ASSERT_TRUE(format.ok()) << format.error().message;
        EXPECT_EQ((*format)->name, c.format);
        Expected<OptionValues> values = resolveOptionTexts((*format)->importOptions(), c.options, "import");
        ASSERT_TRUE(values.ok()) << values.error().message;
        Expected<FamilyImport> read = importFamilyData({path.string()}, c.family, *values);
        ASSERT_TRUE(read.ok()) << read.error().message;
        EXPECT_EQ(instanceKind(read->instance), c.family);
    }
    // The StarVZ dump has no GPU time: refused, saying so (its README's outcome).
    const std::filesystem::path rec = corpus / "starpu/rec/starvz-lu_trace/platform_file.rec";
    EXPECT_EQ(classifyExternalFile(rec.string(), fileHead(rec)), ExternalFileKind::FamilyData);
    Expected<FamilyImport> refused = importFamilyData({rec.string()}, "cpugpu", OptionValues(cpuGpuImportOptionTable()));
    ASSERT_FALSE(refused.ok());
    EXPECT_NE(refused.error().message.find("GPU"), std::string::npos) << refused.error().message;
}
#endif

}  // namespace
}  // namespace hetsched
