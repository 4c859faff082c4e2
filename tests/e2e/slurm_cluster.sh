# A one-node Slurm cluster on this machine for the end-to-end tests:
# munged, slurmctld and slurmd with their own configuration, sockets, ports
# and spool in a temporary folder ($dir), stopped when the test exits.
# Sourced by tests/e2e/slurm_*.sh after they define fail(); leaves
# SLURM_CONF exported and the node idle, or fails saying why.

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
    # Wait (5 s at most) for them to go, so the next test finds their ports free.
    for _ in $(seq 50); do
        alive=0
        for f in "$dir/slurmd.pid" "$dir/slurmctld.pid" "$dir/munged.pid"; do
            [ -s "$f" ] && kill -0 "$(cat "$f")" 2>/dev/null && alive=1
        done
        [ "$alive" -eq 0 ] && break
        sleep 0.1
    done
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
# Two ports below the kernel's ephemeral range, where no test's client socket
# or port-0 server lands, and neither bound now.
low="$(awk '{print $1}' /proc/sys/net/ipv4/ip_local_port_range 2>/dev/null)"
low="${low:-32768}"
[ "$low" -gt 12000 ] || low=32768
for _ in $(seq 50); do
    port=$((10000 + RANDOM % (low - 12000)))
    [ -z "$(ss -Htan "( sport = :$port or sport = :$((port + 1)) )" 2>/dev/null)" ] && break
done
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


# Waits (5 minutes at most) for the array and merge jobs whose ids a
# *-slurm.sh script printed ("array ID" and "merge ID" lines) to leave the
# queue, and for the merged database to exist.
wait_for_jobs() {
    local ids="$1" merged="$2" array merge
    array="$(echo "$ids" | awk '/^array/ {print $2}')"
    merge="$(echo "$ids" | awk '/^merge/ {print $2}')"
    [ -n "$array" ] && [ -n "$merge" ] || fail "no job ids in: $ids"
    echo "slurm: array job $array, merge job $merge" >&2
    for _ in $(seq 600); do
        [ -z "$(squeue -h -j "$array,$merge" 2>/dev/null)" ] && break
        sleep 0.5
    done
    [ -z "$(squeue -h -j "$array,$merge" 2>/dev/null)" ] && [ -f "$merged" ] || { show_logs; fail "the jobs did not finish"; }
}
