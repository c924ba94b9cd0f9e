// Importing task graphs and platforms users already have: DOT files as daggen writes them, WfCommons
// workflow instances (WfFormat JSON) and the `cluster` elements of SimGrid platform XML. Every error
// names the line (DOT, XML) or the JSON path. No Graphviz, no XML library: small readers of the subsets.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "common/expected.h"
#include "model/dag.h"

namespace hetsched {

// daggen's DOT: `digraph G { 1 [size="...", alpha="..."] ... 1 -> 2 [size="..."] }`. A node's `size`
// (flops, required) and `alpha` (default 0), an edge's `size` (bytes, default 0); other attributes,
// graph/node/edge defaults and comments are ignored; edge chains a -> b -> c are accepted. Every edge
// endpoint must be a declared node. The result is validated like a JSON instance (cycles named).
Expected<DagInstance> importDaggenDot(std::string_view text, const DagPlatform& platform);

// WfFormat (WfCommons): schema 1.5 (workflow.specification.tasks with inputFiles/outputFiles,
// specification.files with sizeInBytes, execution.tasks with runtimeInSeconds) and the older layout
// (workflow.tasks with runtimeInSeconds or runtime, parents, files[] with link/name/sizeInBytes or size).
// A task of runtime r seconds gets r * referenceSpeed flops (the speed of the machine that measured it)
// and the given alpha; the edge parent -> child carries the total size of the files the parent writes
// and the child reads (0 when none: a pure precedence).
struct WfFormatOptions {
    double referenceSpeed = 1e9;   // flop/s
    double alpha = 0;
};
Expected<DagInstance> importWfFormat(std::string_view jsonText, const DagPlatform& platform,
                                     const WfFormatOptions& options = {});

// SimGrid platform XML: one cluster per <cluster> element (id; processors = hosts in `radical` times
// `core`, default 1; speed like "1Gf"; bw like "125MBps" or "1Gbps"; lat like "50us"). The backbone is a
// <link> whose id contains "backbone" if there is one, else the given default.
Expected<DagPlatform> importSimGridPlatform(std::string_view xmlText, const DagBackbone& defaultBackbone = {});

enum class TaskGraphFormat { Auto, Dot, WfFormat };

// "dot", "wfformat" or "auto"; none for anything else.
std::optional<TaskGraphFormat> taskGraphFormatFromName(std::string_view name);
// Auto resolved for a file: by extension, case-insensitive (.dot/.gv -> DOT, .json -> WfFormat), else
// by content (first non-blank character '{' -> WfFormat, a "digraph" keyword -> DOT), else an error.
Expected<TaskGraphFormat> detectTaskGraphFormat(const std::string& path, std::string_view text);

// Reads a task graph file in the given format (Auto: detectTaskGraphFormat). Errors name the path.
Expected<DagInstance> importTaskGraphFile(const std::string& path, const DagPlatform& platform,
                                          const WfFormatOptions& options = {},
                                          TaskGraphFormat format = TaskGraphFormat::Auto);

// A platform in JSON: the platform of a "dag" instance, or a bare platform object
// {"clusters": [...], "backbone": {...}} as in an instance (errors name the JSON path).
Expected<DagPlatform> parseDagPlatformJson(std::string_view jsonText);

// A platform file: .xml -> importSimGridPlatform, .json -> parseDagPlatformJson (errors name the path).
Expected<DagPlatform> readDagPlatformFile(const std::string& path, const DagBackbone& defaultBackbone = {});

}  // namespace hetsched
