#!/usr/bin/env bash
# fen-perft's divide against Stockfish's "go perft", move by move, on positions full of
# checks, pins, e.p. and castling, standard and Chess960. Exit 77 (skipped) without Stockfish.
set -uo pipefail
bin=$1
sf=/usr/games/stockfish
if [ ! -x "$sf" ]; then
  echo "SKIPPED: $sf not installed (apt-get install stockfish)"
  exit 77
fi
passed=0
failed=0
compare() {  # compare DEPTH FEN [chess960]
  local depth=$1 fen=$2 c960=${3:-false} flag=()
  [ "$c960" = true ] && flag=(--chess960)
  local ours theirs
  ours=$("$bin" --fen "$fen" -d "$depth" --divide "${flag[@]}" | grep -E '^([a-h][1-8]){2}[qrbn]?: |^Nodes' | sort)
  theirs=$(printf 'setoption name UCI_Chess960 value %s\nposition fen %s\ngo perft %s\nquit\n' "$c960" "$fen" "$depth" |
    "$sf" 2>/dev/null | grep -E '^([a-h][1-8]){2}[qrbn]?: |^Nodes' | sort)
  if [ -n "$ours" ] && [ "$ours" = "$theirs" ]; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    echo "FAIL: depth $depth $fen" >&2
    diff <(echo "$ours") <(echo "$theirs") | head -20 >&2
  fi
}
compare 4 "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
compare 4 "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
compare 5 "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"
compare 4 "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1"
compare 4 "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8"
compare 5 "8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1"
compare 5 "8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1"
compare 4 "r3k2r/8/3Q4/8/8/5q2/8/R3K2R b KQkq - 0 1"
compare 5 "2K2r2/4P3/8/8/8/8/8/3k4 w - - 0 1"
compare 4 "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9" true
compare 4 "2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9" true
compare 4 "rk2r3/pppppppp/8/8/8/8/PPPPPPPP/RK2R3 w EAea - 0 1" true
compare 4 "1rk1r3/8/8/8/8/8/8/1RK1R3 w KQkq - 0 1" true
echo "fen-perft vs stockfish: $passed passed, $failed failed"
[ $failed -eq 0 ]
