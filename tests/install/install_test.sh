#!/usr/bin/env bash
# The library installed as a user installs it (cmake --install into a fresh prefix), then a
# small program built against the installed tree twice: through find_package(libchess
# CONFIG) and through pkg-config. Both must build, run and print the known answers
# (perft 3 of Kiwipete 97862; e4 read as e4; a mate in four valid, a king walking into
# check invalid).
# Usage: install_test.sh BUILD_DIR
set -uo pipefail
build=$1
here=$(cd "$(dirname "$0")" && pwd)
bin=/bin/true
run_flags=()
# shellcheck source=tests/cli/lib.sh
source "$here/../cli/lib.sh"
# A sanitizer build's library needs its runtime in every program that loads it: the
# consumer is tried against the plain builds only.
if grep -q '^CHESS_SANITIZE:STRING=.' "$build/CMakeCache.txt" 2>/dev/null; then
  echo "install: a sanitizer build (CHESS_SANITIZE): skipped"
  exit 77
fi
prefix=$tmp/prefix
cmake --install "$build" --prefix "$prefix" >/dev/null
check "installed: the library, its headers, the CMake package, the pkg-config file" \
  test -e "$prefix/include/chess/config.h" -a -e "$prefix/lib/pkgconfig/libchess.pc" -a \
  -e "$prefix/lib/cmake/libchess/libchessConfig.cmake"
# Only the public API exported: the headers' functions are there, the library's own
# helpers behind them (src/) are not.
exported=$(nm -DC --defined-only "$prefix/lib/libchess.so" 2>/dev/null)
check "exports the public API (chess::generate_legal, chess::rules::analyse_dead_position)" \
  bash -c 'grep -q "chess::generate_legal(" <<<"$1" && grep -q "chess::rules::analyse_dead_position(" <<<"$1"' _ "$exported"
check "exports nothing of the library's own: rules::detail, pgn::plain, notation::descriptive, anonymous namespaces" \
  bash -c '! grep -E "chess::rules::detail::|chess::pgn::plain::|chess::notation::descriptive::|anonymous namespace" <<<"$1"' \
  _ "$exported"
expected=$'perft 3: 97862\ne4 read as: e4\ngames: 1 valid, 1 invalid'
cmake -S "$here" -B "$tmp/consumer" -DCMAKE_PREFIX_PATH="$prefix" >"$tmp/log" 2>&1 &&
  cmake --build "$tmp/consumer" >>"$tmp/log" 2>&1
check "find_package(libchess CONFIG): builds" test -x "$tmp/consumer/consumer"
check "find_package(libchess CONFIG): runs, right answers" \
  bash -c '[ "$("$1")" = "$2" ]' _ "$tmp/consumer/consumer" "$expected"
[ -x "$tmp/consumer/consumer" ] || cat "$tmp/log" >&2
PKG_CONFIG_PATH=$prefix/lib/pkgconfig
export PKG_CONFIG_PATH
# shellcheck disable=SC2046
c++ "$here/consumer.cpp" $(pkg-config --cflags --libs libchess) -Wl,-rpath,"$prefix/lib" -o "$tmp/by-pkg-config" 2>"$tmp/log"
check "pkg-config: builds" test -x "$tmp/by-pkg-config"
check "pkg-config: runs, right answers" bash -c '[ "$("$1")" = "$2" ]' _ "$tmp/by-pkg-config" "$expected"
[ -x "$tmp/by-pkg-config" ] || cat "$tmp/log" >&2
finish "install"
