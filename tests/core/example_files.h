// The built-in examples (resources/examples/*.json), in name order: a test that runs something on every example.
// A test file that includes this header gets HETSCHED_EXAMPLES_DIR from tests/core/CMakeLists.txt.
#pragma once

#include <algorithm>
#include <filesystem>
#include <vector>

namespace hetsched::testing {

inline std::vector<std::filesystem::path> exampleFiles() {
    std::vector<std::filesystem::path> files;
    for (const auto& entry : std::filesystem::directory_iterator(HETSCHED_EXAMPLES_DIR))
        if (entry.path().extension() == ".json") files.push_back(entry.path());
    std::sort(files.begin(), files.end());
    return files;
}

}  // namespace hetsched::testing
