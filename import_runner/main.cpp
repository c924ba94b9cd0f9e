// hetsched-import: the child process in which the GUI reads a task graph file (core/io/isolated_import.h), so
// that a reader that fails badly (Graphviz's cgraph, libxml2) ends this process, never the GUI.
//   hetsched-import task-graph FILE FORMAT OPTIONS_JSON
// prints {"format", "notes", "tasks", "edges"} on its standard output, or {"error": MESSAGE} and exits with 1.
#include <cstdio>
#include <cstring>
#include <exception>
#include <new>
#include <string>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include "common/utf8.h"
#include "io/dag_import.h"
#include "io/instance_io.h"
#include "io/isolated_import.h"

namespace {

// Prints the answer and ends the process without the exit handlers (cgraph and libxml2 keep globals, which
// LeakSanitizer's exit check would count in the sanitizer build and turn into another exit code).
[[noreturn]] void answer(const std::string& text, int code) {
    std::fwrite(text.data(), 1, text.size(), stdout);
    std::fputc('\n', stdout);
    std::fflush(stdout);
    std::fflush(stderr);
    _exit(code);
}

[[noreturn]] void fail(const std::string& message) {
    const std::string text = hetsched::utf8::asUtf8(message);
    std::fprintf(stderr, "hetsched-import: %s\n", text.c_str());
    answer(nlohmann::json{{"error", text}}.dump(), 1);
}

}  // namespace

int main(int argc, char** argv) {
    using namespace hetsched;
    if (argc != 5 || std::strcmp(argv[1], "task-graph") != 0) {
        std::fputs("usage: hetsched-import task-graph FILE FORMAT OPTIONS_JSON\n"
                   "  Reads the task graph FILE (FORMAT: auto or a task graph format of `hetsched import`) and prints it\n"
                   "  as JSON; HetSched's GUI runs it so that no file can take the GUI down.\n",
                   stderr);
        return 2;
    }
    const std::string path = argv[2], format = argv[3];
    try {
        Expected<TaskGraphImportOptions> options = taskGraphImportOptionsFromJson(argv[4]);
        if (!options) fail("the options: " + options.error().message);
        Expected<std::string> text = readTextFile(path);
        if (!text) fail(text.error().message);
        Expected<TaskGraphImport> read = readTaskGraph(path, *text, *options, format);
        if (!read) fail(read.error().message);
        answer(taskGraphImportToJson(*read), 0);
    } catch (const std::bad_alloc&) {
        fail(path + ": not enough memory to read the file");
    } catch (const std::exception& e) {
        fail(path + ": cannot read the file: " + e.what());
    }
}
