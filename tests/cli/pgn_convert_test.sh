#!/usr/bin/env bash
# pgn-convert as users run it: formats, dialects, selection, error policies, exit status.
# Usage: pgn_convert_test.sh PATH/TO/pgn-convert
set -uo pipefail
bin=$1
run_flags=(--no-progress)
# shellcheck source=tests/cli/lib.sh
source "$(dirname "$0")/lib.sh"
game() {  # game EVENT WHITE RESULT MOVES
  printf '[Event "%s"]\n[Site "S"]\n[Date "2024.01.02"]\n[Round "1"]\n[White "%s"]\n[Black "B"]\n[Result "%s"]\n\n%s\n\n' \
    "$1" "$2" "$3" "$4"
}
{
  game "Open A" "Carlsen" "1-0" "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0"
  game "Open B" "Caruana" "*" "1. e4 e5 2. Nf5 Nc6 *"
  game "Open A" "Anand" "1/2-1/2" "1. d4 d5 2. c4 e6 1/2-1/2"
} >"$tmp/mixed.pgn"

run "$tmp/mixed.pgn"
check "bad game: exit 1" [ $status -eq 1 ]
check "bad game: reported with file:line:col and code" grep -q "mixed.pgn:19:14: error\[illegal-move\]" <<<"$err"
check "summary" grep -q "^3 games read: 2 written, 0 rejected, 1 passed through with errors$" <<<"$err"
run <(game "Open A" "Carlsen" "1-0" "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0")
check "summary: 1 game" grep -q "^1 game read: 1 written, 0 rejected, 0 passed through with errors$" <<<"$err"
sed -n '11,19p' "$tmp/mixed.pgn" >"$tmp/bad-original.txt"
check "bad game: written through byte for byte" grep -qF "$(cat "$tmp/bad-original.txt")" "$tmp/out"
check "good games: export format" grep -q "^1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0$" <<<"$out"

run --on-error skip --rejects "$tmp/rejects.pgn" "$tmp/mixed.pgn"
check "skip: exit 1" [ $status -eq 1 ]
check "skip: left out" [ "$(grep -c '^\[Event' <<<"$out")" -eq 2 ]
check "skip: rejects file has the original" grep -qF "1. e4 e5 2. Nf5 Nc6 *" "$tmp/rejects.pgn"
check "skip: summary" grep -q "2 written, 1 rejected, 0 passed through" <<<"$err"
run --on-error stop "$tmp/mixed.pgn"
check "stop: stops at the first" [ "$(grep -c '^\[Event' <<<"$out")" -eq 1 ]
check "stop: exit 1" [ $status -eq 1 ]
run --rejects "$tmp/r.pgn" "$tmp/mixed.pgn"
check "--rejects without skip: usage error" [ $status -eq 2 ]
run "$tmp/none.pgn"
check "missing file: exit 2" [ $status -eq 2 ]
check "missing file: said once, with no empty-input warning after it" \
  [ "$(grep -c -e 'No such file' -e empty-input <<<"$err")" -eq 1 ]

# A termination marker ending a line of analysis inside a variation: kept as a comment
# there (pgn-validate's test: and said), and the game read on to its own end. Before, the marker ended the game,
# so that the rest of it was cut off (passed through shortened, said as an unclosed variation).
run <<<$'[Event "E"]\n[Result "1-0"]\n\n1. e4 e5 2. Qh5 Nc6 (2... g6 3. Qxe5+ 1-0) 3. Bc4 Nf6 4. Qxf7# 1-0\n'
check "marker in a variation: the game whole, valid" [ $status -eq 0 ]
check "marker in a variation: kept as a comment" grep -qF '1. e4 e5 2. Qh5 Nc6 ( 2... g6 3. Qxe5+ { 1-0 } ) 3. Bc4 Nf6 4. Qxf7# 1-0' <<<"$out"

# Idempotence, and every dialect there and back.
"$bin" --no-progress --on-error skip "$tmp/mixed.pgn" >"$tmp/clean.pgn" 2>/dev/null
"$bin" --no-progress "$tmp/clean.pgn" >"$tmp/again.pgn" 2>/dev/null
check "idempotent" cmp -s "$tmp/clean.pgn" "$tmp/again.pgn"
# A game without a termination marker is passed through as read, without the blank lines
# it was read to (they used to pile up, one more on each pass).
printf '[Event "x"]\n\n1. e4 e5 2. Nf3\n\n\n' >"$tmp/no-marker.pgn"
"$bin" --no-progress "$tmp/no-marker.pgn" >"$tmp/pass1.pgn" 2>/dev/null
"$bin" --no-progress "$tmp/pass1.pgn" >"$tmp/pass2.pgn" 2>/dev/null
check "no marker: passed through as read" cmp -s "$tmp/pass1.pgn" <(printf '[Event "x"]\n\n1. e4 e5 2. Nf3\n\n')
check "no marker: unchanged on a second pass" cmp -s "$tmp/pass1.pgn" "$tmp/pass2.pgn"
for d in lan uci fan descriptive chinese san-de iccf smith; do
  "$bin" --no-progress --to "$d" "$tmp/clean.pgn" 2>/dev/null | "$bin" --no-progress --from "$d" 2>/dev/null >"$tmp/back.pgn"
  check "round trip through $d" cmp -s "$tmp/clean.pgn" "$tmp/back.pgn"
done

# Other formats.
run --format uci "$tmp/clean.pgn"
check "uci: one line per game" [ "$out" = $'e2e4 e7e5 d1h5 b8c6 f1c4 g8f6 h5f7\nd2d4 d7d5 c2c4 e7e6' ]
# A game passed through with errors keeps its line, empty, so that line N is still game N's
# (before, it had none: the third game's moves stood on the second line).
run --format uci "$tmp/mixed.pgn"
check "uci: a game with errors keeps its (empty) line" [ "$out" = $'e2e4 e7e5 d1h5 b8c6 f1c4 g8f6 h5f7\n\nd2d4 d7d5 c2c4 e7e6' ]
check "uci: and is said, and counted as passed through" \
  grep -q "^3 games read: 2 written, 0 rejected, 1 passed through with errors$" <<<"$err"
# A Chess960 game castles king-takes-rook in UCI, with its FEN tag or without (the standard
# start assumed): before, e1g1 without one and e1h1 with. Its line begins with its FEN (the
# castling rooks by their files) and a tab: the moves mean nothing without it.
for fen in "" $'[SetUp "1"]\n[FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"]\n'; do
  run --format uci <<<$'[Variant "Chess960"]\n'"$fen"$'\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O *'
  check "Chess960 castling in UCI, FEN tag '${fen:+given}': king takes rook" \
    [ "$out" = $'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1\te2e4 e7e5 g1f3 b8c6 f1c4 f8c5 e1h1' ]
done
# So has a game from a FEN: before, its moves stood alone, to be read from the start position.
run --format uci <<<$'[SetUp "1"]\n[FEN "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"]\n\n1. Kd2 Kd7 *'
check "uci: a game from a FEN has it before its moves" [ "$out" = $'4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\te1d2 e8d7' ]
# A Chess960 game known by its FEN alone (KQkq with the king on d1) is exported with the
# Variant tag, which other readers need to read its castling; once, on a second pass too.
c960=$'[Event "960"]\n[SetUp "1"]\n[FEN "nrbk2rn/pppppppp/8/8/8/8/PPPPPPPP/NRBK2RN w KQkq - 0 1"]\n\n1. O-O O-O *\n'
run <<<"$c960"
check "Chess960 by its FEN: the Variant tag written" grep -qx '\[Variant "Chess960"\]' <<<"$out"
check "Chess960 by its FEN: its castling still read (valid)" [ $status -eq 0 ]
again=$("$bin" --no-progress <<<"$out" 2>/dev/null)
check "Chess960 by its FEN: the tag once on a second pass, the export unchanged" [ "$again" = "$out" ]
run --tags roster <<<"$c960"
check "Chess960 by its FEN: the Variant tag kept with --tags roster" grep -qx '\[Variant "Chess960"\]' <<<"$out"
run --format epd "$tmp/clean.pgn"
check "epd: one line per position" [ "$(wc -l <<<"$out")" -eq 13 ]
check "epd: fields and id" grep -qx 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 hmvc 0; fmvn 1; id "game 1 ply 1";' <<<"$out"
run --format jsonl --to lan "$tmp/clean.pgn"
check "jsonl" python3 -c '
import json, sys
games = [json.loads(l) for l in sys.stdin]
assert len(games) == 2
g = games[0]
assert g["tags"]["White"] == "Carlsen" and g["result"] == "1-0" and g["dialect"] == "lan"
assert [m["move"] for m in g["moves"]][:2] == ["e2-e4", "e7-e5"] and g["moves"][0]["uci"] == "e2e4"
' <<<"$out"

# Selection.
run --match "Event~^Open A$" "$tmp/clean.pgn"
check "--match regex" [ "$(grep -c '^\[Event' <<<"$out")" -eq 2 ]
run --match "White=Anand" "$tmp/clean.pgn"
check "--match exact" grep -q '^\[White "Anand"\]' <<<"$out" && check "--match exact: one game" [ "$(grep -c '^\[Event' <<<"$out")" -eq 1 ]
check "--match: summary says what it removed" grep -q "filtered out: 1 by --match White=Anand" <<<"$err"
run --plies 5..10 "$tmp/clean.pgn"
check "--plies" grep -q '^\[White "Carlsen"\]' <<<"$out" && check "--plies removed one" grep -q "1 by --plies" <<<"$err"
run --first 1 "$tmp/clean.pgn"
check "--first" [ "$(grep -c '^\[Event' <<<"$out")" -eq 1 ]
run --skip 1 "$tmp/clean.pgn"
check "--skip" grep -q '^\[White "Anand"\]' <<<"$out"
run --match "Event~(a+)+$" "$tmp/clean.pgn"
check "RE2: a backtracking-prone pattern is fine" [ $status -eq 0 ]
run --match "Event~(" "$tmp/clean.pgn"
check "bad regex: exit 2" [ $status -eq 2 ] && check "bad regex: says why" grep -q "missing )" <<<"$err"

# Jobs keep order; stdin; BOM and CRLF in, LF out.
for i in $(seq 1 100); do cat "$tmp/clean.pgn"; done >"$tmp/many.pgn"
"$bin" --no-progress "$tmp/many.pgn" >"$tmp/one.pgn" 2>/dev/null
"$bin" --no-progress --jobs 2 "$tmp/many.pgn" >"$tmp/two.pgn" 2>/dev/null
check "--jobs 2: identical output" cmp -s "$tmp/one.pgn" "$tmp/two.pgn"
# The bundled sample (293 games, 419 KB) is read in two chunks with two jobs: game numbers
# (EPD ids, JSON Lines), put in as the games are written, must run on across them.
sample="$(dirname "$0")/../fixtures/sample.pgn"
for format in jsonl epd; do
  "$bin" --no-progress --format $format "$sample" >"$tmp/one.out" 2>/dev/null
  "$bin" --no-progress --format $format --jobs 2 "$sample" >"$tmp/two.out" 2>/dev/null
  check "--jobs 2: identical --format $format across chunks" cmp -s "$tmp/one.out" "$tmp/two.out"
done
check "EPD ids: the last game is 293" grep -q '^.* id "game 293 ply [0-9]*";$' <(tail -n1 "$tmp/two.out")
for format in pgn jsonl uci epd; do
  "$bin" --no-progress --format $format "$tmp/many.pgn" >"$tmp/fast.out" 2>"$tmp/fast.err"
  "$bin" --no-progress --format $format --no-fast-path "$tmp/many.pgn" >"$tmp/general.out" 2>"$tmp/general.err"
  check "--no-fast-path: identical --format $format" cmp -s "$tmp/fast.out" "$tmp/general.out"
  check "--no-fast-path: identical summary ($format)" cmp -s "$tmp/fast.err" "$tmp/general.err"
done
printf '\xEF\xBB\xBF[Event "x"]\r\n\r\n1. e4 e5 *\r\n' | "$bin" --no-progress >"$tmp/lf.pgn" 2>/dev/null
check "CRLF in, LF out" [ "$(grep -c $'\r' "$tmp/lf.pgn")" -eq 0 ]
check "stdin" grep -q "^1. e4 e5 \*$" "$tmp/lf.pgn"

printf '[White "A"]\n\n1. e4 *\n' >"$tmp/one.pgn"
for bad in "--first 0" "--first -1" "--skip -1"; do
  # shellcheck disable=SC2086
  run $bad "$tmp/one.pgn"
  check "$bad refused: exit 2, what is allowed" [ $status -eq 2 ]
  check "$bad refused: the range" grep -q "not in range" <<<"$err"
done
run --match 'white~^A' "$tmp/one.pgn"
check "--match on a tag no game has: warned, with the names there are" \
  grep -q "warning\[match-no-tag\]: --match 'white~^A': no game has a tag 'white'.*the games have: White)" <<<"$err"
run --match 'White~^A' "$tmp/one.pgn"
check "--match on a tag the games have: no warning" [ "$(grep -c match-no-tag <<<"$err")" -eq 0 ]

finish "pgn-convert CLI"
