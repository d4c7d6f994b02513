#!/usr/bin/env bash
# Split invariance: each PGN program run through scripts/parallel, its inputs cut into 2, 3
# and 7 parts at game borders, gives the one-process run's standard output, standard error
# and exit status byte for byte (and the same -o and --rejects files).
#   fixtures: the fixtures, and games written here whose borders are hard to find (no
#             tags, another first tag, prose and ';' lines between games, games without
#             termination markers, comments after them, CRLF, tags only), several files,
#             standard input, gzip.
#   corpus:   a quarter of the shared corpus (every fourth archive, the edge cases and the
#             online games), as one stream and as files; exit 77 when ../shared is absent.
# Usage: parallel_test.sh BIN_DIR FIXTURES_DIR fixtures|corpus
set -uo pipefail
dir=$1
fixtures=$2
mode=$3
bin=$dir/pgn-validate
run_flags=(--no-progress)
# shellcheck source=tests/cli/lib.sh
source "$(dirname "$0")/lib.sh"
parallel_script=$(cd "$(dirname "$0")/../.." && pwd)/scripts/parallel
command -v parallel >/dev/null || { echo "parallel: GNU parallel is not installed: skipped"; exit 77; }

# same NAME PARTS PROGRAM ARGS...: scripts/parallel with that many parts, as one process
# (both reading $stdin, if set, on standard input).
same() {
  local name=$1 parts=$2 program=$3
  shift 3
  rm -f "$tmp"/one.* "$tmp"/many.*
  "$dir/$program" --no-progress "$@" <"${stdin:-/dev/null}" >"$tmp/one.out" 2>"$tmp/one.err"
  echo $? >"$tmp/one.status"
  for f in "$tmp"/result.*; do [ -e "$f" ] && mv "$f" "${f/result./one.file.}"; done
  "$parallel_script" --parts "$parts" "$dir/$program" --no-progress "$@" <"${stdin:-/dev/null}" >"$tmp/many.out" \
    2>"$tmp/many.err"
  echo $? >"$tmp/many.status"
  for f in "$tmp"/result.*; do [ -e "$f" ] && mv "$f" "${f/result./many.file.}"; done
  local ok=1 what
  for what in out err status; do cmp -s "$tmp/one.$what" "$tmp/many.$what" || { ok=0; echo "$name: $what differs" >&2; }; done
  for f in "$tmp"/one.file.*; do [ -e "$f" ] && { cmp -s "$f" "${f/one./many.}" || { ok=0; echo "$name: ${f##*.} differs" >&2; }; }; done
  ((ok)) && [ -s "$tmp/one.out" -o -s "$tmp/one.err" ]  # and there was something to compare
}
# each NAME PROGRAM ARGS...: `same` with 2, 3 and 7 parts.
each() {
  local name=$1
  shift
  for parts in 2 3 7; do check "$name, $parts parts" same "$name" "$parts" "$@"; done
}

if [ "$mode" = fixtures ]; then
  {
    printf '1. e4 e5 2. Nf3 Nc6 1-0\n\n[Site "S"]\n[Event "first tag not Event"]\n\n1. d4 d5 *\n\n'
    printf 'Prose between games, with a date: 1851.\n\n1. c4 e5 1/2-1/2 {agreed} ; and a note\n; an engine log line\n'
    printf '[Event "no termination marker"]\n\n1. e4 c5\n\n[Event "x"]\n[White "tags only"]\n\n'
    printf '[Event "crlf"]\r\n[Result "0-1"]\r\n\r\n1. f3 e5 2. g4 Qh4# 0-1\r\n\r\n'
    printf '1. e4 e5 2. Nf5 Nc6 *\n\n'  # an illegal move
    cat "$fixtures/round3.pgn"
    printf '1. d4 {a comment\n\n[Event "not a game: inside a comment"]\n\nstill the comment} d5 *\n\n'
    cat "$fixtures/sample.pgn"
  } >"$tmp/mixed.pgn"
  size=$(stat -c %s "$tmp/mixed.pgn")
  "$dir/pgn-convert" --part-size $((size / 7 + 1)) "$tmp/mixed.pgn" >"$tmp/parts"
  check "the mixed games cut into 7 parts" [ "$(wc -l <"$tmp/parts")" -eq 7 ]
  gzip -c "$tmp/mixed.pgn" >"$tmp/mixed.pgn.gz"
  several=("$tmp/mixed.pgn" "$fixtures/round3.pgn" "$fixtures/sample.pgn")
  each "pgn-validate, several files" pgn-validate "${several[@]}"
  each "pgn-validate --format jsonl" pgn-validate --format jsonl "${several[@]}"
  check "pgn-validate -q --strict" same "pgn-validate -q --strict" 3 pgn-validate -q --strict "${several[@]}"
  check "pgn-validate --emit valid" same "pgn-validate --emit valid" 3 pgn-validate --emit valid "$tmp/mixed.pgn"
  stdin=$tmp/mixed.pgn check "pgn-validate, standard input" same "stdin" 3 pgn-validate -
  check "pgn-validate, gzip" same "gzip" 3 pgn-validate --format jsonl "$tmp/mixed.pgn.gz"
  check "pgn-convert" same "pgn-convert" 3 pgn-convert "$tmp/mixed.pgn" "$fixtures/round3.pgn"
  each "pgn-convert --format jsonl" pgn-convert --format jsonl "${several[@]}"
  check "pgn-convert --offsets --match" same "--offsets" 7 pgn-convert --offsets --match 'Event~Rated' --match 'Result~1' "${several[@]}"
  check "pgn-convert --rejects, -o" same "pgn-convert --rejects" 3 pgn-convert --format uci --on-error skip \
    --rejects "$tmp/result.rejects" -o "$tmp/result.out" "${several[@]}"
  check "pgn-convert --classify --eco, --material" same "searches" 3 pgn-convert --classify --eco B00-B99 \
    --material KQ:K --material KR:K --format uci "${several[@]}"
  check "pgn-convert --match on a tag no game has" same "match-no-tag" 3 pgn-convert --match 'white~x' "$tmp/mixed.pgn"
  check "pgn-convert --where, each counted" same "--where" 3 pgn-convert --where 'WhiteElo>=2400' --where 'Date<1900' \
    --where 'PlyCount<90' --format uci "${several[@]}"
  cat "$tmp/mixed.pgn" "$fixtures/sample.pgn" "$fixtures/sample.pgn" >"$tmp/copies.pgn"
  check "pgn-convert --duplicates: one process (copies in other parts)" same "--duplicates" 3 pgn-convert \
    --duplicates keep-first --format uci "$tmp/copies.pgn"
  check "pgn-convert --first: one process" same "--first" 3 pgn-convert --first 5 "$tmp/mixed.pgn"
  { cat "$fixtures/round3.pgn"; printf '\0\1\2\3\4\5 junk \0\0\n'; cat "$fixtures/sample.pgn"; } >"$tmp/binary.pgn"
  check "binary data inside: one process" same "binary data" 3 pgn-validate "$tmp/binary.pgn"
  each "game-adjudicate" game-adjudicate "${several[@]}"
  check "game-adjudicate --format jsonl" same "game-adjudicate --format jsonl" 2 game-adjudicate --format jsonl \
    "${several[@]}"
  check "game-adjudicate --format pgn" same "game-adjudicate --format pgn" 3 game-adjudicate --format pgn "$tmp/mixed.pgn"
  finish "parallel (fixtures)"
  exit
fi

shared=$(dirname "$0")/../../../shared/corpus/pgn
[ -d "$shared" ] || { echo "parallel: ../shared is absent: skipped"; exit 77; }
mapfile -t all < <(find "$shared/master" "$shared/engine" -name '*.pgn' | LC_ALL=C sort)
sample=()
for i in "${!all[@]}"; do ((i % 4 == 0)) && sample+=("${all[i]}"); done
mapfile -t -O "${#sample[@]}" sample < <(find "$shared/edge-cases" "$shared/online" -name '*.pgn' | LC_ALL=C sort)
cat "${sample[@]}" >"$tmp/corpus.pgn"
each "pgn-validate, the corpus as one stream" pgn-validate "$tmp/corpus.pgn"
each "pgn-convert --format jsonl" pgn-convert --format jsonl "$tmp/corpus.pgn"
each "game-adjudicate --format jsonl" game-adjudicate --format jsonl "$tmp/corpus.pgn"
check "pgn-validate, the corpus as files" same "pgn-validate, files" 3 pgn-validate "${sample[@]}"
finish "parallel (corpus)"
