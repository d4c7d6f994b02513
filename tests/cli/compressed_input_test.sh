#!/usr/bin/env bash
# Compressed inputs through every program: zstd (one frame, and pzstd's many frames with
# skippable frames between), gzip (one member and two), bzip2 and xz, named on the command
# line or on standard input, give the output of the uncompressed text; a compressed file cut
# short or damaged is reported (exit 2) after the games read before the damage.
# Usage: compressed_input_test.sh BIN_DIR FIXTURES_DIR
set -uo pipefail
dir=$1
fixtures=$2
bin=$dir/pgn-validate
run_flags=(--no-progress)
# shellcheck source=tests/cli/lib.sh
source "$(dirname "$0")/lib.sh"
for tool in zstd pzstd gzip bzip2 xz; do
  command -v $tool >/dev/null || { echo "compressed input: no $tool: skipped"; exit 77; }
done

# A few hundred games, so that pzstd writes several frames.
for _ in $(seq 40); do cat "$fixtures/sample.pgn" "$fixtures/round3.pgn"; printf '\n'; done >"$tmp/games.pgn"
games=$("$dir/pgn-validate" --no-progress -q "$tmp/games.pgn" 2>&1 | grep -o '^[0-9]* games')
zstd -q -c "$tmp/games.pgn" >"$tmp/games.pgn.zst"
# Frames one after another, each after a skippable frame, as pzstd writes them (it cuts
# only inputs of megabytes into frames).
skippable() { printf '\x50\x2a\x4d\x18\x04\x00\x00\x00abcd'; }
split -b 7000 "$tmp/games.pgn" "$tmp/part."
for part in "$tmp"/part.*; do skippable; zstd -q -c "$part"; done >"$tmp/many.pgn.zst"
gzip -c "$tmp/games.pgn" >"$tmp/games.pgn.gz"
head -c 20000 "$tmp/games.pgn" >"$tmp/first.pgn"
tail -c +20001 "$tmp/games.pgn" >"$tmp/rest.pgn"
{ gzip -c "$tmp/first.pgn"; gzip -c "$tmp/rest.pgn"; } >"$tmp/two-members.gz"
bzip2 -c "$tmp/games.pgn" >"$tmp/games.bz2"
xz -c "$tmp/games.pgn" >"$tmp/games.xz"
check "several frames, and zstd reads them" cmp -s <(zstd -dc "$tmp/many.pgn.zst") "$tmp/games.pgn"

# Each program's output on standard input, the same text uncompressed and compressed.
same() {  # same NAME PROGRAM ARGS...: PROGRAM ARGS - on each archive gives what it gives on the text
  local name=$1
  shift
  "$@" - <"$tmp/games.pgn" >"$tmp/expected" 2>"$tmp/expected.err"
  local expected_status=$?
  for archive in games.pgn.zst many.pgn.zst games.pgn.gz two-members.gz games.bz2 games.xz; do
    "$@" - <"$tmp/$archive" >"$tmp/got" 2>"$tmp/got.err"
    local got_status=$?
    check "$name: $archive on stdin, the output of the text" cmp -s "$tmp/expected" "$tmp/got"
    check "$name: $archive on stdin, the exit status of the text" [ $got_status -eq $expected_status ]
  done
}
same "pgn-validate jsonl" "$dir/pgn-validate" --no-progress --format jsonl
same "pgn-validate --jobs 2" "$dir/pgn-validate" --no-progress --format jsonl --jobs 2
same "pgn-convert --to uci" "$dir/pgn-convert" --no-progress --to uci
same "pgn-convert --jobs 2" "$dir/pgn-convert" --no-progress --jobs 2
same "game-adjudicate" "$dir/game-adjudicate" --no-progress --format jsonl
"$dir/pgn-convert" --no-progress --to descriptive "$tmp/games.pgn" 2>/dev/null | grep -v '^\[' >"$tmp/moves.txt"
gzip -c "$tmp/moves.txt" >"$tmp/moves.txt.gz"
"$dir/notation-translate" --from descriptive --to san <"$tmp/moves.txt" >"$tmp/expected" 2>&1
"$dir/notation-translate" --from descriptive --to san <"$tmp/moves.txt.gz" >"$tmp/got" 2>&1
check "notation-translate: .gz on stdin, the output of the text" cmp -s "$tmp/expected" "$tmp/got"
counts() { grep -o 'line [0-9]* .* got [0-9]*'; }  # each count, without its time
"$dir/fen-perft" --max-depth 2 --epd "$fixtures/perft-sample.epd" 2>&1 | counts >"$tmp/expected"
xz -c "$fixtures/perft-sample.epd" >"$tmp/suite.epd.xz"
"$dir/fen-perft" --max-depth 2 --epd "$tmp/suite.epd.xz" 2>&1 | counts >"$tmp/got"
check "fen-perft --epd: an .xz suite, the counts of the text" cmp -s "$tmp/expected" "$tmp/got"
check "fen-perft --epd: counts compared" [ -s "$tmp/got" ]

# By name: told by the bytes, not the name.
cp "$tmp/games.pgn.zst" "$tmp/named-anything.pgn"
run -q "$tmp/named-anything.pgn"
check "a zstd file named .pgn: all games read" grep -q "^$games: " <<<"$err"
check "a zstd file named .pgn: exit 1 (two games of round3.pgn are invalid), as for the text" [ $status -eq 1 ]

# Cut short and damaged: the games before are read, the damage said once, exit 2.
size=$(stat -c %s "$tmp/games.pgn.gz")
head -c $((size / 2)) "$tmp/games.pgn.gz" >"$tmp/cut.pgn.gz"
run -q "$tmp/cut.pgn.gz"
check "cut gzip: exit 2" [ $status -eq 2 ]
check "cut gzip: said, with the file" grep -q "cut.pgn.gz: truncated gzip data: the input ends inside a member" <<<"$err"
check "cut gzip: said once" [ "$(grep -c 'truncated gzip' <<<"$err")" -eq 1 ]
check "cut gzip: games before the cut read" grep -qE '^[1-9][0-9]* games' <<<"$err"
size=$(stat -c %s "$tmp/many.pgn.zst")
head -c $((size * 2 / 3)) "$tmp/many.pgn.zst" >"$tmp/cut.pgn.zst"
run -q "$tmp/cut.pgn.zst"
check "cut zstd: exit 2" [ $status -eq 2 ]
check "cut zstd: said" grep -q "cut.pgn.zst: truncated zstd data" <<<"$err"
python3 - "$tmp/games.pgn.zst" "$tmp/damaged.pgn.zst" <<'PY'
import sys
data = bytearray(open(sys.argv[1], 'rb').read())
for i in range(len(data) // 2, len(data) // 2 + 64):
    data[i] ^= 0x5A
open(sys.argv[2], 'wb').write(data)
PY
run -q "$tmp/damaged.pgn.zst"
check "damaged zstd: exit 2" [ $status -eq 2 ]
check "damaged zstd: said" grep -q "damaged.pgn.zst: corrupt zstd data" <<<"$err"
# A text file that begins with the first bytes of a magic number is still text.
printf 'BZ\n' >"$tmp/bz.txt"
bin=$dir/notation-translate
run --from san --to lan "$tmp/bz.txt"
check "text starting 'BZ' is not taken for bzip2" grep -qv "bzip2" <<<"$err"
finish "compressed input"
