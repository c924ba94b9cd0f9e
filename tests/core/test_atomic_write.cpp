// writeTextFileAtomically, the one way every file is saved: a reader sees the old content or the new one;
// a failed write (disk full, a rename that cannot happen) leaves the old file as it was and no temporary;
// permissions and symbolic links are kept; a temporary left by a crash does not get in the way.
#include <gtest/gtest.h>

#include <algorithm>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>
#include <vector>

#include <sys/resource.h>
#include <sys/stat.h>

#include "io/instance_io.h"

namespace hetsched {
namespace {

namespace fs = std::filesystem;

// A fresh empty directory per test.
fs::path scratch(const std::string& name) {
    const fs::path dir = fs::path(::testing::TempDir()) / ("hetsched-atomic-" + name);
    fs::remove_all(dir);
    fs::create_directories(dir);
    return dir;
}

std::vector<std::string> namesIn(const fs::path& dir) {
    std::vector<std::string> names;
    for (const auto& entry : fs::directory_iterator(dir)) names.push_back(entry.path().filename().string());
    std::sort(names.begin(), names.end());
    return names;
}

// What `write` returns when a file may not grow past `bytes` (writes beyond fail with EFBIG, even for root):
// a full disk. The limit and SIGXFSZ's handler are put back afterwards.
Expected<bool> underFileSizeLimit(rlim_t bytes, const std::function<Expected<bool>()>& write) {
    struct rlimit saved {};
    if (::getrlimit(RLIMIT_FSIZE, &saved) != 0) return ioError("getrlimit failed");
    const auto previousHandler = std::signal(SIGXFSZ, SIG_IGN);
    struct rlimit limited = saved;
    limited.rlim_cur = bytes;
    if (::setrlimit(RLIMIT_FSIZE, &limited) != 0) {
        std::signal(SIGXFSZ, previousHandler);
        return ioError("setrlimit failed");
    }
    const Expected<bool> written = write();
    ::setrlimit(RLIMIT_FSIZE, &saved);
    std::signal(SIGXFSZ, previousHandler);
    return written;
}

std::string contentOf(const fs::path& path) {
    Expected<std::string> text = readTextFile(path.string());
    return text ? *text : std::string("<unreadable>");
}

TEST(AtomicWrite, ReplacesTheContentAndLeavesOnlyTheFile) {
    const fs::path dir = scratch("replace");
    const fs::path file = dir / "project.hsproj";
    ASSERT_TRUE(writeTextFileAtomically(file.string(), "first").ok());
    ASSERT_TRUE(writeTextFileAtomically(file.string(), "second, longer").ok());
    ASSERT_TRUE(writeTextFileAtomically(file.string(), "3").ok());
    EXPECT_EQ(contentOf(file), "3");
    EXPECT_EQ(namesIn(dir), std::vector<std::string>{"project.hsproj"});
}

TEST(AtomicWrite, KeepsThePermissionsOfTheFileItReplaces) {
    const fs::path dir = scratch("mode");
    const fs::path file = dir / "shared.json";
    ASSERT_TRUE(writeTextFileAtomically(file.string(), "a").ok());
    ASSERT_EQ(::chmod(file.c_str(), 0640), 0);
    ASSERT_TRUE(writeTextFileAtomically(file.string(), "b").ok());
    struct stat st {};
    ASSERT_EQ(::stat(file.c_str(), &st), 0);
    EXPECT_EQ(st.st_mode & 0777, 0640u);
}

TEST(AtomicWrite, WritesThroughASymbolicLink) {
    const fs::path dir = scratch("link");
    const fs::path real = dir / "real.json";
    const fs::path link = dir / "link.json";
    ASSERT_TRUE(writeTextFileAtomically(real.string(), "old").ok());
    fs::create_symlink(real.filename(), link);
    ASSERT_TRUE(writeTextFileAtomically(link.string(), "new").ok());
    EXPECT_TRUE(fs::is_symlink(link));
    EXPECT_EQ(contentOf(real), "new");
    EXPECT_EQ(namesIn(dir), (std::vector<std::string>{"link.json", "real.json"}));
}

TEST(AtomicWrite, AFailedRenameLeavesNoTemporary) {
    const fs::path dir = scratch("rename");
    // The target is a directory holding a file: nothing can be renamed over it.
    fs::create_directories(dir / "target.json");
    std::ofstream(dir / "target.json" / "inside") << "keep";
    const Expected<bool> written = writeTextFileAtomically((dir / "target.json").string(), "text");
    ASSERT_FALSE(written.ok());
    EXPECT_EQ(written.error().kind, ErrorKind::Io);
    EXPECT_NE(written.error().message.find("target.json"), std::string::npos) << written.error().message;
    EXPECT_EQ(namesIn(dir), std::vector<std::string>{"target.json"});
    EXPECT_EQ(contentOf(dir / "target.json" / "inside"), "keep");
    EXPECT_FALSE(writeTextFileAtomically("/nonexistent/dir/file.json", "x").ok());
}

TEST(AtomicWrite, ADiskFullDuringTheWriteKeepsTheOldFileIntact) {
    const fs::path dir = scratch("full");
    const fs::path file = dir / "project.hsproj";
    const std::string old = "the old project, intact";
    ASSERT_TRUE(writeTextFileAtomically(file.string(), old).ok());
    // The file size limit stands in for a full disk: a write past 64 bytes fails with EFBIG (even for root).
    const Expected<bool> written =
        underFileSizeLimit(64, [&] { return writeTextFileAtomically(file.string(), std::string(10000, 'x')); });
    ASSERT_FALSE(written.ok());
    EXPECT_EQ(written.error().kind, ErrorKind::Io);
    EXPECT_NE(written.error().message.find("project.hsproj"), std::string::npos) << written.error().message;
    EXPECT_EQ(contentOf(file), old);
    EXPECT_EQ(namesIn(dir), std::vector<std::string>{"project.hsproj"});
}

TEST(AtomicWrite, APieceRefusedStopsTheWritingAndKeepsTheOldFile) {
    const fs::path dir = scratch("pieces");
    const fs::path file = dir / "result.json";
    ASSERT_TRUE(writeFileAtomically(file.string(), [](const TextSink& sink) {
                    for (int k = 0; k < 5; ++k) sink("piece " + std::to_string(k) + "\n");
                }).ok());
    EXPECT_EQ(contentOf(file), "piece 0\npiece 1\npiece 2\npiece 3\npiece 4\n");
    // The disk fills during the third piece: the writing stops there, the old file stays.
    int pieces = 0;
    const Expected<bool> written = underFileSizeLimit(100, [&] {
        return writeFileAtomically(file.string(), [&](const TextSink& sink) {
            for (int k = 0; k < 5; ++k, ++pieces) sink(std::string(40, 'x'));
        });
    });
    ASSERT_FALSE(written.ok());
    EXPECT_EQ(pieces, 5);   // the producer runs to its end; what the file refused is dropped
    EXPECT_NE(written.error().message.find("result.json"), std::string::npos) << written.error().message;
    EXPECT_EQ(contentOf(file), "piece 0\npiece 1\npiece 2\npiece 3\npiece 4\n");
    EXPECT_EQ(namesIn(dir), std::vector<std::string>{"result.json"});
}

TEST(AtomicWrite, ATemporaryLeftByACrashIsIgnored) {
    const fs::path dir = scratch("crash");
    const fs::path file = dir / "project.hsproj";
    ASSERT_TRUE(writeTextFileAtomically(file.string(), "saved").ok());
    // A crash between the write and the rename: a half-written temporary beside the intact file.
    std::ofstream(dir / ".project.hsproj.tmp-hetsched-AbC123") << "{\"format\": \"hetsched-pro";
    EXPECT_EQ(contentOf(file), "saved");
    ASSERT_TRUE(writeTextFileAtomically(file.string(), "saved again").ok());
    EXPECT_EQ(contentOf(file), "saved again");
    EXPECT_EQ(namesIn(dir), (std::vector<std::string>{".project.hsproj.tmp-hetsched-AbC123", "project.hsproj"}));
}

}  // namespace
}  // namespace hetsched
