#!/usr/bin/env bash
# Reads generated small, cropped and marked screenshots (the corpus of
# tests/unit/scan_marked_corpus_test.cpp) on other seeds, many of them:
# prints the read rate, the boards read wrong (must be 0) and every reason
# for a refusal with its count. KIND picks another corpus of
# tests/unit/scan_kinds_corpus_test.cpp: grid (a debug overlay's red grid
# lines), tags (a guide's figure with a tag on every cell) or tutorial (the
# tutorial's first screen in an emulator's window).
#
#   scripts/scan-marked.sh               10,000 pictures, seed 1
#   SIZE=2000 SEED=7 scripts/scan-marked.sh
#   KIND=tags SIZE=2000 scripts/scan-marked.sh
#   DUMP=/tmp/refused scripts/scan-marked.sh   keeps the refused pictures
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
bin="$root/build/tests/unit_tests"
[ -x "$bin" ] || { echo "build the unit tests first (cmake --build build --target unit_tests)" >&2; exit 2; }
[ -n "${DUMP:-}" ] && mkdir -p "$DUMP" && export SLIDEDB_CORPUS_DUMP="$DUMP"
case "${KIND:-marked}" in
    marked) test='SmallCroppedMarkedPicturesAreReadAndNeverWrong'
            export SLIDEDB_MARKED_SEED="${SEED:-1}" SLIDEDB_MARKED_SIZE="${SIZE:-10000}" ;;
    grid) test='DebugGridOverlayIsReadAndNeverWrong' ;;
    tags) test='GuideFigureWithCellTagsIsReadAndNeverWrong' ;;
    tutorial) test='TutorialInEmulatorWindowIsReadAndNeverWrong' ;;
    *) echo "KIND is one of marked, grid, tags, tutorial" >&2; exit 2 ;;
esac
[ "${KIND:-marked}" = marked ] || export SLIDEDB_KINDS_SEED="${SEED:-1}" SLIDEDB_KINDS_SIZE="${SIZE:-10000}"
"$bin" --gtest_filter="ScanCorpus.$test" | grep -v '^refused ' || true
