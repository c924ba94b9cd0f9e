// Running the hetsched binary from the CLI tests: a scratch directory per test process, stdout and stderr
// captured.
#pragma once

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <sys/wait.h>
#include <unistd.h>

namespace cli_test {

namespace fs = std::filesystem;

struct CliRun {
    int exitCode = -1;
    std::string out;
    std::string err;
};

// ctest runs every test in its own process, several at once: each process gets its own scratch directory.
// It is removed when the process ends.
inline fs::path scratchDirectory() {
    struct Owned {
        fs::path dir = fs::temp_directory_path() / ("hetsched-cli-test-" + std::to_string(getpid()));
        ~Owned() {
            std::error_code ignored;
            fs::remove_all(dir, ignored);
        }
    };
    static const Owned owned;
    fs::create_directories(owned.dir);
    return owned.dir;
}

// Runs hetsched with arguments (already shell-quoted where needed), capturing stdout and stderr.
inline CliRun hetsched(const std::string& arguments, const std::string& stdinFile = "") {
    const std::string errPath = (scratchDirectory() / "stderr.txt").string();
    std::string command = std::string(HETSCHED_BINARY) + " " + arguments + " 2>" + errPath;
    if (!stdinFile.empty()) command += " <" + stdinFile;
    CliRun run;
    FILE* pipe = popen(command.c_str(), "r");
    if (!pipe) return run;
    std::array<char, 4096> buffer{};
    std::size_t n = 0;
    while ((n = fread(buffer.data(), 1, buffer.size(), pipe)) > 0) run.out.append(buffer.data(), n);
    const int status = pclose(pipe);
    run.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    std::ifstream err(errPath);
    std::stringstream ss;
    ss << err.rdbuf();
    run.err = ss.str();
    return run;
}

inline std::string example(const std::string& name) { return std::string(HETSCHED_EXAMPLES_DIR) + "/" + name; }

inline fs::path scratch(const std::string& name) { return scratchDirectory() / name; }

inline std::string readFile(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

}  // namespace cli_test
