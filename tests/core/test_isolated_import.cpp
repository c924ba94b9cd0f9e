// Task graph files read in the hetsched-import child process (io/isolated_import.h), as the GUI reads them:
// the same answer as the reader in the process, and a child that dies, never ends, or prints anything else
// is a message naming the file.
#include <gtest/gtest.h>

#include <sys/stat.h>

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <thread>

#include "io/isolated_import.h"

namespace hetsched {
namespace {

namespace fs = std::filesystem;

class Scratch {
public:
    Scratch() {
        std::string pattern = (fs::temp_directory_path() / "hetsched-isolated-XXXXXX").string();
        dir = ::mkdtemp(pattern.data());
    }
    ~Scratch() {
        std::error_code ec;
        fs::remove_all(dir, ec);
    }
    std::string write(const std::string& name, const std::string& text, bool executable = false) const {
        const std::string path = (dir / name).string();
        std::ofstream(path, std::ios::binary) << text;
        if (executable) ::chmod(path.c_str(), 0755);
        return path;
    }
    fs::path dir;
};

// hetsched-import replaced by `script` for the test's lifetime (each test runs in its own process).
class RunnerReplaced {
public:
    RunnerReplaced(const Scratch& scratch, const std::string& script) {
        ::setenv("HETSCHED_IMPORT_RUNNER", scratch.write("fake-import", "#!/bin/sh\n" + script, true).c_str(), 1);
    }
    ~RunnerReplaced() { ::unsetenv("HETSCHED_IMPORT_RUNNER"); }
};

DagPlatform onePlatform() {
    DagPlatform platform;
    platform.clusters.push_back({"c", 4, 1e9, 1.25e8, 1e-4});
    return platform;
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

TEST(IsolatedImport, ReadsWhatTheReaderReadsInTheProcess) {
    Scratch scratch;
    const std::string dax = scratch.write("two.dax", R"(<?xml version="1.0"?>
<adag xmlns="http://pegasus.isi.edu/schema/DAX" version="3.6" name="two">
  <job id="ID1" name="split" runtime="2.5"><uses file="f.txt" link="output" size="1000"/></job>
  <job id="ID2" name="join" runtime="1"><uses file="f.txt" link="input" size="1000"/></job>
  <child ref="ID2"><parent ref="ID1"/></child>
</adag>
)");
    for (const std::string& path : {std::string(HETSCHED_EXAMPLES_DIR "/../../tests/data/dag/daggen-12.dot"), dax}) {
        SCOPED_TRACE(path);
        Expected<DagImport> inProcess = importTaskGraphFile(path, onePlatform());
        ASSERT_TRUE(inProcess) << inProcess.error().message;
        Expected<DagImport> isolated = importTaskGraphFileIsolated(path, onePlatform());
        ASSERT_TRUE(isolated) << isolated.error().message;
        EXPECT_EQ(isolated->format, inProcess->format);
        EXPECT_EQ(isolated->notes, inProcess->notes);
        ASSERT_EQ(isolated->instance.tasks.size(), inProcess->instance.tasks.size());
        for (std::size_t i = 0; i < isolated->instance.tasks.size(); ++i) {
            EXPECT_EQ(isolated->instance.tasks[i].name, inProcess->instance.tasks[i].name);
            EXPECT_EQ(isolated->instance.tasks[i].flops, inProcess->instance.tasks[i].flops);   // exact: JSON keeps 17 digits
            EXPECT_EQ(isolated->instance.tasks[i].alpha, inProcess->instance.tasks[i].alpha);
        }
        ASSERT_EQ(isolated->instance.edges.size(), inProcess->instance.edges.size());
        for (std::size_t i = 0; i < isolated->instance.edges.size(); ++i) {
            EXPECT_EQ(isolated->instance.edges[i].from, inProcess->instance.edges[i].from);
            EXPECT_EQ(isolated->instance.edges[i].to, inProcess->instance.edges[i].to);
            EXPECT_EQ(isolated->instance.edges[i].bytes, inProcess->instance.edges[i].bytes);
        }
    }
}

TEST(IsolatedImport, OptionsLatin1NamesAndReaderErrorsCrossTheProcessBoundary) {
    Scratch scratch;
    // Sizes from the options (the file gives none), a name in Latin-1 read as such, with its note.
    const std::string latin1 = scratch.write("latin1.dot", "digraph { \"caf\xE9\" -> b }\n");
    TaskGraphImportOptions options;
    options.defaultFlops = 3e9;
    options.defaultBytes = 7;
    Expected<DagImport> read = importTaskGraphFileIsolated(latin1, onePlatform(), options);
    ASSERT_TRUE(read) << read.error().message;
    ASSERT_EQ(read->instance.tasks.size(), 2u);
    EXPECT_EQ(read->instance.tasks[0].name, "caf\xC3\xA9");
    EXPECT_EQ(read->instance.tasks[0].flops, 3e9);
    EXPECT_EQ(read->instance.edges.at(0).bytes, 7);
    bool latin1Note = false;
    for (const std::string& note : read->notes) latin1Note = latin1Note || contains(note, "Latin-1");
    EXPECT_TRUE(latin1Note);

    // The reader's message, naming the file and the line; the limits of the options hold in the child.
    const std::string broken = scratch.write("broken.dot", "digraph {\n a -> \n");
    Expected<DagImport> refused = importTaskGraphFileIsolated(broken, onePlatform(), options);
    ASSERT_FALSE(refused);
    EXPECT_TRUE(contains(refused.error().message, broken)) << refused.error().message;
    EXPECT_TRUE(contains(refused.error().message, "line")) << refused.error().message;
    options.maxTasks = 1;
    Expected<DagImport> limited = importTaskGraphFileIsolated(latin1, onePlatform(), options);
    ASSERT_FALSE(limited);
    EXPECT_TRUE(contains(limited.error().message, "--max-tasks")) << limited.error().message;
}

TEST(IsolatedImport, AReaderThatCrashesIsAMessageNamingTheFile) {
    Scratch scratch;
    const std::string graph = scratch.write("g.dot", "digraph { a -> b }\n");
    RunnerReplaced runner(scratch, "echo 'cgraph: out of dynamic memory' >&2\nkill -SEGV $$\n");
    Expected<DagImport> read = importTaskGraphFileIsolated(graph, onePlatform());
    ASSERT_FALSE(read);
    EXPECT_TRUE(contains(read.error().message, graph + ": hetsched-import died (SIGSEGV) reading this file")) << read.error().message;
    EXPECT_TRUE(contains(read.error().message, "out of dynamic memory")) << read.error().message;
}

TEST(IsolatedImport, AReaderThatNeverEndsIsStoppedAtTheTimeoutOrByCancel) {
    Scratch scratch;
    const std::string graph = scratch.write("g.dot", "digraph { a -> b }\n");
    RunnerReplaced runner(scratch, "exec sleep 3600\n");
    // Only the timeout can end it (on a loaded machine too).
    Expected<DagImport> read = importTaskGraphFileIsolated(graph, onePlatform(), {}, "auto", ChildOptions(0.3));
    ASSERT_FALSE(read);
    EXPECT_TRUE(contains(read.error().message, graph + ": reading it was stopped")) << read.error().message;
    EXPECT_TRUE(contains(read.error().message, "did not finish within 0.3 s")) << read.error().message;

    std::atomic<bool> stop{false};
    std::thread user([&] {
        std::this_thread::sleep_for(std::chrono::milliseconds(200));
        stop = true;
    });
    Expected<DagImport> cancelled = importTaskGraphFileIsolated(graph, onePlatform(), {}, "auto", ChildOptions(0, Progress({}, &stop)));
    user.join();
    ASSERT_FALSE(cancelled);
    EXPECT_EQ(cancelled.error().kind, ErrorKind::Cancelled);
}

TEST(IsolatedImport, AChildThatPrintsAnythingElseIsAMessage) {
    Scratch scratch;
    const std::string graph = scratch.write("g.dot", "digraph { a -> b }\n");
    {
        // Nesting deeper than any reader accepts: refused by the bounded parse, not by the stack.
        RunnerReplaced runner(scratch, "head -c 300000 /dev/zero | tr '\\0' '['\n");
        Expected<DagImport> read = importTaskGraphFileIsolated(graph, onePlatform());
        ASSERT_FALSE(read);
        EXPECT_TRUE(contains(read.error().message, "nested deeper than 256")) << read.error().message;
    }
    {
        // An edge to a task that does not exist, then a child that exits 3 saying why.
        RunnerReplaced runner(scratch, R"(echo '{"format": "x", "notes": [], "tasks": [["a", 1, 0]], "edges": [[0, 5, 1]]}')");
        Expected<DagImport> read = importTaskGraphFileIsolated(graph, onePlatform());
        ASSERT_FALSE(read);
        EXPECT_TRUE(contains(read.error().message, "edges[0][1]")) << read.error().message;
    }
    {
        RunnerReplaced runner(scratch, "echo 'no such library' >&2\nexit 3\n");
        Expected<DagImport> read = importTaskGraphFileIsolated(graph, onePlatform());
        ASSERT_FALSE(read);
        EXPECT_TRUE(contains(read.error().message, graph + ": hetsched-import exited with code 3: no such library"))
            << read.error().message;
    }
    ::setenv("HETSCHED_IMPORT_RUNNER", "/nonexistent/hetsched-import", 1);
    Expected<DagImport> missing = importTaskGraphFileIsolated(graph, onePlatform());
    ::unsetenv("HETSCHED_IMPORT_RUNNER");
    ASSERT_FALSE(missing);
    EXPECT_TRUE(contains(missing.error().message, "HETSCHED_IMPORT_RUNNER")) << missing.error().message;
}

}  // namespace
}  // namespace hetsched
