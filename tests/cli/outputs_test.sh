# Outputs and signals, for every program (tools/common/output_file.h): a full disk is exit 2
# with a message; a closed pipe ends quietly (killed by SIGPIPE: 141); SIGINT and SIGTERM
# mid-run, with two threads, exit 130 and 143 leaving whole records on standard output;
# -o FILE appears whole or not at all (old content intact), and is refused when it is an input.
# Usage: outputs_test.sh BIN_DIR
bins=$1
bin=$bins/pgn-convert  # for lib.sh
source "$(dirname "$0")/lib.sh"

# Big inputs, made here: a run takes seconds, so a signal finds it mid-run.
game='[White "W"]
[Black "B"]
[Result "*"]

1. e4 e5 2. Nf3 Nc6 *
'
yes "$game" | head -n $((6 * 1500000)) >"$tmp/big.pgn"
yes "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6" | head -n 1500000 >"$tmp/big.txt"
printf '1. e4 e5\n' >"$tmp/small.txt"
yes "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - ;D1 20 ;D2 400" | head -n 300000 >"$tmp/big.epd"
yes "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1" | head -n 30000 >"$tmp/big.fen"

# One command line per program, reading a big input and writing records to stdout.
declare -A cmd=(
  [pgn-validate]="--format jsonl --jobs 2 $tmp/big.pgn"
  [pgn-convert]="--jobs 2 $tmp/big.pgn"
  [game-adjudicate]="--format jsonl --jobs 2 $tmp/big.pgn"
  [notation-translate]="--to uci $tmp/big.txt"
  [fen-perft]="--epd $tmp/big.epd --threads 2 --hash 0"
)
# What the last line of a whole record looks like.
declare -A last=(
  [pgn-validate]='^\{.*\}$'
  [pgn-convert]='^1\. e4 e5 2\. Nf3 Nc6 \*$'
  [game-adjudicate]='^\{.*\}$'
  [notation-translate]='^e2e4 e7e5 g1f3 b8c6 f1b5 a7a6$'
  [fen-perft]='^pass  line [0-9]+  D2 expected 400 got 400 .*RNBQKBNR w KQkq -$'
)

# Waits until FILE has some bytes (the run is under way), at most 20 s.
wait_for_bytes() {
  for _ in $(seq 200); do
    [ -s "$1" ] && return 0
    sleep 0.1
  done
  return 1
}
# The last non-empty line of FILE.
last_line() { grep -v '^$' "$1" | tail -n 1; }

for p in pgn-validate pgn-convert game-adjudicate notation-translate fen-perft; do
  read -ra args <<<"${cmd[$p]}"

  # A full disk: exit 2, said.
  "$bins/$p" "${args[@]}" >/dev/full 2>"$tmp/err"
  status=$?
  check "$p > /dev/full: exit 2" [ $status -eq 2 ]
  check "$p > /dev/full: says so" grep -q "standard output: write error: No space left on device" "$tmp/err"
  "$bins/$p" "${args[@]}" -o /dev/full 2>"$tmp/err"
  status=$?
  check "$p -o /dev/full: exit 2" [ $status -eq 2 ]
  check "$p -o /dev/full: says so" grep -q "/dev/full: write error: No space left on device" "$tmp/err"

  # A closed pipe: quiet, killed by SIGPIPE.
  "$bins/$p" "${args[@]}" 2>"$tmp/err" | head -n 1 >/dev/null
  status=${PIPESTATUS[0]}
  check "$p | head -1: SIGPIPE (141)" [ $status -eq 141 ]
  check "$p | head -1: nothing said" [ ! -s "$tmp/err" ]

  # SIGINT and SIGTERM mid-run: 130 and 143, whole records only.
  for sig in INT TERM; do
    want=$([ $sig = INT ] && echo 130 || echo 143)
    rm -f "$tmp/out"
    "$bins/$p" "${args[@]}" >"$tmp/out" 2>"$tmp/err" &
    pid=$!
    wait_for_bytes "$tmp/out"
    kill -$sig $pid
    wait $pid
    status=$?
    check "$p: SIG$sig mid-run: exit $want" [ $status -eq $want ]
    check "$p: SIG$sig: stdout ends with a line end" [ "$(tail -c 1 "$tmp/out" | od -An -c | tr -d ' ')" = '\n' ]
    check "$p: SIG$sig: stdout ends with a whole record" grep -qE "${last[$p]}" <<<"$(last_line "$tmp/out")"
  done

  # -o FILE: whole or not at all.
  printf 'old\n' >"$tmp/out.o"
  "$bins/$p" "${args[@]}" -o "$tmp/out.o" 2>"$tmp/err" &
  pid=$!
  for _ in $(seq 200); do  # until its temporary file has bytes
    ls "$tmp"/.out.o.* >/dev/null 2>&1 && [ -s "$(ls "$tmp"/.out.o.* | head -n 1)" ] && break
    sleep 0.1
  done
  kill -TERM $pid
  wait $pid
  status=$?
  check "$p -o, SIGTERM: exit 143" [ $status -eq 143 ]
  check "$p -o, SIGTERM: the old content intact" [ "$(cat "$tmp/out.o")" = old ]
  check "$p -o, SIGTERM: no temporary file left" [ -z "$(ls -A "$tmp" | grep '^\.out\.o\.')" ]
  rm -f "$tmp/new.o"
  "$bins/$p" "${args[@]}" -o "$tmp/new.o" 2>"$tmp/err" &
  pid=$!
  sleep 0.5
  kill -INT $pid
  wait $pid
  status=$?
  check "$p -o, SIGINT: exit 130" [ $status -eq 130 ]
  check "$p -o, SIGINT: no file" [ ! -e "$tmp/new.o" ]
done

# -o written whole: the same bytes as standard output, and the mode of a file replaced.
small_pgn="$tmp/small.pgn"
printf '%s\n' "$game" "$game" >"$small_pgn"
"$bins/pgn-convert" "$small_pgn" >"$tmp/expected" 2>/dev/null
printf 'old\n' >"$tmp/replaced.pgn"
chmod 640 "$tmp/replaced.pgn"
"$bins/pgn-convert" "$small_pgn" -o "$tmp/replaced.pgn" 2>/dev/null
check "-o: exit 0" [ $? -eq 0 ]
check "-o: the output, whole" cmp -s "$tmp/expected" "$tmp/replaced.pgn"
check "-o: the mode of the file replaced" [ "$(stat -c %a "$tmp/replaced.pgn")" = 640 ]
"$bins/notation-translate" --to uci "$tmp/small.txt" -o "$tmp/small.uci" 2>/dev/null
check "notation-translate -o: written" [ "$(cat "$tmp/small.uci")" = "e2e4 e7e5" ]
"$bins/fen-perft" -d 2 -o "$tmp/perft.txt" 2>/dev/null
check "fen-perft -o: written" grep -q 400 "$tmp/perft.txt"

# A run that fails having written nothing (a misspelt input) leaves -o FILE as it was.
printf 'precious\n' >"$tmp/precious.pgn"
"$bins/pgn-convert" "$tmp/no-such.pgn" -o "$tmp/precious.pgn" 2>"$tmp/err"
check "-o, a missing input: exit 2" [ $? -eq 2 ]
check "-o, a missing input: FILE as it was" [ "$(cat "$tmp/precious.pgn")" = precious ]
check "-o, a missing input: no temporary file left" [ -z "$(ls -A "$tmp" | grep '^\.precious')" ]

# -o naming an input is refused, by device and inode: the name, a link, a hard link, stdin.
cp "$small_pgn" "$tmp/in.pgn"
ln -s "$tmp/in.pgn" "$tmp/link.pgn"
ln "$tmp/in.pgn" "$tmp/hard.pgn"
cp "$tmp/in.pgn" "$tmp/in.copy"
for o in "$tmp/in.pgn" "$tmp/link.pgn" "$tmp/hard.pgn"; do
  for p in pgn-validate pgn-convert game-adjudicate; do
    "$bins/$p" "$tmp/in.pgn" -o "$o" 2>"$tmp/err"
    status=$?
    check "$p -o $(basename "$o") (the input): exit 2" [ $status -eq 2 ]
    check "$p -o $(basename "$o"): refused, said" grep -q "is the input .*in.pgn: refused" "$tmp/err"
    check "$p -o $(basename "$o"): the input untouched" cmp -s "$tmp/in.pgn" "$tmp/in.copy"
  done
done
"$bins/pgn-convert" -o "$tmp/in.pgn" <"$tmp/in.pgn" 2>"$tmp/err"
check "pgn-convert -o FILE < FILE: exit 2" [ $? -eq 2 ]
check "pgn-convert -o FILE < FILE: refused" grep -q "is standard input: refused" "$tmp/err"
"$bins/pgn-convert" "$tmp/in.pgn" >>"$tmp/in.pgn" 2>"$tmp/err"
check "pgn-convert FILE >> FILE: exit 2" [ $? -eq 2 ]
check "pgn-convert FILE >> FILE: refused" grep -q "standard output is the input" "$tmp/err"
check "pgn-convert FILE >> FILE: the input untouched" cmp -s "$tmp/in.pgn" "$tmp/in.copy"
printf '1. e4\n' >"$tmp/in.txt"
"$bins/notation-translate" --to uci "$tmp/in.txt" -o "$tmp/in.txt" 2>"$tmp/err"
check "notation-translate -o (the input): exit 2" [ $? -eq 2 ]
cp "$tmp/big.epd" "$tmp/suite.epd"
"$bins/fen-perft" --epd "$tmp/suite.epd" -o "$tmp/suite.epd" 2>"$tmp/err"
check "fen-perft -o (the suite): exit 2" [ $? -eq 2 ]
"$bins/pgn-convert" --on-error skip --rejects "$tmp/in.pgn" "$tmp/in.copy" -o "$tmp/in.pgn" 2>"$tmp/err"
check "pgn-convert -o (the --rejects file): exit 2" [ $? -eq 2 ]

# The rejects of pgn-convert on a full disk: exit 2, said.
printf '[White "W"]\n[Black "B"]\n[Result "*"]\n\n1. e5 *\n' >"$tmp/broken.pgn"
"$bins/pgn-convert" --on-error skip --rejects /dev/full "$tmp/broken.pgn" >/dev/null 2>"$tmp/err"
check "pgn-convert --rejects /dev/full: exit 2" [ $? -eq 2 ]
check "pgn-convert --rejects /dev/full: says so" grep -q "/dev/full: write error" "$tmp/err"

# A side file (--summary-file, --rejects, --duplicates-file) naming an input, -o's file or
# another side file is refused before anything is read or written: no input is emptied,
# and no side file's records lost under another's.
for p in pgn-validate pgn-convert game-adjudicate; do
  "$bins/$p" --summary-file "$tmp/hard.pgn" "$tmp/in.pgn" >/dev/null 2>"$tmp/err"
  check "$p --summary-file (the input, a hard link): exit 2" [ $? -eq 2 ]
  check "$p --summary-file (the input): refused, said" grep -q -- "--summary-file .*hard.pgn is the input .*in.pgn: refused" "$tmp/err"
  check "$p --summary-file (the input): the input untouched" cmp -s "$tmp/in.pgn" "$tmp/in.copy"
done
"$bins/pgn-convert" --on-error skip --rejects "$tmp/link.pgn" "$tmp/in.pgn" >/dev/null 2>"$tmp/err"
check "pgn-convert --rejects (the input, a link): exit 2" [ $? -eq 2 ]
check "pgn-convert --rejects (the input): the input untouched" cmp -s "$tmp/in.pgn" "$tmp/in.copy"
rm -f "$tmp/side.pgn"
"$bins/pgn-convert" --on-error skip --rejects "$tmp/side.pgn" -o "$tmp/./side.pgn" "$tmp/broken.pgn" 2>"$tmp/err"
check "pgn-convert --rejects F -o ./F (F not yet made): exit 2" [ $? -eq 2 ]
check "pgn-convert --rejects F -o ./F: refused, said" grep -q -- "-o .*side.pgn and --rejects .*side.pgn name one file: refused" "$tmp/err"
check "pgn-convert --rejects F -o ./F: nothing made" [ ! -e "$tmp/side.pgn" ]
"$bins/pgn-convert" --duplicates drop --duplicates-file "$tmp/side.pgn" --summary-file "$tmp/side.pgn" "$tmp/in.pgn" \
  >/dev/null 2>"$tmp/err"
check "pgn-convert --duplicates-file F --summary-file F: exit 2" [ $? -eq 2 ]
"$bins/pgn-convert" --on-error skip --rejects "$tmp/side.pgn" -o "$tmp/kept.pgn" "$tmp/broken.pgn" "$tmp/in.pgn" 2>/dev/null
check "pgn-convert --rejects and -o, two files: both written" grep -q "1. e5" "$tmp/side.pgn"
check "pgn-convert --rejects and -o, two files: the games kept in -o's" cmp -s "$tmp/kept.pgn" <("$bins/pgn-convert" "$tmp/in.pgn" 2>/dev/null)

# A deep perft on two threads stops at once: no result, exit 130.
start=$(date +%s%N)
"$bins/fen-perft" -d 8 --threads 2 >"$tmp/out" 2>"$tmp/err" &
pid=$!
sleep 0.5
kill -INT $pid
wait $pid
status=$?
took=$((($(date +%s%N) - start) / 1000000))
check "fen-perft -d 8, SIGINT: exit 130" [ $status -eq 130 ]
check "fen-perft -d 8, SIGINT: nothing printed" [ ! -s "$tmp/out" ]
check "fen-perft -d 8, SIGINT: stopped at once (${took} ms)" [ $took -lt 3000 ]

finish "outputs"
