#!/usr/bin/env bash
# Compressed inputs through every program: zstd (one frame, and many frames: pzstd's with
# skippable frames between, zstd's one after another; with --jobs 2 decompressed a few at
# once), gzip (one member and two), bzip2 and xz, named on the command line or on standard
# input, give the output of the uncompressed text; a compressed file cut short or damaged
# is reported (exit 2) after the games read before the damage, whatever the jobs.
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

# A few thousand games (small: under the sanitizers every program reads them dozens of times).
for _ in $(seq 6); do cat "$fixtures/sample.pgn" "$fixtures/round3.pgn"; printf '\n'; done >"$tmp/games.pgn"
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

# Frames of megabytes, as lichess publishes them: pzstd's (each after a skippable frame
# saying its size), and frames of zstd one after another (no sizes said), which --jobs 2
# decompresses a few at once. Where each frame begins, for the damage below. (pzstd cuts its
# input into frames of four windows: 2 MB at level 1, 8 MB at its default level 3.)
for _ in 1 2; do cat "$tmp/games.pgn"; done >"$tmp/big.pgn"
pzstd -q -p 2 -1 -c "$tmp/big.pgn" >"$tmp/pzstd.pgn.zst"
split -b 1500000 "$tmp/big.pgn" "$tmp/big."
: >"$tmp/frames.at"
for part in "$tmp"/big.*; do
  [ "$part" = "$tmp/big.pgn" ] && continue
  stat -c %s "$tmp/frames.pgn.zst" 2>/dev/null >>"$tmp/frames.at" || echo 0 >>"$tmp/frames.at"
  zstd -q -c "$part" >>"$tmp/frames.pgn.zst"
done
frames_at() {  # frames_at FILE: each frame's offset, pzstd's skippable frames read for its size
  python3 - "$1" <<'PY'
import struct, sys
data, at = open(sys.argv[1], 'rb').read(), 0
while at < len(data):
    magic, size = struct.unpack_from('<II', data, at)
    assert magic == 0x184D2A50 and size == 4, 'a skippable frame saying the size'
    at += 12
    print(at)
    at += struct.unpack_from('<I', data, at - 4)[0]
PY
}
frames_at "$tmp/pzstd.pgn.zst" >"$tmp/pzstd.at"
check "pzstd wrote several frames, each after its size" [ "$(wc -l <"$tmp/pzstd.at")" -ge 3 ]
check "frames of zstd one after another: several" [ "$(wc -l <"$tmp/frames.at")" -ge 3 ]
check "pzstd's frames read by zstd" cmp -s <(zstd -dc "$tmp/pzstd.pgn.zst") "$tmp/big.pgn"
check "zstd's frames read by zstd" cmp -s <(zstd -dc "$tmp/frames.pgn.zst") "$tmp/big.pgn"

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
same "game-adjudicate --jobs 2" "$dir/game-adjudicate" --no-progress --format jsonl --jobs 2
# Many frames of megabytes, on standard input and by name, one job and two: the text's output.
programs=("pgn-validate --format jsonl" "pgn-convert --to uci" "game-adjudicate --format jsonl")
for program in "${programs[@]}"; do
  read -ra command <<<"$dir/$program --no-progress"
  "${command[@]}" "$tmp/big.pgn" >"$tmp/expected" 2>"$tmp/expected.err"
  for archive in pzstd.pgn.zst frames.pgn.zst; do
    for jobs in 1 2; do
      "${command[@]}" --jobs $jobs --input-name "$tmp/big.pgn" "$tmp/$archive" >"$tmp/got" 2>"$tmp/got.err"
      check "${program%% *} --jobs $jobs: $archive by name, the output of the text" cmp -s "$tmp/expected" "$tmp/got"
      check "${program%% *} --jobs $jobs: $archive by name, the diagnostics of the text" \
        cmp -s "$tmp/expected.err" "$tmp/got.err"
      "${command[@]}" --jobs $jobs --input-name "$tmp/big.pgn" - <"$tmp/$archive" >"$tmp/got" 2>/dev/null
      check "${program%% *} --jobs $jobs: $archive on stdin, the output of the text" cmp -s "$tmp/expected" "$tmp/got"
    done
  done
done
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
# Text after the last gzip member is no gzip data: said (as gzip -d says "trailing garbage
# ignored"), exit 2, where it was dropped in silence; the zeros tools pad with are not.
{ cat "$tmp/games.pgn.gz"; cat "$fixtures/round3.pgn"; } >"$tmp/appended.pgn.gz"
run -q "$tmp/appended.pgn.gz"
check "gzip, then text: exit 2" [ $status -eq 2 ]
check "gzip, then text: said" grep -q "appended.pgn.gz: data after the last gzip member that is no gzip member: not read" <<<"$err"
check "gzip, then text: the members' games read" grep -q "^$games: " <<<"$err"
{ cat "$tmp/games.pgn.gz"; head -c 3000 /dev/zero; } >"$tmp/padded.pgn.gz"
run -q "$tmp/padded.pgn.gz"
check "gzip padded with zeros: all games read" grep -q "^$games: " <<<"$err"
check "gzip padded with zeros: nothing said but the summary" [ "$(grep -c . <<<"$err")" -eq 1 ]
check "gzip padded with zeros: exit 1 (as the text)" [ $status -eq 1 ]
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
# Many frames cut short or damaged in a middle frame: every PGN program, one job and two,
# writes what it writes for the text that zstd -dc gets out of it (the whole frames before a
# damaged frame header; the blocks read before the cut), and says the damage once, exit 2.
differ() { ! cmp -s "$1" "$2"; }
damaged() {  # damaged NAME ARCHIVE WORDS: WORDS the error's
  local name=$1 archive=$2 words=$3 program jobs got_status
  zstd -dcq <"$archive" >"$tmp/before.pgn" 2>/dev/null
  check "$name: some text before the damage" [ -s "$tmp/before.pgn" ]
  check "$name: not all of it" differ "$tmp/before.pgn" "$tmp/big.pgn"
  for program in "${programs[@]}"; do
    read -ra command <<<"$dir/$program --no-progress"
    "${command[@]}" - <"$tmp/before.pgn" >"$tmp/expected" 2>"$tmp/expected.err"
    for jobs in 1 2; do
      "${command[@]}" --jobs $jobs - <"$archive" >"$tmp/got" 2>"$tmp/got.err"
      got_status=$?
      local what="$name, ${program%% *} --jobs $jobs"
      check "$what: the output of the text before the damage" cmp -s "$tmp/expected" "$tmp/got"
      check "$what: exit 2" [ $got_status -eq 2 ]
      check "$what: said once" [ "$(grep -c "^${program%% *}: error: <stdin>: $words" "$tmp/got.err")" -eq 1 ]
      check "$what: the other diagnostics of the text" cmp -s "$tmp/expected.err" <(grep -v ": <stdin>: $words" "$tmp/got.err")
    done
  done
}
mapfile -t at <"$tmp/pzstd.at"
head -c $((at[1] + 5000)) "$tmp/pzstd.pgn.zst" >"$tmp/pzstd-cut.zst"
damaged "pzstd's frames cut short" "$tmp/pzstd-cut.zst" "truncated zstd data: the input ends inside a frame"
damage() {  # damage FILE OFFSET OUT: the byte at OFFSET changed
  python3 -c 'import sys; d = bytearray(open(sys.argv[1], "rb").read()); d[int(sys.argv[2])] ^= 0x5A; open(sys.argv[3], "wb").write(d)' "$@"
}
damage "$tmp/pzstd.pgn.zst" "${at[1]}" "$tmp/pzstd-damaged.zst"
damaged "pzstd's second frame's header damaged" "$tmp/pzstd-damaged.zst" "corrupt zstd data: Unknown frame descriptor"
mapfile -t at <"$tmp/frames.at"
damage "$tmp/frames.pgn.zst" "${at[2]}" "$tmp/frames-damaged.zst"
damaged "zstd's third frame's header damaged" "$tmp/frames-damaged.zst" "corrupt zstd data: Unknown frame descriptor"
# Damaged inside a frame's blocks: the text before is the blocks read before, the same
# whatever the jobs (the library is given a block at a time, however the frames come).
damage "$tmp/frames.pgn.zst" $(((at[1] + at[2]) / 2)) "$tmp/frames-inside.zst"
for program in "${programs[@]}"; do
  read -ra command <<<"$dir/$program --no-progress"
  "${command[@]}" --jobs 1 - <"$tmp/frames-inside.zst" >"$tmp/one" 2>"$tmp/one.err"
  one_status=$?
  "${command[@]}" --jobs 2 - <"$tmp/frames-inside.zst" >"$tmp/two" 2>"$tmp/two.err"
  two_status=$?
  check "damaged inside a frame, ${program%% *}: --jobs 2 writes what --jobs 1 does" cmp -s "$tmp/one" "$tmp/two"
  check "damaged inside a frame, ${program%% *}: and says what it says" cmp -s "$tmp/one.err" "$tmp/two.err"
  check "damaged inside a frame, ${program%% *}: exit 2" [ $one_status -eq 2 ] && [ $two_status -eq 2 ]
  check "damaged inside a frame, ${program%% *}: said" grep -q "<stdin>: corrupt zstd data" "$tmp/two.err"
  check "damaged inside a frame, ${program%% *}: the first frame's games read" [ "$(wc -c <"$tmp/two")" -gt 100000 ]
done

# A text file that begins with the first bytes of a magic number is still text.
printf 'BZ\n' >"$tmp/bz.txt"
bin=$dir/notation-translate
run --from san --to lan "$tmp/bz.txt"
check "text starting 'BZ' is not taken for bzip2" grep -qv "bzip2" <<<"$err"
finish "compressed input"
