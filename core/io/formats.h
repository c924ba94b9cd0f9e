// The one table of the file formats HetSched reads and writes: name, label, extensions, a content sniffer,
// what a file of it holds, and its reader or writer. The import dispatcher, `hetsched import` and `export`,
// File > Open and the import and export dialogs all read it; adding a format is its reader or writer file and
// its entry in formats.cpp (docs/architecture.md, "Adding a file format").
#pragma once

#include <functional>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/expected.h"
#include "common/options.h"
#include "export/figure_options.h"
#include "export/schedule_set.h"
#include "io/task_graph_import.h"
#include "model/instance.h"

namespace hetsched {

enum class FormatDirection { Read, Write };

// What a file of the format holds.
enum class FormatContent {
    Instance,    // a HetSched instance (any family), opened as it is
    Project,     // a HetSched project (.hsproj)
    TaskGraph,   // a task graph to place on a platform (hetsched import GRAPH)
    Platform,    // a platform to place a task graph on (--platform FILE)
    Figure,      // a picture of results, drawn by the GUI's chart code (PNG, PDF, SVG)
    Trace,       // the intervals of schedules, for trace viewers and LaTeX (core/export)
    Table,       // the metrics of runs (core/export)
    FamilyData,  // the data a family's users have (StarPU models, measured costs, a SimGrid star), read as an
                 // instance of `family` with that family's import options (hetsched import --kind FAMILY)
};

// An instance read from a family's data, with the format it was read as and what was read from where.
struct FamilyImport {
    Instance instance;
    std::string format;               // "StarPU models", "long profile CSV", ...
    std::vector<std::string> notes;
};

// What a sniffer looks at: the first 64 KiB of the file and its first line that is neither blank nor a
// comment ('#', '//').
struct SniffInput {
    std::string_view head;
    std::string_view firstLine;
};
SniffInput sniffInput(std::string_view text);

// How sure a sniffer is: a file of this format surely, maybe (the content's fallback), or not.
enum class SniffScore { No = 0, Maybe = 1, Sure = 2 };

struct FileFormat {
    std::string name;                      // --format's value (a public contract: never renamed)
    std::string label;                     // "Graphviz DOT", for dialogs and messages
    std::vector<std::string> extensions;   // lower case, with the dot; a writer's first is the one it proposes
    // Extensions its files often have that other formats share (.xml for DAX, .txt for daggen): offered by
    // the file dialogs, decided by content.
    std::vector<std::string> sharedExtensions;
    FormatDirection direction = FormatDirection::Read;
    FormatContent content = FormatContent::Instance;
    std::function<SniffScore(const SniffInput&)> sniff;   // readers; null: known by its extension only
    // Task graph readers: sizes come in flops (DOT, daggen), not as runtimes (--reference-speed does not apply).
    bool sizesInFlops = false;
    // The reader of a task graph format (errors name the line or JSON path, not the file).
    std::function<Expected<TaskGraphImport>(std::string_view text, const TaskGraphImportOptions&)> readTaskGraph;
    // The reader of a platform format (--platform FILE): the whole file, by path (SimGrid loads it itself).
    std::function<Expected<DagPlatform>(const std::string& path)> readPlatform;
    // FamilyData readers: the instance kind they give (cpugpu, partition, divisible), the table of the options
    // they take (the flags of `hetsched import --kind FAMILY`, the open dialog's form), whether a directory is one
    // of their inputs (StarPU's sampling/), and the reader of the paths (errors name the file and line).
    std::string family;
    const OptionTable& (*importOptions)() = nullptr;
    bool readsDirectories = false;
    std::function<Expected<FamilyImport>(const std::vector<std::string>& paths, const OptionValues& options)> readFamily;
    // The writer of a trace or table format: the file's bytes.
    std::function<Expected<std::string>(const ScheduleSet&, const FigureOptions&)> writeSchedule;

    // "Graphviz DOT (*.dot *.gv)"
    std::string dialogFilter() const;
    bool hasExtension(const std::string& path) const;         // one of `extensions`
    bool hasSharedExtension(const std::string& path) const;   // one of `sharedExtensions`
};

// Every format, readers then writers, in the order dialogs list them.
const std::vector<FileFormat>& fileFormats();
// The formats of that direction holding one of `contents` (every content when empty), in table order.
std::vector<const FileFormat*> fileFormats(FormatDirection direction, std::initializer_list<FormatContent> contents = {});
// The format of that name and direction (and content, when given); null when there is none.
const FileFormat* findFileFormat(std::string_view name, FormatDirection direction,
                                 std::initializer_list<FormatContent> contents = {});
// "dot|wfformat|dax|stg|daggen": the names of those formats, for help texts and messages.
std::string fileFormatNames(FormatDirection direction, std::initializer_list<FormatContent> contents);

// The format of a file to read among those holding `contents`: by extension (case-insensitive; several
// formats sharing one are told apart by content), else by content (the surest sniffer, the table's order
// breaking ties), else an error naming the --format choices. `text`: the file's content (its head suffices).
Expected<const FileFormat*> detectReadFormat(const std::string& path, std::string_view text,
                                             std::initializer_list<FormatContent> contents);
// The format of family data to read as an instance of `family` (cpugpu, partition, divisible), decided by the
// first path: a directory is read by the family's format that reads directories; a file by detectReadFormat among
// the family's formats; a file none recognises by the family's first format, whose reader says what is wrong.
Expected<const FileFormat*> detectFamilyFormat(const std::string& path, std::string_view head, std::string_view family);
// The kinds the FamilyData formats give, in table order: "cpugpu", "partition", "divisible".
std::vector<std::string> familyDataKinds();

// The format to write `path` in among those holding `contents`: `name` when given (checked against them),
// else by extension; an extension several formats share is an error asking for --format.
Expected<const FileFormat*> writeFormatFor(const std::string& path, std::string_view name,
                                           std::initializer_list<FormatContent> contents);

// Writes `set` in the trace or table format named `formatName` (tikz, paje, jedule, chrome-trace, csv, metrics-csv,
// latex-table); an unknown name is an error listing the known ones.
Expected<std::string> writeScheduleTrace(std::string_view formatName, const ScheduleSet& set,
                                         const FigureOptions& options);

// A file dialog's filter list for those formats: "LABEL (*.a *.b)" each, preceded by `allLabel` over every
// extension when given, followed by "All files (*)".
std::string fileDialogFilters(FormatDirection direction, std::initializer_list<FormatContent> contents,
                              const std::string& allLabel = {});

}  // namespace hetsched
