#!/usr/bin/env bash
# A sweep sharded onto a real SLURM: starts munged, slurmctld and slurmd on this machine (one node,
# localhost, a throwaway configuration under WORK_DIR), submits each experiment's job script (the one
# `hetsched experiment NAME FLAGS --slurm-script` writes) as an array of 4 tasks and a merge, waits for
# it, and checks that the merged table equals the unsharded run byte for byte (cpugpu: every column
# but mean_seconds, a wall-clock time). Exit 77 (skipped, reason printed) when SLURM or munge is not
# installed or cannot start here.
# Usage: run_slurm_test.sh HETSCHED WORK_DIR
set -euo pipefail

hetsched=$1
work=$2
skip() { echo "SKIPPED: $*"; exit 77; }

for tool in munged slurmctld slurmd sbatch squeue scontrol scancel sinfo; do
  command -v "$tool" > /dev/null 2>&1 ||
    skip "$tool is not installed (Debian: apt-get install slurm-wlm munge; scripts/install-deps.sh installs them)"
done
[ "$(id -u)" = 0 ] || skip "slurmd must run as root to start jobs (run the tests as root, as scripts/test.sh in CI does)"

rm -rf "$work"
mkdir -p "$work"/{state,spool,log,munge,sweeps}
work=$(cd "$work" && pwd)
# The sockets live in a short path of their own (a UNIX socket path has at most 107 bytes).
run=$(mktemp -d /tmp/hetsched-slurm.XXXXXX)
chmod 755 "$run"
pids=()
cleanup() {
  if [ -n "${SLURM_CONF:-}" ]; then
    scancel --quiet --user="$(id -un)" > /dev/null 2>&1 || true
    scontrol shutdown > /dev/null 2>&1 && sleep 1
  fi
  for pid in "${pids[@]}"; do kill "$pid" 2> /dev/null || true; done
  for pid in "${pids[@]}"; do wait "$pid" 2> /dev/null || true; done
  rm -rf "$run"
}
trap cleanup EXIT
log_tail() { for f in "$work"/log/* "$work"/munge/munged.log; do [ -f "$f" ] && { echo "--- $f"; tail -n 15 "$f"; }; done; }

# munge: a fresh key, our own socket.
chmod 700 "$work/munge"
head -c 1024 /dev/urandom > "$work/munge/munge.key"
chmod 600 "$work/munge/munge.key"
munged --foreground --key-file="$work/munge/munge.key" --socket="$run/munge.sock" --pid-file="$run/munged.pid" \
  --log-file="$work/munge/munged.log" --seed-file="$work/munge/munged.seed" > "$work/log/munged.out" 2>&1 &
pids+=($!)
for _ in $(seq 50); do [ -S "$run/munge.sock" ] && break; sleep 0.1; done
[ -S "$run/munge.sock" ] || { log_tail; skip "munged did not start"; }

# Two free ports on localhost.
free_port() {
  local port
  while :; do
    port=$((20000 + RANDOM % 40000))
    (exec 3<> "/dev/tcp/127.0.0.1/$port") 2> /dev/null || { echo "$port"; return; }
  done
}
ctld_port=$(free_port)
slurmd_port=$(free_port)
while [ "$slurmd_port" = "$ctld_port" ]; do slurmd_port=$(free_port); done

export SLURM_CONF="$work/slurm.conf"
cat > "$SLURM_CONF" << EOF
# Throwaway single-node cluster of the SLURM test (tests/slurm/run_slurm_test.sh).
ClusterName=hetschedtest
SlurmctldHost=localhost
SlurmUser=root
SlurmdUser=root
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$run/munge.sock
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$run/slurmctld.pid
SlurmdPidFile=$run/slurmd.pid
SlurmctldLogFile=$work/log/slurmctld.log
SlurmdLogFile=$work/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/backfill
ReturnToService=2
MpiDefault=none
SwitchType=switch/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
InactiveLimit=0
MinJobAge=300
KillWait=5
Waittime=0
NodeName=localhost NodeAddr=127.0.0.1 CPUs=$(nproc) RealMemory=1000 State=UNKNOWN
PartitionName=test Nodes=localhost Default=YES MaxTime=INFINITE State=UP
EOF

slurmctld -D -i > "$work/log/slurmctld.out" 2>&1 &
pids+=($!)
slurmd -D -N localhost > "$work/log/slurmd.out" 2>&1 &
pids+=($!)
state=
for _ in $(seq 60); do
  state=$(sinfo -h -n localhost -o %T 2> /dev/null || true)
  [ "$state" = idle ] && break
  sleep 0.5
done
[ "$state" = idle ] || { log_tail; skip "the local SLURM did not come up (node state '${state:-none}')"; }
version=$(sinfo --version)
echo "$version: slurmctld and slurmd on localhost, ports $ctld_port and $slurmd_port, munged on $run/munge.sock"

failures=0
repo=$(cd "$(dirname "$0")/../.." && pwd)
# One sweep: the unsharded run here, then the same flags as 4 array tasks and a merge on SLURM, submitted
# by the job script hetsched writes (via script) or through scripts/slurm/hetsched-sweep.sh (via wrapper).
sweep() {
  local name=$1 columns=$2 via=$3
  shift 3
  local dir="$work/sweeps/$name"
  mkdir -p "$dir"
  "$hetsched" experiment "$name" "$@" -o "$dir/unsharded.csv"
  local knobs=(--shards 4 --time 00:10:00 --mem 200M --out-dir "$dir/out" --wait --poll 1)
  local submit=("$repo/scripts/slurm/hetsched-sweep.sh" --hetsched "$hetsched" "${knobs[@]}" -- "$name" "$@")
  if [ "$via" = script ]; then
    "$hetsched" experiment "$name" "$@" --slurm-script "$dir/sweep.sh" > /dev/null
    submit=(bash "$dir/sweep.sh" "${knobs[@]}")
  fi
  local start=$SECONDS
  if ! timeout 600 "${submit[@]}" > "$dir/submit.log" 2>&1; then
    echo "FAIL $name: the sweep on SLURM failed"
    cat "$dir/submit.log"
    tail -n 20 "$dir"/out/logs/* 2> /dev/null || true
    failures=$((failures + 1))
    return
  fi
  local tasks
  tasks=$(ls "$dir"/out/parts/part-*.csv | wc -l)
  local array_job
  array_job=$(sed -n 's/^array job \([0-9]*\):.*/\1/p' "$dir/submit.log")
  local states
  states=$(scontrol show job "$array_job" 2> /dev/null | sed -n 's/.*JobState=\([A-Z_]*\).*/\1/p' | sort | uniq -c | xargs)
  if cmp -s <(cut -d, -f"$columns" "$dir/unsharded.csv") <(cut -d, -f"$columns" "$dir/out/$name.csv"); then
    echo "PASS $name (submitted by the $via): $tasks array tasks of job $array_job ($states) and a merge in" \
      "$((SECONDS - start)) s;" \
      "the merged table equals the unsharded run ($(($(wc -l < "$dir/unsharded.csv") - 1)) rows, columns $columns)"
  else
    echo "FAIL $name: the merged table differs from the unsharded run"
    diff <(cut -d, -f"$columns" "$dir/unsharded.csv") <(cut -d, -f"$columns" "$dir/out/$name.csv") | head -20
    failures=$((failures + 1))
  fi
}

sweep dag-evaluation 1- script --samples 2 --sizes 10,20 --clusters 1,2 --heterogeneity 1,5 --min-speeds 0.5e9,1e9
sweep divisible-simulation 1- wrapper --workers 30 --platforms 3 --z 0.8,1 --ratios log:0.1:100:5
sweep cpugpu 1-10 script --tasks 10:30:10 --cpus 1,4 --gpus 1,2 --instances 3

# A task that fails: the merge never starts, --wait says so and cancels it instead of waiting forever.
failing="$work/failing-hetsched"
printf '#!/usr/bin/env bash\ncase " $* " in *" --shard 2/"*) echo "shard 2 fails on purpose" >&2; exit 1 ;; esac\nexec %q "$@"\n' \
  "$hetsched" > "$failing"
chmod +x "$failing"
dir="$work/sweeps/failing"
mkdir -p "$dir"
"$hetsched" experiment divisible-simulation --workers 10 --platforms 2 --slurm-script "$dir/sweep.sh" > /dev/null
if timeout 300 bash "$dir/sweep.sh" --hetsched "$failing" --shards 4 --mem 200M --out-dir "$dir/out" --wait --poll 1 \
  > "$dir/submit.log" 2>&1; then
  echo "FAIL failing task: --wait reported success"
  failures=$((failures + 1))
elif grep -q "a task of array job .* failed" "$dir/submit.log" && [ ! -e "$dir/out/divisible-simulation.csv" ]; then
  echo "PASS a failing task: the merge was cancelled and --wait said so ($(grep -c . "$dir/out/logs/shard-2.out") line in the task's log)"
else
  echo "FAIL failing task: unexpected outcome"
  cat "$dir/submit.log"
  failures=$((failures + 1))
fi
[ "$failures" = 0 ] || { echo "$failures of 4 checks failed"; exit 1; }
echo "3 sweeps on SLURM equal their unsharded runs; a failing task stops the merge"
