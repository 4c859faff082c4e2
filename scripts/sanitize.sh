#!/usr/bin/env bash
# The sanitizer job: builds slidedb with clang under AddressSanitizer and
# UBSan (in build-fuzz/, the build scripts/fuzz.sh uses), runs the unit and
# end-to-end tests but the slowest few, then each fuzz target briefly.
#
#   scripts/sanitize.sh [FUZZ_SECONDS]     (default: 30 s a target)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
seconds="${1:-30}"
build="$root/build-fuzz"

source "$root/scripts/fuzz_configure.sh"
# What the tests and the fuzz runs need; not the benchmarks.
targets=(slidedb unit_tests e2e_tests)
for t in board_file screenshot report_sql jpeg_decode png_decode; do targets+=("${t}_replay" "${t}_fuzz"); done
nice cmake --build "$build" -j2 --target "${targets[@]}"

# Left out under the sanitizers (they run in the plain build): the kill -9
# loop, the generated-screenshot corpora and the fingertip sweep, the
# naive-search cross-checks,
# the Slurm clusters, the seeded generator comparison, the Chromium tests,
# the install tree and the Debian package (built from the plain build), the
# 64 MiB tiles file read in pieces (the same reader runs here on small ones);
# and the two memory ceilings (ulimit -v, RSS), which ASan's shadow memory breaks.
# The web app's tests run here too (slidedb reads each connection's bytes
# itself); their bounds on the server's memory are checked in the plain
# build only (kMemoryMeasured).
slow='KillNine|InLittleMemory|OutOfMemoryInOneSearch|ScanCorpus|ScanHostile\.AFingertip|AgreesWithANaiveSearch|OfTheShortestSolutions|AgreesOnRandomSmallPuzzles|SlurmEnumerate|SlurmImport|Install\.|DebianPackage|SameSeedSamePuzzlesWhateverTheJobs|Chromium|ServeBrowser|HostileFileNameLoadsCleanly|ATilesFileOverTheWholeReadLimit|RoundTrip\.|round_trip_tests'
(cd "$build" && ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
    ctest -j2 --output-on-failure --timeout 600 -E "$slow")

# A fixed seed: CI repeats the same walk; scripts/fuzz.sh alone draws a new one.
SLIDEDB_FUZZ_SEED=1 SLIDEDB_FUZZ_MERGE=0 "$root/scripts/fuzz.sh" "$seconds"
