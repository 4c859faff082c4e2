#!/usr/bin/env bash
# Builds the libFuzzer targets with clang (AddressSanitizer + UBSan) in
# build-fuzz/ and runs each for the given time, one after the other, niced.
#
#   scripts/fuzz.sh [SECONDS] [TARGET...]     (default: 60 s each; all targets)
#   targets: board_file screenshot report_sql jpeg_decode png_decode
#
# Each run starts from the saved corpus (tests/fuzz/corpus/TARGET) and the
# seeds (tests/data, examples/, reports/); new inputs that reach new code
# are merged back into the saved corpus, which ctest replays (FuzzCorpus.*).
# A crash leaves its input in build-fuzz/artifacts/ and stops the script.
# SLIDEDB_FUZZ_MERGE=0 leaves the saved corpus alone (CI).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
seconds="${1:-60}"
shift || true
targets=("$@")
((${#targets[@]})) || targets=(board_file screenshot report_sql jpeg_decode png_decode)
build="$root/build-fuzz"
shared="$root/tests/data"

source "$root/scripts/fuzz_configure.sh"
names=()
for t in "${targets[@]}"; do names+=("${t}_fuzz"); done
nice cmake --build "$build" -j2 --target "${names[@]}" >/dev/null

declare -A seeds=(
    [board_file]="$shared/boards $shared/blocks $shared/tiles $root/examples/boards $root/examples/bad"
    [screenshot]="$shared/screenshots $shared/screenshots-current $root/examples/screenshots"
    [report_sql]="$root/reports"
    [jpeg_decode]="$shared/screenshots $shared/screenshots-current $shared/screenshots-marked"
    [png_decode]="$shared/screenshots $shared/screenshots-current $shared/screenshots-marked"
)
declare -A max_len=([board_file]=2048 [screenshot]=262144 [report_sql]=2048 [jpeg_decode]=262144 [png_decode]=262144)

mkdir -p "$build/artifacts"
for t in "${targets[@]}"; do
    saved="$root/tests/fuzz/corpus/$t"
    work="$build/corpus/$t"
    mkdir -p "$saved" "$work"
    existing=()
    for d in ${seeds[$t]}; do [ -d "$d" ] && existing+=("$d"); done
    log="$build/$t.log"
    echo "fuzz: $t for ${seconds}s (log: $log)" >&2
    status=0
    ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
    nice -n 19 "$build/tests/fuzz/${t}_fuzz" "$work" "$saved" "${existing[@]}" -max_total_time="$seconds" -seed="${SLIDEDB_FUZZ_SEED:-0}" \
        -max_len="${max_len[$t]}" -timeout=20 -rss_limit_mb=2048 -print_final_stats=1 \
        -artifact_prefix="$build/artifacts/$t-" >"$log" 2>&1 || status=$?
    runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo "?")
    cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1 || true)
    echo "fuzz: $t: $runs executions, $cov, exit $status" >&2
    if [ "$status" -ne 0 ]; then
        grep -m3 -E 'ERROR|runtime error|SUMMARY' "$log" >&2 || true
        exit "$status"
    fi
    # The saved corpus becomes the smallest set of inputs that covers what
    # the old one and this run reached.
    [ "${SLIDEDB_FUZZ_MERGE:-1}" = 1 ] || continue
    merged="$build/merged/$t"
    rm -rf "$merged" && mkdir -p "$merged"
    nice -n 19 "$build/tests/fuzz/${t}_fuzz" -merge=1 -max_len="${max_len[$t]}" "$merged" "$saved" "$work" >>"$log" 2>&1
    find "$saved" -type f ! -name 'seed_*' -delete
    find "$merged" -type f -exec cp -n {} "$saved/" \;
    echo "fuzz: $t: saved corpus $(find "$saved" -type f | wc -l) inputs" >&2
done
