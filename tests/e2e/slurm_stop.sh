#!/usr/bin/env bash
# End-to-end: on a one-node Slurm cluster (tests/e2e/slurm_cluster.sh), an
# array task of scripts/enumerate-slurm.sh is sent SIGTERM in its batch
# shell, as Slurm does --warn seconds before a time limit: it stores the
# units under way and ends with 143; the same command submitted again
# finishes the shard, and the merge holds the figures of one whole run.
#
#   tests/e2e/slurm_stop.sh SLIDEDB_BINARY SOURCE_DIR
set -uo pipefail

slidedb="$1"
source_dir="$2"
fail() { echo "slurm test FAILED: $*" >&2; exit 1; }

source "$source_dir/tests/e2e/slurm_cluster.sh"

submit() {
    "$source_dir/scripts/enumerate-slurm.sh" --size 5 --walls 0..2 --shards 1 --cpus 1 --puzzle-clusters-only \
        --out "$dir/run" --slidedb "$slidedb"
}
ids="$(submit)" || { show_logs; fail "enumerate-slurm.sh could not submit"; }
array="$(echo "$ids" | awk '/^array/ {print $2}')"
merge="$(echo "$ids" | awk '/^merge/ {print $2}')"
# Once the task has stored a unit, its batch shell gets SIGTERM.
units=0
for _ in $(seq 600); do
    units="$(sqlite3 "$dir/run/shard-1.db" "SELECT COUNT(*) FROM enumeration_units" 2>/dev/null || echo 0)"
    [ "${units:-0}" -gt 0 ] && break
    sleep 0.1
done
[ "${units:-0}" -gt 0 ] || { show_logs; fail "the task stored no unit"; }
scancel --batch --signal=TERM "${array}_1" || fail "scancel could not signal the task"
for _ in $(seq 600); do
    [ -z "$(squeue -h -j "$array" 2>/dev/null)" ] && break
    sleep 0.5
done
scancel "$merge" 2>/dev/null  # its dependency can no longer be met
log="$dir/run/logs/shard-1.log"
grep -q "slidedb enumerate: stopped by SIGTERM: " "$log" || { show_logs; fail "the task did not stop on SIGTERM"; }
grep -q "the same command goes on from there" "$log" || { show_logs; fail "the task did not say how to go on"; }
[ "$(sqlite3 "$dir/run/shard-1.db" "PRAGMA integrity_check")" = "ok" ] || fail "the shard's database is damaged"
stored="$(sqlite3 "$dir/run/shard-1.db" "SELECT COUNT(*) FROM enumeration_units")"
[ "$stored" -ge "$units" ] && [ "$stored" -lt 44294 ] || fail "$stored units stored, expected $units to 44293"
[ ! -f "$dir/run/all.db" ] || fail "the merge ran after a failed task"

ids="$(submit)" || { show_logs; fail "enumerate-slurm.sh could not submit again"; }
wait_for_jobs "$ids" "$dir/run/all.db"
totals="$(sqlite3 "$dir/run/all.db" "SELECT units_done || '/' || units, puzzles, puzzle_boards FROM enumeration_totals")"
[ "$totals" = "44294/44294|7320|1195048" ] || { show_logs; fail "unexpected totals $totals"; }
# The log keeps both attempts.
[ "$(grep -c "^5x5 walls 0..2 (clusters that can give a puzzle): " "$log")" = 2 ] || { show_logs; fail "the log lost the first attempt"; }
echo "slurm: a task stopped by SIGTERM after $stored units; the same command went on to $totals"
