#include "io/instance_io.h"

#include "io/json_text_writer.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <sstream>

#include "io/cpugpu_io.h"
#include "io/dag_io.h"
#include "io/divisible_io.h"
#include "io/json_reader.h"
#include "io/partition_io.h"
#include "io/steady_state_io.h"

#if __has_include(<unistd.h>) && __has_include(<fcntl.h>) && __has_include(<sys/stat.h>)
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#define HETSCHED_POSIX_FILES 1
#else
#define HETSCHED_POSIX_FILES 0
#endif

namespace hetsched {

using json_detail::InputError;
using json_detail::JsonNode;

namespace {

// Each family's instance file (io/<family>_io.h), one overload per alternative of Instance.
PartitionInstance readAlternative(std::type_identity<PartitionInstance>, const JsonNode& root) {
    return readPartitionInstance(root);
}
DivisibleInstance readAlternative(std::type_identity<DivisibleInstance>, const JsonNode& root) {
    return readDivisibleInstance(root);
}
CpuGpuInstance readAlternative(std::type_identity<CpuGpuInstance>, const JsonNode& root) {
    return readCpuGpuInstance(root);
}
SteadyStateInstance readAlternative(std::type_identity<SteadyStateInstance>, const JsonNode& root) {
    return readSteadyStateInstance(root);
}
DagInstance readAlternative(std::type_identity<DagInstance>, const JsonNode& root) { return readDagInstance(root); }

nlohmann::json writeAlternative(const PartitionInstance& in) { return partitionInstanceToJson(in); }
nlohmann::json writeAlternative(const DivisibleInstance& in) { return divisibleInstanceToJson(in); }
nlohmann::json writeAlternative(const CpuGpuInstance& in) { return cpuGpuInstanceToJson(in); }
nlohmann::json writeAlternative(const SteadyStateInstance& in) { return steadyStateInstanceToJson(in); }
nlohmann::json writeAlternative(const DagInstance& in) { return dagInstanceToJson(in); }

std::string textAlternative(const PartitionInstance& in) { return partitionInstanceText(in); }
std::string textAlternative(const DivisibleInstance& in) { return divisibleInstanceToJson(in).dump(2); }
std::string textAlternative(const CpuGpuInstance& in) { return cpuGpuInstanceText(in); }
std::string textAlternative(const SteadyStateInstance& in) { return steadyStateInstanceToJson(in).dump(2); }
std::string textAlternative(const DagInstance& in) { return dagInstanceText(in); }

void writeAlternative(const PartitionInstance& in, json_detail::JsonTextWriter& w) { writePartitionInstance(in, w); }
void writeAlternative(const DivisibleInstance& in, json_detail::JsonTextWriter& w) { w.value(divisibleInstanceToJson(in)); }
void writeAlternative(const CpuGpuInstance& in, json_detail::JsonTextWriter& w) { writeCpuGpuInstance(in, w); }
void writeAlternative(const SteadyStateInstance& in, json_detail::JsonTextWriter& w) { w.value(steadyStateInstanceToJson(in)); }
void writeAlternative(const DagInstance& in, json_detail::JsonTextWriter& w) { writeDagInstance(in, w); }

// simdjson first (hundreds of MB/s); what it refuses is parsed again by nlohmann, whose message says what is
// wrong (or which reads the few documents simdjson refuses and nlohmann takes, such as integers beyond 64 bits).
// `owner`, when given, is the string the text is in: it is emptied once simdjson has the values.
Expected<Instance> parseInstanceTextFreeing(std::string_view jsonText, bool padded, std::string* owner) {
    try {
        // A CPU/GPU or task graph file is read in one forward pass when it is valid. A file of either names its
        // kind in its first lines (a task graph written with sorted keys starts with its edges): other files are
        // not tried.
        const std::string_view head = jsonText.substr(0, 4096);
        try {
            if (padded && head.find("\"cpugpu\"") != std::string_view::npos)
                if (std::optional<CpuGpuInstance> read = readCpuGpuInstanceForward(jsonText)) return Instance{std::move(*read)};
            if (padded && (head.find("\"dag\"") != std::string_view::npos || head.find("\"edges\"") != std::string_view::npos))
                if (std::optional<DagInstance> read = readDagInstanceForward(jsonText)) return Instance{std::move(*read)};
        } catch (const std::exception&) {   // a forward reader does not throw; if one did, the readers below answer
        }
        if (const std::unique_ptr<json_detail::FastJsonDocument> document =
                json_detail::FastJsonDocument::parse(jsonText, padded)) {
            if (owner) std::string().swap(*owner);
            return instanceFromNode(document->root());
        }
        return instanceFromJson(json_detail::parseJsonText(jsonText));
    } catch (const InputError& e) {
        return invalidInput(e.what());
    }
}

Expected<Instance> parseInstanceText(std::string_view jsonText, bool padded) {
    return parseInstanceTextFreeing(jsonText, padded, nullptr);
}

// The whole file, with kJsonPadding bytes of room after its end for simdjson.
Expected<std::string> readPaddedFile(const std::string& path) {
    std::FILE* file = std::fopen(path.c_str(), "rb");
    if (!file) return ioError("cannot open " + path);
    std::string text;
    std::error_code ec;
    const std::uintmax_t size = std::filesystem::file_size(path, ec);
    if (!ec) text.reserve(static_cast<std::size_t>(size) + json_detail::kJsonPadding);
    char buffer[1 << 16];
    bool bad = false;
    for (;;) {
        const std::size_t n = std::fread(buffer, 1, sizeof buffer, file);
        if (text.size() + n + json_detail::kJsonPadding > text.capacity())
            text.reserve(std::max(text.capacity() * 2, text.size() + n + json_detail::kJsonPadding));
        text.append(buffer, n);
        if (n < sizeof buffer) {
            bad = std::ferror(file) != 0;
            break;
        }
    }
    std::fclose(file);
    if (bad) return ioError("cannot read " + path);
    return text;
}

}  // namespace

// The kind, then the family's reader.
Expected<Instance> instanceFromNode(const JsonNode& root) {
    try {
        root.requireObject();
        const std::string kind = root.at("kind").string();
        const std::optional<std::size_t> index = instanceKindIndex(kind);
        if (!index) root.at("kind").fail("unknown instance kind \"" + kind + "\" (known: " + knownInstanceKinds() + ")");
        return visitInstanceAlternative(*index, [&](auto alternative) { return Instance{readAlternative(alternative, root)}; });
    } catch (const InputError& e) {
        return invalidInput(e.what());
    } catch (const std::exception& e) {   // nlohmann type errors and allocation failures, never a crash
        return invalidInput(std::string("cannot read the instance: ") + e.what());
    }
}

Expected<Instance> instanceFromJson(const nlohmann::json& json) {
    return instanceFromNode(JsonNode(json, ""));
}

Expected<Instance> parseInstance(std::string_view jsonText) {
    return parseInstanceText(jsonText, false);
}

Expected<Instance> parsePaddedInstance(std::string_view jsonText) {
    return parseInstanceText(jsonText, true);
}

Expected<std::string> readTextFile(const std::string& path) {
    std::ifstream file(path, std::ios::binary);
    if (!file) return ioError("cannot open " + path);
    std::ostringstream content;
    content << file.rdbuf();
    if (file.bad()) return ioError("cannot read " + path);
    return content.str();
}

Expected<Instance> readInstanceFile(const std::string& path) {
    Expected<std::string> text = readPaddedFile(path);
    if (!text) return text.error();
    // The file's text is freed once simdjson has its values (85 MB for a million CPU/GPU tasks, not held while the
    // model is built).
    Expected<Instance> instance = parseInstanceTextFreeing(*text, true, &*text);
    if (!instance) return Error{instance.error().kind, path + ": " + instance.error().message};
    return instance;
}

namespace {

// errno as words ("No space left on device").
std::string systemMessage(int error) {
    return std::strerror(error);
}

}  // namespace

Expected<bool> writeTextFileAtomically(const std::string& path, const std::string& text) {
    return writeFileAtomically(path, [&](const TextSink& sink) { sink(text); });
}

Expected<bool> writeFileAtomically(const std::string& path, const std::function<void(const TextSink&)>& produce) {
    namespace fs = std::filesystem;
    if (path.empty()) return ioError("cannot write a file without a name");
    // Through a symbolic link the file it points to is replaced, not the link.
    std::error_code ec;
    fs::path target(path);
    if (fs::is_symlink(fs::symlink_status(target, ec))) {
        const fs::path resolved = fs::weakly_canonical(target, ec);
        if (!ec) target = resolved;
    }
    const fs::path directory = target.has_parent_path() ? target.parent_path() : fs::path(".");
#if HETSCHED_POSIX_FILES
    // A unique temporary beside the target (same file system, so the rename is atomic), hidden.
    std::string pattern = (directory / std::string(".").append(target.filename().string()).append(".tmp-hetsched-XXXXXX")).string();
    const int fd = ::mkstemp(pattern.data());
    if (fd < 0) return ioError("cannot write " + path + ": " + systemMessage(errno));
    const std::string temporary = pattern;
    const auto failWith = [&](const std::string& what, int error) -> Expected<bool> {
        if (fd >= 0) ::close(fd);
        ::unlink(temporary.c_str());
        return ioError(what + ": " + systemMessage(error));
    };
    // mkstemp makes the file 0600; the saved file gets the target's mode, or the usual 0666 & ~umask.
    struct stat existing {};
    mode_t mode = 0;
    if (::stat(target.c_str(), &existing) == 0) {
        if (S_ISDIR(existing.st_mode)) {
            ::close(fd);
            ::unlink(temporary.c_str());
            return ioError("cannot write " + path + ": it is a directory");
        }
        mode = existing.st_mode & 07777;
    } else {
        const mode_t mask = ::umask(0);
        ::umask(mask);
        mode = 0666 & ~mask;
    }
    ::fchmod(fd, mode);
    int writeError = 0;
    produce([&](std::string_view piece) {
        std::size_t written = 0;
        while (writeError == 0 && written < piece.size()) {
            const ssize_t n = ::write(fd, piece.data() + written, piece.size() - written);
            if (n < 0) {
                if (errno != EINTR) writeError = errno;
                continue;
            }
            written += static_cast<std::size_t>(n);
        }
    });
    if (writeError != 0) return failWith("cannot write " + path, writeError);
    // The data reaches the disk before the name points to it: a crash leaves the old file or the new one.
    if (::fsync(fd) != 0 && errno != EINVAL) return failWith("cannot write " + path, errno);
    if (::close(fd) != 0) {
        const int error = errno;
        ::unlink(temporary.c_str());
        return ioError("cannot write " + path + ": " + systemMessage(error));
    }
    if (::rename(temporary.c_str(), target.c_str()) != 0) {
        const int error = errno;
        ::unlink(temporary.c_str());
        return ioError("cannot replace " + path + ": " + systemMessage(error));
    }
    // And the rename itself reaches the disk.
    if (const int dir = ::open(directory.c_str(), O_RDONLY | O_DIRECTORY); dir >= 0) {
        ::fsync(dir);
        ::close(dir);
    }
    return true;
#else
    const std::string temporary = target.string() + ".tmp-hetsched";
    {
        std::ofstream file(temporary, std::ios::binary | std::ios::trunc);
        if (!file) return ioError("cannot write " + temporary);
        produce([&](std::string_view piece) {
            if (file) file.write(piece.data(), static_cast<std::streamsize>(piece.size()));
        });
        file.flush();
        if (!file) {
            file.close();
            std::remove(temporary.c_str());
            return ioError("cannot write " + temporary + " (disk full?)");
        }
    }
    fs::rename(temporary, target, ec);
    if (ec) {
        std::remove(temporary.c_str());
        return ioError("cannot replace " + path + ": " + ec.message());
    }
    return true;
#endif
}

nlohmann::json instanceToJson(const Instance& instance) {
    return std::visit([](const auto& in) { return writeAlternative(in); }, instance);
}

std::string instanceText(const Instance& instance) {
    return std::visit([](const auto& in) { return textAlternative(in); }, instance);
}

void writeInstance(const Instance& instance, json_detail::JsonTextWriter& writer) {
    std::visit([&](const auto& in) { writeAlternative(in, writer); }, instance);
}

namespace {

std::string csvField(const std::string& s) {
    if (s.find_first_of(",\"\n") == std::string::npos) return s;
    std::string quoted = "\"";
    for (char c : s) quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
    return quoted + "\"";
}

}  // namespace

std::string scheduleToCsv(const Schedule& schedule) {
    std::ostringstream out;
    out << std::setprecision(17);
    out << "lane,category,start,end,kind,label,task,group\n";
    for (const Lane& lane : schedule.lanes) {
        for (const Interval& in : lane.intervals) {
            out << csvField(lane.name) << ',' << csvField(lane.category) << ',' << in.start << ',' << in.end << ','
                << intervalKindName(in.kind) << ',' << csvField(in.label) << ',' << in.taskId << ','
                << csvField(in.group) << '\n';
        }
    }
    return out.str();
}

}  // namespace hetsched
