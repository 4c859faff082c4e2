#!/usr/bin/env bash
# End-to-end: builds the Debian package from BUILD_DIR (cpack -G DEB),
# checks that its Depends name run-time libraries and no -dev package,
# installs it with apt-get, runs /usr/bin/slidedb --version and a solve of a
# bundled example from /usr/share/doc/slidedb, then removes it and checks
# nothing is left. Needs root; refuses to run where slidedb is installed
# already, as it would remove it.
#
#   tests/e2e/package_test.sh BUILD_DIR
set -uo pipefail
build="$1"
fail() { echo "package test FAILED: $*" >&2; exit 1; }
[ "$(id -u)" -eq 0 ] || fail "must run as root to install the package (running as $(id -un))"
if dpkg-query -W -f='${Status}' slidedb 2>/dev/null | grep -q "install ok installed"; then
    fail "a slidedb package is installed on this machine; this test installs and removes one: remove it first"
fi
out="$(mktemp -d /tmp/slidedb-deb-XXXXXX)"
trap 'rm -rf "$out"' EXIT

(cd "$build" && cpack -G DEB -B "$out" >"$out/cpack.log" 2>&1) || { cat "$out/cpack.log" >&2; fail "cpack failed"; }
deb="$(ls "$out"/slidedb_*.deb 2>/dev/null | head -n 1)"
[ -n "$deb" ] || fail "cpack wrote no slidedb_*.deb"
depends="$(dpkg-deb -f "$deb" Depends)"
for lib in libtbb12 libtbbmalloc2 libturbojpeg0 libdeflate0 libsqlite3-0 libfmt9 libstdc++6 libc6; do
    grep -q "$lib" <<<"$depends" || fail "Depends lacks $lib: $depends"
done
grep -q -- "-dev" <<<"$depends" && fail "Depends names a -dev package: $depends"

DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$deb" >"$out/apt.log" 2>&1 \
    || { cat "$out/apt.log" >&2; fail "apt-get install failed"; }
remove() { DEBIAN_FRONTEND=noninteractive apt-get remove -y -qq slidedb >"$out/remove.log" 2>&1; }
[ -x /usr/bin/slidedb ] || { remove; fail "/usr/bin/slidedb is not there"; }
version="$(/usr/bin/slidedb --version | head -n 1)"
solved="$(/usr/bin/slidedb solve /usr/share/doc/slidedb/examples/boards/kb_input.txt)"
remove || { cat "$out/remove.log" >&2; fail "apt-get remove failed"; }
[[ "$version" =~ ^slidedb\ [0-9] ]] || fail "/usr/bin/slidedb --version printed '$version'"
grep -q "^Solved in 4 moves" <<<"$solved" || fail "/usr/bin/slidedb solve kb_input.txt printed: $solved"
[ ! -e /usr/bin/slidedb ] && [ ! -e /usr/share/man/man1/slidedb.1 ] && [ ! -e /usr/share/doc/slidedb/README.md ] \
    || fail "files are left after the package was removed"
echo "package: $(basename "$deb"), $(stat -c %s "$deb") bytes, Depends: $depends"
