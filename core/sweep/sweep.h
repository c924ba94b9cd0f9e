// An experiment's sweep split into N disjoint shards (one per task of a SLURM job array) and the shards'
// per-unit rows merged back, so that the N parts together give the table an unsharded run gives.
//
// A sweep is a flat list of units (one random instance with every solver run on it); unit u goes to
// shard (u mod N) + 1, which spreads slow and fast cases evenly. A unit's instance depends only on the
// seed and the unit's index, never on which other units ran before it in the same process.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "common/expected.h"
#include "common/options.h"

namespace hetsched {

// The K-th of N parts of a sweep, 1 <= K <= N: the units u with u mod N == K - 1.
struct Shard {
    int index = 1;   // K
    int count = 1;   // N
    bool contains(std::size_t unit) const { return unit % std::size_t(count) == std::size_t(index - 1); }
    // How many of the units 0 .. total - 1 the shard has.
    std::size_t unitsOf(std::size_t total) const;
};
// "K/N" with 1 <= K <= N <= 1000000; the error says what is wrong ("0/4": shards count from 1).
Expected<Shard> parseShard(const std::string& text);
std::string shardText(const Shard& shard);

// The raw rows of some units: the unit index, then the experiment's own fields.
struct SweepRow {
    std::size_t unit = 0;
    std::string fields;                        // the row after "unit," (comma-separated)
    std::shared_ptr<const std::string> file;   // the part it was read from (none: made in this process)
    std::size_t line = 0;
    std::string where() const;                 // "part-3.csv:12" for messages; empty when made here
};
struct SweepRows {
    std::string columns;           // the header line of the rows, "unit,..."
    std::size_t totalUnits = 0;    // units of the whole sweep
    std::vector<SweepRow> rows;    // by unit; a unit's rows in the order they were written
};

// A double as the shortest text that reads back as the same double: raw rows are exact.
std::string exactNumber(double value);

// Reads the fields of one raw row in order; errors name the row (its unit, file and line) and the column.
class SweepRowReader {
public:
    SweepRowReader(const SweepRow& row, const std::string& columns);
    Expected<std::string> text();
    Expected<double> number();
    Expected<long long> integer();
    // An error about this row: "unit 17 (part-2.csv:9): <message>".
    Error error(const std::string& message) const;
    // Every field read (an error when some are left).
    std::optional<Error> finish() const;

private:
    std::string column() const;

    const SweepRow& m_row;
    std::vector<std::string> m_columns;
    std::vector<std::string> m_fields;
    std::size_t m_next = 0;
};

// What every part of a sweep records, and the merge checks.
struct SweepHeader {
    std::string experiment;            // "dag-evaluation"
    std::vector<std::string> flags;    // the experiment's canonical flags ("--seed", "1", ...)
    std::string version;               // of the hetsched that ran it
    Shard shard;
    std::size_t totalUnits = 0;        // units of the whole sweep
    std::size_t units = 0;             // units of this part
};

struct SweepPart {
    SweepHeader header;
    SweepRows rows;
    std::string name;   // the file it was read from, for messages
};

// The part file: "# key: value" lines (hetsched sweep part, experiment, flags, version, shard, units),
// then the rows as CSV with their header line (docs/formats.md, "Sweep parts").
std::string sweepPartText(const SweepHeader& header, const SweepRows& rows);
// Reads a part; errors name the file and line.
Expected<SweepPart> parseSweepPart(const std::string& text, const std::string& name);

// Checks that the parts are the N shards of one sweep (same experiment, flags, version, N and columns;
// every K once; each part's units those of its shard, none missing) and puts their rows in unit order
// (moved out of the parts). The merged header is that of shard 1/1 with every unit.
struct SweepMerge {
    SweepHeader header;
    SweepRows rows;
};
Expected<SweepMerge> mergeSweepParts(std::vector<SweepPart> parts);

// "37/480 units (7%), 1:02 elapsed, about 12:53 left" for a terminal.
std::string sweepProgressLine(double done, std::size_t total, double elapsedSeconds);

// The flags of an experiment, declared once as an option table (name, help, type, range, default taken from
// the configuration's initializers): the CLI's flags and their help, and the canonical flags the parts and
// job scripts of a sweep record, which give the same configuration back.
struct ExperimentOptions {
    OptionTable table;
    // A value's text in a form of the experiment's own ("log:0.1:100:25", "10:1000:10") rewritten into the
    // table's ("0.1,...", "10,1000,10"); null: none. Its error names the flag.
    Expected<std::string> (*readForm)(const OptionSpec& spec, const std::string& text) = nullptr;
    // A value in the experiment's own form ("10:1000:10"); null, or an empty result: the table's text.
    std::string (*writeForm)(const OptionSpec& spec, const OptionValue& value) = nullptr;
};

// Reads "--NAME TEXT" into `values` by the table's parser; the error names the flag ("--workers must be an
// integer between 1 and 2000, got '0'", "unknown flag --worker").
std::optional<Error> setExperimentOption(const ExperimentOptions& options, OptionValues& values,
                                         const std::string& flag, const std::string& text);
// The text of a value as the canonical flags write it.
std::string experimentOptionText(const ExperimentOptions& options, const OptionSpec& spec, const OptionValue& value);
// The canonical flags: every option in the table's order as "--NAME" "TEXT", except an empty list (the
// experiment's own default), an optional option left unset and a false boolean, which are left out; a true
// boolean is "on".
std::vector<std::string> experimentOptionFlags(const ExperimentOptions& options, const OptionValues& values);

}  // namespace hetsched
