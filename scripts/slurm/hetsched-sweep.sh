#!/usr/bin/env bash
# Runs any built-in experiment's sweep on a SLURM cluster: hetsched writes the job script for the
# experiment and its flags (hetsched experiment NAME FLAGS --slurm-script), which submits a job array
# (task K runs --shard K/N) and a merge job that waits for every task (--dependency=afterok).
#
# Usage, on the cluster's login node:
#   scripts/slurm/hetsched-sweep.sh [OPTIONS] -- NAME [FLAGS...]
# OPTIONS (passed to the job script; see its --help):
#   --hetsched PATH     the hetsched executable (default: $HETSCHED, else hetsched on the PATH, else build/app/hetsched)
#   --out-dir DIR       parts, logs, the job scripts and the results (default: NAME-sweep)
#   --shards N          array tasks (default: the units of the sweep, at most 64)
#   --time HH:MM:SS     --mem SIZE     --partition NAME     --account NAME     --max-running M
#   --wait [--poll S]   return when the merge has ended        --dry-run   write the job scripts, submit nothing
# Example, the task graph evaluation at the paper's scale (README, "Sweeps on a SLURM cluster"):
#   scripts/slurm/hetsched-sweep.sh --shards 64 --time 00:20:00 --mem 1G -- dag-evaluation \
#     --samples 432 --platform-samples 5
set -euo pipefail

hetsched=${HETSCHED:-}
out_dir=
options=()
while [ $# -gt 0 ] && [ "$1" != -- ]; do
  case "$1" in
    --hetsched) hetsched=$2; shift 2 ;;
    --out-dir) out_dir=$2; shift 2 ;;
    --wait | --dry-run) options+=("$1"); shift ;;
    -h | --help) sed -n '2,/^set -euo pipefail/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    -*) [ $# -ge 2 ] || { echo "$0: $1 needs a value" >&2; exit 2; }; options+=("$1" "$2"); shift 2 ;;
    *) echo "$0: unexpected '$1': the experiment comes after -- (--help)" >&2; exit 2 ;;
  esac
done
[ $# -ge 2 ] || { echo "$0: missing -- NAME [FLAGS...] (--help)" >&2; exit 2; }
shift
name=$1
shift
if [ -z "$hetsched" ]; then
  hetsched=$(command -v hetsched || true)
  [ -n "$hetsched" ] || hetsched="$(cd "$(dirname "$0")/../.." && pwd)/build/app/hetsched"
fi
[ -x "$hetsched" ] || { echo "$0: no hetsched executable at '$hetsched' (--hetsched PATH)" >&2; exit 2; }
out_dir=${out_dir:-$name-sweep}
mkdir -p "$out_dir"
script="$out_dir/submit.sh"
"$hetsched" experiment "$name" "$@" --slurm-script "$script" > /dev/null
exec bash "$script" --hetsched "$hetsched" --out-dir "$out_dir" ${options[@]+"${options[@]}"}
