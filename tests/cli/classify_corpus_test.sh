#!/usr/bin/env bash
# --classify and --position on master games beside pgn-extract -e and -x (through
# scripts/check/classify-vs-pgn-extract, on a few files): on the same table the two differ
# only where pgn-extract's matching rule does (it ignores the side to move and castling
# rights, and looks no further than six plies past a line's length), and both find the
# same games reaching a position; --position and --material with --stop-early select what
# they select without it. Skipped without ../shared or pgn-extract.
# Usage: classify_corpus_test.sh PATH/TO/pgn-convert SHARED_DIR
set -uo pipefail
bin=$1
shared=$2
run_flags=(--no-progress)
# shellcheck source=tests/cli/lib.sh
source "$(dirname "$0")/lib.sh"
master=$shared/corpus/pgn/master
[ -d "$master" ] || { echo "SKIPPED: the master games ($master) are not there"; exit 77; }
[ -x /usr/games/pgn-extract ] || { echo "SKIPPED: no /usr/games/pgn-extract to compare with"; exit 77; }
files=("$master/Alekhine.pgn" "$master/Botvinnik.pgn" "$master/Capablanca.pgn" "$master/Bronstein.pgn")

run --classify --format uci "${files[@]}"
check "every master game classified (each first move is a line of the table)" \
  grep -q "^5079 games read: 5079 written, .*; classified: 5079 of the 5079 written (0 reached" <<<"$err"
report=$(CONVERT=$bin CHESS_SHARED_DIR=$shared "$(dirname "$0")/../../scripts/check/classify-vs-pgn-extract" "${files[@]}")
echo "$report"
rule=$(sed -n 's/^on the same table (ours), pgn-extract and pgn-convert differ in \([0-9]*\) games.*/\1/p' <<<"$report")
check "on the same table, at most 0.2% of the games classified otherwise than pgn-extract" [ -n "$rule" ] && [ $((rule * 500)) -le 5079 ]
check "--position: as many games as pgn-extract -x, for each line" \
  [ "$(grep -c 'pgn-convert --position' <<<"$report")" -eq 3 ] && ! grep 'pgn-convert --position' <<<"$report" |
  awk '$(NF-4) != $NF { bad = 1 } END { exit !bad }'

# --stop-early never loses a game: positions taken from these games at every stage (every
# 13001st position) and balances of every kind (one reached only by
# promotion) select the same games with it as by replaying every game to its end.
"$bin" --no-progress --format epd "${files[@]}" 2>/dev/null | awk 'NR % 13001 == 0 { print $1 " " $2 }' >"$tmp/targets"
check "positions to look for" [ "$(wc -l <"$tmp/targets")" -ge 30 ]
lost=0 kept=0
while read -r target; do
  whole=$("$bin" --no-progress --on-error skip --position "$target" "${files[@]}" 2>/dev/null | md5sum)
  early=$("$bin" --no-progress --on-error skip --stop-early --position "$target" "${files[@]}" 2>/dev/null | md5sum)
  [ "$whole" = "$early" ] || { echo "--stop-early --position '$target': other games"; lost=$((lost + 1)); }
done <"$tmp/targets"
for balance in KQ:KQ KRP:KR KR:KR KBN:K KQQ:K KNN:K KRRR:KR KQP4:KQP3 KP:K; do
  whole=$("$bin" --no-progress --on-error skip --material "$balance" "${files[@]}" 2>/dev/null | md5sum)
  early=$("$bin" --no-progress --on-error skip --stop-early --material "$balance" "${files[@]}" 2>"$tmp/early.err" | md5sum)
  [ "$whole" = "$early" ] || { echo "--stop-early --material $balance: other games"; lost=$((lost + 1)); }
  grep -q "read only until out of reach" "$tmp/early.err" && kept=$((kept + 1))
done
check "--stop-early: the same games as the whole replay, for every position and balance" [ $lost -eq 0 ]
check "--stop-early: games stopped early for every balance" [ $kept -eq 9 ]
finish "classification beside pgn-extract; --stop-early"
