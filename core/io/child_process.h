// Runs a helper executable (hetsched-simgrid, simgrid_update_xml) as a child process without a shell,
// capturing its output, so that a library that aborts on bad input takes down only the child.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "common/expected.h"
#include "common/progress.h"

namespace hetsched {

struct ChildOptions {
    ChildOptions() = default;
    ChildOptions(double timeout, Progress stopFlag = {}, std::function<void(const std::string&)> onLine = {})
        : timeoutSeconds(timeout), progress(std::move(stopFlag)), onStderrLine(std::move(onLine)) {}

    double timeoutSeconds = 60;   // the child is killed (SIGKILL) after this long; <= 0: no limit
    Progress progress;            // its stop flag is polled; a stop kills the child (cancelledError)
    // Called with each complete line of the child's standard error as it arrives (progress lines);
    // the text is still collected in ChildResult::stderrText.
    std::function<void(const std::string& line)> onStderrLine;
};

struct ChildResult {
    int exitCode = -1;            // the exit status when it exited, -1 when a signal ended it
    int signal = 0;               // the signal that ended it (SIGABRT, SIGSEGV...), 0 when it exited
    std::string stdoutText;
    std::string stderrText;
};

// Runs `executable` (a path: PATH is not searched) with `args` (argv[1...]) and waits for it, reading
// its standard output and error through pipes (both at once, so a chatty child cannot deadlock).
// Errors: the executable cannot be started, the timeout passed (the message says so), cancelled.
// Death by a signal is not an error here: the caller turns it into a message (describeChildDeath).
Expected<ChildResult> runChildProcess(const std::string& executable, const std::vector<std::string>& args,
                                      const ChildOptions& options = {});

// "died (SIGABRT)" or "exited with code 3", for messages like "hetsched-simgrid died (SIGABRT) loading
// FILE: <lastLines(stderr)>".
std::string describeChildEnd(const ChildResult& result);
// The last `lines` non-empty lines of a child's output, joined by spaces.
std::string lastLines(const std::string& text, int lines = 3);

// The hetsched-simgrid executable: $HETSCHED_SIMGRID_RUNNER if set, else next to the running
// executable, else where the install puts it relative to the running executable
// (../libexec/hetsched/hetsched-simgrid), else, for programs inside the build tree only, where the build
// puts it; an error naming the places looked at when none exists.
Expected<std::string> simgridRunnerPath();
// A helper program of HetSched (hetsched-simgrid, hetsched-import) found the same way: $ENVIRONMENT_VARIABLE
// if set, else beside the running executable, else in the install's libexec/hetsched/, else, for programs
// inside the build tree only, in the build's app/. An error names the places looked at and `purpose`.
Expected<std::string> helperProgramPath(const std::string& name, const std::string& environmentVariable,
                                        const std::string& purpose);

// An executable found in PATH or /usr/bin (for tools like simgrid_update_xml), or nothing.
std::optional<std::string> findInPath(const std::string& name);

}  // namespace hetsched
