#!/usr/bin/env bash
# pgn-convert's searches in positions: --classify, --eco, --position, --in-variations,
# --material, --material-plies, and the summary's counts. The expected codes and names are
# the lines of libchess/openings/lichess.tsv, looked up by hand; the positions and material
# balances were worked out on a board by hand.
# Usage: pgn_convert_search_test.sh PATH/TO/pgn-convert
set -uo pipefail
bin=$1
run_flags=(--no-progress)
# shellcheck source=tests/cli/lib.sh
source "$(dirname "$0")/lib.sh"
game() {  # game EVENT MOVES [EXTRA TAG LINES]
  printf '[Event "%s"]\n[Site "S"]\n[Date "2024.01.02"]\n[Round "1"]\n[White "W"]\n[Black "B"]\n[Result "*"]\n%s\n\n%s\n\n' \
    "$1" "${3:-}" "$2"
}
tag() { grep -A12 "^\[Event \"$1\"\]" <<<"$out" | grep "^\[$2 " | head -n1; }
events() { grep '^\[Event ' <<<"$out" | sed 's/^\[Event "\(.*\)"\]$/\1/' | tr '\n' ' '; }
najdorf='rnbqkb1r/1p2pppp/p2p1n2/8/3NP3/2N5/PPP2PPP/R1BQKB1R'
{
  # The Najdorf by 2. Nc3 and 3. Nge2 (pgn-extract's example of a transposition), its old tags replaced.
  game najdorf "1. e4 c5 2. Nc3 d6 3. Nge2 Nf6 4. d4 cxd4 5. Nxd4 a6 6. Qd3 *" \
    $'[ECO "Z99"]\n[Opening "Old"]\n[Variation "Old line"]\n[SubVariation "Old sub"]'
  # Not in the table as played: 1. d4 Nf6 2. Nf3's position (the e.p. square d3 counts for nothing).
  game knights "1. Nf3 Nf6 2. d4 *" '[ECO "A46"]'
  # Through B20 (1. e4 c5) and on to the English Attack: the deepest counts.
  game english "1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 6. Be3 e5 7. Nb3 Be6 8. f3 Be7 *"
  # An ending set up from a FEN: no position of the table; its own tag stays.
  game ending "1. Rb1 Kd7 *" $'[SetUp "1"]\n[FEN "4k3/8/8/8/8/8/4P3/R3K3 w - - 0 1"]\n[ECO "E99"]'
  # The Najdorf position reached only in a variation.
  game variation "1. e4 e5 (1... c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6) 2. Nf3 *"
  # Material: after 2. exd5 White has a pawn more (one position); after 2... Qxd5 each side
  # has seven pawns, in three positions (after plies 4, 5 and 6), as in "najdorf" (after
  # plies 9, 10 and 11) and "english" (ten positions, from ply 7).
  game material "1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 *"
} >"$tmp/games.pgn"

run --classify "$tmp/games.pgn"
check "--classify: exit 0" [ $status -eq 0 ]
check "transposition: ECO" [ "$(tag najdorf ECO)" = '[ECO "B90"]' ]
check "transposition: Opening, the name before ': '" [ "$(tag najdorf Opening)" = '[Opening "Sicilian Defense"]' ]
check "transposition: Variation, the name after it" [ "$(tag najdorf Variation)" = '[Variation "Najdorf Variation"]' ]
check "old SubVariation removed" [ -z "$(tag najdorf SubVariation)" ]
check "old tags replaced, not doubled" [ "$(grep -c '^\[ECO ' <<<"$out")" -eq 6 ]
check "e.p. square no pawn can use: A46" [ "$(tag knights Opening)$(tag knights Variation)" = \
  '[Opening "Indian Defense"][Variation "Knights Variation"]' ]
check "deepest position: the English Attack" [ "$(tag english Variation)" = \
  '[Variation "Najdorf Variation, English Attack"]' ]
check "not found: its own ECO tag kept" [ "$(tag ending ECO)" = '[ECO "E99"]' ]
check "variations are not classified" [ "$(tag variation ECO)$(tag variation Opening)" = \
  '[ECO "C40"][Opening "King'"'"'s Knight Opening"]' ]
check "summary: classified" grep -q "; classified: 5 of the 6 written (1 reached no position of the opening table)$" <<<"$err"
check "moves left as they were" grep -q '^1. Nf3 Nf6 2. d4 \*$' <<<"$out"
run --format jsonl --classify "$tmp/games.pgn"
check "--classify in JSON Lines" python3 -c '
import json, sys
g = json.loads(sys.stdin.readline())["tags"]
assert (g["ECO"], g["Opening"], g["Variation"]) == ("B90", "Sicilian Defense", "Najdorf Variation"), g
assert "SubVariation" not in g' <<<"$out"

# --eco: the classification's code with --classify, the game's ECO tag without.
run --classify --eco B90-B99 "$tmp/games.pgn"
check "--eco range" [ "$(events)" = "najdorf english " ]
check "--eco summary: kept and dropped, and the unclassified" \
  grep -q "filtered out: 4 by --eco B90-B99 (2 kept; 1 of them not classified); classified: 2 of the 2 written" <<<"$err"
run --classify --eco A,C4 "$tmp/games.pgn"
check "--eco a letter, a start of a code, a list" [ "$(events)" = "knights variation " ]
run --eco E "$tmp/games.pgn"
check "--eco without --classify: the ECO tags as they are" [ "$(events)" = "ending " ]
check "--eco without --classify: games with no code counted" \
  grep -q "filtered out: 5 by --eco E (1 kept; 4 of them without an ECO code in their tags)$" <<<"$err"
for bad in B-A Z 'A00-' B999 b90; do
  run --eco "$bad" "$tmp/games.pgn"
  check "--eco '$bad' refused: exit 2" [ $status -eq 2 ]
  check "--eco '$bad' refused: says what a range is" grep -q "expected an ECO code (A00 to E99)" <<<"$err"
done

# --position: the main line; the variations with --in-variations.
run --position "$najdorf w" "$tmp/games.pgn"
check "--position with the side" [ "$(events)" = "najdorf english " ]
check "--position summary" grep -q "filtered out: 4 by --position $najdorf w (2 kept)$" <<<"$err"
run --position "$najdorf" "$tmp/games.pgn"
check "--position without the side" [ "$(events)" = "najdorf english " ]
run --position "$najdorf b" "$tmp/games.pgn"
check "--position, the other side to move: none" [ -z "$(events)" ]
run --position "$najdorf w KQkq - 0 6" "$tmp/games.pgn"
check "--position, a whole FEN: its castling and clocks not compared" [ "$(events)" = "najdorf english " ]
run --position "$najdorf" --in-variations "$tmp/games.pgn"
check "--in-variations" [ "$(events)" = "najdorf english variation " ]
run --format uci --position "$najdorf" --in-variations "$tmp/games.pgn"
check "--in-variations with an output that has no variations" [ "$(wc -l <<<"$out")" -eq 3 ]
run --position '4k3/8/8/8/8/8/4P3/1R2K3 b' "$tmp/games.pgn"
check "--position in a game from a FEN" [ "$(events)" = "ending " ]
run --position '4k3/8/8/8/8/8/4P3/R3K3 w' "$tmp/games.pgn"
check "--position: the start position counts" [ "$(events)" = "ending " ]
run --position "$najdorf" --position '4k3/8/8/8/8/8/4P3/R3K3' "$tmp/games.pgn"
check "--position twice: either" [ "$(events)" = "najdorf english ending " ]
check "--position twice: one criterion" grep -q "filtered out: 3 by --position (any of 2) (3 kept)$" <<<"$err"
run --position 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w' "$tmp/games.pgn"
check "bad --position: exit 2" [ $status -eq 2 ]
check "bad --position: the column and why" grep -q "column 43: rank 1 describes 7 squares, expected 8" <<<"$err"
run --position "$najdorf x" "$tmp/games.pgn"
check "bad side to move: said" grep -q "the side to move 'x': expected w or b" <<<"$err"
run --position 'K7/8/8/8/8/8/8/k6R' "$tmp/games.pgn"
check "no side given: the side that can be to move (Black, in check)" [ $status -eq 0 ]
run --position 'K7/8/8/8/8/8/8/k6R w' "$tmp/games.pgn"
check "White to move with Black in check: refused" [ $status -eq 2 ]
run --position '8/8/8/8/8/8/8/8' "$tmp/games.pgn"
check "no kings: said" grep -q "no white king" <<<"$err"
run --in-variations "$tmp/games.pgn"
check "--in-variations alone: exit 2" [ $status -eq 2 ]

# --material: White's pieces, then Black's, exactly.
full='KQRRBBNNPPPPPPPP'
run --material "$full:KQRRBBNNPPPPPPP" "$tmp/games.pgn"
check "--material: a pawn up, one position" [ "$(events)" = "material " ]
run --material "$full:KQRRBBNNPPPPPPP" --material-plies 2 "$tmp/games.pgn"
check "--material-plies 2: not in two positions" [ -z "$(events)" ]
run --material "KQR2B2N2P7:KQR2B2N2P7" --material-plies 3 "$tmp/games.pgn"
check "--material-plies 3: held in three positions" [ "$(events)" = "najdorf english material " ]
run --material "KQR2B2N2P7:kqr2b2n2p7" --material-plies 4 "$tmp/games.pgn"
check "--material-plies 4: held so long in one game" [ "$(events)" = "english " ]
check "--material summary" grep -q "filtered out: 5 by --material KQR2B2N2P7:kqr2b2n2p7 (1 kept)$" <<<"$err"
run --material "$full:QRRBBNNPPPPPPP" --material 'KRP:K' "$tmp/games.pgn"
check "--material twice: either; the king may be left out" [ "$(events)" = "ending material " ]
run --material 'KRP:K' "$tmp/games.pgn"
check "--material: exactly those pieces (K+R+P v K)" [ "$(events)" = "ending " ]
run --material 'KR:K' --material 'KRP:KR' "$tmp/games.pgn"
check "--material: balances never reached" [ -z "$(events)" ]
for bad in KRP KRX:K KK:K P9:K; do
  run --material "$bad" "$tmp/games.pgn"
  check "--material '$bad' refused: exit 2" [ $status -eq 2 ]
done
check "--material: why" grep -q "White can have at most 16 pieces, 8 of them pawns" <<<"$err"
run --material-plies 2 "$tmp/games.pgn"
check "--material-plies alone: exit 2" [ $status -eq 2 ]

# Criteria in order, after --match and --plies; --skip and --first after them (--first 1
# stops the reading at the game it takes, the third).
run --classify --match 'Event~^[a-m]' --eco B --position "$najdorf" --first 1 "$tmp/games.pgn"
check "all together" [ "$(events)" = "english " ]
check "all together: the summary in order" grep -q \
  "^3 games read: 1 written, .*filtered out: 1 by --match Event~^\[a-m\], 1 by --eco B (1 kept), 0 by --position $najdorf (1 kept); classified: 1 of the 1 written" <<<"$err"

# A game with errors is passed through, whatever the criteria.
{ cat "$tmp/games.pgn"; game broken "1. e4 e5 2. Ke3 *"; } >"$tmp/broken.pgn"
run --position "$najdorf" "$tmp/broken.pgn"
check "errors: passed through" grep -q '^1. e4 e5 2. Ke3 \*$' <<<"$out"
check "errors: counted" grep -q "^7 games read: 2 written, 0 rejected, 1 passed through with errors;" <<<"$err"

# --stop-early: a game is replayed only while the position can still be reached. Worked out
# by hand for the Najdorf: "ending" (one pawn) cannot reach it from its start, "variation"
# and "broken" not after 1... e5 (the Najdorf has Black's pawn on e7, and a pawn never goes
# back), so broken's 2. Ke3 is never read; "knights" and "material" can reach it to their
# last move (no man it needs taken, no pawn of its second or seventh rank moved).
run --stop-early --position "$najdorf" "$tmp/broken.pgn"
check "--stop-early: the same games kept" [ "$(events)" = "najdorf english " ]
check "--stop-early: the error after the stop not found, the game counted as dropped" grep -q \
  "^7 games read: 2 written, 0 rejected, 0 passed through with errors; filtered out: 5 by --position $najdorf (2 kept); 3 of the games dropped read only until out of reach (--stop-early: the rest unchecked)$" <<<"$err"
check "--stop-early: exit 0" [ $status -eq 0 ]
# Reached by promotion: the two queens of White after 1. a8=Q are a pawn's (KQQ), never out
# of reach while White has its pawn; the rook ending KR:K is out of reach once the rook is gone.
game promoted "1. a8=Q+ Kh7 2. Qc2+ Kh6 *" $'[SetUp "1"]\n[FEN "7k/P7/8/8/8/8/8/2Q1K3 w - - 0 1"]' >"$tmp/promoted.pgn"
run --stop-early --material KQQ:K "$tmp/promoted.pgn"
check "--stop-early: a balance reached by promotion" [ "$(events)" = "promoted " ]
check "--stop-early: that game valid" grep -q "^1 games* read: 1 written, 0 rejected, 0 passed through with errors" <<<"$err"
run --stop-early --material KR:K "$tmp/promoted.pgn"
check "--stop-early: a balance out of reach from the start" grep -q "1 of the games dropped read only until out of reach" <<<"$err"
for other in --in-variations --classify "--fix" "--match White~W" "--where Round=1" "--on-error skip --rejects $tmp/r.pgn"; do
  # shellcheck disable=SC2086
  run --stop-early --position "$najdorf" $other "$tmp/games.pgn"
  check "--stop-early with $other: refused, exit 2" [ $status -eq 2 ]
done
check "--stop-early with --rejects: why" grep -q "leaves games refused unread: not with --rejects" <<<"$err"
run --stop-early "$tmp/games.pgn"
check "--stop-early alone: refused" grep -q "goes with --position or --material" <<<"$err"

# The same with the general reader and with two jobs.
for i in $(seq 1 60); do cat "$tmp/games.pgn"; done >"$tmp/many.pgn"
for opts in "--classify --eco B" "--position $najdorf --in-variations" "--material KQR2B2N2P7:KQR2B2N2P7 --material-plies 2" \
  "--position $najdorf --stop-early"; do
  # shellcheck disable=SC2086
  "$bin" --no-progress $opts "$tmp/many.pgn" >"$tmp/one.out" 2>"$tmp/one.err"
  # shellcheck disable=SC2086
  "$bin" --no-progress $opts --jobs 2 "$tmp/many.pgn" >"$tmp/two.out" 2>"$tmp/two.err"
  # shellcheck disable=SC2086
  "$bin" --no-progress $opts --no-fast-path "$tmp/many.pgn" >"$tmp/general.out" 2>"$tmp/general.err"
  check "$opts: --jobs 2 the same" cmp -s "$tmp/one.out" "$tmp/two.out"
  check "$opts: --jobs 2 the same summary" cmp -s "$tmp/one.err" "$tmp/two.err"
  check "$opts: --no-fast-path the same" cmp -s "$tmp/one.out" "$tmp/general.out"
  check "$opts: --no-fast-path the same summary" cmp -s "$tmp/one.err" "$tmp/general.err"
done

finish "pgn-convert searches"
