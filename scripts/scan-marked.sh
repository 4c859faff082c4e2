#!/usr/bin/env bash
# Reads generated small, cropped and marked screenshots (the corpus of
# tests/unit/scan_marked_corpus_test.cpp) on other seeds, many of them:
# prints the read rate, the boards read wrong (must be 0) and every reason
# for a refusal with its count.
#
#   scripts/scan-marked.sh               10,000 pictures, seed 1
#   SIZE=2000 SEED=7 scripts/scan-marked.sh
#   DUMP=/tmp/refused scripts/scan-marked.sh   keeps the refused pictures
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
bin="$root/build/tests/unit_tests"
[ -x "$bin" ] || { echo "build the unit tests first (cmake --build build --target unit_tests)" >&2; exit 2; }
[ -n "${DUMP:-}" ] && mkdir -p "$DUMP" && export SLIDEDB_CORPUS_DUMP="$DUMP"
SLIDEDB_MARKED_SEED="${SEED:-1}" SLIDEDB_MARKED_SIZE="${SIZE:-10000}" \
    "$bin" --gtest_filter='ScanCorpus.SmallCroppedMarkedPicturesAreReadAndNeverWrong' |
    grep -v '^refused ' || true
