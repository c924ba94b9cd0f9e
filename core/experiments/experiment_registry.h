// Every built-in experiment as a sweep known by its name: its flags (an option table), its units, a shard's raw
// rows and the table made from the rows, all from the flags' values, so that a caller (the Python module, a
// command line) runs any of them without knowing its configuration type.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "common/expected.h"
#include "common/options.h"
#include "common/progress.h"
#include "sweep/sweep.h"

namespace hetsched {

struct ExperimentEntry {
    std::string name;          // `hetsched experiment NAME`; the parts of its sweeps record it
    std::string description;   // one line
    const ExperimentOptions& (*options)();
    // Every value at its default (the configuration's initializers).
    OptionValues (*defaults)();
    // The canonical flags that give these values back (what parts and job scripts record).
    std::vector<std::string> (*flags)(const OptionValues& values);
    // How many units the sweep has; also checks the values (an error names what is wrong).
    Expected<std::size_t> (*unitCount)(const OptionValues& values);
    Expected<SweepRows> (*runShard)(const OptionValues& values, const Shard& shard, const Progress& progress);
    // The experiment's table (CSV with a header line) from the rows of every unit.
    Expected<std::string> (*table)(const OptionValues& values, const SweepRows& rows);
};

// divisible-simulation, cpugpu, dag-evaluation, benchmark.
const std::vector<ExperimentEntry>& experimentEntries();
const ExperimentEntry* findExperimentEntry(const std::string& name);

// The values of `entry` with the flags given as text ("--NAME" -> TEXT) applied in order, each read by the table
// (the messages of setExperimentOption: "--workers must be an integer between 1 and 2000, got '0'").
Expected<OptionValues> experimentValues(const ExperimentEntry& entry,
                                        const std::vector<std::pair<std::string, std::string>>& flags);

// A whole run: every unit, then the table.
Expected<std::string> runExperimentTable(const ExperimentEntry& entry, const OptionValues& values,
                                         const Progress& progress = {});

}  // namespace hetsched
