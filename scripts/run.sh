#!/usr/bin/env bash
# The main job: install, build, import examples/ into ./puzzles.db, report.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
"$root/scripts/setup.sh"
"$root/scripts/build.sh" --target slidedb  # the tests are scripts/test.sh's
db=${DB:-puzzles.db}
status=0
"$root/build/slidedb" import "$root/examples" --db "$db" || status=$?
# Exit 1 means some example failed on purpose (examples/bad shows error rows).
[ "$status" -le 1 ] || exit "$status"
"$root/build/slidedb" report summary --db "$db"
echo
"$root/build/slidedb" report hardest --db "$db" --top 10
echo
"$root/build/slidedb" report unsolvable --db "$db"
"$root/build/slidedb" report all --db "$db" --out report.html
echo
echo "The same reports with pictures and solution players: report.html"
