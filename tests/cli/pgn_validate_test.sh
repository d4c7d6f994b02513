#!/usr/bin/env bash
# pgn-validate as users run it: diagnostics, JSON Lines, summary, exit status, jobs.
# Usage: pgn_validate_test.sh PATH/TO/pgn-validate
set -uo pipefail
bin=$1
run_flags=(--no-progress)
# shellcheck source=tests/cli/lib.sh
source "$(dirname "$0")/lib.sh"

roster() {  # roster RESULT
  printf '[Event "E"]\n[Site "S"]\n[Date "2024.01.02"]\n[Round "1"]\n[White "Wh"]\n[Black "Bl"]\n[Result "%s"]\n\n' "$1"
}
{ roster "1-0"; printf '1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n'; } >"$tmp/good.pgn"
{
  roster "1-0"; printf '1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n'
  roster "*"; printf '1. e4 e5 2. Nf5 Nc6 *\n\n'
  roster "0-1"; printf '1. d4 d5 1-0\n\n'
} >"$tmp/mixed.pgn"

run "$tmp/good.pgn"
check "valid file: exit 0" [ $status -eq 0 ]
check "valid file: summary" grep -q "^1 game: 1 valid, 0 invalid; 0 warnings$" <<<"$err"
sed '/^\[Round/d' "$tmp/good.pgn" >"$tmp/no-round.pgn"
run "$tmp/no-round.pgn"
check "summary counts: 1 game, 1 warning" grep -q "^1 game: 1 valid, 0 invalid; 1 warning; missing-tag 1$" <<<"$err"
run "$tmp/no-round.pgn" "$tmp/no-round.pgn" "$tmp/good.pgn"
check "summary counts: 3 games, 2 warnings" grep -q "^3 games: 3 valid, 0 invalid; 2 warnings; missing-tag 2$" <<<"$err"
run "$tmp/mixed.pgn"
check "invalid games: exit 1" [ $status -eq 1 ]
check "illegal move: file:line:col, code, game, ply, move, position" \
  grep -q "mixed.pgn:19:14: error\[illegal-move\]: no white knight can move to f5 (game 2 at line 11, Wh - Bl, ply 3, move 'Nf5', position rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2)" <<<"$err"
check "illegal move: suggestions" grep -q "did you mean: " <<<"$err"
check "result mismatch" grep -q "mixed.pgn:29:10: error\[result-mismatch\]" <<<"$err"
check "summary by code" grep -q "^3 games: 1 valid, 2 invalid; 0 warnings; illegal-move 1, result-mismatch 1$" <<<"$err"

run --format jsonl "$tmp/mixed.pgn"
check "jsonl: one object per game and a summary" [ "$(wc -l <<<"$out")" -eq 4 ]
check "jsonl: schema" python3 -c '
import json, sys
lines = [json.loads(l) for l in sys.stdin]
g = lines[1]
assert set(g) >= {"game", "file", "line", "valid", "white", "black", "result", "errors", "warnings"}, g
assert g["game"] == 2 and g["valid"] is False and g["line"] == 11 and g["white"] == "Wh"
e = g["errors"][0]
assert set(e) >= {"code", "line", "col", "ply", "move", "fen", "message", "suggestions"}, e
assert e["code"] == "illegal-move" and e["ply"] == 3 and e["move"] == "Nf5" and e["line"] == 19 and e["col"] == 14
s = lines[3]["summary"]
assert s == {"games": 3, "valid": 1, "invalid": 2, "warnings": 0, "by_code": {"illegal-move": 1, "result-mismatch": 1}}, s
' <<<"$out"
run --quiet "$tmp/mixed.pgn"
check "--quiet: only the summary" [ "$(wc -l <<<"$err")" -eq 1 ]
run --quiet --format jsonl "$tmp/mixed.pgn"
check "--quiet jsonl: only the summary" [ "$(wc -l <<<"$out")" -eq 1 ]

# Jobs keep the output order and the verdicts.
for i in $(seq 1 60); do cat "$tmp/mixed.pgn"; done >"$tmp/many.pgn"
"$bin" --no-progress --format jsonl "$tmp/many.pgn" >"$tmp/one.jsonl" 2>/dev/null
"$bin" --no-progress --format jsonl --jobs 2 "$tmp/many.pgn" >"$tmp/two.jsonl" 2>/dev/null
check "--jobs 2: identical output" cmp -s "$tmp/one.jsonl" "$tmp/two.jsonl"
check "--jobs 2: all games" [ "$(wc -l <"$tmp/two.jsonl")" -eq 181 ]
"$bin" --no-progress --format jsonl --no-fast-path "$tmp/many.pgn" >"$tmp/general.jsonl" 2>/dev/null
check "--no-fast-path: identical output" cmp -s "$tmp/one.jsonl" "$tmp/general.jsonl"

# Standard input, several files, unreadable files.
"$bin" --no-progress - <"$tmp/good.pgn" 2>"$tmp/err"
check "stdin: exit 0" [ $? -eq 0 ]
"$bin" --no-progress - <"$tmp/mixed.pgn" 2>"$tmp/err"
check "stdin: named <stdin> in diagnostics" grep -q "^<stdin>:19:14: error\[illegal-move\]" "$tmp/err"
# Pipes (their buffer widened to a megabyte where the system allows): every game, the same
# report as from the file, with one job and with two; by name too (a FIFO, <(...)).
for jobs in 1 2; do
  cat "$tmp/many.pgn" | "$bin" --no-progress --format jsonl --jobs $jobs - 2>/dev/null | sed 's/"file": "<stdin>"/"file": "F"/' >"$tmp/piped.jsonl"
  sed "s|\"file\": \"$tmp/many.pgn\"|\"file\": \"F\"|" "$tmp/one.jsonl" >"$tmp/expected.jsonl"
  check "pipe, $jobs jobs: the file's report" cmp -s "$tmp/expected.jsonl" "$tmp/piped.jsonl"
done
mkfifo "$tmp/fifo.pgn"
cat "$tmp/many.pgn" >"$tmp/fifo.pgn" &
"$bin" --no-progress --format jsonl --jobs 2 "$tmp/fifo.pgn" 2>/dev/null | sed "s|$tmp/fifo.pgn|F|" >"$tmp/fifo.jsonl"
wait
check "named pipe: the file's report" cmp -s "$tmp/expected.jsonl" "$tmp/fifo.jsonl"
run "$tmp/good.pgn" "$tmp/mixed.pgn"
check "two files: 4 games" grep -q "^4 games" <<<"$err"
run "$tmp/none.pgn"
check "missing file: exit 2" [ $status -eq 2 ]
check "missing file: said once, with no empty-input warning after it" \
  [ "$(grep -c -e 'No such file' -e empty-input <<<"$err")" -eq 1 ]

# --strict, --from.
printf '[Event "E"]\n\n1. e4 e5 2. Ng1f3 *\n' >"$tmp/loose.pgn"
run "$tmp/loose.pgn"
check "lenient: valid with warnings" [ $status -eq 0 ] && check "lenient: non-canonical warning" grep -q "warning\[non-canonical-san\]" <<<"$err"
run --strict "$tmp/loose.pgn"
check "--strict: exit 1" [ $status -eq 1 ] && check "--strict: missing-tag error" grep -q "error\[missing-tag\]" <<<"$err"
{ roster "1-0"; printf '1 P-K4 P-KB3 2 P-Q4 P-KN4 3 Q-R5 mate 1-0\n'; } >"$tmp/descriptive.pgn"
run --from descriptive "$tmp/descriptive.pgn"
check "--from descriptive" [ $status -eq 0 ]
run --from auto "$tmp/descriptive.pgn"
check "--from auto" [ $status -eq 0 ]
run --from klingon "$tmp/descriptive.pgn"
check "unknown dialect: exit 2" [ $status -eq 2 ]

# The bundled sample: 293 real games from the shared corpus, every one valid for
# pgn-extract -r as well; with one job and with two (the input then cut into chunks).
for jobs in 1 2; do
  run -q -j "$jobs" "$(dirname "$0")/../fixtures/sample.pgn"
  check "bundled sample, $jobs jobs: all valid" grep -q "^293 games: 293 valid, 0 invalid; 0 warnings" <<<"$err"
  cat "$(dirname "$0")/../fixtures/sample.pgn" | "$bin" --no-progress -q -j "$jobs" - 2>"$tmp/err"
  check "bundled sample through a pipe, $jobs jobs: all valid" grep -q "^293 games: 293 valid, 0 invalid; 0 warnings" "$tmp/err"
done

# Hostile input: binary junk, NUL bytes, an enormous comment, deep variations.
head -c 200000 /dev/urandom >"$tmp/junk.pgn"
"$bin" --no-progress -q "$tmp/junk.pgn" >/dev/null 2>&1
check "binary junk: no crash" [ $? -le 1 ]
{ roster "*"; printf '1. e4 {'; head -c 30000000 /dev/zero | tr '\0' 'z'; printf '} e5 *\n'; } >"$tmp/comment.pgn"
run -q "$tmp/comment.pgn"
check "30 MB comment: over the limit, an error, not a silent cut" grep -q "^1 game: 0 valid, 1 invalid; 0 warnings; comment-too-long 1" <<<"$err"
{ roster "*"; printf '1. e4 {'; head -c 2000000 /dev/zero | tr '\0' 'z'; printf '} e5 *\n'; } >"$tmp/comment2.pgn"
run -q "$tmp/comment2.pgn"
check "2 MB comment: kept whole, valid" grep -q "^1 game: 1 valid" <<<"$err"
{ roster "*"; printf '1. e4 '; for i in $(seq 1 20000); do printf '(1. d4 '; done; for i in $(seq 1 20000); do printf ') '; done; printf 'e5 *\n'; } >"$tmp/deep.pgn"
run -q "$tmp/deep.pgn"
check "20000 nested variations: reported, no crash" grep -q "unbalanced-variation" <<<"$err"

# Hopeless input said once: a file that is not text is one error, and the next file is read.
head -c 1000000 /dev/urandom >"$tmp/random.bin"
run "$tmp/random.bin" "$tmp/good.pgn"
check "binary file: one error for the file" [ "$(grep -c 'error\[not-text\]' <<<"$err")" -eq 1 ]
check "binary file: says where" grep -q "random.bin: not a text file: binary data at byte [0-9]" <<<"$err"
check "binary file: the next file read" grep -q "^1 game: 1 valid, 0 invalid" <<<"$err"
check "binary file: exit 1 (invalid input, not an I/O error)" [ $status -eq 1 ]
check "binary file: nothing else said (the error, the next file's summary, the total)" [ "$(wc -l <<<"$err")" -eq 3 ]
# Random bytes whose first line has no control byte (one file in a few dozen): still binary.
{ printf '\xcc\xf1|\xc8\n'; cat "$tmp/random.bin"; } >"$tmp/random-line.bin"
run "$tmp/random-line.bin" "$tmp/good.pgn"
check "binary file with a short first line: one error for the file" [ "$(grep -c 'error\[not-text\]' <<<"$err")" -eq 1 ]
check "binary file with a short first line: nothing else said" [ "$(wc -l <<<"$err")" -eq 3 ]
# A line of text with control bytes in it is damaged text, read by the reader (the bytes as
# spaces, a warning in its game), not skipped as binary: a run of NULs after the last move
# (more than a tenth of the line), and a VT after a Latin-1 comment. Skipped, the game lost
# its moves and was counted valid without them.
{ roster "1-0"; printf '1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\0\0\0\0\0\0\n'; } >"$tmp/nul-run.pgn"
{ roster "1-0"; printf '1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# {Mat \xe9l\xe9gant}\v 1-0\n'; } >"$tmp/latin1-vt.pgn"
for f in nul-run latin1-vt; do
  run --format jsonl "$tmp/$f.pgn"
  check "$f: the game read with its 7 plies" grep -q '"plies": 7' <<<"$out"
  check "$f: no line skipped as binary" [ "$(grep -c 'not-text' <<<"$err$out")" -eq 0 ]
done
# A game with a line over the 1 MiB a line is read in: written through (--emit) as read,
# the line whole. A line feed was put between its pieces, and the copy then read otherwise
# (the tag no longer over-long, only over two lines).
{ printf '[Event "'; head -c 2100000 /dev/zero | tr '\0' 'x'; printf '"]\n[Result "*"]\n\n1. e4 *\n'; } >"$tmp/long-tag.pgn"
"$bin" --no-progress --emit invalid "$tmp/long-tag.pgn" 2>/dev/null >"$tmp/long-tag.out"
check "a 2 MB line, written through: the same bytes" cmp -s "$tmp/long-tag.pgn" <(head -c "$(stat -c %s "$tmp/long-tag.pgn")" "$tmp/long-tag.out")
check "a 2 MB line, written through: nothing but a blank line after" [ "$(tail -c +"$(($(stat -c %s "$tmp/long-tag.pgn") + 1))" "$tmp/long-tag.out" | tr -d '\n' | wc -c)" -eq 0 ]
run -q "$tmp/long-tag.pgn"
original=$err
run -q "$tmp/long-tag.out"
check "a 2 MB line, written through: the copy reads as the original (invalid, the tag over-long)" [ "$err" = "$original" ]
# The scoresheet's draw offer (=) (FIDE C.12) is a mark, kept as a comment and said, not a
# variation of one '=' (an unreadable move); a real variation after it still is one.
{ roster "1/2-1/2"; printf '1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 (=) 4. Ba4 Nf6 ( = ) 5. O-O (5. d3 d6) 1/2-1/2\n'; } >"$tmp/draw-offer.pgn"
for path in "" --no-fast-path; do
  run $path "$tmp/draw-offer.pgn"
  check "(=) ${path:-fast path}: valid, two marks said" grep -q "^1 game: 1 valid, 0 invalid; 2 warnings; lenient-reading 2" <<<"$err"
  check "(=) ${path:-fast path}: said where" grep -q "draw-offer.pgn:9:31: warning\[lenient-reading\]: (=), the scoresheet's mark of a draw offer" <<<"$err"
done
"$bin" --no-progress --emit valid "$tmp/draw-offer.pgn" 2>/dev/null | grep -q "a6 (=) 4. Ba4"
check "(=): the game emitted as read" [ $? -eq 0 ]
# UTF-16, as Windows tools export: with a BOM (LE) and without (BE), decoded, with a warning.
{ printf '\xff\xfe'; iconv -f utf-8 -t utf-16le "$tmp/good.pgn"; } >"$tmp/utf16le.pgn"
iconv -f utf-8 -t utf-16be "$tmp/good.pgn" >"$tmp/utf16be.pgn"
for f in utf16le utf16be; do
  run --format jsonl "$tmp/$f.pgn"
  check "$f: decoded, the game valid" grep -q '"valid": true' <<<"$out"
  check "$f: a warning saying so" grep -q "warning\[encoding\]: .*$f.pgn: UTF-16 [LB]E text, decoded to UTF-8" <<<"$err"
done

# An empty input is said, and is an error with --strict.
: >"$tmp/empty.pgn"
run "$tmp/empty.pgn"
check "empty input: a warning, exit 0" [ $status -eq 0 ]
check "empty input: said" grep -q "warning\[empty-input\]: no games in the input" <<<"$err"
run --strict "$tmp/empty.pgn"
check "empty input with --strict: exit 1" [ $status -eq 1 ]

# --emit: the valid (or invalid) games, as read, on standard output for a pipe.
run -q --emit valid "$tmp/mixed.pgn"
check "--emit valid: only the valid game" [ "$(grep -c '^\[Event' <<<"$out")" -eq 1 ]
check "--emit valid: as read" grep -qF "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0" <<<"$out"
check "--emit valid: exit 1 (some game invalid)" [ $status -eq 1 ]
run -q --emit invalid "$tmp/mixed.pgn"
check "--emit invalid: the two invalid games" [ "$(grep -c '^\[Event' <<<"$out")" -eq 2 ]
printf '%s\n' "$out" >"$tmp/emitted.pgn"
run -q "$tmp/emitted.pgn"
check "--emit invalid: read back, the same two invalid" grep -q "^2 games: 0 valid, 2 invalid" <<<"$err"
run --emit valid --format jsonl "$tmp/mixed.pgn"
check "--emit with --format jsonl: a usage error" [ $status -eq 2 ]
# Several files: a summary line for each, then the total.
run -q "$tmp/good.pgn" "$tmp/mixed.pgn"
check "several files: each one's summary" grep -q "good.pgn: 1 game: 1 valid, 0 invalid" <<<"$err"
check "several files: and the total" grep -q "^4 games: 2 valid, 2 invalid" <<<"$err"

# --max-errors: a game's diagnostics capped, the rest counted.
printf '[Event "E"]\n[Date "2024.13.40"]\n[Result "1-0"]\n\n1. e4 e5 2. Nf5 0-1\n' >"$tmp/many.pgn"
run --max-errors 2 "$tmp/many.pgn"
check "--max-errors 2: two diagnostics" [ "$(grep -c '\(error\|warning\)\[' <<<"$err")" -eq 2 ]
check "--max-errors 2: and how many more" grep -q "note\[max-errors\]: 5 more in game 1 not shown (--max-errors 2)" <<<"$err"

# Words after the last game are said (once), not dropped: with one job and with two.
printf '[Event "E"]\n\n1. e4 e5 *\n\nTrailing words\n' >"$tmp/trailing.pgn"
for jobs in 1 2; do
  run -j $jobs "$tmp/trailing.pgn"
  check "text after the last game, $jobs job(s): said where" grep -q "trailing.pgn:5:1: warning\[unexpected-text\].*(after the last game)" <<<"$err"
  check "text after the last game, $jobs job(s): counted in the summary" grep -q "^1 game: 1 valid, 0 invalid; 7 warnings; missing-tag 6, unexpected-text 1$" <<<"$err"
done

# A termination marker at the end of a line of analysis, inside a variation, is said where it
# stands and the game read on: before, it ended the game there (an unclosed variation, said
# at the ')' that closes it, and the rest of the game read as text between games).
printf '[Event "E"]\n[Result "1-0"]\n\n1. e4 e5 2. Qh5 Nc6 (2... g6 3. Qxe5+ 1-0) 3. Bc4 Nf6 4. Qxf7# 1-0\n' >"$tmp/marker-in-variation.pgn"
run "$tmp/marker-in-variation.pgn"
check "marker in a variation: the game valid" [ $status -eq 0 ]
check "marker in a variation: said where it stands" \
  grep -q "marker-in-variation.pgn:4:39: warning\[lenient-reading\]: termination marker '1-0' inside a variation" <<<"$err"
check "marker in a variation: one game, its moves all read" grep -q "^1 game: 1 valid, 0 invalid" <<<"$err"
printf '[Event "E"]\n[Result "*"]\n\n1. e4 (1. d4 d5 *) e5 2. Nf3 *\n' >"$tmp/star-in-variation.pgn"
run "$tmp/star-in-variation.pgn"
check "'*' in a variation: said, and the game read whole" \
  grep -q "star-in-variation.pgn:4:17: warning\[lenient-reading\]: termination marker '\*' inside a variation" <<<"$err"
check "'*' in a variation: one valid game" grep -q "^1 game: 1 valid, 0 invalid" <<<"$err"
# '*' written twice is the game's, as '1-0 1-0' is (it was said of the next game, as a
# marker alone on the line after this one's).
printf '[Event "A"]\n\n1. e4 e5 * *\n\n[Event "B"]\n\n1. d4 *\n' >"$tmp/star-twice.pgn"
run "$tmp/star-twice.pgn"
check "'* *': the second said as written twice, in game 1" \
  grep -q "star-twice.pgn:3:12: warning\[unexpected-text\]: the termination marker written twice: the second skipped (game 1 at line 1)" <<<"$err"

# A warning at every move: a run prints the first 100 whole (their position too) and counts
# the rest; the games checked once it prints no more of them are checked without the
# warnings' details, and must print the same. The oracle: --all-warnings, which prints each.
for i in $(seq 40); do roster "*"; printf '1. e2-e4 e7-e5 2. Ng1-f3 Nb8-c6 3. Bf1-b5 a7-a6 *\n\n'; done >"$tmp/lan.pgn"
run --all-warnings "$tmp/lan.pgn"
first_100=$(grep 'warning\[non-canonical-san\]' <<<"$err" | head -n 100)
check "every move warned of, with its position" [ "$(grep -c "warning\[non-canonical-san\].*position [^ ]* [wb] " <<<"$err")" -eq 240 ]
for jobs in 1 2; do
  run -j $jobs "$tmp/lan.pgn"
  check "a warning a move, $jobs job(s): the first 100 printed as --all-warnings prints them" \
    [ "$(grep 'warning\[non-canonical-san\]' <<<"$err")" = "$first_100" ]
  check "a warning a move, $jobs job(s): the rest counted" \
    grep -q "^40 games: 40 valid, 0 invalid; 240 warnings; non-canonical-san 240$" <<<"$err"
  check "a warning a move, $jobs job(s): said once that the rest are left out" \
    [ "$(grep -c 'note\[max-warnings\]: 100 warnings\[non-canonical-san\] printed' <<<"$err")" -eq 1 ]
done

finish "pgn-validate CLI"
