#!/usr/bin/env bash
# pgn-convert's archive options on games made here, each expected result worked out by
# hand (the duplicate sets also agree with pgn-extract -D and -U on the same file):
# --duplicates, --where, --split-every/--split-by, --fix.
# Usage: pgn_convert_archive_test.sh PATH/TO/pgn-convert
set -uo pipefail
bin=$1
run_flags=(--no-progress)
# shellcheck source=tests/cli/lib.sh
source "$(dirname "$0")/lib.sh"
game() {  # game EVENT WHITE MOVES [EXTRA TAG LINES]: 10 lines, and the extra ones
  printf '[Event "%s"]\n[Site "S"]\n[Date "2024.01.02"]\n[Round "1"]\n[White "%s"]\n[Black "B"]\n[Result "*"]\n' "$1" "$2"
  [ -n "${4:-}" ] && printf '%s\n' "$4"
  printf '\n%s\n\n' "$3"
}
events() { grep -o '^\[Event "[^"]*' | cut -c9- | tr '\n' ' '; }  # the games written, by Event

# --- Duplicates -------------------------------------------------------------------------
start='rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
after_e4_e5='rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2'
{
  game D1 A "1. e4 e5 2. Nf3 Nc6 *"
  game D2 B "1. d4 d5 *"
  game D3 C "1. e4 {a comment} e5 (1... c5) 2. Nf3 \$1 Nc6 *"  # D1 annotated: a copy
  game D4 D "1. Nf3 Nc6 2. e4 e5 *"                           # D1's position, other moves: none
  game D5 A "1. e4 e5 2. Nf3 Nc6 3. Bb5 *"                    # D1 and one move more: none
  game D6 F "1. d4 d5 *" "[SetUp \"1\"]
[FEN \"$start\"]"                                               # D2 from a FEN of the start: a copy
  game D7 G "2. Nf3 Nc6 *" "[SetUp \"1\"]
[FEN \"$after_e4_e5\"]"                                         # D1's moves from elsewhere: none
  game D8 A "1. e4 e5 2. Nf3 Nc6 *"                           # D1 again
  game D9 H "1. e4 e5 2. Nf5 *"                               # an illegal move: passed through
  game D10 A "1. e2-e4 e7-e5 2. Ng1-f3 Nb8-c6 *"              # D1 in long algebraic: a copy
} >"$tmp/dups.pgn"

run --duplicates keep-first "$tmp/dups.pgn"
check "keep-first: the first of each set, later copies dropped" [ "$(events <<<"$out")" = "D1 D2 D4 D5 D7 D9 " ]
check "keep-first: exit 1 (D9 has an error)" [ $status -eq 1 ]
check "keep-first: summary" grep -qx "10 games read: 5 written, 0 rejected, 1 passed through with errors; filtered out: 4 by --duplicates keep-first (5 kept)" <<<"$err"
run --duplicates only "$tmp/dups.pgn"
check "only: the later copies" [ "$(events <<<"$out")" = "D3 D6 D8 D9 D10 " ]
check "only: summary" grep -q "filtered out: 5 by --duplicates only (4 kept)$" <<<"$err"
run --duplicates drop "$tmp/dups.pgn"
check "drop: every game that has a copy dropped" [ "$(events <<<"$out")" = "D4 D5 D7 D9 " ]
check "drop: summary" grep -q "filtered out: 6 by --duplicates drop (3 kept)$" <<<"$err"
check "drop: D9's error said once (two passes)" [ "$(grep -c 'error\[illegal-move\]' <<<"$err")" -eq 1 ]
run --duplicates keep-first --duplicates-by moves+tags:White "$tmp/dups.pgn"
check "--duplicates-by moves+tags:White: copies must share White" [ "$(events <<<"$out")" = "D1 D2 D3 D4 D5 D6 D7 D9 " ]
check "--duplicates-by: in the summary" grep -q "2 by --duplicates keep-first --duplicates-by moves+tags:White (7 kept)" <<<"$err"
run --duplicates keep-first --duplicates-file "$tmp/copies.pgn" "$tmp/dups.pgn"
check "--duplicates-file: the dropped copies, converted" [ "$(events <"$tmp/copies.pgn")" = "D3 D6 D8 D10 " ]
check "--duplicates-file: in export format" grep -qx '1. e4 e5 2. Nf3 Nc6 \*' "$tmp/copies.pgn"
run --duplicates keep-first --first 3 "$tmp/dups.pgn"
check "--first counts the games kept after duplicates" [ "$(events <<<"$out")" = "D1 D2 D4 " ]
head -n 50 "$tmp/dups.pgn" >"$tmp/first5.pgn"   # D1..D5
tail -n +51 "$tmp/dups.pgn" >"$tmp/last5.pgn"   # D6..D10
run --duplicates keep-first "$tmp/first5.pgn" "$tmp/last5.pgn"
check "across files: the same as one file" [ "$(events <<<"$out")" = "D1 D2 D4 D5 D7 D9 " ]
for i in $(seq 1 300); do cat "$tmp/dups.pgn"; done >"$tmp/many.pgn"
for mode in keep-first only drop; do
  "$bin" --no-progress --duplicates $mode "$tmp/many.pgn" >"$tmp/one.out" 2>"$tmp/one.err"
  "$bin" --no-progress --duplicates $mode --jobs 2 "$tmp/many.pgn" >"$tmp/two.out" 2>"$tmp/two.err"
  check "--jobs 2 --duplicates $mode: identical output" cmp -s "$tmp/one.out" "$tmp/two.out"
  check "--jobs 2 --duplicates $mode: identical summary" cmp -s "$tmp/one.err" "$tmp/two.err"
done
check "300 copies of the file, keep-first: 5 kept" grep -q "(5 kept)$" <("$bin" --no-progress --duplicates keep-first "$tmp/many.pgn" 2>&1 >/dev/null)
run --duplicates drop <"$tmp/dups.pgn"
check "drop on standard input: refused, exit 2" [ $status -eq 2 ] && check "drop on standard input: says why" grep -q "reads its input twice" <<<"$err"
run --duplicates drop <(cat "$tmp/dups.pgn")
check "drop on a pipe: refused" [ $status -eq 2 ]
run --duplicates-file "$tmp/x.pgn" "$tmp/dups.pgn"
check "--duplicates-file without --duplicates: usage error" [ $status -eq 2 ]
run --duplicates keep-first --duplicates-by moves+White "$tmp/dups.pgn"
check "--duplicates-by malformed: usage error" [ $status -eq 2 ] && check "says what is expected" grep -q "moves+tags:White,Black,Date" <<<"$err"
run --duplicates keep-first --duplicates-file "$tmp/dups.pgn" "$tmp/dups.pgn"
check "--duplicates-file over the input: refused" [ $status -eq 2 ] && check "the input intact" grep -q D10 "$tmp/dups.pgn"

# A game whose faults are only in its tags is a copy or an original as any other (as
# pgn-extract, which reads such games as good ones, has it), when it is passed through.
dated() {  # dated EVENT DATE MOVES
  printf '[Event "%s"]\n[Site "S"]\n[Date "%s"]\n[Round "1"]\n[White "W"]\n[Black "B"]\n[Result "*"]\n\n%s\n\n' "$@"
}
{
  dated C1 2024.01.02 "1. e4 e5 *"
  dated C2 2024.1.2 "1. e4 e5 *"    # C1 with a bad date: a copy
  dated C3 2024.1.3 "1. d4 d5 *"    # a bad date, no copy before: passed through
  dated C4 2024.01.03 "1. d4 d5 *"  # a copy of C3
} >"$tmp/faulty.pgn"
# SELECTION OPTIONS | the games written or passed through | the summary
while IFS='|' read -r options games summary; do
  # shellcheck disable=SC2086
  run $options "$tmp/faulty.pgn"
  check "faults in tags, $options: the games" [ "$(events <<<"$out")" = "$games" ]
  check "faults in tags, $options: the summary" grep -qx "4 games read: $summary" <<<"$err"
  # shellcheck disable=SC2086
  "$bin" --no-progress --no-fast-path $options "$tmp/faulty.pgn" >"$tmp/general.out" 2>"$tmp/general.err"
  check "faults in tags, $options: the same without the fast path" cmp -s "$tmp/out" "$tmp/general.out"
  check "faults in tags, $options: the same said without the fast path" cmp -s "$tmp/err" "$tmp/general.err"
done <<'TABLE'
--duplicates keep-first|C1 C3 |1 written, 0 rejected, 1 passed through with errors; filtered out: 2 by --duplicates keep-first (2 kept)
--duplicates only|C2 C4 |1 written, 0 rejected, 1 passed through with errors; filtered out: 2 by --duplicates only (2 kept)
--duplicates drop||0 written, 0 rejected, 0 passed through with errors; filtered out: 4 by --duplicates drop (0 kept)
--duplicates keep-first --on-error skip|C1 C4 |2 written, 2 rejected, 0 passed through with errors; filtered out: 0 by --duplicates keep-first (2 kept)
--duplicates keep-first --fix|C1 C3 |2 written, 0 rejected, 0 passed through with errors; filtered out: 2 by --duplicates keep-first (2 kept); 2 repairs in 2 games (--fix)
TABLE
run --duplicates keep-first --duplicates-file "$tmp/copies.pgn" "$tmp/faulty.pgn"
check "a copy with a bad date: written aside as read" grep -qx '\[Date "2024.1.2"\]' "$tmp/copies.pgn"
check "a copy with a bad date: its error said" grep -q "faulty.pgn:13:1: error\[bad-date\]" <<<"$err"
pe=$(/usr/games/pgn-extract -s -D "$tmp/faulty.pgn" 2>/dev/null | events)
[ -x /usr/games/pgn-extract ] && check "pgn-extract -D: the same two" [ "$pe" = "C1 C3 " ]

# --- --where ----------------------------------------------------------------------------
elo() {  # elo EVENT WHITE-ELO DATE MOVES [PLYCOUNT]
  printf '[Event "%s"]\n[Date "%s"]\n[White "W"]\n[Black "B"]\n[Result "*"]\n' "$1" "$3"
  [ -n "$2" ] && printf '[WhiteElo "%s"]\n' "$2"
  [ -n "${5:-}" ] && printf '[PlyCount "%s"]\n' "$5"
  printf '\n%s *\n\n' "$4"
}
{
  elo W1 2600 2021.03.04 "1. e4 e5"
  elo W2 2400 2019.12.31 "1. d4"
  elo W3 "" 2020.??.?? "1. c4 c5 2. Nc3"         # no WhiteElo; a date known to the year
  elo W4 "?" ????.??.?? "1. e4 e5 2. Nf3" 99     # a WhiteElo that is no number; no date; a wrong PlyCount
  elo W5 2500 2020.06.15 "1. Nf3 d5 2. g3 Nf6"
} >"$tmp/where.pgn"
# SPEC | the games selected | why
while IFS='|' read -r spec selected why; do
  run --where "$spec" "$tmp/where.pgn"
  check "--where '$spec': $why" [ "$(events <<<"$out")" = "$selected" ]
done <<'TABLE'
WhiteElo>=2500|W1 W5 |numbers compared as such
WhiteElo<2500|W2 |a game lacking the tag is not selected either
WhiteElo=2500|W5 |equal
WhiteElo != 2500|W1 W2 |spaces around the operator
Date>=2020.01.01|W1 W3 W5 |2020.??.?? is in 2020
Date>=2020.06.01|W1 W5 |2020.??.?? cannot tell
Date<2020|W2 |before 2020 began
Date<=2020|W2 W3 W5 |by its end
Date=2020|W3 W5 |within the year
Date!=2020.06|W1 W2 |2020.??.?? cannot tell
PlyCount<4|W1 W2 W3 W4 |the plies counted, not the tag
PlyCount>3|W5 |the plies counted
Event>=W3|W3 W4 W5 |text
TABLE
run --where 'WhiteElo>=2500' "$tmp/where.pgn"
check "--where: lacking the tag counted" grep -q "filtered out: 3 by --where WhiteElo>=2500 (2 kept, 2 lacked WhiteElo)$" <<<"$err"
run --where 'Date>=2020.01.01' "$tmp/where.pgn"
check "--where Date: ????.??.?? lacks a date" grep -q "(3 kept, 1 lacked Date)$" <<<"$err"
run --where 'Date>=2020.06.01' "$tmp/where.pgn"
check "--where Date: too vague counted" grep -q "(2 kept, 1 lacked Date, 1 with a Date too vague to tell)$" <<<"$err"
run --where 'WhiteElo>2000' --where 'Date<2021' "$tmp/where.pgn"
check "two --where: both must hold" [ "$(events <<<"$out")" = "W2 W5 " ]
check "two --where: each counted" grep -q "filtered out: 2 by --where WhiteElo>2000 (3 kept, 2 lacked WhiteElo), 1 by --where Date<2021 (2 kept)$" <<<"$err"
for bad in 'WhiteElo' 'WhiteElo~2500' '>=2500' 'Date>=2020.1.1' 'PlyCount<forty' 'White Elo>1'; do
  run --where "$bad" "$tmp/where.pgn"
  check "--where '$bad': usage error" [ $status -eq 2 ] && check "--where '$bad': says why" grep -q "^pgn-convert: error: --where '$bad': " <<<"$err"
done
# --offsets reads no moves: the plies it would count are not those counted replaying them.
run --offsets --where 'PlyCount<4' "$tmp/where.pgn"
check "--offsets --where PlyCount: usage error" [ $status -eq 2 ] && check "--offsets --where PlyCount: nothing written" [ -z "$out" ]
check "--offsets --where PlyCount: says why" grep -q "^pgn-convert: error: --where 'PlyCount<4' counts moves: --offsets reads none" <<<"$err"
run --offsets --where 'WhiteElo>=2500' "$tmp/where.pgn"
check "--offsets --where on a tag: the games with it" [ "$(grep -o '"Event": "W[0-9]"' <<<"$out" | tr '\n' ' ')" = '"Event": "W1" "Event": "W5" ' ]

# --- Splitting --------------------------------------------------------------------------
mkdir "$tmp/split"
run --split-every 4 -o "$tmp/split/part-%02d.pgn" "$tmp/dups.pgn"
check "--split-every 4: three files" [ "$(ls "$tmp/split")" = $'part-01.pgn\npart-02.pgn\npart-03.pgn' ]
check "--split-every: the first four games in the first" [ "$(events <"$tmp/split/part-01.pgn")" = "D1 D2 D3 D4 " ]
check "--split-every: a game with errors is a record too" [ "$(events <"$tmp/split/part-03.pgn")" = "D9 D10 " ]
check "--split-every: nothing on standard output" [ -z "$out" ]
check "--split-every: summary" grep -q "; 3 files written$" <<<"$err"
cat "$tmp"/split/part-0*.pgn >"$tmp/joined.pgn"
"$bin" --no-progress "$tmp/dups.pgn" >"$tmp/whole.pgn" 2>/dev/null
check "--split-every: the files together are the output" cmp -s "$tmp/joined.pgn" "$tmp/whole.pgn"
rm -f "$tmp"/split/*
"$bin" --no-progress --split-every 7 -o "$tmp/split/one-%d.pgn" "$tmp/many.pgn" 2>/dev/null
"$bin" --no-progress --split-every 7 -o "$tmp/split/two-%d.pgn" --jobs 2 "$tmp/many.pgn" 2>/dev/null
check "--split-every, --jobs 2: the same files" \
  [ "$(cd "$tmp/split" && for f in one-*; do cmp -s "$f" "two-${f#one-}" || echo "$f"; done; ls two-* | wc -l)" = 429 ]
rm -f "$tmp"/split/*
run --duplicates keep-first --duplicates-file /dev/full "$tmp/dups.pgn"
check "--duplicates-file on a full disk: exit 2" [ $status -eq 2 ] && check "says so" grep -q "/dev/full: write error: No space left on device" <<<"$err"
{
  game "Open A/B" A "1. e4 *"
  game "Open A?B" B "1. d4 *"
  game ".hidden" C "1. c4 *"
  printf '[White "D"]\n\n1. f4 *\n\n'
  game "Open A/B" E "1. g3 *"
  game "Zürich 1953" F "1. b3 *"
} >"$tmp/events.pgn"
run --split-by Event -o "$tmp/split/by-%s.pgn" "$tmp/events.pgn"
check "--split-by Event: a file per value, unsafe characters replaced" \
  [ "$(LC_ALL=C ls -A "$tmp/split" | tr '\n' ' ')" = "by-Open_A_B.pgn by-Zürich_1953.pgn by-_.pgn by-_hidden.pgn " ]
check "--split-by: values that differ only in replaced characters share a file" \
  [ "$(grep -o '^\[White "[A-Z]' "$tmp/split/by-Open_A_B.pgn" | tr '\n' ' ')" = '[White "A [White "B [White "E ' ]
check "--split-by: a missing tag goes to _" grep -q '^\[White "D"\]' "$tmp/split/by-_.pgn"
run --split-by Event -o "$tmp/split/by.pgn" "$tmp/events.pgn"
check "--split-by without %s: usage error" [ $status -eq 2 ] && check "says where %s goes" grep -q "needs -o with %s" <<<"$err"
run --split-every 2 "$tmp/events.pgn"
check "--split-every without -o: usage error" [ $status -eq 2 ] && check "says where %d goes" grep -q "needs -o with %d" <<<"$err"
run --split-every 2 -o "$tmp/split/x-%d-%d.pgn" "$tmp/events.pgn"
check "two placeholders: usage error" [ $status -eq 2 ]
run --split-every 2 -o "$tmp/split/x-%x.pgn" "$tmp/events.pgn"
check "an unknown placeholder: usage error" [ $status -eq 2 ]
run --split-every 2 -o "$tmp/split/100%%-%d.pgn" "$tmp/events.pgn"
check "%% is a %" [ -e "$tmp/split/100%-1.pgn" ]
cp "$tmp/events.pgn" "$tmp/split/by-_.pgn"
run --split-by Event -o "$tmp/split/by-%s.pgn" "$tmp/split/by-_.pgn"
check "a split file that is the input: refused, exit 2" [ $status -eq 2 ] && check "the input intact" cmp -s "$tmp/events.pgn" "$tmp/split/by-_.pgn"
check "no temporary file left" [ -z "$(ls -A "$tmp/split" | grep '^\.')" ]
# Killed mid-run: every --split-by file is whole or absent (they are all renamed at the end),
# and no temporary file is left.
yes "$(game "Big A" A "1. e4 e5 2. Nf3 Nc6 *")" | head -n $((10 * 400000)) >"$tmp/big.pgn"
rm -rf "$tmp/split"/*
"$bin" --no-progress --split-by Event -o "$tmp/split/%s.pgn" "$tmp/big.pgn" 2>/dev/null &
pid=$!
for _ in $(seq 200); do  # until its temporary file has bytes
  [ -s "$(ls -A "$tmp/split" | head -n 1 | sed "s|^|$tmp/split/|")" ] && break
  sleep 0.1
done
kill -TERM $pid
wait $pid
status=$?
check "--split-by, SIGTERM: exit 143" [ $status -eq 143 ]
check "--split-by, SIGTERM: no file, no temporary file" [ -z "$(ls -A "$tmp/split")" ]

# --- --fix ------------------------------------------------------------------------------
fixable() {  # fixable EVENT DATE RESULT-TAG MOVES
  printf '[Event "%s"]\n[Site "S"]\n[Date "%s"]\n[Round "1"]\n[White "W"]\n[Black "B"]\n[Result "%s"]\n\n%s\n\n' "$@"
}
{
  fixable F1 2024.1.5 1-0 "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0"
  fixable F2 2024.01.05 1/2 "1. d4 d5 1/2-1/2"
  fixable F3 2024.01.05 0-1 "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 0-1"
  fixable F4 2024.01.05 1-0 "1. d4 d5 2. c4"
  fixable F5 1957 1-0 "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7#"
  fixable F6 1.5.2024 1-0 "1. d4 d5 1-0"
  fixable F7 2024.1.5 1-0 "1. d4 d5 2. Kd2 Kxd2 1-0"
  printf '[Event "The "Best" game"]\n[Result "*"]\n\n1. e4 *\n\n'
  fixable F9 2024.01.05 1-0 "1. d4 d5 2. c4 0-1"
} >"$tmp/fix.pgn"
run --fix "$tmp/fix.pgn"
check "--fix: exit 1 (F6, F7, F9 cannot be repaired)" [ $status -eq 1 ]
check "--fix: summary" grep -qx "9 games read: 6 written, 0 rejected, 3 passed through with errors; 8 repairs in 6 games (--fix)" <<<"$err"
check "--fix: the date" grep -q "fix.pgn:3:1: warning\[repaired\]: Date '2024.1.5' written as '2024.01.05' (game 1 at line 1, W - B)" <<<"$err"
check "--fix: the date in the output" [ "$(sed -n 3p <<<"$out")" = '[Date "2024.01.05"]' ]
check "--fix: the result's spelling" grep -q "fix.pgn:17:1: warning\[repaired\]: Result '1/2' written as '1/2-1/2'" <<<"$err"
check "--fix: a Result the mate contradicts" grep -q "fix.pgn:27:1: warning\[repaired\]: Result '0-1' written as '1-0': Black is checkmated" <<<"$err"
check "--fix: the marker the mate contradicts" grep -q "fix.pgn:29:41: warning\[repaired\]: termination marker '0-1' written as '1-0'" <<<"$err"
check "--fix: the marker missing, the tag's written" grep -q "fix.pgn:39:13: warning\[repaired\]: no termination marker: '1-0' written, the Result tag's" <<<"$err"
check "--fix: 1957 is 1957.??.??" grep -q "Date '1957' written as '1957.??.??'" <<<"$err"
check "--fix: the marker missing after a mate, the board's written" grep -q "no termination marker: '1-0' written, the board's: Black is checkmated" <<<"$err"
check "--fix: the inner quote" grep -q "fix.pgn:71:1: warning\[repaired\]: tag Event: its inner quote written escaped" <<<"$err"
check "--fix: a day-first date is not guessed" grep -q "error\[bad-date\]: Date is '1.5.2024'" <<<"$err"
check "--fix: a game with an illegal move is left as it was" grep -qx '\[Date "2024.1.5"\]' <<<"$out"
check "--fix: which result a game without mate has is not guessed" grep -q "error\[result-mismatch\]" <<<"$err"
check "--fix: the repaired games in export format" \
  [ "$(grep -c -e '^1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0$' -e '^1. d4 d5 1/2-1/2$' -e '^1. d4 d5 2. c4 1-0$' \
    -e '^1. e4 \*$' <<<"$out")" -eq 6 ]
check "--fix: no note without --fix-notes" [ "$(grep -c repaired <<<"$out")" -eq 0 ]
run --fix-notes "$tmp/fix.pgn"
check "--fix-notes: implies --fix" grep -q "8 repairs in 6 games (--fix)" <<<"$err"
check "--fix-notes: the note before the moves" grep -qx "{ repaired: Result '1/2' written as '1/2-1/2' } 1. d4 d5 1/2-1/2" <<<"$out"
run "$tmp/fix.pgn"
check "without --fix: nothing repaired" grep -qx "9 games read: 1 written, 0 rejected, 8 passed through with errors" <<<"$err"
"$bin" --no-progress --fix "$tmp/fix.pgn" 2>/dev/null | "$bin" --no-progress >"$tmp/again.pgn" 2>"$tmp/again.err"
check "--fix's output reads as valid, but for the games passed through" grep -q "6 written, 0 rejected, 3 passed through" "$tmp/again.err"
run --fix --where 'Date>=2024' "$tmp/fix.pgn"
check "--fix before --where: the repaired date is compared" [ "$(events <<<"$out")" = "F1 F2 F3 F4 F6 F7 F9 " ]

finish "pgn-convert archive options"
