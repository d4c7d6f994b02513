#!/usr/bin/env bash
# The programs' threaded paths under ThreadSanitizer (a build with CHESS_SANITIZE=thread):
# pgn-validate, pgn-convert and game-adjudicate with --jobs 2, fen-perft with --threads 2
# (with and without its hash table), over the shared corpus. Any report fails the run
# (TSAN_OPTIONS halt_on_error, exit code 66); exit statuses 0 and 1 (some game invalid) are
# answers. Skipped (77) without ../shared.
set -uo pipefail
bin=$1
shared=$2
[ -d "$shared/corpus/pgn" ] || { echo "threads: no shared corpus at $shared: skipped"; exit 77; }
export TSAN_OPTIONS="halt_on_error=1 exitcode=66 ${TSAN_OPTIONS:-}"
failed=0
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# A sample that keeps the run short under the sanitizer's 5-15x slowdown: engine, master
# and online games, with errors among them.
mapfile -t files < <(find "$shared/corpus/pgn/engine" "$shared/corpus/pgn/master" "$shared/corpus/pgn/online" \
  -name '*.pgn' -size -1500k | sort | awk 'NR % 4 == 1')
run() {
  local name=$1
  shift
  "$@" >"$work/out" 2>"$work/err"
  local status=$?
  if [ "$status" -gt 1 ]; then
    echo "FAIL $name: exit $status"
    grep -m5 -E "ThreadSanitizer|SUMMARY|error" "$work/err"
    failed=1
  else
    echo "ok   $name"
  fi
}
run "pgn-validate --jobs 2" "$bin/pgn-validate" -q --no-progress --jobs 2 "${files[@]}"
run "pgn-convert --jobs 2 --to uci" "$bin/pgn-convert" --no-progress --jobs 2 --to uci "${files[@]}"
if command -v pzstd >/dev/null; then  # the frames decompressed on threads beside the jobs'
  cat "${files[@]}" | pzstd -q -1 -p 2 -c >"$work/sample.pgn.zst"  # level 1: frames of 2 MB of text
  run "pgn-validate --jobs 2 on .zst (many frames)" "$bin/pgn-validate" -q --no-progress --jobs 2 "$work/sample.pgn.zst"
  run "pgn-convert --jobs 3 on .zst, stdin" "$bin/pgn-convert" --no-progress --jobs 3 --to uci - <"$work/sample.pgn.zst"
  head -c $(($(stat -c %s "$work/sample.pgn.zst") / 2)) "$work/sample.pgn.zst" >"$work/cut.pgn.zst"
  "$bin/pgn-validate" -q --no-progress --jobs 2 "$work/cut.pgn.zst" >/dev/null 2>"$work/err"
  if [ $? -ne 2 ] || grep -q ThreadSanitizer "$work/err"; then
    echo "FAIL pgn-validate --jobs 2 on .zst cut short"
    failed=1
  else
    echo "ok   pgn-validate --jobs 2 on .zst cut short"
  fi
fi
run "game-adjudicate --jobs 2" "$bin/game-adjudicate" --no-progress --jobs 2 "${files[@]}"
run "fen-perft --threads 2 --hash 0" "$bin/fen-perft" --threads 2 --hash 0 --depth 4 \
  "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
run "fen-perft --threads 2 --hash 16" "$bin/fen-perft" --threads 2 --hash 16 --depth 4 \
  "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
echo "${#files[@]} files"
exit $failed
