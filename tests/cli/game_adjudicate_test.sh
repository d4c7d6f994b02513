#!/usr/bin/env bash
# game-adjudicate as users run it: one line per game, JSON Lines, PGN written back, the
# rule sets and their overrides, positions, exit statuses.
# Usage: game_adjudicate_test.sh PATH/TO/game-adjudicate
set -uo pipefail
bin=$1
run_flags=(--no-progress)
# shellcheck source=tests/cli/lib.sh
source "$(dirname "$0")/lib.sh"

game() {  # game RESULT TERMINATION MOVES [FEN]
  printf '[Event "E"]\n[Site "S"]\n[Date "2024.01.02"]\n[Round "1"]\n[White "Wh"]\n[Black "Bl"]\n[Result "%s"]\n' "$1"
  [ -n "$2" ] && printf '[Termination "%s"]\n' "$2"
  [ -n "${4:-}" ] && printf '[SetUp "1"]\n[FEN "%s"]\n' "$4"
  printf '\n%s %s\n\n' "$3" "$1"
}
{
  game "1-0" "" "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7#"
  # Black's flag falls; White has a lone king: a draw by the laws, scored 1-0.
  game "1-0" "Time forfeit" "61. Kd2 Kd7" "r3k3/8/8/8/8/8/8/4K3 w - - 0 61"
  game "1/2-1/2" "" "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8"
} >"$tmp/round.pgn"

run "$tmp/round.pgn"
check "a disagreement: exit 1" [ $status -eq 1 ]
check "mate: one line with reason and article" \
  grep -qF "round.pgn: game 1 (line 1), Wh - Bl: recorded 1-0, adjudicated 1-0: Black is checkmated (fide2001 art. 5.1(a)), ply 7" <<<"$out"
check "flag fall against a lone king is a draw (art. 6.10)" \
  grep -qF "game 2 (line 11), Wh - Bl: recorded 1-0, adjudicated 1/2-1/2: Black lost on time, but White cannot checkmate by any series of legal moves (fide2001 art. 6.10), ply 2" <<<"$out"
check "a draw confirmed by the threefold claim" grep -qF "adjudicated 1/2-1/2: White could claim a draw (threefold) from ply 8 (fide2001 art. 9.2)" <<<"$out"
check "summary" grep -q "^3 games: 2 agree, 1 disagree, 0 not adjudicated; checkmate 1, threefold 1, time-forfeit 1$" <<<"$err"

# No result recorded (no Result tag, no marker) and none reached: both say no more than '*'.
printf '[Event "E"]\n\n1. e4 e5\n' >"$tmp/unfinished.pgn"
run "$tmp/unfinished.pgn"
check "no result recorded, the game goes on: they agree" \
  grep -q "^1 game: 1 agree, 0 disagree, 0 not adjudicated" <<<"$err"

# A comment left open swallows the moves after it: the game is not all there, so it is not
# adjudicated ('*' and "the game goes on" would be a judgement on a position it never reached).
# A NAG out of range is a fault of the annotations alone: adjudicated.
printf '[Event "E"]\n[Result "*"]\n\n1. e4 { never closed 2. Nf3 *\n\n[Event "F"]\n[Result "1-0"]\n\n1. f3 e5 $999 2. g4 Qh4# 1-0\n' \
  >"$tmp/open-comment.pgn"
run --format jsonl "$tmp/open-comment.pgn"
check "a comment left open: not adjudicated; a bad NAG: adjudicated" python3 -c '
import json, sys
games = [json.loads(l) for l in sys.stdin][:2]
assert games[0]["valid"] is False and "adjudicated" not in games[0], games[0]
assert [e["code"] for e in games[0]["errors"]] == ["missing-result", "unterminated-comment"], games[0]
assert games[1]["valid"] is True and games[1]["adjudicated"] == "0-1" and games[1]["reason"] == "checkmate", games[1]
' <<<"$out"

run --only-disagreements "$tmp/round.pgn"
check "--only-disagreements" [ "$(wc -l <<<"$out")" -eq 1 ]

run --format jsonl "$tmp/round.pgn"
check "jsonl: the issue's keys, file and game number, valid UTF-8" python3 -c '
import json, sys
lines = [json.loads(l) for l in sys.stdin]
games = [l for l in lines if "summary" not in l]
assert len(games) == 3 and "summary" in lines[-1]
for g in games:
    for k in ("file", "game", "line", "white", "black", "recorded", "adjudicated", "reason", "rule", "ply",
              "explanation", "claimable", "witness", "valid"):
        assert k in g, k
assert games[1]["reason"] == "time-forfeit" and games[1]["adjudicated"] == "1/2-1/2"
assert {"reason": "threefold", "ply": 8, "by": "white", "move_written": False} in games[2]["claimable"]
assert lines[-1]["summary"]["disagree"] == 1
' <<<"$out"

run --format pgn "$tmp/round.pgn"
check "pgn: the adjudicated result and termination, in the PGN standard's values" \
  [ "$(grep '^\[Termination ' <<<"$out" | tr '\n' ' ')" = '[Termination "normal"] [Termination "time forfeit"] [Termination "normal"] ' ]
check "pgn: the comment at the ply" grep -qF "{ adjudicated 1/2-1/2: Black lost on time" <<<"$out"
printf '%s\n' "$out" >"$tmp/back.pgn"
run "$tmp/back.pgn"
check "pgn: read back, every result now agrees" [ $status -eq 0 ]
printf '[Event "E"]\n[Result "0-1"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 0-1\n\n1. e4 e5\n\n' >"$tmp/changed.pgn"
run --format pgn "$tmp/changed.pgn"
check "pgn: a result the judgement changed is an adjudication, a game that goes on unterminated" \
  [ "$(grep '^\[Termination ' <<<"$out" | tr '\n' ' ')" = '[Termination "adjudication"] [Termination "unterminated"] ' ]

# A clock at zero after the last move of the side to move is its flag fall; but not against a
# side the record has win (a clock to the second shows 0:00:00 with up to a second left), and
# with no time forfeit the recorded result stands.
{
  game "1-0" "" "1. Nf3 { [%clk 0:00:00] } Kd8 { [%clk 0:00:10] }" "4k3/q7/8/8/8/8/8/4K1N1 w - - 0 1"
  game "0-1" "" "1. Nf3 { [%clk 0:00:00] } Kd8 { [%clk 0:00:10] }" "4k3/q7/8/8/8/8/8/4K1N1 w - - 0 1"
} >"$tmp/clock.pgn"
run "$tmp/clock.pgn"
check "a zero clock of the side the record has win is no flag fall: the win stands as a resignation" \
  grep -qF "game 1 (line 1), Wh - Bl: recorded 1-0, adjudicated 1-0: Black resigned" <<<"$out"
check "a zero clock of the side that lost is its flag fall" \
  grep -qF "game 2 (line 13), Wh - Bl: recorded 0-1, adjudicated 0-1: White lost on time" <<<"$out"
run --format pgn "$tmp/clock.pgn"
check "pgn: the same terminations" \
  [ "$(grep '^\[Termination ' <<<"$out" | tr '\n' ' ')" = '[Termination "normal"] [Termination "time forfeit"] ' ]

# A Result tag that says another result than the marker: the record contradicts itself, and
# the adjudication, agreeing with the marker, disagrees with the tag.
printf '[Event "x"]\n[Result "1-0"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n' >"$tmp/two-results.pgn"
run "$tmp/two-results.pgn"
check "marker and Result tag differ: both said, a disagreement" \
  grep -qF "recorded 0-1 (Result tag 1-0), adjudicated 0-1: White is checkmated" <<<"$out"
check "marker and Result tag differ: exit 1" [ $status -eq 1 ]
run --format jsonl "$tmp/two-results.pgn"
check "jsonl: the Result tag beside the marker, agrees false" \
  grep -qF '"recorded": "0-1", "result_tag": "1-0", "valid": true, "adjudicated": "0-1", "agrees": false' <<<"$out"

# Rule sets: the same flag fall under the house rules of the seeds loses (no exception).
run --rules online-cn "$tmp/round.pgn"
check "online-cn: flag fall loses" grep -qF "game 2 (line 11), Wh - Bl: recorded 1-0, adjudicated 1-0: Black lost on time" <<<"$out"
run "$tmp/none.pgn"
check "missing file: exit 2" [ $status -eq 2 ]
check "missing file: said once, with no empty-input warning after it" \
  [ "$(grep -c -e 'No such file' -e empty-input <<<"$err")" -eq 1 ]
run --rules nosuch "$tmp/round.pgn"
check "unknown rule set: exit 2 and the names" [ $status -eq 2 ]
check "unknown rule set: exit 2 and the names (message)" grep -q "one of: fide2001, fide2023, uscf, lichess, online-cn" <<<"$err"
run --list-rules
check "--list-rules lists every set" [ "$(grep -c '^[a-z0-9-]*: ' <<<"$out")" -eq 5 ]
printf 'name house\ncheckmate ends rule 1\nthreefold claim 2 rule 2\n' >"$tmp/house.rules"
run --rules-file "$tmp/house.rules" --format jsonl "$tmp/round.pgn"
check "--rules-file: a user's set" grep -q '"rule": "house rule 2"' <<<"$out"
printf 'name house\nthreefold claim two rule 2\n' >"$tmp/bad.rules"
run --rules-file "$tmp/bad.rules" "$tmp/round.pgn"
check "--rules-file with a mistake: its line, exit 2" [ $status -eq 2 ]
check "--rules-file with a mistake: its line, exit 2 (message)" grep -q "bad.rules:2" <<<"$err"

# Overrides: 30 moves with no pawn move and no capture.
game "1-0" "" "41. Ra2 Kd7" "4k3/8/8/8/8/8/8/R3K3 w - - 58 41" >"$tmp/quiet.pgn"
run --rules fide2023 --no-progress-moves 30 --claims automatic "$tmp/quiet.pgn"
check "--no-progress-moves with --claims automatic" grep -qF "adjudicated 1/2-1/2: Black could claim a draw (fifty-moves)" <<<"$out"

# A game with an illegal move is counted, not adjudicated.
game "*" "" "1. e4 e5 2. Nf5" >"$tmp/bad.pgn"
run "$tmp/bad.pgn"
check "illegal move: pgn-validate's diagnostic" grep -q "bad.pgn:9:14: error\[illegal-move\]" <<<"$err"
check "illegal move: not adjudicated, exit 1" [ $status -eq 1 ]
check "illegal move: not adjudicated, exit 1 (message)" grep -q "not adjudicated" <<<"$out"

# Positions, with expected classes, and the witness.
printf -- '-- 4k3/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/8/4K3 w - -\nWB 8/8/4k3/4b3/8/4K3/8/5B2 w - -\n' >"$tmp/pos.txt"
run --positions --witness "$tmp/pos.txt"
check "positions: the locked wall is dead" grep -q "pos.txt:1: dead --$" <<<"$out"
check "positions: a witness for each side" grep -q "pos.txt:2: playable WB; White mates: .*#; Black mates: .*#" <<<"$out"
check "positions: summary" grep -q "^2 positions: -- 1, WB 1; 0 unreadable; 2 labelled, 0 wrong$" <<<"$err"
printf -- 'WB 4k3/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/8/4K3 w - -\n' >"$tmp/wrong.txt"
run --positions "$tmp/wrong.txt"
check "positions: a label answered otherwise is exit 1" [ $status -eq 1 ]
check "positions: a label answered otherwise is exit 1 (message)" grep -q "WRONG" <<<"$out"

run -j 2 --format jsonl "$tmp/round.pgn" "$tmp/round.pgn"
check "two jobs: games numbered per file" [ "$(grep -c '"game": 3' <<<"$out")" -eq 2 ]

# --standings. A Swiss of five built by hand (tests/unit/standings_test.cpp works out the
# same numbers from C.07's definitions): a pairing bye, a forfeit, requested byes.
sgame() {  # sgame ROUND WHITE BLACK RESULT MOVES [TERMINATION]
  printf '[Event "Club Open"]\n[Site "Town"]\n[Round "%s"]\n[White "%s"]\n[Black "%s"]\n[Result "%s"]\n' "$1" "$2" "$3" "$4"
  [ -n "${6:-}" ] && printf '[Termination "%s"]\n' "$6"
  printf '\n%s %s\n\n' "$5" "$4"
}
{
  sgame 1 P "O'Neil <b>" 1-0 "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7#"
  sgame 1 R S 1-0 "1. e4 e5"
  sgame 1 T BYE 1-0 ""
  sgame 2 S P 0-1 "1. d4 d5"
  sgame 2 "O'Neil <b>" T 1-0 "" forfeit
  sgame 2 R bye 1/2-1/2 ""
  sgame 3 P R 1/2-1/2 "1. c4 c5"
  sgame 3 T S 0-1 "1. Nf3"
  sgame 3 "O'Neil <b>" BYE 0-1 ""
} >"$tmp/swiss.pgn"
# A second event: the flag fall against a lone king (a draw by the laws), a mate, and a
# game with an illegal move, which is not scored. "Wh" has a FIDE id under two spellings.
{
  game "1-0" "Time forfeit" "61. Kd2 Kd7" "r3k3/8/8/8/8/8/8/4K3 w - - 0 61" | sed 's/\[White "Wh"\]/[White "Wh"]\n[WhiteFideId "123"]/'
  game "1-0" "" "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7#" | sed 's/\[White "Wh"\]/[White "Wh, A."]\n[WhiteFideId "123"]/'
  game "*" "" "1. e4 e5 2. Nf5"
} >"$tmp/rapid.pgn"

run --standings "$tmp/swiss.pgn" "$tmp/rapid.pgn"
check "standings: a game not scored is exit 1" [ $status -eq 1 ]
check "standings: one table per event" [ "$(grep -c ' players, ' <<<"$out")" -eq 2 ]
check "standings: the Swiss's title" grep -qF "Club Open, Town: 5 players, 3 rounds, Swiss" <<<"$out"
check "standings: no line per game" bash -c '! grep -q "adjudicated 1-0:" <<<"$1"' _ "$out"
check "standings: the illegal game's diagnostic on stderr" grep -q "error\[illegal-move\]" <<<"$err"
check "standings: the illegal game listed as not scored" grep -q "not adjudicated: illegal-move" <<<"$out"
check "standings: the forfeit listed" grep -qF "round 2: O'Neil <b> - T +/- (forfeit)" <<<"$out"
check "standings: the default Swiss tie-breaks in the footer" grep -qF "1. BH:C1: Buchholz (art. 8.1), cut-1 (art. 14.1)" <<<"$out"
check "standings: R's row in the Swiss form" grep -qE "^2  R +2 +2 +1 +1 +0 +1 +3\.5 +5\.5 +0 +1 +3\.25 +3w1 +bye½ +1b½$" <<<"$out"

# By FIDE id, Wh has the flag fall (½ as adjudicated) and the mate (1): 1.5; 2 as recorded.
run --standings --key fide-id "$tmp/rapid.pgn"
check "--key fide-id: one player under two spellings" grep -qF "E, S: 2 players" <<<"$out"
check "standings: the flag fall scores a draw as adjudicated" grep -qE "^1  Wh +1\.5 " <<<"$out"
run --standings --recorded --key fide-id "$tmp/rapid.pgn"
check "--recorded: the flag fall scores 1-0" grep -qE "^1  Wh +2 " <<<"$out"
run --standings "$tmp/rapid.pgn"
check "by name: three players" grep -qF "E, S: 3 players" <<<"$out"
check "two games of one pairing in one round, not the same moves: both count" bash -c '! grep -q "the same game again" <<<"$1"' _ "$out"
{
  game "1-0" "" "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7#"
  game "1-0" "" "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7#" | sed 's/\[White "Wh"\]/[White "WH"]/; s/\[Round "1"\]/[Round "2"]/'
  # The first game again: listed, counted once.
  game "1-0" "" "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7#"
} >"$tmp/case.pgn"
run --standings "$tmp/case.pgn"
check "by name: the case of a name is no other player" grep -qF "E, S: 2 players" <<<"$out"
check "by name: the game listed twice counted once" grep -qE "^1  Wh +2 +2 " <<<"$out"
check "by name: the game listed twice, listed" grep -qF "the same game again, counted once: as $tmp/case.pgn game 1" <<<"$out"
check "by name: the spelling named in the footer" grep -qF 'Names: one player however the case and the spaces are written: "WH" for Wh.' <<<"$out"
# One player on both sides (a misread scoresheet): listed as not scored, exit 1, not a draw
# against himself that gave him a game and half a point more.
{
  game "1-0" "" "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7#"
  game "1/2-1/2" "" "1. e4 e5" | sed 's/\[Black "Bl"\]/[Black "wh"]/; s/\[Round "1"\]/[Round "2"]/'
} >"$tmp/self.pgn"
run --standings "$tmp/self.pgn"
check "one player on both sides: exit 1" [ $status -eq 1 ]
check "one player on both sides: listed as not scored" grep -qF "round 2: Wh - wh * (one player on both sides; recorded 1/2-1/2)" <<<"$out"
check "one player on both sides: his game and score without it" grep -qE "^1  Wh +1 +1 +1 +0 +0 " <<<"$out"
run --standings --merge "$tmp/swiss.pgn" "$tmp/rapid.pgn"
check "--merge: one table" grep -qF "Club Open + E, Town: 8 players" <<<"$out"

run --standings --format csv "$tmp/swiss.pgn"
check "csv: exit 0 when every game is scored" [ $status -eq 0 ]
check "csv: header" grep -qx "Event,Site,#,Player,Elo,Pts,G,W,D,L,B,BH:C1,BH,DE,WIN,SB,R1,R2,R3" <<<"$out"
# BH:C1 of R is 3.5 (art. 16.5 cuts the half-point bye's 2, not S's 1); of S 4.5.
check "csv: R's row" grep -qx "Club Open,Town,2,R,,2,2,1,1,0,1,3.5,5.5,0,1,3.25,3w1,bye½,1b½" <<<"$out"
check "csv: S's row" grep -qx "Club Open,Town,3,S,,1,3,1,0,2,2,4.5,5.5,0,1,1,2b0,1w0,5b1" <<<"$out"

run --standings --points 3,1,0 --tiebreaks WIN,BPG,PS --format jsonl "$tmp/swiss.pgn"
check "jsonl: a table line, then the players in rank order" python3 -c '
import json, sys
lines = [json.loads(l) for l in sys.stdin]
table, players = lines[0]["table"], lines[1:]
assert table["points"] == [3, 1, 0] and [t["name"] for t in table["tiebreaks"]] == ["WIN", "BPG", "PS"]
assert len(table["unplayed"]) == 4 and table["unplayed"][1]["what"] == "forfeit"
p = players[0]
assert p["player"] == "P" and p["score"] == 7 and p["rank"] == 1, p  # 3 + 3 + 1
assert p["tiebreaks"] == {"WIN": 2, "BPG": 1, "PS": 16}, p  # 3, 6, 7
assert p["rounds"][1] == {"round": 2, "opponent": "S", "colour": "black", "result": 1, "points": 3, "kind": "played"}
' <<<"$out"

run --standings --format html "$tmp/swiss.pgn"
check "html: one page with the table" grep -q "^<!DOCTYPE html>" <<<"$out"
check "html: one page with the table (end)" grep -q "^</html>$" <<<"$out"
check "html: names escaped" grep -qF "O&#39;Neil &lt;b&gt;" <<<"$out"
check "html: nothing fetched from elsewhere" bash -c '! grep -qiE "src=|href=|@import|url\(" <<<"$1"' _ "$out"

run --standings --tiebreaks BH:X1 "$tmp/swiss.pgn"
check "--tiebreaks with a bad modifier: exit 2" [ $status -eq 2 ]
run --standings --format pgn "$tmp/swiss.pgn"
check "--standings with --format pgn: exit 2" [ $status -eq 2 ]
run --format html "$tmp/swiss.pgn"
check "--format html without --standings: exit 2" [ $status -eq 2 ]
finish game-adjudicate
