#!/usr/bin/env bash
# Installs, builds, and runs every test with ctest.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
"$root/scripts/setup.sh" --test
"$root/scripts/build.sh"
cd "$root/build"
ctest -j2 --output-on-failure --timeout 600
