#!/usr/bin/env bash
# --classify and --position on master games beside pgn-extract -e and -x (through
# scripts/check/classify-vs-pgn-extract, on a few files): on the same table the two differ
# only where pgn-extract's matching rule does (it ignores the side to move and castling
# rights, and looks no further than six plies past a line's length), and both find the
# same games reaching a position. Skipped without ../shared or pgn-extract.
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
finish "classification beside pgn-extract"
