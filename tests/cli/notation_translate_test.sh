#!/usr/bin/env bash
# notation-translate as users run it: dialects, line alignment, errors, JSON Lines, exit status.
# Usage: notation_translate_test.sh PATH/TO/notation-translate
set -uo pipefail
bin=$1
run_flags=()
# shellcheck source=tests/cli/lib.sh
source "$(dirname "$0")/lib.sh"

RUY="1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6 5. O-O"
run --to descriptive <<<"$RUY"
check "san -> descriptive" [ "$out" = "1 P-K4 P-K4 2 N-KB3 N-QB3 3 B-N5 P-QR3 4 BxN QPxB 5 O-O" ] && check "exit 0" [ $status -eq 0 ]
run --from descriptive --to san <<<"1 P-K4 P-K4 2 Kt-KB3 Kt-QB3 3 B-Kt5 P-QR3 4 BxKt QPxB 5 Castles"
check "descriptive -> san" [ "$out" = "$RUY" ]
run --to uci <<<"$RUY"
check "san -> uci (no move numbers)" [ "$out" = "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5c6 d7c6 e1g1" ]
run --to san --numbers always <<<"e2e4 e7e5 g1f3"
check "uci -> san, numbered" [ "$out" = "1. e4 e5 2. Nf3" ]
run --to chinese <<<"$RUY"
check "san -> chinese" [ "$out" = "1. e4 e5 2. 马f3 马c6 3. 象b5 a6 4. 象xc6 dxc6 5. O-O" ]
run --to san <<<"1. e4 e5 2. 马f3 马c6 3. 象b5 1-0"
check "chinese detected" [ "$out" = "1. e4 e5 2. Nf3 Nc6 3. Bb5 1-0" ]
run --from san-de --to san <<<"1. e4 e5 2. Sf3 Sc6 3. Lb5"
check "german -> san" [ "$out" = "1. e4 e5 2. Nf3 Nc6 3. Bb5" ]
run --to san <<<"1. e4 ... ♞c6 2. ♘f3"
check "figurine, either colour" [ "$out" = "1. e4 Nc6 2. Nf3" ]
run --to iccf <<<"$RUY"
check "san -> iccf" [ "$out" = "1. 5254 5755 2. 7163 2836 3. 6125 1716 4. 2536 4736 5. 5171" ]
run --to smith <<<"$RUY"
check "san -> smith" [ "$out" = "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5c6n d7c6b e1g1c" ]
# Control bytes in a line: named in the message, never written into it.
run --to san < <(printf '1. e4 \001\033[2J\n')
check "a control byte: named U+0001" grep -qF "unexpected U+0001: expected a piece letter" <<<"$err"
check "the move quoted with \\xNN, no raw byte" grep -qF "move '\\x01\\x1B[2J'" <<<"$err"
check "no control byte on stderr" bash -c '! LC_ALL=C grep -q "[[:cntrl:]]" <<<"$1"' _ "$(tr -d '\n' <<<"$err")"

# A FEN and a tab at the start of a line; --fen for every line; Black to move first.
run --to san <<<$'8/4P3/8/8/8/8/8/k3K3 w - - 0 1\te7e8q'
check "FEN<TAB>moves" [ "$out" = $'8/4P3/8/8/8/8/8/k3K3 w - - 0 1\te8=Q' ]
run --fen "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1" --to descriptive --numbers always <<<"e5 Nf3"
check "--fen, Black first" [ "$out" = "1 ... P-K4 2 N-KB3" ]

# One line in, one line out: a bad line leaves an empty line and an error naming file:line:col.
printf '%s\n' "1. e4 e5" "1. e4 e5 2. Nf5 Nc6" "1. d4" >"$tmp/lines.txt"
run --to lan "$tmp/lines.txt"
check "bad line: exit 1" [ $status -eq 1 ]
check "bad line: output stays aligned" [ "$out" = $'1. e2-e4 e7-e5\n\n1. d2-d4' ]
check "bad line: file:line:col and code" grep -q "lines.txt:2:14: error\[illegal-move\]: no white knight can move to f5" <<<"$err"
check "bad line: names the ply, move and position, in the PGN programs' order" grep -q "ply 3, move 'Nf5', position rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2" <<<"$err"
check "bad line: candidates in the target dialect" grep -q "(ply 3, move 'Nf5', position [^)]*); did you mean: Nb1-a3, Nb1-c3, Ng1-e2, Ng1-f3, Ng1-h3" <<<"$err"

run --from descriptive --to san <<<"1 P-K4 P-Q4 2 PxP QxP 3 Castles"
check "descriptive: illegal castling" grep -q "error\[illegal-move\]" <<<"$err"
run --fen "4k3/8/8/2p1p3/3P4/8/8/4K3 w - - 0 1" --from descriptive --to san <<<"PxP"
check "descriptive: ambiguity lists the candidates" grep -q "error\[ambiguous-move\].*did you mean: dxc5, dxe5" <<<"$err"
run --to lan <<<"1. h4 h5 2. Rh3"
check "english or finnish: asks for --from" grep -q "error\[unknown-dialect\].*san-fi.*--from" <<<"$err"
run --from san --to lan <<<"1. h4 h5 2. Rh3"
check "--from decides" [ "$out" = "1. h2-h4 h7-h5 2. Rh1-h3" ]
run --from san --to san --strict <<<"1. e4 e5 2. Ng1f3"
check "--strict: non-canonical is an error" grep -q "canonical san is 'Nf3'" <<<"$err"
run --from san --to san <<<"1. e4 e5 2. Ng1f3"
check "lenient: read, no warning for spelling" [ "$out" = "1. e4 e5 2. Nf3" ] && check "lenient: quiet" [ -z "$err" ]
run --from chinese --to san <<<"1. e4 e5 2. 後h5"
check "chinese 後: warned" grep -q "warning\[lenient-reading\].*後" <<<"$err"

# --move, JSON Lines, dialect list, usage errors.
run --move "N-KB3" --to san
check "--move" [ "$out" = "Nf3" ]
run --move "Kt-KB3" --to uci --format jsonl
check "--move jsonl" python3 -c 'import json,sys; o=json.loads(sys.stdin.read()); assert o["uci"]=="g1f3" and o["move"]=="g1f3"' <<<"$out"
run --to lan --format jsonl "$tmp/lines.txt"
check "jsonl: one object per line" [ "$(wc -l <<<"$out")" -eq 3 ]
check "jsonl: fields" python3 -c '
import json, sys
lines = [json.loads(l) for l in sys.stdin]
assert lines[0]["ok"] and lines[0]["moves"] == ["e2-e4", "e7-e5"] and lines[0]["uci"] == ["e2e4", "e7e5"]
assert lines[0]["fen"].startswith("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w")
e = lines[1]["error"]
assert not lines[1]["ok"] and e["code"] == "illegal-move" and e["ply"] == 3 and e["move"] == "Nf5" and e["col"] == 14
assert "Ng1-f3" in e["suggestions"]
' <<<"$out"
run --list-dialects
check "dialect list" grep -qx "descriptive" <<<"$out"
run --to klingon <<<"e4"
check "unknown dialect: exit 2" [ $status -eq 2 ] && check "unknown dialect: lists names" grep -q "one of: san, lan" <<<"$err"
run <<<"e4"
check "missing --to: exit 2" [ $status -eq 2 ]
run --to san "$tmp/none.txt"
check "missing file: exit 2" [ $status -eq 2 ]
run --to san --fen "8/8/8/8/8/8/8/8 w - - 0 1" <<<"e4"
check "bad --fen: exit 2" [ $status -eq 2 ] && check "bad --fen: says why" grep -q "no white king" <<<"$err"

# Hostile input: binary junk, an enormous line, CRLF and a BOM.
head -c 100000 /dev/urandom >"$tmp/junk.txt"
"$bin" --to san "$tmp/junk.txt" >/dev/null 2>&1
check "binary junk: refused once, exit 1" [ $? -eq 1 ]
{ head -c 2000000 /dev/zero | tr '\0' 'e'; echo; echo "1. e4"; } >"$tmp/long.txt"
run --to lan "$tmp/long.txt"
check "long line: reported" grep -q "long.txt:1:1: error\[line-too-long\]" <<<"$err"
check "long line: next line translated" [ "$(tail -n1 <<<"$out")" = "1. e2-e4" ]
printf '\xEF\xBB\xBF1. e4 e5\r\n' >"$tmp/bom.txt"
run --to uci "$tmp/bom.txt"
check "BOM and CRLF" [ "$out" = "e2e4 e7e5" ]

# As a coprocess: each line answered before the next is written.
coproc NT { "$bin" --to lan --line-buffered; }
echo "1. e4 e5" >&"${NT[1]}"
answer=""
read -r -t 5 answer <&"${NT[0]}"
check "coprocess: answers line by line" [ "$answer" = "1. e2-e4 e7-e5" ]
echo "1. d4" >&"${NT[1]}"
read -r -t 5 answer <&"${NT[0]}"
check "coprocess: second line" [ "$answer" = "1. d2-d4" ]
kill "$NT_PID" 2>/dev/null

# Prose move lists and unclosed comments: nothing dropped in silence.
run --to san <<<'1. P-K4, P-K4; 2. P-KB4, PxP; 3. Kt-KB3, P-KKt4'
check "commas and semicolons between moves" [ "$out" = "1. e4 e5 2. f4 exf4 3. Nf3 g5" ]
run --to san <<<'1. e4 {unclosed e5 2. Nf3'
check "unclosed comment: an error where it opened, exit 1" grep -q "<stdin>:1:7: error\[unterminated-comment\]" <<<"$err"
check "unclosed comment: exit 1" [ $status -eq 1 ]
run --to san <<<'1. e4 (1. d4 e5 2. Nf3'
check "unclosed variation: an error where it opened" grep -q "<stdin>:1:7: error\[unbalanced-variation\]" <<<"$err"

# --from auto decides the dialect over the whole input: an ambiguous line waits for it.
run --to uci <<<$'1. h4 h5 2. Rh3\n1. e4 e5 2. Nf3'
check "ambiguous line read in the input's dialect (SAN)" [ "$out" = $'h2h4 h7h5 h1h3\ne2e4 e7e5 g1f3' ]
run --to uci <<<$'1. h4 h5 2. Rh3\n1. e4 e5 2. Rf3'
check "ambiguous line read in the input's dialect (Finnish)" [ "$out" = $'h2h4 h7h5 g1h3\ne2e4 e7e5 g1f3' ]
run --to uci <<<'1. h4 h5 2. Rh3'
check "ambiguous in the input as a whole: an error asking for --from" grep -q "name the dialect with --from" <<<"$err"
# The lines after a waiting one wait too: output line N is input line N's (found by tests/fuzz:
# a blank or failing line after it came out first).
run --to uci <<<$'1. h4 h5 2. Rh3

1. e4 Ke3
1. e4 e5'
check "lines after a waiting line keep their places" [ "$out" = $'h2h4 h7h5 h1h3


e2e4 e7e5' ]
{ echo "1. h4 h5 2. Rh3"; head -c 2000000 /dev/zero | tr '\0' 'e'; echo; echo "1. e4 e5"; } >"$tmp/wait-long.txt"
run --to uci "$tmp/wait-long.txt"
check "a line too long after a waiting line keeps its place" [ "$out" = $'h2h4 h7h5 h1h3

e2e4 e7e5' ]

# A game printed one numbered move pair per line (as seed 003 prints its Chinese game) is
# one game: a line numbered where the last stopped goes on with it; a blank line ends it.
run --to san <<<$'1. e4 e5\n2. \u8c61c4 d6\n3. \u9a6cf3 \u9a6cc6\n4. \u9a6cc3 \u8c61g4\n5. h3 \u8c61h5\n6. d3 h6\n7. \u9a6cxe5 \u8c61xd1\n8. \u8c61xf7+ \u738be7\n9. \u9a6cd5# 1-0'
check "the seed's Chinese game, a move pair per line" [ "$out" = $'1. e4 e5\n2. Bc4 d6\n3. Nf3 Nc6\n4. Nc3 Bg4\n5. h3 Bh5\n6. d3 h6\n7. Nxe5 Bxd1\n8. Bxf7+ Ke7\n9. Nd5# 1-0' ]
check "the seed's Chinese game: exit 0" [ $status -eq 0 ]
run --to lan <<<$'1. e4\n1... e5\n2. Nf3\n\n1. d4\n1... d5'
check "one move per line; a blank line starts a new game" [ "$out" = $'1. e2-e4\n1... e7-e5\n2. Ng1-f3\n\n1. d2-d4\n1... d7-d5' ]

# A game's halves printed side by side (Bird's book): the left column read first, then the
# right one from where it ended; each output line holds both halves, as its input did.
run --from descriptive --to san <<<$'1 P to K4 P to K4     4 B to B4 B to B4\n2 Kt to KB3 Kt to QB3 5 P to B3 Kt to B3\n3 B to Kt5 P to QR3'
check "two halves side by side" [ "$out" = $'1. e4 e5 4. Bc4 Bc5\n2. Nf3 Nc6 5. c3 Nf6\n3. Bb5 a6' ]

# A tie a line's last move leaves open is broken by the next line of the same game.
run --from descriptive --to san <<<$'1k4rr/pp6/3b4/3bqB1p/N7/1P2p1P1/P3Q2P/2R2RK1 w - - 2 26\t26 R to B3\n26 ... B takes R'
check "the next line breaks the tie (Mason-Bird, move 26)" grep -q $'26. Rf3\n26... Bxf3$' <<<"$out"

# A tie is decided by the lines of its game that follow, as far as needed (3 Kt-K2: the
# king's knight, as only 7 Kt-Q5 shows), printed one move pair a line or in two halves.
run --from descriptive --to san <<<$'1 P-K4 P-K4\n2 Kt-QB3 Kt-QB3\n3 Kt-K2 Kt-B3\n4 P-Q3 P-Q3\n5 P-KKt3 B-K2\n6 B-Kt2 Castles\n7 Kt-Q5'
check "a tie decided four lines on" [ "$out" = $'1. e4 e5\n2. Nc3 Nc6\n3. Nge2 Nf6\n4. d3 d6\n5. g3 Be7\n6. Bg2 O-O\n7. Nd5' ]
check "a tie decided four lines on: exit 0" [ $status -eq 0 ]
run --from descriptive --to san <<<$'1 P-K4 P-K4     5 P-KKt3 B-K2\n2 Kt-QB3 Kt-QB3 6 B-Kt2 Castles\n3 Kt-K2 Kt-B3   7 Kt-Q5\n4 P-Q3 P-Q3'
check "a tie in the left half decided in the right one" [ "$out" = $'1. e4 e5 5. g3 Be7\n2. Nc3 Nc6 6. Bg2 O-O\n3. Nge2 Nf6 7. Nd5\n4. d3 d6' ]

# After a line that cannot be read, the lines numbered after it in its game are not read
# from the start position as if they were a new game: each is an error saying so.
run --to san <<<$'1. e4 e5\n2. Nf5 Nc6\n3. d4 d5\n\n1. d4 d5'
check "after a failed line: its game's next line refused" grep -q "<stdin>:3:1: error\[game-stopped\]: .*line 2" <<<"$err"
check "after a failed line: output stays aligned, a blank line starts anew" [ "$out" = $'1. e4 e5\n\n\n\n1. d4 d5' ]
# The same after a failed line of no move numbers at all: the game stood at move 2.
run --to san <<<$'1. e4 e5 2. Nf3 Nc6\nfoo bar\n3. Bb5 a6'
check "after a failed line of no numbers: the next numbered line refused" grep -q "<stdin>:3:1: error\[game-stopped\]: .*line 2" <<<"$err"
check "after a failed line of no numbers: no illegal move from the start" [ "$(grep -c 'illegal-move' <<<"$err")" -eq 0 ]
# A first line that begins at move 3 is read from the start position; when it fails, the
# error says so and how to give the position.
run --to san <<<'3. Bb5 a6'
check "a line beginning at move 3 that fails: the error says it was read from the start" grep -q "begins at move 3, .*--fen" <<<"$err"
run --from descriptive --to san <<<$'1 P to K4 P to K4     4 B to B4 B to B4\n2 Kt to KB3 Kt to QB3 5 P to B3 Kt to B3\n3 B to Kt6 P to QR3   6 P to Q4 P to Q4'
check "two halves: the illegal move said" grep -q "<stdin>:3:3: error\[illegal-move\]" <<<"$err"
check "two halves: the right halves after it not read from the start" [ "$(grep -c 'error\[game-stopped\]' <<<"$err")" -eq 2 ]
check "two halves: no 'B to B4' from the start position" [ "$(grep -c 'illegal-move' <<<"$err")" -eq 1 ]
run --from descriptive --to san <<<$'(1) P-Q4 P-Q4\n(2) P-QB4 P-K3'
check "(1) move numbers: the next line goes on with the game" [ "$out" = $'1. d4 d5\n2. c4 e6' ]

# Columns count bytes, after multi-byte pieces too ("马" is 3 bytes: the bad '9' is at 23).
run --from chinese --to uci <<<'1. e4 e5 2. 马f3 马f9'
check "a bad character after a Chinese piece: its byte column" grep -q "<stdin>:1:23: error\[unreadable-move\]" <<<"$err"

# A move number skipped in a line is no second column: what follows it is refused, not
# read from the start position as if it were a new game (1. Nc3 Nc6 written for 3. Nc3).
run --to san <<<$'1. Nf3 Nf6 3. Nc3 Nc6'
check "numbers jump in a line: refused where they jump" grep -q "<stdin>:1:12: error\[two-columns\]" <<<"$err"
check "numbers jump in a line: no move read from the start" [ "$out" = "" ] && [ $status -eq 1 ]
run --to san <<<$'1. d4 Nf6 2. c4 e6 4. Nc3 Bb4 5. e3 O-O'
check "numbers jump: said once, no illegal move from the start position" [ "$(grep -c error <<<"$err")" -eq 1 ]
check "numbers jump: the jump named, at 4." grep -q "<stdin>:1:20: error\[two-columns\]" <<<"$err"

# A game over several lines: a problem's ply counts from the game's start, as on one line.
run --to uci <<<$'1. e4 e5\n2. Nf5 Nc6'
check "game over lines: the ply is the game's" grep -q "<stdin>:2:5: error\[illegal-move\].*(ply 3, move 'Nf5'" <<<"$err"

# A game over several lines whose lines do not all begin with a move number: Black's reply
# opening the next line, a line wrapped mid-game, a number alone or at a line's end. Each
# goes on with the game (they were read from the start position, as other games, in silence).
run --to san <<<$'1 P-K4\nP-K4 Kt-KB3'
check "Black's reply opens the next line: the game goes on" [ "$out" = $'1. e4\n1... e5 2. Nf3' ]
check "Black's reply opens the next line: certain, no warning, exit 0" [ -z "$err" ] && [ $status -eq 0 ]
run --to san <<<$'1. d4 d5\nc4 c6'
check "an unnumbered line after a move pair goes on" [ "$out" = $'1. d4 d5\n2. c4 c6' ]
check "... with a warning naming the line, the column and the other reading" grep -q "<stdin>:2:1: warning\[continued-line\]: .*line 1 (2. c4 c6).*as another game (c4 c6)" <<<"$err"
run --to san --format jsonl <<<$'1. d4 d5\nc4 c6'
check "... the Slav's position" python3 -c '
import json, sys
lines = [json.loads(l) for l in sys.stdin]
assert lines[1]["fen"] == "rnbqkbnr/pp2pppp/2p5/3p4/2PP4/8/PP2PPPP/RNBQKBNR w KQkq - 0 3", lines[1]["fen"]
assert lines[1]["warnings"][0]["code"] == "continued-line"
' <<<"$out"
run --to uci <<<$'1.\ne4 e5\n2.\nNf3 Nc6\n3.\nBb5 a6'
check "a number alone on a line: the next line's" [ "$out" = $'\ne2e4 e7e5\n\ng1f3 b8c6\n\nf1b5 a7a6' ] && check "a number alone: exit 0" [ $status -eq 0 ]
run --to san <<<$'1.\ne4 e5\n2.\nNf3 Nc6'
check "a number alone: the moves after it written numbered" [ "$out" = $'\n1. e4 e5\n\n2. Nf3 Nc6' ]
run --to uci <<<$'1. e4\ne5\n2. Nf3\nNc6\n3. Bb5\na6'
check "one move a line, Black's unnumbered" [ "$out" = $'e2e4\ne7e5\ng1f3\nb8c6\nf1b5\na7a6' ] && check "one move a line: quiet" [ -z "$err" ]
run --to san <<<$'1. e4 e5 2. Nf3\nNc6 3. Bb5 a6'
check "a line wrapped mid-game" [ "$out" = $'1. e4 e5 2. Nf3\n2... Nc6 3. Bb5 a6' ] && check "wrapped: quiet" [ -z "$err" ]
run --to san <<<$'1. e4 e5 2.\nNf3 Nc6 3.\nBb5 a6'
check "a number left at a line's end" [ "$out" = $'1. e4 e5\n2. Nf3 Nc6\n3. Bb5 a6' ] && check "a number at the end: exit 0" [ $status -eq 0 ]
run --from descriptive --to san <<<$'1 P-K4 P-K4 2 Kt-KB3 Kt-QB3 3 B-Kt5 P-QR3 4 B-R4 Kt-KB3 5 Castles B-K2 6 R-K1 P-QKt4 7 B-Kt3\nP-Q3'
check "descriptive, Black's 7th on the next line" [ "$(tail -n1 <<<"$out")" = "7... d6" ]
# Lines that begin with 1. stay games of their own (opening lines for an engine); so does an
# unnumbered line whose moves go on only from the start position.
run --to uci --format jsonl <<<$'1. e4 e5\n1. d4 d5\nd2d4'
check "1. on each line: separate games; a move legal only from the start: a game of its own" python3 -c '
import json, sys
lines = [json.loads(l) for l in sys.stdin]
assert lines[1]["fen"] == "rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR w KQkq d6 0 2", lines[1]["fen"]
assert lines[2]["fen"] == "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq d3 0 1", lines[2]["fen"]
assert all(l["ok"] and "warnings" not in l for l in lines)
' <<<"$out"
run --to san <<<$'e4 e5\nd4 d5'
check "unnumbered lines that read both ways: the second goes on, warned" grep -q "<stdin>:2:1: warning\[continued-line\]" <<<"$err"
# Of the two readings of an unnumbered line, the one read as written wins over one that
# needs a lenient reading (here 'P-K4' with the ranks counted from the other side).
run --from descriptive --to san <<<$'P-K4 P-Q4\nP-K4 N-KB3'
check "unnumbered line: the reading as written (its own game) over a lenient one going on" \
  [ "$out" = $'e4 d5\ne4 Nf6' ]
check "unnumbered line: no warning then" [ -z "$err" ]
# A tab among the moves, as books set a number apart ("1.<tab>K-Kt2"), is a blank: only
# text with a rank placement ('/') before a tab is a FEN.
run --to san <<<$'1.\tP-K4\tP-K4\n1. e4\te5\t2. Nf3'
check "a tab after a move number: a blank, not a FEN" [ "$out" = $'1. e4 e5\n1. e4 e5 2. Nf3' ]
check "a tab after a move number: no error" [ $status -eq 0 ]
# But UCI lines are move lists one to a line (as pgn-convert --format uci writes games, and
# as "position ... moves" takes them): each from the start, though the second could go on.
run --to san --format jsonl <<<$'e2e4 a7a6 g1e2 h7h5\nb1c3 g7g6'
check "unnumbered UCI lines: each a list of its own, unwarned" python3 -c '
import json, sys
lines = [json.loads(l) for l in sys.stdin]
assert lines[1]["text"] == "Nc3 g6", lines[1]
assert lines[1]["fen"] == "rnbqkbnr/pppppp1p/6p1/8/8/2N5/PPPPPPPP/R1BQKBNR w KQkq - 0 2", lines[1]["fen"]
assert all(l["ok"] and "warnings" not in l for l in lines)
' <<<"$out"
check "... not with --no-warnings" bash -c '[ -z "$("$1" --to uci --no-warnings <<<$'"'"'e2e4 e7e5\nd2d4 d7d5'"'"' 2>&1 >/dev/null)" ]' _ "$bin"
run --to uci <<<$'e2e4 e7e5\n\nd2d4 d7d5'
check "a blank line between them: games of their own, quietly" [ -z "$err" ] && [ "$out" = $'e2e4 e7e5\n\nd2d4 d7d5' ]
run --to san <<<$'1. e4 e5 1-0\ne4 e5'
check "after a result: a new game" [ "$out" = $'1. e4 e5 1-0\ne4 e5' ] && check "after a result: quiet" [ -z "$err" ]
# After a line of a numbered game that cannot be read, the next line without a number is of
# that game too: refused, not read from the start position; after a blank line, a new game.
run --from descriptive --to san <<<$'1 P-K4 P-K4\n2 Kt-QB3 Kt-QB3\n3 Kt-K2\nKt-B3 4 P-Q3 P-Q3\n\nP-K4'
check "an unnumbered line after a failed one: game-stopped" grep -q "<stdin>:4:1: error\[game-stopped\]: .*line 3" <<<"$err"
check "... not read from the start; after a blank line, a new game" [ "$(grep -c 'ambiguous-move' <<<"$err")" -eq 1 ] && [ "$(tail -n1 <<<"$out")" = "e4" ]

# A line numbered where nothing goes on to is refused, not read from the start position as a
# game renumbered in silence; after a blank line (a page break), a line numbered where the
# game stopped goes on with it.
run --to san <<<'5. Nf3 Nc6'
check "a first line at move 5: refused" grep -q "<stdin>:1:1: error\[unknown-start\]: the line begins at move 5, but no line before it goes on to there" <<<"$err"
check "a first line at move 5: no output, exit 1" [ "$out" = "" ] && [ $status -eq 1 ]
run --to san <<<$'1. e4 e5\n\n2. Nf3 Nc6'
check "a page break: the game goes on" [ "$out" = $'1. e4 e5\n\n2. Nf3 Nc6' ] && check "a page break: exit 0" [ $status -eq 0 ]
run --to uci --format jsonl <<<$'1. e4 e5\n\n2. Nf3 Nc6'
check "a page break: the position is the game's" grep -q '"fen": "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"' <<<"$out"
run --to san <<<$'1. e4 e5\n\n3. Nf3 Nc6\n4. Bb5 a6'
check "numbers that do not follow on: refused, the game's place said" grep -q "<stdin>:3:1: error\[unknown-start\]: the line begins at move 3, but the game before it stands at move 2" <<<"$err"
check "... and the lines of that game after it stopped" grep -q "<stdin>:4:1: error\[game-stopped\]" <<<"$err"
run --to san <<<$'1. e4\n2. Nf3'
check "a move left out between lines: refused, not 1. Nf3" grep -q "<stdin>:2:1: error\[unknown-start\].*stands at move 1 (Black's)" <<<"$err"
run --to san <<<$'1. e4 e5\n\n1. Nf3 Nc6'
check "1. after a blank line: a new game" [ "$out" = $'1. e4 e5\n\n1. Nf3 Nc6' ] && check "1. after a blank line: quiet" [ -z "$err" ]
run --fen "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1" --to san <<<'5. Nf3 Nc6'
check "--fen: a line starts there, whatever its number (numbered from the FEN's)" [ "$out" = "1. Nf3 Nc6" ] && [ -z "$err" ]

# Null moves: "--" is one (it was joined to its neighbours as a spaced dash), said as Z0,
# 0000 and @@@@ are; --allow-null-moves reads them as passes, written as pgn-convert does.
run --to uci <<<'1. e4 -- 2. d4 d5'
check "'--': a null move, at its own column and ply" grep -q "<stdin>:1:7: error\[unreadable-move\]: '--' is a null move (a pass, as analysis programs write it): not a move of the game (--allow-null-moves reads it as a pass) (ply 2, move '--'" <<<"$err"
for spelling in Z0 0000 @@@@; do
  run --to uci <<<"1. e4 $spelling 2. d4 d5"
  check "'$spelling': the same message" grep -q "<stdin>:1:7: error\[unreadable-move\]: '$spelling' is a null move (a pass, as analysis programs write it): not a move of the game (--allow-null-moves" <<<"$err"
done
run --to uci --allow-null-moves <<<'1. e4 -- 2. d4 d5'
check "--allow-null-moves: UCI writes 0000" [ "$out" = "e2e4 0000 d2d4 d7d5" ] && check "--allow-null-moves: exit 0" [ $status -eq 0 ]
run --to san --allow-null-moves <<<'1. e4 Z0 2. d4 @@@@ 3. c4'
check "--allow-null-moves: SAN writes --" [ "$out" = "1. e4 -- 2. d4 -- 3. c4" ]
run --to descriptive --allow-null-moves <<<'1. -- e5 2. Nf3'
check "--allow-null-moves: descriptive, a pass first" [ "$out" = "1 -- P-K4 2 N-KB3" ]
run --to uci --allow-null-moves --format jsonl <<<'1. e4 --'
check "--allow-null-moves: the position after the pass" grep -q '"uci": \["e2e4", "0000"\].*"fen": "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1 2"' <<<"$out"
run --to san --allow-null-moves <<<'1. e4 f5 2. Qh5+ --'
check "a null move in check: illegal" grep -q "<stdin>:1:18: error\[illegal-move\]: a null move ('--') while in check" <<<"$err"
run --from descriptive --to san <<<'1 Kt -- KB3'
check "a spaced descriptive dash is still a dash" [ "$out" = "1. Nf3" ]

finish "notation-translate CLI"
