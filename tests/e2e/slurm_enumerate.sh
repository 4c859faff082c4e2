#!/usr/bin/env bash
# End-to-end: a one-node Slurm cluster on this machine (munged, slurmctld and
# slurmd with their own configuration, sockets, ports and spool in a
# temporary folder), a 5x5 enumeration submitted by scripts/enumerate-slurm.sh
# as 4 array tasks plus the merge, compared with a single-process run.
# Exits 0 only if all of that happened and the databases agree; if Slurm
# cannot start, says why and exits 1.
#
#   tests/e2e/slurm_enumerate.sh SLIDEDB_BINARY SOURCE_DIR
set -uo pipefail

slidedb="$1"
source_dir="$2"
fail() { echo "slurm test FAILED: $*" >&2; exit 1; }

[ "$(id -u)" -eq 0 ] || fail "must run as root to start slurmctld and slurmd (running as $(id -un))"
for tool in munged slurmctld slurmd sbatch squeue sinfo scontrol sqlite3; do
    command -v "$tool" >/dev/null || fail "$tool not found: install slurm-wlm, munge and sqlite3 (scripts/setup.sh --test)"
done

dir="$(mktemp -d /tmp/slidedb-slurm-XXXXXX)"
pids=()
cleanup() {
    # Only the daemons this test started, by their own pid files.
    for f in "$dir/slurmd.pid" "$dir/slurmctld.pid" "$dir/munged.pid"; do
        [ -s "$f" ] && kill "$(cat "$f")" 2>/dev/null
    done
    sleep 1
    rm -rf "$dir"
}
trap cleanup EXIT
show_logs() {
    for f in "$dir"/*.log "$dir"/run/logs/*.log; do
        [ -f "$f" ] && { echo "--- $f"; tail -n 20 "$f"; } >&2
    done
}

mkdir -p "$dir/state" "$dir/spool" "$dir/run"
head -c 1024 /dev/urandom > "$dir/munge.key"
chmod 400 "$dir/munge.key"
munged --force --key-file="$dir/munge.key" --socket="$dir/munge.sock" --pid-file="$dir/munged.pid" \
    --log-file="$dir/munged.log" --seed-file="$dir/munge.seed" \
    || { show_logs; fail "munged did not start"; }

node="$(hostname -s)"
port=$((20000 + RANDOM % 20000))
cpus="$(nproc)"
cat > "$dir/slurm.conf" <<CONF
ClusterName=slidedbtest
SlurmctldHost=$node(127.0.0.1)
SlurmUser=root
SlurmdUser=root
SlurmctldPort=$port
SlurmdPort=$((port + 1))
AuthType=auth/munge
AuthInfo=socket=$dir/munge.sock
CredType=cred/munge
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/slurmctld.log
SlurmdLogFile=$dir/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
MpiDefault=none
NodeName=$node NodeAddr=127.0.0.1 CPUs=$cpus State=UNKNOWN
PartitionName=test Nodes=$node Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF="$dir/slurm.conf"
slurmctld -i || { show_logs; fail "slurmctld did not start"; }
slurmd || { show_logs; fail "slurmd did not start"; }

# The node must come up idle within 30 seconds.
for _ in $(seq 60); do
    state="$(sinfo -h -N -o %T 2>/dev/null | head -n 1)"
    [ "$state" = "idle" ] && break
    sleep 0.5
done
[ "$state" = "idle" ] || { show_logs; fail "the node did not come up (state '${state:-none}')"; }
echo "slurm: node $node idle, controller on port $port" >&2

ids="$("$source_dir/scripts/enumerate-slurm.sh" --size 5 --walls 0..0 --shards 4 --cpus 1 \
    --out "$dir/run" --slidedb "$slidedb")" || { show_logs; fail "enumerate-slurm.sh could not submit"; }
array="$(echo "$ids" | awk '/^array/ {print $2}')"
merge="$(echo "$ids" | awk '/^merge/ {print $2}')"
[ -n "$array" ] && [ -n "$merge" ] || fail "no job ids in: $ids"
echo "slurm: array job $array, merge job $merge" >&2

# Wait for the merge to leave the queue (5 minutes at most).
for _ in $(seq 600); do
    [ -z "$(squeue -h -j "$array,$merge" 2>/dev/null)" ] && break
    sleep 0.5
done
[ -z "$(squeue -h -j "$array,$merge" 2>/dev/null)" ] && [ -f "$dir/run/all.db" ] || { show_logs; fail "the jobs did not finish"; }
for k in 1 2 3 4; do
    [ -f "$dir/run/shard-$k.db" ] || { show_logs; fail "array task $k wrote no database"; }
done

"$slidedb" enumerate --size 5 --walls 0..0 --db "$dir/one.db" -q >/dev/null || fail "the single-process run failed"
content() {
    sqlite3 "$1" "SELECT size, min_walls, max_walls, every_cluster, units FROM enumerations;
        SELECT unit, clusters, with_goal, puzzles, puzzle_boards, boards FROM enumeration_units ORDER BY unit;
        SELECT p.key, p.board, e.unit, e.moves, e.cluster_size, e.walls, e.blocks, e.goal_levels
          FROM enumerated e JOIN puzzles p ON p.id = e.puzzle_id ORDER BY p.key;"
}
if [ "$(content "$dir/run/all.db")" != "$(content "$dir/one.db")" ]; then
    show_logs
    fail "the merged shards differ from the single-process run"
fi
totals="$(sqlite3 "$dir/run/all.db" "SELECT units_done || '/' || units, clusters, with_goal, puzzles, puzzle_boards, most_moves FROM enumeration_totals")"
[ "$totals" = "397/397|130299|62106|1730|329603|20" ] || fail "unexpected totals $totals"
echo "slurm: 4 array tasks and the merge equal the single-process run: $totals"
