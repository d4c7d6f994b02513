// A rule set: which rules end a game, which only give a player the right to claim a draw,
// with their counts and the article each comes from. Rule sets are data (one small text
// file each, see rules/*.rules in the source tree and rules(5) in the man page of
// game-adjudicate), so a new federation's or server's rules need no new code.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>
#include "chess/api.h"

CHESS_PUBLIC_BEGIN

namespace chess::rules {

enum class Mode {
  Off,        // the rule does not exist in this set
  Ends,       // the game ends at once when it holds (checkmate, dead position)
  Claim,      // a player may claim a draw (the game goes on unless the claim is recorded)
  Automatic,  // the game ends drawn at once when it holds
  Report,     // not a result, but reported (online-cn: resigning before move 15)
};

struct Rule {
  Mode mode = Mode::Off;
  int count = 0;        // the rule's number: positions, plies, checks or moves (see RuleSet)
  std::string article;  // where it comes from: "art. 9.2", "seed 000, 胜负和 (3)"
  bool on() const { return mode != Mode::Off; }
};

// What a flag fall gives the player whose clock did not run out.
enum class FlagFall {
  WinUnlessCannotMate,           // FIDE: a win, unless no series of legal moves mates: a draw
  WinUnlessInsufficientMaterial, // lichess (scalachess): the same judged by material only
  WinUnlessInsufficientLosingChances,  // US Chess 14E: lone K, K+B, K+N, K+N+N v K draw
  Win,
};

struct RuleSet {
  std::string name, title, source;  // source: the file it was read from, or "built in"
  Rule checkmate, stalemate;
  Rule dead_position;          // no series of legal moves can mate (search)
  Rule insufficient_material;  // neither side has mating material (material only)
  Rule threefold;              // count: occurrences of the same position (3)
  Rule fivefold;               // count: occurrences (5)
  Rule repetition;             // a set's own count of occurrences, automatic (online-cn: 3)
  Rule fifty_moves;            // count: plies with no pawn move and no capture (100)
  Rule seventy_five_moves;     // count: plies (150)
  Rule no_progress;            // a set's own limit in plies (online-cn: 30 moves)
  Rule no_progress_kbnk;       // the same in K+B+N v K (online-cn: 50 moves)
  Rule consecutive_checks;     // count: one side's checking moves in a row
  Rule total_checks;           // count: checks one player received in the game
  Rule flag_fall;              // mode Ends; how it is judged is `flag_fall_judged`
  FlagFall flag_fall_judged = FlagFall::WinUnlessCannotMate;
  Rule void_flag_fall;         // count: a flag fall with no more than this many moves played voids the game
  Rule early_end;              // count: resigning or agreeing a draw before this move is not allowed
  Rule resignation_in_dead_position;  // Ends: a resignation in a dead position is a draw (2023 5.1.2)
  Rule score;                  // scores per article 17 (the article only)
  std::string win = "1", draw = "1/2", loss = "0";
};

// Reads a rule set file. On error, nothing, and `error` says which line and why.
std::optional<RuleSet> parse_rule_set(std::string_view text, std::string_view source, std::string& error);

// The rule sets shipped with the library, by name: fide2001 (the default), fide2023,
// uscf, lichess, online-cn.
const std::vector<RuleSet>& builtin_rule_sets();
const RuleSet* find_rule_set(std::string_view name);
std::string_view builtin_rule_set_text(std::string_view name);  // the file as shipped

}  // namespace chess::rules

CHESS_PUBLIC_END
