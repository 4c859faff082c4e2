#!/usr/bin/env bash
# End-to-end: on a one-node Slurm cluster (tests/e2e/slurm_cluster.sh), a
# 5x5 enumeration submitted by scripts/enumerate-slurm.sh as 4 array tasks
# plus the merge, compared with a single-process run.
# Exits 0 only if all of that happened and the databases agree; if Slurm
# cannot start, says why and exits 1.
#
#   tests/e2e/slurm_enumerate.sh SLIDEDB_BINARY SOURCE_DIR
set -uo pipefail

slidedb="$1"
source_dir="$2"
fail() { echo "slurm test FAILED: $*" >&2; exit 1; }

source "$source_dir/tests/e2e/slurm_cluster.sh"

ids="$("$source_dir/scripts/enumerate-slurm.sh" --size 5 --walls 0..0 --shards 4 --cpus 1 \
    --out "$dir/run" --slidedb "$slidedb")" || { show_logs; fail "enumerate-slurm.sh could not submit"; }
wait_for_jobs "$ids" "$dir/run/all.db"
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
