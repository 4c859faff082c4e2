#!/usr/bin/env bash
# Measures the enumeration (scripts/bench.sh runs it too; ENUM=0 there skips
# it). Figures go to build/bench/enumerate.json. Wall and CPU (user + system)
# by /usr/bin/time, JOBS threads (default 2): on a shared machine read the CPU.
#
#   scripts/bench-enumerate.sh                 5x5 RUNS times (default 3), 6x6 on samples
#   SIX0_SHARDS="3/1000 77/1000" SIX2_SHARDS=... scripts/bench-enumerate.sh
#   BIN=/path/to/older/slidedb FIVE=0 SIX0=0 SIX2_SHARDS=... JOBS=1 OUT=... scripts/bench-enumerate.sh
#
# BIN runs another build on the same shards (its ratio to this one); FIVE=0
# and SIX0=0 leave out the 5x5 runs and the 6x6 runs without walls; OUT
# names the folder for its figures, so that two can run side by side.
#
# 6x6 runs a sample of shards of --puzzle-clusters-only (by default 10 random
# shards of 1000 for each wall range, drawn afresh and printed) and
# extrapolates from their CPU time: to the whole run on 2 cores, and to 100
# machines (a shard a machine). The 0..2 sample shards are then merged, which
# gives the merge time and the database bytes a puzzle.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
bin="${BIN:-$root/build/slidedb}"
check="$root/build/tests/enumeration_check"
out="${OUT:-$root/build/bench}"
data="$root/tests/data/boards"
runs=${RUNS:-3}
jobs=${JOBS:-2}
mkdir -p "$out"
[ -x "$root/build/slidedb" ] && [ -x "$check" ] || "$root/scripts/build.sh" >/dev/null

median() { sort -g | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
random_shards() { shuf -i 1-1000 -n 10 | sort -n | sed 's|$|/1000|' | tr '\n' ' '; }

json="{\"enumerations\": ["
first=1
# One run: name, db, args... Sets wall, cpu, peak, puzzles, per (db bytes a puzzle).
enumerate_run() {
    local name="$1" db="$2"
    shift 2
    rm -f "$db" "$db-wal" "$db-shm"
    /usr/bin/time -f "%e %U %S %M" -o "$out/time.txt" "$bin" enumerate "$@" --db "$db" -j "$jobs" -q >"$out/enum.txt"
    read -r wall user sys peak <"$out/time.txt"
    cpu=$(awk -v u="$user" -v s="$sys" 'BEGIN {printf "%.2f", u + s}')
    peak=$(awk -v k="$peak" 'BEGIN {printf "%.1f", k / 1024}')
    sqlite3 "$db" "PRAGMA wal_checkpoint(TRUNCATE)" >/dev/null
    puzzles=$(sqlite3 "$db" "SELECT COUNT(*) FROM enumerated")
    per=$(( $(stat -c %s "$db") / (puzzles > 0 ? puzzles : 1) ))
    printf '%-40s %9s %9s %9s %10s %12s\n' "$name" "$wall" "$cpu" "$peak" "$puzzles" "$per"
    [ $first -eq 1 ] || json+=","
    first=0
    json+="{\"run\": \"$name\", \"wall_s\": $wall, \"cpu_s\": $cpu, \"peak_mb\": $peak, \"puzzles\": $puzzles, \"db_bytes_per_puzzle\": $per}"
}

echo "== Enumeration ($jobs threads; load average now $(cut -d' ' -f1-3 /proc/loadavg))"
printf '%-40s %9s %9s %9s %10s %12s\n' run wall_s cpu_s peak_MB puzzles db_bytes/pz
walls=() cpus=()
[ "${FIVE:-1}" = 1 ] || runs=0
for ((i = 0; i < runs; i++)); do
    enumerate_run "5x5 0..2 walls, every cluster" "$out/enum5.db" --size 5 --walls 0..2
    walls+=("$wall") cpus+=("$cpu")
    sqlite3 "$out/enum5.db" "SELECT clusters, with_goal, puzzles, most_moves, puzzle_boards FROM enumeration_totals" |
        grep -qx '10030334|5275948|7320|21|1195048' || { echo "5x5 0..2: wrong totals"; exit 1; }
done
if [ "$runs" -gt 0 ]; then
    echo "5x5 0..2 walls, every cluster: median of $runs: wall $(printf '%s\n' "${walls[@]}" | median) s, CPU $(printf '%s\n' "${cpus[@]}" | median) s"
    enumerate_run "5x5 0..2 walls, puzzle clusters" "$out/enum5p.db" --size 5 --walls 0..2 --puzzle-clusters-only
fi

# Planning the units, which every shard does once: a finished shard run again.
ranges="0..0 0..2"
[ "${SIX0:-1}" = 1 ] || ranges=0..2
for walls in $ranges; do
    if [ "$walls" = 0..0 ]; then shards="${SIX0_SHARDS:-$(random_shards)}"; else shards="${SIX2_SHARDS:-$(random_shards)}"; fi
    echo "6x6 $walls walls, shards: $shards"
    tag=${walls/../-}
    sum=0 units=0 total=0 count=0 most=0 dbs=()
    for shard in $shards; do
        db="$out/enum6-$tag-${shard/\//of}.db"
        enumerate_run "6x6 $walls shard $shard" "$db" --size 6 --walls "$walls" --shard "$shard" --puzzle-clusters-only
        sum=$(awk -v a="$sum" -v b="$cpu" 'BEGIN {print a + b}')
        most=$(awk -v a="$most" -v b="$cpu" 'BEGIN {print (b > a ? b : a)}')
        count=$((count + 1))
        units=$((units + $(sqlite3 "$db" "SELECT COUNT(*) FROM enumeration_units")))
        total=$(sqlite3 "$db" "SELECT units FROM enumerations")
        n=${shard#*/}
        [ -n "${BIN:-}" ] || [ ! -f "$data/rush_18k.txt" ] || "$check" "$db" 6 "${walls%..*}" "${walls#*..}" 0 "$data/rush_18k.txt" COMPLETE=1..3 COMPLETE=36..60 | tail -n 2
        dbs+=("$db")
    done
    /usr/bin/time -f "%e %U %S" -o "$out/time.txt" "$bin" enumerate --size 6 --walls "$walls" \
        --shard "${shards%% *}" --puzzle-clusters-only --db "${dbs[0]}" -j "$jobs" -q >/dev/null
    plan=$(awk '{printf "%.2f", $2 + $3}' "$out/time.txt")
    # The whole run on 2 cores plans once; N shards plan N times.
    awk -v c="$sum" -v k="$count" -v u="$units" -v t="$total" -v w="$walls" -v p="$plan" -v m="$most" -v n="$n" 'BEGIN {
        work = (c - k * p) * t / u
        printf "6x6 %s walls: %d shards of %d, %d of %d units (%.2f%%), %.1f CPU s (planning %.2f s a process)\n",
               w, k, n, u, t, 100 * u / t, c, p
        printf "  whole run: %.0f CPU s, about %.2f h on 2 cores\n", work + p, (work + p) / 2 / 3600
        printf "  costliest sampled shard %.2f times the mean; on 100 machines a shard about %.0f CPU s (%.1f min on 2 cores)\n",
               m / (c / k), work / 100 + p, (work / 100 + p) / 2 / 60 }'
    if [ "$walls" = 0..2 ]; then
        rm -f "$out/enum6-merged.db"
        start=$(date +%s%N)
        "$bin" merge "${dbs[@]}" --db "$out/enum6-merged.db" >/dev/null
        secs=$(awk -v ns=$(( $(date +%s%N) - start )) 'BEGIN {printf "%.2f", ns / 1e9}')
        sqlite3 "$out/enum6-merged.db" "PRAGMA wal_checkpoint(TRUNCATE)" >/dev/null
        puzzles=$(sqlite3 "$out/enum6-merged.db" "SELECT COUNT(*) FROM enumerated")
        merged_units=$(sqlite3 "$out/enum6-merged.db" "SELECT COUNT(*) FROM enumeration_units")
        bytes=$(stat -c %s "$out/enum6-merged.db")
        awk -v s="$secs" -v p="$puzzles" -v b="$bytes" -v u="$merged_units" -v t="$total" 'BEGIN {
            printf "  merge of the sample: %.2f s, %d puzzles, %d units, %d bytes (%.0f a puzzle)\n", s, p, u, b, p ? b / p : 0
            printf "  whole 6x6 0..2 (2,577,412 puzzles, %d units): merge about %.0f s, database about %.2f GB\n",
                   t, s * t / u, b * t / u / 1e9 }'
    fi
done
json+="]}"
echo "$json" >"$out/enumerate.json"
