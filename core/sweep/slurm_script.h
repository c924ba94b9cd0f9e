// The job script that runs an experiment's sweep on a SLURM cluster: a job array of N tasks, task K
// running `hetsched experiment NAME FLAGS --shard K/N`, then a merge job that waits for them all
// (--dependency=afterok) and writes the table an unsharded run writes. The CLI (--slurm-script) and the
// GUI's "Run on a Cluster..." write the same script from this one generator.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace hetsched {

struct SlurmSweepOptions {
    std::string experiment;            // "dag-evaluation"
    std::vector<std::string> flags;    // the experiment's canonical flags
    std::size_t units = 0;             // units of the sweep (the most array tasks that make sense)
    int shards = 16;                   // array tasks
    std::string timeLimit = "01:00:00";   // per task (sbatch --time)
    std::string memory = "2G";         // per task (sbatch --mem)
    std::string partition;             // empty: the cluster's default
    std::string account;               // empty: the user's default
    std::string hetsched = "hetsched"; // the executable on the cluster (a path, or a name on its PATH)
    std::string outDir;                // empty: NAME-sweep in the directory the script is run from
};

// Array tasks for a sweep of `units` units when the user has not said: every unit its own task up to 64.
int suggestedShards(std::size_t units);

// A bash script for the cluster's login node: its knobs (shards, time, memory, partition, account,
// hetsched, output directory) as defaults at the top and as flags (--shards N ...), --wait to wait for
// the result, --dry-run to write the job scripts without submitting (docs: README, "Sweeps on a SLURM
// cluster"). Values are single-quoted, so any text is safe in them.
std::string slurmSweepScript(const SlurmSweepOptions& options);

// `text` as one bash word ('...' with every ' escaped).
std::string shellQuote(const std::string& text);

}  // namespace hetsched
