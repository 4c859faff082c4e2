#!/usr/bin/env bash
# Configures and builds slidedb in build/ (Release unless BUILD_TYPE says otherwise).
#
#   scripts/build.sh [--target NAME]... [CMAKE_ARGS...]
#
# With --target, builds those targets only (scripts/run.sh: the binary
# alone); without, everything, the tests too. Other arguments go to the
# configure step (-DCMAKE_CXX_COMPILER_LAUNCHER=ccache, ...).
set -euo pipefail
cd "$(dirname "$0")/.."
build_type=${BUILD_TYPE:-Release}
targets=()
configure=()
while (($#)); do
    case "$1" in
        --target) targets+=("$2"); shift 2 ;;
        --target=*) targets+=("${1#--target=}"); shift ;;
        *) configure+=("$1"); shift ;;
    esac
done
cmake -S . -B build -DCMAKE_BUILD_TYPE="$build_type" "${configure[@]}" >/dev/null
if ((${#targets[@]})); then
    cmake --build build -j"$(nproc)" --target "${targets[@]}"
else
    cmake --build build -j"$(nproc)"
fi
