#!/usr/bin/env bash
# End-to-end: `cmake --install` into a temporary prefix gives the binary, the
# manual page (read with man -l), the bash completion (driven the way bash
# drives it: COMP_WORDS, COMP_CWORD, then the function `complete -p` names),
# and the README and licence notes; the installed binary runs.
#
#   tests/e2e/install_test.sh BUILD_DIR
set -uo pipefail
build="$1"
fail() { echo "install test FAILED: $*" >&2; exit 1; }
prefix="$(mktemp -d /tmp/slidedb-install-XXXXXX)"
trap 'rm -rf "$prefix"' EXIT

cmake --install "$build" --prefix "$prefix" >/dev/null || fail "cmake --install failed"
for f in bin/slidedb share/man/man1/slidedb.1 share/bash-completion/completions/slidedb \
         share/doc/slidedb/README.md share/doc/slidedb/copyright share/doc/slidedb/examples/boards/kb_input.txt; do
    [ -f "$prefix/$f" ] || fail "$f was not installed"
done

version="$("$prefix/bin/slidedb" --version)" || fail "--version failed"
[[ "$version" =~ ^slidedb\ [0-9]+\.[0-9]+\.[0-9]+$'\n'schema\ [0-9]+\ \(the\ database\ version\ it\ writes\)$'\n'enumerator\ unblock\ .+$ ]] \
    || fail "--version printed: $version"
"$prefix/bin/slidedb" solve "$prefix/share/doc/slidedb/examples/boards/kb_input.txt" | grep -q "^Solved in 4 moves" \
    || fail "the installed binary did not solve kb_input.txt in 4 moves"

# The manual page: every command and every option of each command is there.
command -v man >/dev/null || fail "man not found: install man-db (scripts/setup.sh --test)"
page="$(MANWIDTH=200 man -l "$prefix/share/man/man1/slidedb.1" 2>/dev/null)" || fail "man -l cannot read the page"
for word in import solve show report query scan render generate enumerate merge --shard --max-memory \
            --format --by --family --theme --puzzle-clusters-only "EXIT STATUS"; do
    grep -q -- "$word" <<<"$page" || fail "the manual page does not mention $word"
done

# The completion, as bash runs it.
completes() {  # completes WORD... : what <TAB> offers after the words (the last is the one being typed)
    bash -c 'source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); fn="$(complete -p slidedb | sed -E "s/.* -F ([^ ]+) .*/\1/")"; "$fn"; echo "${COMPREPLY[*]}"' \
        _ "$prefix/share/bash-completion/completions/slidedb" slidedb "$@"
}
[ "$(completes rep)" = "report" ] || fail "slidedb rep<TAB> gave '$(completes rep)'"
[ "$(completes report --format "")" = "table md csv json html" ] || fail "report --format <TAB> gave '$(completes report --format "")'"
[ "$(completes query --format "")" = "table md csv json" ] || fail "query --format <TAB> gave '$(completes query --format "")'"
[ "$(completes report --by "")" = "moves steps cluster effort" ] || fail "--by <TAB> gave '$(completes report --by "")'"
[ "$(completes report --family "")" = "unblock blocks tiles" ] || fail "--family <TAB> gave '$(completes report --family "")'"
[ "$(completes render board.txt --theme c)" = "cherry current" ] || fail "--theme c<TAB> gave '$(completes render board.txt --theme c)'"
[ "$(completes import --sh)" = "--shard" ] || fail "import --sh<TAB> gave '$(completes import --sh)'"
[ "$(completes report hard)" = "hardest" ] || fail "report hard<TAB> gave '$(completes report hard)'"
echo "install: binary, manual page, completion, README and licence notes in $prefix"
