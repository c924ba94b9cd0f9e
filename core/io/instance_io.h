// Reading and writing instance files (JSON) with validation that names the JSON path of every error.
#pragma once

#include <functional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "common/expected.h"
#include "model/instance.h"
#include "schedule/schedule.h"

namespace hetsched {

namespace json_detail {
class JsonNode;
class JsonTextWriter;
}

Expected<Instance> parseInstance(std::string_view jsonText);
// The same, `jsonText` followed by json_detail::kJsonPadding readable bytes (not part of it): read where it is, not
// copied, and a CPU/GPU or task graph file in one forward pass when it is valid, as readInstanceFile reads.
Expected<Instance> parsePaddedInstance(std::string_view jsonText);
Expected<Instance> instanceFromJson(const nlohmann::json& json);
// The same from a node of either parser's document (json_detail::JsonNode): a project's entries.
Expected<Instance> instanceFromNode(const json_detail::JsonNode& node);
Expected<Instance> readInstanceFile(const std::string& path);

nlohmann::json instanceToJson(const Instance& instance);
// The instance file's text, byte for byte instanceToJson(instance).dump(2): streamed from the typed model for the
// families whose instances grow large (task graphs, CPU/GPU, partition: no document tree of a million tasks),
// through the tree for the others.
std::string instanceText(const Instance& instance);
// The same, into a writer at its place (an instance inside a project file).
void writeInstance(const Instance& instance, json_detail::JsonTextWriter& writer);

// Reads a whole file; an Io error names the path.
Expected<std::string> readTextFile(const std::string& path);
// Writes atomically: a unique hidden temporary beside the target (same file system), flushed to disk
// (fsync), then renamed over the target, and the directory synced. The reader of `path` sees the old
// content or the new one, never a mix; on any failure the temporary is removed, the old file is left
// as it was and the Io error says why (errno's words). The target keeps its permissions; through a
// symbolic link, the file it points to is replaced.
Expected<bool> writeTextFileAtomically(const std::string& path, const std::string& text);

// Where a text goes piece by piece (a file, a stream).
using TextSink = std::function<void(std::string_view)>;
// The same, the text handed over by `produce` in pieces as it is made (a result of a million tasks is never
// held whole). A piece the file refuses (disk full) stops the writing: later pieces are dropped and the Io error
// names the first failure.
Expected<bool> writeFileAtomically(const std::string& path, const std::function<void(const TextSink&)>& produce);

// The schedule's intervals as CSV: lane,category,start,end,kind,label,task,group
std::string scheduleToCsv(const Schedule& schedule);

}  // namespace hetsched
