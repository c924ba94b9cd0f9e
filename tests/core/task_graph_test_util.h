// What the task graph reader tests share: a read that must succeed or fail, and the reader's notes.
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <string_view>

#include "io/task_graph_import.h"

namespace hetsched::test {

using TaskGraphReader = Expected<TaskGraphImport> (*)(std::string_view, const TaskGraphImportOptions&);

// The graph read (a failed expectation, and an empty graph, when the reader refuses the text).
inline TaskGraphImport readOkWith(TaskGraphReader reader, const std::string& text,
                                  const TaskGraphImportOptions& options = {}) {
    Expected<TaskGraphImport> read = reader(text, options);
    EXPECT_TRUE(read.ok()) << read.error().message;
    return read.ok() ? *read : TaskGraphImport{};
}

// The message of a refusal (a failed expectation, and "", when the reader accepts the text).
inline std::string errorOfWith(TaskGraphReader reader, const std::string& text,
                               const TaskGraphImportOptions& options = {}) {
    Expected<TaskGraphImport> read = reader(text, options);
    EXPECT_FALSE(read.ok());
    return read.ok() ? std::string() : read.error().message;
}

inline bool hasNote(const TaskGraphImport& read, const std::string& part) {
    for (const std::string& note : read.notes)
        if (note.find(part) != std::string::npos) return true;
    return false;
}

inline std::string allNotes(const TaskGraphImport& read) {
    std::string all;
    for (const std::string& note : read.notes) all += note + "\n";
    return all;
}

}  // namespace hetsched::test
