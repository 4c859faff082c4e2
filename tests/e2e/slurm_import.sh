#!/usr/bin/env bash
# End-to-end: on a one-node Slurm cluster (tests/e2e/slurm_cluster.sh), an
# import of the bundled examples (boards, blocks, tiles, screenshots and bad
# files) submitted by scripts/import-slurm.sh as 4 array tasks plus the
# merge, compared table by table with one plain import of the same folder
# (tests/e2e/import_content.sql). Exits 0 only if all of that happened and
# the databases agree; if Slurm cannot start, says why and exits 1.
#
#   tests/e2e/slurm_import.sh SLIDEDB_BINARY SOURCE_DIR
set -uo pipefail

slidedb="$1"
source_dir="$2"
fail() { echo "slurm test FAILED: $*" >&2; exit 1; }

source "$source_dir/tests/e2e/slurm_cluster.sh"

mkdir -p "$dir/in"
cp -r "$source_dir/examples/." "$dir/in/"
ids="$("$source_dir/scripts/import-slurm.sh" --shards 4 --cpus 1 --out "$dir/run" --slidedb "$slidedb" \
    "$dir/in")" || { show_logs; fail "import-slurm.sh could not submit"; }
wait_for_jobs "$ids" "$dir/run/all.db"
for k in 1 2 3 4; do
    [ -f "$dir/run/part-$k.db" ] || { show_logs; fail "array task $k wrote no database"; }
done

"$slidedb" import "$dir/in" --db "$dir/one.db" -q
[ $? -le 1 ] || fail "the plain import failed"
content() { sqlite3 "$1" < "$source_dir/tests/e2e/import_content.sql"; }
if [ "$(content "$dir/run/all.db")" != "$(content "$dir/one.db")" ]; then
    show_logs
    diff <(content "$dir/run/all.db") <(content "$dir/one.db") | head -n 20 >&2
    fail "the merged parts differ from the plain import"
fi
totals="$(sqlite3 "$dir/run/all.db" "SELECT (SELECT COUNT(*) FROM puzzles), (SELECT COUNT(*) FROM sources),
    (SELECT COUNT(*) FROM levels), (SELECT COUNT(*) FROM errors), (SELECT SUM(files) FROM imports)")"
[ "$totals" = "316|317|9975|3|16" ] || fail "unexpected totals $totals"
echo "slurm: 4 array tasks and the merge equal the plain import: puzzles|sources|levels|errors|files $totals"
