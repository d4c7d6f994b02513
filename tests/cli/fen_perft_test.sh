#!/usr/bin/env bash
# fen-perft as users run it: outputs, errors and exit statuses.
# Usage: fen_perft_test.sh PATH/TO/fen-perft FIXTURES_DIR
set -uo pipefail
bin=$1
fixtures=$2
run_flags=()
# shellcheck source=tests/cli/lib.sh
source "$(dirname "$0")/lib.sh"

KIWIPETE="r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"

run -d 3
check "start position, depth 3" [ "$out" = 8902 ] && check "exit 0" [ $status -eq 0 ]
run --fen "$KIWIPETE" -d 2
check "--fen" [ "$out" = 2039 ]
# shellcheck disable=SC2086
run $KIWIPETE -d 2
check "FEN as separate words" [ "$out" = 2039 ]
run "r3k2r/8/8/8/8/8/8/R3K2R b KQkq -" -d 1
check "EPD's four fields" [ "$out" = 26 ]
run -d 0
check "depth 0 counts the root" [ "$out" = 1 ]

run -d 2 --divide
check "divide: 20 move lines" [ "$(grep -cE '^[a-h][1-8][a-h][1-8][qrbn]?: [0-9]+$' <<<"$out")" -eq 20 ]
check "divide: blank line then total" [ "$(tail -n 2 <<<"$out")" = $'\nNodes searched: 400' ]
check "divide: e2e4 has 20 replies" grep -qx 'e2e4: 20' <<<"$out"
check "divide: lines sorted by move" [ "$(grep ': ' <<<"$out" | grep -v Nodes)" = "$(grep ': ' <<<"$out" | grep -v Nodes | sort)" ]
run --fen "$KIWIPETE" -d 3 --divide
check "divide: castling as the king's step" grep -qx 'e1g1: 2059' <<<"$out"
check "divide: total" grep -qx 'Nodes searched: 97862' <<<"$out"
single=$out
run --fen "$KIWIPETE" -d 3 --divide --threads 2 --hash 0
check "threads and no table: same divide" [ "$out" = "$single" ]
run --fen "$KIWIPETE" -d 3 --divide --threads 1 --hash 1
check "one thread with table: same divide" [ "$out" = "$single" ]

run "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9" -d 3
check "Chess960 Shredder-FEN" [ "$out" = 12189 ]
run "r1k1r2q/p1ppp1pp/8/8/8/8/P1PPP1PP/R1K1R2Q w KQkq -" -d 3
check "X-FEN without --chess960: read as Chess960 (the kings are off e1 and e8)" [ "$out" = 12333 ]
run "r1k1r2q/p1ppp1pp/8/8/8/8/P1PPP1PP/R1K1R2Q w KQkq -" -d 3 --chess960
check "X-FEN with --chess960" [ "$out" = 12333 ]

# Bad FENs: exit 2, nothing on stdout, the field and column on stderr.
run "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkx - 0 1" -d 1
check "bad castling: exit 2" [ $status -eq 2 ]
check "bad castling: no stdout" [ -z "$out" ]
check "bad castling: names field and column" grep -q "castling field, column 50: unexpected 'x'" <<<"$err"
check "bad castling: caret under the character" grep -qxF "$(printf '  %49s^' '')" <<<"$err"
run "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1" -d 1
check "short rank: exit 2" [ $status -eq 2 ] && check "short rank: message" grep -q "rank 1 describes 7 squares" <<<"$err"
run "4k3/8/8/8/8/8/8/4R1K1 w - - 0 1" -d 1
check "side not to move in check" grep -q "Black is in check" <<<"$err"
run "4k3/8/8/8/8/8/8/4K3 w - - 0 one" -d 1
check "non-numeric clock" grep -q "fullmove number field" <<<"$err"
run
check "missing depth: exit 2" [ $status -eq 2 ] && check "missing depth: says so" grep -q -- "--depth" <<<"$err"
run -d 1 --threads 0
check "threads out of range: exit 2" [ $status -eq 2 ]

# Suites.
run --epd "$fixtures/perft-blocks.perft" --chess960
check "suite: exit 0" [ $status -eq 0 ]
check "suite: one line per position" [ "$(grep -c '^pass' <<<"$out")" -eq 2 ]
check "suite: summary" grep -q '^2 positions: 2 passed, 0 failed, 0 unreadable' <<<"$out"
run --epd "$fixtures/perft-sample.epd" --max-depth 2
check "suite --max-depth" grep -q 'line 3 start  D2 expected 400 got 400' <<<"$out"

printf '# a suite with its positions left out\n\n' >"$tmp/none.epd"
run --epd "$tmp/none.epd"
check "a suite with no position: 0 positions" grep -q '^0 positions: 0 passed' <<<"$out"
check "a suite with no position: a warning" grep -q "warning\[empty-input\]: .*none.epd: no positions in the suite" <<<"$err"

printf '%s\n' "4k3/8/8/8/8/8/8/4K3 w - - 0 1 ;D1 5 ;D2 26" "4k3/8/8/8/8/8/8/4K3 b - - 0 1 ;D1 5" >"$tmp/wrong.epd"
run --epd "$tmp/wrong.epd"
check "mismatch: exit 1" [ $status -eq 1 ]
check "mismatch: FAIL line names depth, expected and got" grep -q '^FAIL  line 1  D2 expected 26 got 25' <<<"$out"

printf '%s\n' "4k3/8/8/8/8/8/8/4K3 w - - 0 1 ;D1 5" "4k3/8/8/8/8/8/8/4K3 w - - 0 1 ;D1 x5" \
  "4k3/8/8/8/8/8/8/4K3 w Q - 0 1 ;D1 5" >"$tmp/bad.epd"
run --epd "$tmp/bad.epd"
check "unreadable: exit 2" [ $status -eq 2 ]
check "unreadable: file:line:col for the count" grep -q "bad.epd:2:35: error\[bad-suite-line\]" <<<"$err"
check "unreadable: file:line:col for the FEN" grep -q "bad.epd:3:23: error\[bad-fen\]: castling field" <<<"$err"
check "unreadable: the good line still runs" grep -q '^pass  line 1' <<<"$out"
# A line whose every depth is above --max-depth checks nothing: skipped, not passed.
printf '%s\n' "4k3/8/8/8/8/8/8/4K3 w - - 0 1 ;D1 5" "4k3/8/8/8/8/8/8/4K3 w - - 0 1 ;D3 100" >"$tmp/deep.epd"
run --epd "$tmp/deep.epd" --max-depth 2
check "--max-depth: a line of deeper counts only is skip" grep -q '^skip  line 2  no depth within --max-depth' <<<"$out"
check "--max-depth: summary counts it skipped" grep -q '^2 positions: 1 passed, 0 failed, 1 skipped, 0 unreadable' <<<"$out"
check "--max-depth: exit 0" [ $status -eq 0 ]
# A line of no counts checks nothing: no "pass" for it; a depth given twice has no one count.
printf '%s\n' "4k3/8/8/8/8/8/8/4K3 w - - 0 1" "4k3/8/8/8/8/8/8/4K3 w - - 0 1 ;D1 5 ;D1 6" >"$tmp/empty.epd"
run --epd "$tmp/empty.epd"
check "no counts: exit 2, nothing passed" [ $status -eq 2 ] && check "no counts: none passed" grep -q '0 passed, 0 failed, 2 unreadable' <<<"$out"
check "no counts: said" grep -q "empty.epd:1:1: error\[bad-suite-line\]: no counts" <<<"$err"
check "a depth twice: said where" grep -q "empty.epd:2:38: error\[bad-suite-line\]: D1 given twice" <<<"$err"

"$bin" --epd - <"$fixtures/perft-blocks.perft" --chess960 >"$tmp/out" 2>&1
check "suite from stdin" grep -q '2 passed' "$tmp/out"
run --epd "$tmp/does-not-exist.epd"
check "missing file: exit 2" [ $status -eq 2 ] && check "missing file: reason" grep -q "No such file" <<<"$err"

# JSON Lines.
run --epd "$fixtures/perft-blocks.perft" --chess960 --format jsonl
check "jsonl: one object per position and depth, then a summary" [ "$(wc -l <<<"$out")" -eq 8 ]
check "jsonl: parses, with the required fields" python3 -c '
import json, sys
lines = [json.loads(l) for l in sys.stdin]
for o in lines[:-1]:
    assert set(o) >= {"fen", "depth", "nodes", "expected", "pass", "seconds"}, o
    assert o["pass"] is True and o["nodes"] == o["expected"]
assert lines[-1]["summary"]["passed"] == 2
' <<<"$out"
run -d 2 --divide --format jsonl
check "jsonl divide: moves object" python3 -c '
import json, sys
o = json.loads(sys.stdin.read())
assert o["nodes"] == 400 and len(o["moves"]) == 20 and o["moves"]["g1f3"] == 20 and o["pass"] is None
' <<<"$out"

# Hostile inputs: a huge line, binary junk, a table larger than memory.
{ head -c 300000 /dev/zero | tr '\0' 'x'; echo; echo "4k3/8/8/8/8/8/8/4K3 w - - 0 1 ;D1 5"; } >"$tmp/long.epd"
run --epd "$tmp/long.epd"
check "long line: exit 2" [ $status -eq 2 ] && check "long line: reported" grep -q "long.epd:1:1: error\[bad-suite-line\]: line longer" <<<"$err"
check "long line: the next line still runs" grep -q '^pass  line 2' <<<"$out"
head -c 20000 /dev/urandom >"$tmp/junk.epd"
run --epd "$tmp/junk.epd"
check "binary junk: exit 2, no crash" [ $status -eq 2 ]
run -d 6 --hash 1000000
check "table larger than memory: exit 2" [ $status -eq 2 ] && check "table: says why" grep -q "out of memory" <<<"$err"

finish "fen-perft CLI"
