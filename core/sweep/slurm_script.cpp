#include "sweep/slurm_script.h"

#include <algorithm>

namespace hetsched {

namespace {

// What the script does once its knobs are set: the same for every experiment.
constexpr const char* kBody = R"BASH(
usage() { sed -n '2,/^set -euo pipefail/p' "$0" | sed '$d; s/^# \{0,1\}//'; }
need() { [ "$1" -ge 2 ] || { echo "$0: $2 needs a value (--help)" >&2; exit 2; }; }
while [ $# -gt 0 ]; do
  case "$1" in
    --shards) need $# "$1"; shards=$2; shift 2 ;;
    --time) need $# "$1"; time_limit=$2; shift 2 ;;
    --mem) need $# "$1"; memory=$2; shift 2 ;;
    --partition) need $# "$1"; partition=$2; shift 2 ;;
    --account) need $# "$1"; account=$2; shift 2 ;;
    --max-running) need $# "$1"; max_running=$2; shift 2 ;;
    --hetsched) need $# "$1"; hetsched=$2; shift 2 ;;
    --out-dir) need $# "$1"; out_dir=$2; shift 2 ;;
    --poll) need $# "$1"; poll_seconds=$2; shift 2 ;;
    --wait) wait_for_merge=1; shift ;;
    --dry-run) dry_run=1; shift ;;
    -h|--help) usage; exit 0 ;;
    *) echo "$0: unknown option $1 (--help)" >&2; exit 2 ;;
  esac
done

case "$shards" in ''|*[!0-9]*) echo "$0: --shards must be a whole number, got '$shards'" >&2; exit 2 ;; esac
if [ "$shards" -lt 1 ] || [ "$shards" -gt "$units" ]; then
  echo "$0: --shards must be between 1 and $units (the units of the sweep), got $shards" >&2; exit 2
fi
case "$max_running" in *[!0-9]*) echo "$0: --max-running must be a whole number, got '$max_running'" >&2; exit 2 ;; esac
case "$poll_seconds" in ''|*[!0-9]*) echo "$0: --poll must be a whole number of seconds" >&2; exit 2 ;; esac
case "$hetsched" in
  */*) [ -x "$hetsched" ] && hetsched=$(cd "$(dirname "$hetsched")" && pwd)/$(basename "$hetsched") ;;
  *) hetsched=$(command -v "$hetsched" || echo "$hetsched") ;;
esac
if [ ! -x "$hetsched" ]; then
  echo "$0: no hetsched executable at '$hetsched' (--hetsched PATH: where the binary is on the cluster)" >&2; exit 2
fi

mkdir -p "$out_dir/parts" "$out_dir/logs"
out_dir=$(cd "$out_dir" && pwd)
result="$out_dir/$experiment.csv"
raw="$out_dir/$experiment-raw.csv"
if compgen -G "$out_dir/parts/part-*.csv" > /dev/null || [ -e "$result" ]; then
  echo "$0: $out_dir already holds parts or the result of an earlier sweep: remove them or choose another --out-dir" >&2
  exit 1
fi

# The two job scripts, kept beside the results (to run a failed task again: sbatch --array=K shard.sbatch).
{
  echo '#!/usr/bin/env bash'
  echo "# Task K of the array runs shard K/$shards of: hetsched experiment $experiment ${flags[*]}"
  echo 'set -euo pipefail'
  printf 'exec %q experiment %q' "$hetsched" "$experiment"
  printf ' %q' "${flags[@]}"
  printf ' --shard "$SLURM_ARRAY_TASK_ID/%s" -o %q/part-"$SLURM_ARRAY_TASK_ID".csv\n' "$shards" "$out_dir/parts"
} > "$out_dir/shard.sbatch"
{
  echo '#!/usr/bin/env bash'
  echo "# Merges the $shards parts into the table an unsharded run writes, and keeps every instance's rows."
  echo 'set -euo pipefail'
  printf 'exec %q experiment merge %q -o %q --keep-raw %q\n' "$hetsched" "$out_dir/parts" "$result" "$raw"
} > "$out_dir/merge.sbatch"
chmod +x "$out_dir/shard.sbatch" "$out_dir/merge.sbatch"

options=(--job-name="hetsched-$experiment" --time="$time_limit" --mem="$memory")
[ -n "$partition" ] && options+=(--partition="$partition")
[ -n "$account" ] && options+=(--account="$account")
array="1-$shards${max_running:+%$max_running}"
if [ "$dry_run" = 1 ]; then
  echo "sbatch --parsable ${options[*]} --array=$array --output=$out_dir/logs/shard-%a.out $out_dir/shard.sbatch"
  echo "sbatch --parsable ${options[*]} --dependency=afterok:ARRAY_JOB --output=$out_dir/logs/merge.out $out_dir/merge.sbatch"
  echo "dry run: the job scripts are in $out_dir, nothing was submitted"
  exit 0
fi
array_job=$(sbatch --parsable "${options[@]}" --array="$array" --output="$out_dir/logs/shard-%a.out" \
  "$out_dir/shard.sbatch")
array_job=${array_job%%;*}
merge_job=$(sbatch --parsable "${options[@]}" --dependency="afterok:$array_job" --output="$out_dir/logs/merge.out" \
  "$out_dir/merge.sbatch")
merge_job=${merge_job%%;*}
echo "array job $array_job: $shards tasks (logs in $out_dir/logs)"
echo "merge job $merge_job: writes $result and $raw once every task has succeeded"
[ "$wait_for_merge" = 1 ] || exit 0

# --wait: until the merge job leaves the queue; a failed task leaves it waiting forever, so cancel it then.
while :; do
  state=$(squeue -h -j "$merge_job" -o '%T %r' 2> /dev/null || true)
  [ -z "$state" ] && break
  case "$state" in
    *DependencyNeverSatisfied*)
      scancel "$merge_job" || true
      echo "$0: a task of array job $array_job failed (see $out_dir/logs): the merge is cancelled" >&2
      exit 1 ;;
  esac
  sleep "$poll_seconds"
done
if [ ! -s "$result" ]; then
  echo "$0: merge job $merge_job ended without writing $result (see $out_dir/logs/merge.out)" >&2
  exit 1
fi
echo "done: $result"
)BASH";

std::string bashArray(const std::vector<std::string>& words) {
    std::string text = "(";
    for (std::size_t i = 0; i < words.size(); ++i) text.append(i ? " " : "").append(shellQuote(words[i]));
    return text + ")";
}

std::string commandLine(const SlurmSweepOptions& o) {
    std::string line = "hetsched experiment " + o.experiment;
    for (const std::string& flag : o.flags) line += " " + flag;
    return line;
}

}  // namespace

int suggestedShards(std::size_t units) {
    return static_cast<int>(std::clamp<std::size_t>(units, 1, 64));
}

std::string shellQuote(const std::string& text) {
    std::string quoted = "'";
    for (char c : text) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return quoted + "'";
}

std::string slurmSweepScript(const SlurmSweepOptions& o) {
    const std::string units = std::to_string(o.units);
    const std::string outDir = o.outDir.empty() ? o.experiment + "-sweep" : o.outDir;
    std::string s;
    s += "#!/usr/bin/env bash\n";
    s += "# " + commandLine(o) + "\n";
    s += "# on a SLURM cluster: a job array of SHARDS tasks, task K running shard K/SHARDS of the sweep (units\n";
    s += "# K-1, K-1+SHARDS, ... of its " + units + " units, each an instance with every solver) into\n";
    s += "# OUT_DIR/parts/part-K.csv, then a merge job that starts once every task has succeeded\n";
    s += "# (--dependency=afterok) and writes OUT_DIR/" + o.experiment + ".csv, the table an unsharded run writes,\n";
    s += "# and every instance's rows to OUT_DIR/" + o.experiment + "-raw.csv.\n";
    s += "#\n";
    s += "# Run it on the login node:  bash THIS_SCRIPT [OPTIONS]   (the defaults are set below)\n";
    s += "#   --shards N        array tasks, 1 to " + units + "\n";
    s += "#   --time HH:MM:SS   time limit of each task (and of the merge)\n";
    s += "#   --mem SIZE        memory of each task (sbatch --mem: 2G, 500M)\n";
    s += "#   --partition NAME  --account NAME   where to run and whom to charge (default: the cluster's)\n";
    s += "#   --max-running M   at most M tasks at once (--array=1-N%M)\n";
    s += "#   --hetsched PATH   the hetsched executable on the cluster\n";
    s += "#   --out-dir DIR     where the parts, the logs and the results go\n";
    s += "#   --wait            return when the merge has ended (exit 1 if a task or the merge failed);\n";
    s += "#                     --poll SECONDS between looks at the queue\n";
    s += "#   --dry-run         write the job scripts into OUT_DIR and show the sbatch commands, submit nothing\n";
    s += "# A task that failed can be run again alone: sbatch --array=K OUT_DIR/shard.sbatch, then\n";
    s += "# sbatch OUT_DIR/merge.sbatch. Written by hetsched (--slurm-script, or Run on a Cluster in the GUI).\n";
    s += "set -euo pipefail\n\n";
    s += "experiment=" + shellQuote(o.experiment) + "\n";
    s += "flags=" + bashArray(o.flags) + "\n";
    s += "units=" + units + "\n";
    s += "shards=" + std::to_string(o.shards) + "\n";
    s += "time_limit=" + shellQuote(o.timeLimit) + "\n";
    s += "memory=" + shellQuote(o.memory) + "\n";
    s += "partition=" + shellQuote(o.partition) + "\n";
    s += "account=" + shellQuote(o.account) + "\n";
    s += "max_running=''\n";
    s += "hetsched=" + shellQuote(o.hetsched) + "\n";
    s += "out_dir=" + shellQuote(outDir) + "\n";
    s += "poll_seconds=30\n";
    s += "wait_for_merge=0\n";
    s += "dry_run=0\n";
    s += kBody;
    return s;
}

}  // namespace hetsched
