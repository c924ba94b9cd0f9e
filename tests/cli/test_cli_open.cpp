// The top-level dispatch of the command line, driven in-process with a stand-in for the GUI.
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "cli.h"

namespace {

// `hetsched FILE` opens the GUI on FILE, as `hetsched gui FILE` does (what a file manager runs); a word that is
// neither a command nor a file stays an unknown command, and a command wins over a file of its name.
TEST(CliFlags, AFileAloneOpensTheGuiOnIt) {
    std::vector<std::vector<std::string>> opened;
    const auto gui = [&](const std::vector<std::string>& args) {
        opened.push_back(args);
        return 0;
    };
    const auto exportChart = [](const std::vector<std::string>&) { return 0; };
    const auto run = [&](const std::vector<std::string>& args, std::string* errors = nullptr) {
        std::ostringstream out, err;
        const int code = hetsched::cli::runCommandLine(args, gui, exportChart, out, err);
        if (errors) *errors = err.str();
        return code;
    };
    const std::string example = std::string(HETSCHED_EXAMPLES_DIR) + "/cpugpu-small.json";
    EXPECT_EQ(run({example}), 0);
    EXPECT_EQ(run({"gui", example}), 0);
    ASSERT_EQ(opened.size(), 2u);
    EXPECT_EQ(opened[0], std::vector<std::string>{example});
    EXPECT_EQ(opened[1], opened[0]);

    std::string errors;
    EXPECT_EQ(run({std::string(HETSCHED_EXAMPLES_DIR) + "/no-such-file.json"}, &errors), 2);
    EXPECT_NE(errors.find("unknown command"), std::string::npos) << errors;
    EXPECT_EQ(run({HETSCHED_EXAMPLES_DIR}, &errors), 2);   // a folder is not a file to open
    EXPECT_EQ(run({example, example}, &errors), 2);
    EXPECT_EQ(opened.size(), 2u);
}

}  // namespace
