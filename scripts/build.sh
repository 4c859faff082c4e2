#!/usr/bin/env bash
# Configures and builds slidedb in build/ (Release unless BUILD_TYPE says otherwise).
set -euo pipefail
cd "$(dirname "$0")/.."
build_type=${BUILD_TYPE:-Release}
cmake -S . -B build -DCMAKE_BUILD_TYPE="$build_type" "$@" >/dev/null
cmake --build build -j"$(nproc)"
