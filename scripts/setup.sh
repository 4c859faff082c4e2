#!/usr/bin/env bash
# Installs what slidedb needs to build, from Debian's packages; with --test,
# also what the tests need. Idempotent and non-interactive: packages already
# present are not touched.
set -euo pipefail

packages=(build-essential cmake pkg-config
          libsqlitecpp-dev libsqlite3-dev libtbb-dev libcli11-dev libfmt-dev
          libgtest-dev libstb-dev libbenchmark-dev sqlite3 time
          libturbojpeg0-dev  # decoding JPEG pictures
          libdeflate-dev  # inflating PNG pictures' rows
          libspng-dev libpng-dev  # scan_bench: other PNG decoders, side by side
          libcpp-httplib-dev)  # serve: the HTTP server
if [ "${1:-}" = "--test" ]; then
    packages+=(chromium)  # headless, for the test of the HTML report's player
    # a one-node cluster for the sharded enumeration and import tests (ss: its free ports)
    packages+=(slurm-wlm munge iproute2)
    packages+=(man-db)  # man -l reads the installed manual page in the install test
    packages+=(chromium-driver python3-selenium)  # the web app (serve) in a real browser
    # scripts/sanitize.sh and fuzz.sh: ASan, UBSan, libFuzzer; clang 16 for
    # C++20's parenthesized aggregate initialization, which clang 14 lacks
    packages+=(clang-16 libclang-rt-16-dev)
fi
missing=()
for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
    echo "setup: installing ${missing[*]}" >&2
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
