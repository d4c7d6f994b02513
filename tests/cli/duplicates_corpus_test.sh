#!/usr/bin/env bash
# pgn-convert --duplicates against pgn-extract -D and -U on the shared corpus (master,
# engine, online: 77,000 games, one run across all files), game by game: each game is
# given a GameId tag first (by awk, not by the programs compared), and the games each
# program writes are compared by it.
#   keep-first = -D: the same games (those with errors passed through, as pgn-extract
#     writes them too); with --on-error skip, the same but for those set aside;
#   only = -U: the same games, and besides them the header-only games (tags, no moves, no
#     result), which pgn-extract never writes: with no moves from the start position they
#     are copies of the first game without moves;
#   drop, which pgn-extract has not: the games that occur once are those that -D keeps
#     both with the games in their order and in reverse order (a game with copies is
#     first only one way): the same, but for those with errors.
# Skipped (77) without ../shared or without /usr/games/pgn-extract.
# Usage: duplicates_corpus_test.sh PATH/TO/pgn-convert SHARED_DIR
set -uo pipefail
bin=$1
shared=$2
extract=/usr/games/pgn-extract
run_flags=(--no-progress)
# shellcheck source=tests/cli/lib.sh
source "$(dirname "$0")/lib.sh"
[ -d "$shared/corpus/pgn/master" ] || { echo "SKIPPED: no corpus in $shared"; exit 77; }
[ -x "$extract" ] || { echo "SKIPPED: $extract not installed (apt-get install pgn-extract)"; exit 77; }

# A game starts at a tag line after a line that is not one, or at a tag already seen in
# this block of tags (header-only games follow one another with no line between).
mapfile -t files < <(find "$shared/corpus/pgn/master" "$shared/corpus/pgn/engine" "$shared/corpus/pgn/online" -type f | sort)
for f in "${files[@]}"; do cat "$f"; printf '\n\n'; done | awk '
  { is_tag = $0 ~ /^\[[A-Za-z]/ }
  is_tag { name = $0; sub(/^\[/, "", name); sub(/[ \t].*/, "", name) }
  is_tag && (!prev_tag || (name in seen)) { n++; delete seen; print "[GameId \"" n "\"]" }
  is_tag { seen[name] = 1 }
  $0 !~ /^[ \t\r]*$/ { prev_tag = is_tag }
  { print }' >"$tmp/corpus.pgn"
ids() { grep -o '^\[GameId "[0-9]*"' "$1" | grep -o '[0-9]*' | sort; }
total=$(grep -c '^\[GameId' "$tmp/corpus.pgn")

run --on-error skip --rejects "$tmp/rejects.pgn" --duplicates keep-first "$tmp/corpus.pgn"
check "keep-first: every game read" grep -q "^$total games read: " <<<"$err"
ids "$tmp/out" >"$tmp/ours-D"
ids "$tmp/rejects.pgn" >"$tmp/rejected"
"$extract" -s -D "$tmp/corpus.pgn" -o "$tmp/pe-D.pgn" 2>/dev/null
"$extract" -s "$tmp/corpus.pgn" -o "$tmp/pe-all.pgn" 2>/dev/null
ids "$tmp/pe-D.pgn" >"$tmp/pe-D"
ids "$tmp/pe-all.pgn" >"$tmp/pe-all"
echo "$total games; pgn-extract -D writes $(wc -l <"$tmp/pe-D"), pgn-convert --duplicates keep-first $(wc -l <"$tmp/ours-D")" \
  "and sets aside $(wc -l <"$tmp/rejected") with errors"
check "keep-first: some games had errors (the corpus is what it was)" [ -s "$tmp/rejected" ]
check "keep-first and those with errors are pgn-extract -D's games" cmp -s <(sort "$tmp/ours-D" "$tmp/rejected") "$tmp/pe-D"
"$bin" --no-progress --duplicates keep-first "$tmp/corpus.pgn" 2>/dev/null | ids /dev/stdin >"$tmp/ours-D-all"
check "keep-first, the games with errors passed through: pgn-extract -D's games" cmp -s "$tmp/ours-D-all" "$tmp/pe-D"
"$bin" --no-progress --on-error skip --duplicates keep-first --jobs 2 "$tmp/corpus.pgn" 2>/dev/null | ids /dev/stdin >"$tmp/ours-D2"
check "keep-first, --jobs 2: the same games" cmp -s "$tmp/ours-D" "$tmp/ours-D2"

run --on-error skip --duplicates only "$tmp/corpus.pgn"
ids "$tmp/out" >"$tmp/ours-U"
"$extract" -s -U "$tmp/corpus.pgn" -o "$tmp/pe-U.pgn" 2>/dev/null
ids "$tmp/pe-U.pgn" >"$tmp/pe-U"
comm -23 "$tmp/ours-U" "$tmp/pe-U" >"$tmp/ours-only"
comm -13 "$tmp/ours-U" "$tmp/pe-U" >"$tmp/pe-only"
echo "pgn-extract -U writes $(wc -l <"$tmp/pe-U"), pgn-convert --duplicates only $(wc -l <"$tmp/ours-U")"
check "only: pgn-extract -U's games are ours, but for those with errors" [ -z "$(comm -23 "$tmp/pe-only" "$tmp/rejected")" ]
check "only: ours besides are games pgn-extract never writes" [ -z "$(comm -12 "$tmp/ours-only" "$tmp/pe-all")" ]
# ...and those are games without moves.
awk 'NR == FNR { wanted["[GameId \"" $0 "\"]"] = 1; next }
     /^\[GameId / { on = $0 in wanted; next }
     on && !/^\[/ && !/^[ \t\r]*$/ { print }' "$tmp/ours-only" "$tmp/corpus.pgn" >"$tmp/movetext"
check "only: the games pgn-extract never writes have no moves" [ ! -s "$tmp/movetext" ]

run --on-error skip --duplicates drop "$tmp/corpus.pgn"
ids "$tmp/out" >"$tmp/ours-drop"
awk 'BEGIN { RS = "\n\\[GameId "; ORS = "" } { game[NR] = (NR > 1 ? "[GameId " : "") $0 }
     END { for (i = NR; i >= 1; i--) print game[i] "\n" }' "$tmp/corpus.pgn" >"$tmp/reversed.pgn"
"$extract" -s -D "$tmp/reversed.pgn" -o "$tmp/pe-D-reversed.pgn" 2>/dev/null
ids "$tmp/pe-D-reversed.pgn" | comm -12 "$tmp/pe-D" - >"$tmp/pe-once"
echo "games that occur once: pgn-convert --duplicates drop $(wc -l <"$tmp/ours-drop"), by pgn-extract -D both ways $(wc -l <"$tmp/pe-once")"
check "drop: the games pgn-extract -D keeps both ways, but for those with errors" \
  cmp -s <(sort "$tmp/ours-drop" "$tmp/rejected") "$tmp/pe-once"

finish "duplicates against pgn-extract"
