#!/usr/bin/env bash
# Measures slidedb and prints one table; the same figures go to
# build/bench/bench.json. Times are medians of RUNS runs (default 3). Never
# fails on a time: a benchmark measures, it does not judge.
#
#   scripts/bench.sh            everything
#   RUNS=5 scripts/bench.sh     more runs per import figure
#   scripts/bench.sh reports    the reports on a million puzzles alone
#   scripts/bench.sh pace       the import of rush_18k against its search alone
#   scripts/bench.sh shots [N]  N phone screenshots (default 1000): scan against import
#   scripts/bench.sh serve      requests to `slidedb serve`, on kept-alive and on new connections
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
only=${1:-all}
"$root/scripts/setup.sh"
if [ "$only" = shots ]; then
    "$root/scripts/build.sh" --target slidedb --target png_to_jpeg >/dev/null
elif [ "$only" = serve ]; then
    "$root/scripts/build.sh" --target slidedb >/dev/null
else
    "$root/scripts/build.sh" >/dev/null
fi
bin="$root/build/slidedb"
out="$root/build/bench"
data="$root/tests/data/boards"
runs=${RUNS:-3}
mkdir -p "$out"

median() { sort -g | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }

# The web app's answer time: `slidedb serve` on the examples, asked for a
# page of the puzzle list 2,000 times on one kept-alive connection (as a
# browser asks) and 500 times on a connection each; the median and 95th
# percentile of each, per request, from the client's side.
if [ "$only" = all ] || [ "$only" = serve ]; then
    echo
    echo "== serve: a page of the puzzle list, per request (client's wall time)"
    rm -f "$out/serve.db"
    "$bin" import "$root/examples" --db "$out/serve.db" -q 2>/dev/null || true
    "$bin" serve --db "$out/serve.db" --port 0 > "$out/serve.out" 2>&1 &
    serve_pid=$!
    port=""
    for _ in $(seq 100); do
        port=$(grep -oE '127\.0\.0\.1:[0-9]+' "$out/serve.out" | head -n 1 | cut -d: -f2 || true)
        [ -n "$port" ] && break
        sleep 0.05
    done
    python3 - "$port" "$out/serve.json" <<'PY'
import http.client, json, statistics, sys, time
port, out = int(sys.argv[1]), sys.argv[2]
def timed(n, keep):
    times, c = [], None
    for _ in range(n):
        if c is None:
            c = http.client.HTTPConnection('127.0.0.1', port)
        t = time.perf_counter()
        c.request('GET', '/api/puzzles?page=1', headers={} if keep else {'Connection': 'close'})
        r = c.getresponse(); r.read()
        times.append(time.perf_counter() - t)
        if not keep or r.will_close:
            c.close(); c = None
    times.sort()
    return {'requests': n, 'median_ms': round(1000 * statistics.median(times), 3),
            'p95_ms': round(1000 * times[n * 95 // 100], 3)}
figures = {'kept_alive': timed(2000, True), 'new_connection': timed(500, False)}
for k, v in figures.items():
    print(f"{k:<16} {v['requests']:>5} requests  median {v['median_ms']:.3f} ms  95% {v['p95_ms']:.3f} ms")
json.dump(figures, open(out, 'w'))
PY
    kill "$serve_pid"
    wait "$serve_pid" 2>/dev/null || true
    [ "$only" = serve ] && exit 0
fi

# Screenshots the size of a phone's (1080x1920), drawn by `slidedb render`:
# half PNG, half JPEG (quality 90); in each, half in the first look (its
# three woods in turn) and half in the current look, with and without a
# phone's status and navigation bars. Each format is read by `scan` (one
# thread) and by `import` with 1 and 2 jobs into a fresh database, one after
# the other in every round so all three meet the same machine; the figures
# are medians of RUNS rounds, with the peak memory of each.
if [ "$only" = shots ]; then
    n=${2:-1000}
    shots="$out/shots-$n"
    if [ ! -f "$shots/complete" ]; then
        echo "== Drawing $n screenshots of 1080x1920 into $shots (once)"
        rm -rf "$shots"
        mkdir -p "$shots/png" "$shots/jpeg" "$shots/tmp"
        "$bin" generate --count "$n" --seed 30 --size 6x6 -o "$shots/boards.txt"
        # generate writes a 6x6 board a line ('o' empty); render takes its rows
        # joined by '/'.
        awk '!/^#/ && length($0) == 36 {gsub(/o/, "."); s = substr($0, 1, 6)
             for (k = 7; k <= 36; k += 6) s = s "/" substr($0, k, 6); print s}' "$shots/boards.txt" > "$shots/inline.txt"
        woods=(orange pale cherry)
        i=0
        pairs=()
        while IFS= read -r board && ((i < n)); do
            theme=current
            ((i / 2 % 2)) || theme=${woods[i / 8 % 3]}
            bars=()
            ((i / 4 % 2)) && [ "$theme" = current ] && bars=(--bar status --bar nav)  # the current look's own
            name=$(printf 'shot%05d' "$i")
            if ((i % 2)); then
                png="$shots/tmp/$name.png"
                pairs+=("$png" "$shots/jpeg/$name.jpg")
            else
                png="$shots/png/$name.png"
            fi
            "$bin" render "$board" --png "$png" --width 1080 --height 1920 --theme "$theme" "${bars[@]}" >/dev/null &
            (( (i + 1) % $(nproc) )) || wait
            i=$((i + 1))
        done < "$shots/inline.txt"
        wait
        "$root/build/tests/png_to_jpeg" 90 "${pairs[@]}"
        rm -rf "$shots/tmp"
        # The same boards as text, each format's own: what solving and
        # storing them costs without a picture to read.
        awk '!/^#/ && length($0) == 36 {print > (n++ % 2 ? jpeg : png)}' png="$shots/png.txt" jpeg="$shots/jpeg.txt" \
            "$shots/boards.txt"
        touch "$shots/complete"
    fi
    declare -A wall=() peak=() user=() sys=()
    run() {  # key command...: one timed run, figures appended to the key's lists
        local key=$1
        shift
        /usr/bin/time -v -o "$out/time.txt" "$@" >/dev/null 2>"$out/stderr.txt" || true
        wall[$key]+="$(awk -F': ' '/Elapsed/ {n=split($2,t,":"); s=0; for(k=1;k<=n;k++) s=s*60+t[k]; print s}' "$out/time.txt") "
        user[$key]+="$(awk -F': ' '/User time/ {print $2}' "$out/time.txt") "
        sys[$key]+="$(awk -F': ' '/System time/ {print $2}' "$out/time.txt") "
        peak[$key]+="$(awk -F': ' '/Maximum resident/ {printf "%.1f", $2/1024}' "$out/time.txt") "
    }
    med() { printf '%s\n' $1 | median; }
    fresh() { rm -f "$1" "$1-wal" "$1-shm"; }
    declare -A count=() read=()
    for ((r = 0; r < runs; r++)); do
        for f in png jpeg; do
            files=("$shots/$f"/*)
            count[$f]=${#files[@]}
            run "$f scan" "$bin" scan "${files[@]}"
            read[$f scan]=$((${#files[@]} - $(wc -l < "$out/stderr.txt")))  # a refusal is one line
            text="$out/shots.$f.text.db"
            fresh "$text"
            run "$f text" "$bin" import "$shots/$f.txt" --db "$text" --jobs 1 -q
            sqlite3 "$text" "PRAGMA wal_checkpoint(TRUNCATE)" >/dev/null
            for jobs in 1 2; do
                db="$out/shots.$f.j$jobs.db"
                fresh "$db"
                run "$f import$jobs" "$bin" import "$shots/$f" --db "$db" --jobs "$jobs" -q
                read[$f import$jobs]=$(sqlite3 "$db" "SELECT COUNT(*) FROM sources")
                # The same into a database that has the boards: nothing to search.
                fresh "$db"
                cp "$text" "$db"
                run "$f known$jobs" "$bin" import "$shots/$f" --db "$db" --jobs "$jobs" -q
                read[$f known$jobs]=$(sqlite3 "$db" "SELECT COUNT(*) FROM sources WHERE kind = 'screenshot'")
            done
        done
    done
    echo "== $n screenshots of 1080x1920 (PNG and JPEG, both looks, bars and none), median of $runs rounds:"
    echo "   pictures a second, wall, user and system seconds, peak memory; 'x scan' is the wall time over scan's"
    printf '%-36s %9s %8s %7s %7s %6s %8s %6s\n' "" "pictures/s" "wall s" "x scan" "user s" "sys s" "peak MB" "read"
    declare -A total=()
    for f in png jpeg; do
        s=$(med "${wall[$f scan]}")
        echo "$f (${count[$f]} pictures)"
        for mode in scan import1 import2 known1 known2 text; do
            case $mode in
                scan) name="scan, one thread" ;;
                import1) name="import --jobs 1" ;;
                import2) name="import --jobs 2" ;;
                known1) name="import --jobs 1, boards known" ;;
                known2) name="import --jobs 2, boards known" ;;
                text) name="the boards as text, --jobs 1" ;;
            esac
            w=$(med "${wall[$f $mode]}")
            total[$mode]=$(awk -v a="${total[$mode]:-0}" -v b="$w" 'BEGIN {print a + b}')
            awk -v name="$name" -v w="$w" -v n="${count[$f]}" -v s="$s" -v u="$(med "${user[$f $mode]}")" \
                -v y="$(med "${sys[$f $mode]}")" -v p="$(med "${peak[$f $mode]}")" -v got="${read[$f $mode]:--}" 'BEGIN {
                printf "  %-34s %9.1f %8.2f %7.2f %7.1f %6.1f %8.0f %6s\n", name, n / w, w, w / s, u, y, p, got }'
        done
    done
    echo "both (${n} pictures; times summed)"
    for mode in scan import1 import2 known1 known2; do
        awk -v name="$mode" -v w="${total[$mode]}" -v n="$n" -v s="${total[scan]}" 'BEGIN {
            printf "  %-34s %9.1f %8.2f %7.2f\n", name, n / w, w, w / s }'
    done
    echo "Runs (wall s): $(for k in "${!wall[@]}"; do printf '[%s: %s] ' "$k" "${wall[$k]% }"; done)"
    exit 0
fi

if [ "$only" = all ]; then
echo "== Solver, one core (Google Benchmark, median of 3)"
"$root/build/tests/solve_bench" --benchmark_repetitions=3 --benchmark_report_aggregates_only=true \
    --benchmark_out="$out/solve.json" --benchmark_out_format=json 2>/dev/null |
    grep -E "^(Benchmark|BM_.*_median)" || true
echo
echo "== Blocks family: wells and Klotski, whole cluster, both metrics, one core (median of 3)"
"$root/build/tests/blocks_bench" --benchmark_repetitions=3 --benchmark_report_aggregates_only=true \
    --benchmark_out="$out/blocks.json" --benchmark_out_format=json 2>/dev/null |
    grep -E "^(Benchmark|BM_.*_median)" || true
echo
echo "== generate --hardest: a cluster's hardest start, the search's score, one core (median of 3)"
"$root/build/tests/generate_bench" --benchmark_repetitions=3 --benchmark_report_aggregates_only=true \
    --benchmark_out="$out/generate.json" --benchmark_out_format=json 2>/dev/null |
    grep -E "^(Benchmark|BM_.*_median)" || true
if [ -x "$root/build/tests/scan_bench" ]; then
    echo
    echo "== Screenshots, one core (Google Benchmark, median of 3)"
    "$root/build/tests/scan_bench" --benchmark_repetitions=3 --benchmark_report_aggregates_only=true \
        --benchmark_out="$out/scan.json" --benchmark_out_format=json 2>/dev/null |
        grep -E "^(Benchmark|BM_.*_median)" || true
fi
fi

if [ -x "$root/build/tests/tiles_bench" ]; then
    echo
    echo "== Sliding tiles, one core (Google Benchmark, median of 3)"
    echo "   pattern tables cached in ${SLIDEDB_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/slidedb}; a first run builds them"
    echo "   and its build time is printed apart, not counted in the searches"
    "$root/build/tests/tiles_bench" --benchmark_repetitions=3 --benchmark_report_aggregates_only=true \
        --benchmark_out="$out/tiles.json" --benchmark_out_format=json 2> >(grep -E "^(building|built)" >&2) |
        grep -E "^(Benchmark|BM_.*_median)" || true
fi

# Inputs for the import figures.
[ -f "$out/generated_10k.txt" ] || "$bin" generate --count 10000 --seed 1 -o "$out/generated_10k.txt"
inputs=("$data/rush_18k.txt" "$out/generated_10k.txt")
[ "$only" = all ] || inputs=()

if [ "$only" = all ]; then
    echo
    echo "== Import (wall, CPU and peak memory by /usr/bin/time; median of $runs runs)"
    printf '%-22s %5s %9s %9s %9s %8s %10s %12s\n' input jobs wall_s user_s sys_s peak_MB puzzles db_bytes/pz
fi
json="{\"imports\": ["
first=1
for input in "${inputs[@]}"; do
    name=$(basename "$input" .txt)
    declare -A wall_by_jobs=()
    for jobs in 1 2; do
        walls=() users=() syss=() peaks=()
        for ((i = 0; i < runs; i++)); do
            db="$out/$name.j$jobs.db"
            rm -f "$db" "$db-wal" "$db-shm"
            /usr/bin/time -v -o "$out/time.txt" "$bin" import "$input" --db "$db" --jobs "$jobs" -q || true
            walls+=("$(awk -F': ' '/Elapsed/ {n=split($2,t,":"); s=0; for(k=1;k<=n;k++) s=s*60+t[k]; print s}' "$out/time.txt")")
            users+=("$(awk -F': ' '/User time/ {print $2}' "$out/time.txt")")
            syss+=("$(awk -F': ' '/System time/ {print $2}' "$out/time.txt")")
            peaks+=("$(awk -F': ' '/Maximum resident/ {printf "%.1f", $2/1024}' "$out/time.txt")")
        done
        wall=$(printf '%s\n' "${walls[@]}" | median)
        user=$(printf '%s\n' "${users[@]}" | median)
        sys=$(printf '%s\n' "${syss[@]}" | median)
        peak=$(printf '%s\n' "${peaks[@]}" | median)
        sqlite3 "$db" "PRAGMA wal_checkpoint(TRUNCATE)" >/dev/null
        puzzles=$(sqlite3 "$db" "SELECT COUNT(*) FROM puzzles")
        per=$(( $(stat -c %s "$db") / (puzzles > 0 ? puzzles : 1) ))
        wall_by_jobs[$jobs]=$wall
        printf '%-22s %5s %9s %9s %9s %8s %10s %12s\n' "$name" "$jobs" "$wall" "$user" "$sys" "$peak" "$puzzles" "$per"
        [ $first -eq 1 ] || json+=","
        first=0
        json+="{\"input\": \"$name\", \"jobs\": $jobs, \"wall_s\": $wall, \"user_s\": $user, \"sys_s\": $sys, \"peak_mb\": $peak, \"puzzles\": $puzzles, \"db_bytes_per_puzzle\": $per}"
    done
    speedup=$(awk -v a="${wall_by_jobs[1]}" -v b="${wall_by_jobs[2]}" 'BEGIN {printf "%.2f", (b > 0 ? a / b : 0)}')
    printf '%-22s speed-up from 1 to 2 jobs: %sx\n' "$name" "$speedup"
done
json+="]"

# The import against its own search: rush_18k into a fresh database with 2
# jobs, and the same searches (goal distances included) on 2 threads, one
# after the other in each run so both meet the same machine. The ratio says
# what reading, keys and storing cost on top of the search.
if [ "$only" != reports ]; then
    echo
    echo "== Import of rush_18k with 2 jobs against its search on 2 threads (wall, median of $runs runs, side by side)"
    imports=() searches=()
    for ((i = 0; i < runs; i++)); do
        db="$out/rush_18k.pace.db"
        rm -f "$db" "$db-wal" "$db-shm"
        start=$(date +%s%N)
        "$bin" import "$data/rush_18k.txt" --db "$db" --jobs 2 -q || true
        imports+=("$(awk -v ns=$(( $(date +%s%N) - start )) 'BEGIN {printf "%.3f", ns / 1e9}')")
        searches+=("$("$root/build/tests/solve_bench" --benchmark_filter='^BM_Rush18kTwoThreads' \
            --benchmark_format=json 2>/dev/null | awk -F': ' '/"real_time"/ {sub(/,$/, "", $2); print $2; exit}')")
    done
    import_s=$(printf '%s\n' "${imports[@]}" | median)
    search_s=$(printf '%s\n' "${searches[@]}" | median)
    pace=$(awk -v a="$import_s" -v b="$search_s" 'BEGIN {printf "%.3f", (b > 0 ? a / b : 0)}')
    printf 'import %s s (runs: %s)  search %s s (runs: %s)  ratio %s\n' "$import_s" "${imports[*]}" \
        "$search_s" "${searches[*]}" "$pace"
    json+=", \"import_pace\": {\"import_s\": $import_s, \"search_s\": $search_s, \"ratio\": $pace}"
fi
if [ "$only" = pace ]; then
    echo "$json}" > "$out/bench.json"
    exit 0
fi

# Reports on a million puzzles. The database is built once and kept in
# build/bench: a million random 6x6 puzzles of 4 to 6 blocks (seed 1, cheap
# to solve) imported with 2 jobs, so every row goes through the real writer
# and the tallies. The import's own figures (the 1,000,000-line file, then
# the same file again) are measured that once and kept beside it.
million="$out/million.db"
if [ ! -f "$million" ]; then
    [ -f "$out/generated_1m.txt" ] || "$bin" generate --count 1000000 --seed 1 --size 6x6 --blocks 4..6 \
        -o "$out/generated_1m.txt"
    echo
    echo "== Building $million (once; this takes a while)"
    /usr/bin/time -v -o "$out/million_import.txt" "$bin" import "$out/generated_1m.txt" --db "$million.tmp" \
        --jobs 2 -q || true
    /usr/bin/time -v -o "$out/million_again.txt" "$bin" import "$out/generated_1m.txt" --db "$million.tmp" \
        --jobs 2 -q || true
    sqlite3 "$million.tmp" "PRAGMA wal_checkpoint(TRUNCATE)" >/dev/null
    mv "$million.tmp" "$million"
    rm -f "$million.tmp-wal" "$million.tmp-shm"
fi
if [ -f "$out/million_import.txt" ]; then
    echo
    echo "== Import of the 1,000,000-line file (2 jobs; measured when the database was built)"
    for f in million_import million_again; do
        awk -F': ' -v n="$f" '/Maximum resident/ {peak=$2/1024} /User time/ {u=$2} /System time/ {s=$2}
            /Elapsed/ {w=$2} END {printf "%-16s peak %.1f MB  user %s s  sys %s s  wall %s\n", n, peak, u, s, w}' \
            "$out/$f.txt"
    done
fi
echo
echo "== Reports on $(sqlite3 "$million" "SELECT COUNT(*) FROM puzzles") puzzles (wall, median of $runs runs)"
json+=", \"reports\": ["
first=1
for report in summary hardest "hardest --by steps" "hardest --by cluster" "hardest --by effort" difficulty \
    unsolvable patterns "puzzle 500000" all "all --format html"; do
    walls=()
    for ((i = 0; i < runs; i++)); do
        start=$(date +%s%N)
        # shellcheck disable=SC2086
        "$bin" report $report --db "$million" > "$out/report.out"
        walls+=("$(awk -v ns=$(( $(date +%s%N) - start )) 'BEGIN {printf "%.3f", ns / 1e9}')")
    done
    wall=$(printf '%s\n' "${walls[@]}" | median)
    printf '%-24s %8.3f s\n' "$report" "$wall"
    [ $first -eq 1 ] || json+=","
    first=0
    json+="{\"report\": \"$report\", \"wall_s\": $wall}"
done
json+="]}"
echo "$json" > "$out/bench.json"

# Enumeration: every puzzle of a size (5x5 whole, 6x6 on a sample of shards,
# extrapolated). ENUM=0 skips it; scripts/bench-enumerate.sh runs it alone.
if [ "${ENUM:-1}" = 1 ]; then
    echo
    RUNS=$runs "$root/scripts/bench-enumerate.sh"
fi

echo
echo "Figures written to $out/bench.json, $out/solve.json, $out/blocks.json, $out/tiles.json, $out/enumerate.json"
