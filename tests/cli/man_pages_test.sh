#!/usr/bin/env bash
# Each program's --help and its man page list the same long options; every man page
# renders with no warning from groff -ww; every program answers --version.
# Usage: man_pages_test.sh BIN_DIR MAN_DIR
set -uo pipefail
dir=$1
man=$2
bin=/bin/true
run_flags=()
# shellcheck source=tests/cli/lib.sh
source "$(dirname "$0")/lib.sh"
command -v groff >/dev/null || { echo "man pages: no groff: skipped"; exit 77; }

# The long options a --help lists, and the ones an OPTIONS section's tags (.TP lines) name.
help_options() { "$dir/$1" --help | grep -oE '^ +(-[a-zA-Z0-9], ?)?--[a-z0-9-]+' | grep -oE -- '--[a-z0-9-]+' | sort -u; }
man_options() {
  sed -n '/^\.SH OPTIONS/,/^\.SH [A-Z]/p' "$man/$1.1" | awk 'prev == ".TP" { print } { prev = $1 }' |
    sed 's/\\-/-/g' | grep -oE -- '--[a-z0-9][a-z0-9-]*' | sort -u
}
for program in pgn-validate pgn-convert fen-perft game-adjudicate notation-translate; do
  help_options "$program" >"$tmp/help"
  man_options "$program" >"$tmp/man"
  check "$program: --help lists options" [ -s "$tmp/help" ]
  if ! diff "$tmp/help" "$tmp/man" >"$tmp/diff"; then
    sed 's/^/  /' "$tmp/diff" >&2
    check "$program: --help and the man page list the same options (< --help only, > man only)" false
  else
    check "$program: --help and the man page list the same options" true
  fi
  warnings=$(groff -ww -man -Tutf8 -z "$man/$program.1" 2>&1)
  check "$program: the man page renders with no warning${warnings:+: $warnings}" [ -z "$warnings" ]
  check "$program: --version" bash -c "'$dir/$program' --version | grep -q '^$program [0-9]'"
done
finish "man pages"
