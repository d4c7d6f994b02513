#!/usr/bin/env bash
# Records that locate themselves: every program's per-game JSON Lines record gives the
# game's file, line, offset and length, and `tail -c +$((offset + 1)) FILE | head -c length`
# cuts out exactly its text (from its first tag to its termination marker or the comments
# after it on its line; without a marker, its last text). Checked on games written out here
# by hand (their texts listed, their lines counted from the offsets), through every program,
# from a file, standard input, gzip, with two jobs and without the fast path; and on the
# shared corpus against an oracle that finds the games without the programs' reader
# (offsets_oracle.py; skipped when ../shared is absent: then exit 77 after the rest).
# Usage: offsets_test.sh BIN_DIR
set -uo pipefail
dir=$1
bin=$dir/pgn-validate
run_flags=(--no-progress)
# shellcheck source=tests/cli/lib.sh
source "$(dirname "$0")/lib.sh"
here=$(cd "$(dirname "$0")" && pwd)

# The games, exactly as a reader of bytes should cut them, and what lies between them.
g1=$'[Event "a"]\n[White "w"]\n[Result "1-0"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0'
g2=$'[Site "no Event first"]\n[Result "*"]\n\n1. d4 {a comment\nover two lines} d5 *'
g3=$'1. e4 e5 2. Nf3 Nc6 1/2-1/2 {agreed} ; and a note'  # no tags; comments after the marker
g4=$'[Event "no termination marker"]\n\n1. c4 c5'
g5=$'[Event "crlf"]\r\n[Result "0-1"]\r\n\r\n1. f3 e5 2. g4 Qh4# 0-1'
g6=$'[Event "tags only"]\n[White "x"]'
g7=$'[Event "Z\xfcrich, in Latin-1"]\n[Result "*"]\n\n1. e4 *'
printf '%s\n\n\n%s\n\nSome prose between games.\n\n%s\n; an engine log line\n\n%s  \n  \n%s\r\n\r\n%s\n\n%s\n' \
  "$g1" "$g2" "$g3" "$g4" "$g5" "$g6" "$g7" >"$tmp/games.pgn"
expected=("$g1" "$g2" "$g3" "$g4" "$g5" "$g6" "$g7")
for i in "${!expected[@]}"; do printf '%s' "${expected[i]}" >"$tmp/expected.$((i + 1))"; done
gzip -c "$tmp/games.pgn" >"$tmp/games.pgn.gz"
{ printf '\xef\xbb\xbf'; printf '%s\n' "$g1"; } >"$tmp/bom.pgn"

# Binary data between two games and inside a game's comment, which the programs skip: the
# offsets are still the input's.
printf '[Event "before binary data"]\n[Result "*"]\n\n1. e4 *' >"$tmp/binary.1"
printf '[Event "binary data in a comment"]\n[Result "*"]\n\n1. d4 {a comment\n\1\2\3\4\5\6\7\10\nand the rest of it} d5 *' \
  >"$tmp/binary.2"
{ cat "$tmp/binary.1"; printf '\n\n\0\1\2\3\4\5 junk \0\0\n\1\2\3\n'; cat "$tmp/binary.2"; printf '\n'; } >"$tmp/binary.pgn"

# cut_out NAME FILE RECORDS: each record's game cut out of FILE is the next expected game,
# its "line" the line its offset is on, its "file" the input's name.
cut_out() {
  local name=$1 file=$2 records=$3 n=0 offset length line shown expect=${expect:-$tmp/expected}
  while IFS=$'\t' read -r offset length line shown; do
    n=$((n + 1))
    check "$name: game $n cut out" cmp -s <(tail -c +$((offset + 1)) "$file" | head -c "$length") "$expect.$n"
    check "$name: game $n line" [ "$line" = $(($(head -c "$offset" "$file" | tr -cd '\n' | wc -c) + 1)) ]
    check "$name: game $n file" [ "$shown" = "${want_name:-$file}" ]
  done < <(python3 -c '
import json, sys
for l in open(sys.argv[1]):
    r = json.loads(l)
    if "offset" in r: print(r["offset"], r["length"], r["line"], r["file"], sep="\t")' "$records")
  check "$name: every game" [ $n -eq "${games:-${#expected[@]}}" ]
}
records() { "$@" 2>/dev/null >"$tmp/records"; }
for how in "" "-j 2" "--no-fast-path"; do
  judge_how=${how/--no-fast-path/}  # game-adjudicate reads as pgn-validate does: no switch of its own
  # shellcheck disable=SC2086
  records "$dir/pgn-validate" --no-progress --format jsonl $how "$tmp/games.pgn"
  cut_out "pgn-validate $how" "$tmp/games.pgn" "$tmp/records"
  # shellcheck disable=SC2086
  records "$dir/pgn-convert" --no-progress --format jsonl $how "$tmp/games.pgn"  # valid games and passed through
  cut_out "pgn-convert --format jsonl $how" "$tmp/games.pgn" "$tmp/records"
  # shellcheck disable=SC2086
  records "$dir/pgn-convert" --no-progress --offsets $how "$tmp/games.pgn"
  cut_out "pgn-convert --offsets $how" "$tmp/games.pgn" "$tmp/records"
  # shellcheck disable=SC2086
  records "$dir/game-adjudicate" --no-progress --format jsonl $judge_how "$tmp/games.pgn"
  cut_out "game-adjudicate $how" "$tmp/games.pgn" "$tmp/records"
done
records "$dir/pgn-validate" --no-progress --format jsonl - <"$tmp/games.pgn"
want_name="<stdin>" cut_out "standard input" "$tmp/games.pgn" "$tmp/records"
records "$dir/pgn-convert" --no-progress --offsets "$tmp/games.pgn.gz"  # offsets in the decompressed text
want_name="$tmp/games.pgn.gz" cut_out "gzip" "$tmp/games.pgn" "$tmp/records"
records "$dir/pgn-convert" --no-progress --offsets --match 'Event~crlf' "$tmp/games.pgn"
crlf_at=$(grep -b -o '\[Event "crlf"' "$tmp/games.pgn" | cut -d: -f1)
crlf_line=$(($(head -c "$crlf_at" "$tmp/games.pgn" | wc -l) + 1))
index_line="{\"game\": 5, \"file\": \"$tmp/games.pgn\", \"line\": $crlf_line, \"offset\": $crlf_at, \"length\": ${#g5}, "
index_line+='"tags": {"Event": "crlf", "Result": "0-1"}}'
check "an index filtered by tag" [ "$(cat "$tmp/records")" = "$index_line" ]
for how in "" "-j 2"; do
  # shellcheck disable=SC2086
  records "$dir/pgn-validate" --no-progress --format jsonl $how "$tmp/binary.pgn"
  expect=$tmp/binary games=2 cut_out "binary data $how" "$tmp/binary.pgn" "$tmp/records"
  # shellcheck disable=SC2086
  records "$dir/pgn-convert" --no-progress --offsets $how "$tmp/binary.pgn"
  expect=$tmp/binary games=2 cut_out "binary data, --offsets $how" "$tmp/binary.pgn" "$tmp/records"
done
records "$dir/pgn-validate" --no-progress --format jsonl "$tmp/bom.pgn"
check "a BOM is no part of the first game" grep -q "\"line\": 1, \"offset\": 3, \"length\": ${#g1}," "$tmp/records"

# A part of an input read on its own: offsets, lines and game numbers as in the whole.
part_at=$crlf_at
tail -c +$((part_at + 1)) "$tmp/games.pgn" |
  "$dir/pgn-convert" --no-progress --offsets --start-offset "$part_at" --start-line "$crlf_line" --start-game 5 \
    --input-name "$tmp/games.pgn" - 2>/dev/null >"$tmp/part"
"$dir/pgn-convert" --no-progress --offsets "$tmp/games.pgn" 2>/dev/null | tail -n 3 >"$tmp/whole"
check "a part's records are the whole's" cmp -s "$tmp/part" "$tmp/whole"

shared=$here/../../../shared/corpus/pgn
if [ -d "$shared" ]; then
  mapfile -t archives < <(find "$shared/master" "$shared/engine" "$shared/online" -name '*.pgn' | LC_ALL=C sort)
  "$dir/pgn-validate" --no-progress --format jsonl -j 2 "${archives[@]}" >"$tmp/corpus.jsonl"
  check "the shared corpus against the oracle" python3 "$here/offsets_oracle.py" "$tmp/corpus.jsonl"
  finish "offsets"
else
  finish "offsets" || exit 1
  echo "offsets: ../shared is absent: the corpus check skipped"
  exit 77
fi
