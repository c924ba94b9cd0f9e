// A small POSIX runner: posix_spawn without a shell, both output pipes polled, a timeout and a stop flag.
#include "io/child_process.h"

#include <cerrno>
#include <cstdio>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <poll.h>
#include <spawn.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

extern char** environ;

namespace hetsched {

namespace {

std::string signalName(int signal) {
    switch (signal) {
    case SIGABRT: return "SIGABRT";
    case SIGSEGV: return "SIGSEGV";
    case SIGBUS: return "SIGBUS";
    case SIGFPE: return "SIGFPE";
    case SIGILL: return "SIGILL";
    case SIGKILL: return "SIGKILL";
    case SIGTERM: return "SIGTERM";
    case SIGINT: return "SIGINT";
    case SIGPIPE: return "SIGPIPE";
    case SIGTRAP: return "SIGTRAP";
    default: return "signal " + std::to_string(signal);
    }
}

// Closes its descriptors whatever path leaves runChildProcess.
struct Pipe {
    int fd[2] = {-1, -1};
    ~Pipe() {
        for (int f : fd)
            if (f >= 0) ::close(f);
    }
    void closeEnd(int i) {
        if (fd[i] >= 0) ::close(fd[i]);
        fd[i] = -1;
    }
};

// Kills and reaps the child (so no zombie remains) when we give up on it.
void killAndReap(pid_t pid) {
    ::kill(pid, SIGKILL);
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {}
}

}  // namespace

std::string lastLines(const std::string& text, int lines) {
    std::size_t end = text.find_last_not_of("\n\r \t");
    if (end == std::string::npos) return {};
    std::size_t start = end + 1;
    for (int i = 0; i < lines && start > 0; ++i) {
        const std::size_t newline = text.rfind('\n', start - 1);
        start = newline == std::string::npos ? 0 : newline;
        if (newline == std::string::npos) break;
    }
    std::string tail = text.substr(start, end + 1 - start);
    while (!tail.empty() && (tail.front() == '\n' || tail.front() == '\r')) tail.erase(tail.begin());
    for (char& c : tail)
        if (c == '\n') c = ' ';
    return tail;
}

std::string describeChildEnd(const ChildResult& result) {
    return result.signal != 0 ? "died (" + signalName(result.signal) + ")"
                                          : "exited with code " + std::to_string(result.exitCode);
}

Expected<ChildResult> runChildProcess(const std::string& executable, const std::vector<std::string>& args,
                                      const ChildOptions& options) {
    if (::access(executable.c_str(), X_OK) != 0)
        return ioError(executable + ": cannot run it (" + std::strerror(errno) + ")");
    Pipe out, err;
    if (::pipe2(out.fd, O_CLOEXEC) != 0 || ::pipe2(err.fd, O_CLOEXEC) != 0)
        return ioError(std::string("cannot create a pipe: ") + std::strerror(errno));

    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_adddup2(&actions, out.fd[1], 1);
    posix_spawn_file_actions_adddup2(&actions, err.fd[1], 2);
    std::vector<std::string> argvText{executable};
    argvText.insert(argvText.end(), args.begin(), args.end());
    std::vector<char*> argv;
    for (std::string& a : argvText) argv.push_back(a.data());
    argv.push_back(nullptr);
    pid_t pid = 0;
    const int spawned = ::posix_spawn(&pid, executable.c_str(), &actions, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    if (spawned != 0) return ioError(executable + ": cannot start it (" + std::strerror(spawned) + ")");
    out.closeEnd(1);
    err.closeEnd(1);

    using Clock = std::chrono::steady_clock;
    const auto deadline = Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                             std::chrono::duration<double>(options.timeoutSeconds));
    const bool limited = options.timeoutSeconds > 0;
    auto timedOut = [&] { return limited && Clock::now() >= deadline; };
    auto timeoutError = [&] {
        killAndReap(pid);
        char seconds[32];
        std::snprintf(seconds, sizeof seconds, "%g", options.timeoutSeconds);
        return ioError(executable + " did not finish within " + seconds + " s and was killed");
    };

    ChildResult result;
    std::string* sinks[2] = {&result.stdoutText, &result.stderrText};
    Pipe* pipes[2] = {&out, &err};
    char buffer[65536];
    // Both pipes at once: a child filling one pipe while we block on the other would deadlock.
    while (out.fd[0] >= 0 || err.fd[0] >= 0) {
        if (options.progress.stopRequested()) {
            killAndReap(pid);
            return cancelledError();
        }
        if (timedOut()) return timeoutError();
        pollfd fds[2];
        int count = 0;
        int which[2];
        for (int i = 0; i < 2; ++i)
            if (pipes[i]->fd[0] >= 0) {
                fds[count] = {pipes[i]->fd[0], POLLIN, 0};
                which[count++] = i;
            }
        const int ready = ::poll(fds, static_cast<nfds_t>(count), 50);
        if (ready < 0) {
            if (errno == EINTR) continue;
            killAndReap(pid);
            return ioError(std::string("cannot read from ") + executable + ": " + std::strerror(errno));
        }
        for (int k = 0; k < count; ++k) {
            if ((fds[k].revents & (POLLIN | POLLHUP | POLLERR)) == 0) continue;
            const ssize_t n = ::read(fds[k].fd, buffer, sizeof buffer);
            if (n > 0) {
                std::string& sink = *sinks[which[k]];
                const std::size_t before = sink.size();
                sink.append(buffer, static_cast<std::size_t>(n));
                if (which[k] == 1 && options.onStderrLine) {
                    // Every line completed by this chunk, from the start of the first unfinished one.
                    std::size_t lineStart = sink.rfind('\n', before == 0 ? 0 : before - 1);
                    lineStart = lineStart == std::string::npos || before == 0 ? 0 : lineStart + 1;
                    for (std::size_t end = sink.find('\n', before); end != std::string::npos;
                         end = sink.find('\n', lineStart)) {
                        options.onStderrLine(sink.substr(lineStart, end - lineStart));
                        lineStart = end + 1;
                    }
                }
            } else if (n == 0 || (errno != EINTR && errno != EAGAIN)) {
                pipes[which[k]]->closeEnd(0);
            }
        }
    }
    // Both pipes closed: the child is ending (or closed them and lingers, hence the same limits).
    int status = 0;
    while (true) {
        const pid_t done = ::waitpid(pid, &status, WNOHANG);
        if (done == pid) break;
        if (done < 0 && errno != EINTR) return ioError(std::string("cannot wait for ") + executable + ": " + std::strerror(errno));
        if (options.progress.stopRequested()) {
            killAndReap(pid);
            return cancelledError();
        }
        if (timedOut()) return timeoutError();
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    if (WIFEXITED(status)) {
        result.exitCode = WEXITSTATUS(status);
    } else if (WIFSIGNALED(status)) {
        result.signal = WTERMSIG(status);
    }
    return result;
}

Expected<std::string> helperProgramPath(const std::string& name, const std::string& environmentVariable,
                                        const std::string& purpose) {
    namespace fs = std::filesystem;
    std::vector<std::string> looked;
    auto usable = [&](const std::string& path) {
        looked.push_back(path);
        return ::access(path.c_str(), X_OK) == 0;
    };
    if (const char* env = std::getenv(environmentVariable.c_str()); env != nullptr && *env != '\0') {
        if (usable(env)) return std::string(env);
        return ioError(environmentVariable + "=" + env + " is not an executable file");
    }
    std::error_code ec;
    const fs::path self = fs::read_symlink("/proc/self/exe", ec);
    if (!ec) {
        const std::string beside = (self.parent_path() / name).string();
        if (usable(beside)) return beside;
#ifdef HETSCHED_SIMGRID_RUNNER_RELATIVE_PATH
        // Installed: bin/hetsched and libexec/hetsched/<helper> under one prefix, wherever it is.
        const std::string installed =
            (self.parent_path() / fs::path(HETSCHED_SIMGRID_RUNNER_RELATIVE_PATH).parent_path() / name)
                .lexically_normal()
                .string();
        if (usable(installed)) return installed;
#endif
    }
#if defined(HETSCHED_SIMGRID_RUNNER_BUILD_PATH) && defined(HETSCHED_BUILD_TREE)
    // Only programs of the build tree (tests, tools) use the build's helpers (build/app): an installed copy
    // never reaches into the build folder, even while it exists.
    if (!ec) {
        const fs::path tree = fs::weakly_canonical(HETSCHED_BUILD_TREE, ec);
        const fs::path relative = ec ? fs::path() : self.lexically_relative(tree);
        const std::string built = (fs::path(HETSCHED_SIMGRID_RUNNER_BUILD_PATH).parent_path() / name).string();
        if (!ec && !relative.empty() && *relative.begin() != ".." && usable(built)) return built;
    }
#endif
    std::string places;
    for (const std::string& p : looked) places += (places.empty() ? "" : ", ") + p;
    return ioError(name + " (" + purpose + ") was not found (looked at " + places + "); build it or set " +
                   environmentVariable);
}

Expected<std::string> simgridRunnerPath() {
    return helperProgramPath("hetsched-simgrid", "HETSCHED_SIMGRID_RUNNER", "the program that loads SimGrid platforms");
}

std::optional<std::string> findInPath(const std::string& name) {
    std::vector<std::string> dirs;
    if (const char* path = std::getenv("PATH"); path != nullptr) {
        std::string all = path;
        std::size_t start = 0;
        while (start <= all.size()) {
            const std::size_t colon = std::min(all.find(':', start), all.size());
            if (colon > start) dirs.push_back(all.substr(start, colon - start));
            start = colon + 1;
        }
    }
    dirs.push_back("/usr/bin");
    dirs.push_back("/usr/local/bin");
    for (const std::string& dir : dirs) {
        const std::string candidate = dir + "/" + name;
        if (::access(candidate.c_str(), X_OK) == 0) return candidate;
    }
    return std::nullopt;
}

}  // namespace hetsched
