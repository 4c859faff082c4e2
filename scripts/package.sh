#!/usr/bin/env bash
# Builds the Debian package build/slidedb_VERSION_ARCH.deb (cpack -G DEB) and
# prints its path. Install it with `apt-get install ./build/slidedb_*.deb`.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
"$root/scripts/setup.sh"
"$root/scripts/build.sh"
cd "$root/build"
cpack -G DEB >/dev/null
ls "$root"/build/slidedb_*.deb
