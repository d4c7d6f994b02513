// The tie-breaks of FIDE's Tie-Break Regulations (Handbook C.07, the 2024 edition), by the
// acronyms of its articles: named on a command line as "BH:C1", computed for one player
// of a table.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>
#include "chess/api.h"

CHESS_PUBLIC_BEGIN

namespace chess::tournament {

struct Table;

enum class Method {
  DE,   // art. 6   direct encounter
  WIN,  // art. 7.1 number of wins (unplayed ones too)
  WON,  // art. 7.2 number of games won over the board
  BPG,  // art. 7.3 games played with Black
  BWG,  // art. 7.4 games won with Black
  PS,   // art. 7.5 sum of progressive scores
  BH,   // art. 8.1 Buchholz
  SB,   // art. 9.1 Sonneborn-Berger
  KS,   // art. 9.2 Koya (round robins)
  ARO,  // art. 10.1 average rating of opponents
  TPR,  // art. 10.2 tournament performance rating
};

struct TieBreak {
  Method method = Method::BH;
  int cut_low = 0, cut_high = 0;  // art. 14.1-14.4: Cut-n drops the n lowest, Median-n the n lowest and highest
  std::string name() const;         // "BH:C1"
  std::string description() const;  // "Buchholz (art. 8.1), cut-1 (art. 14.1)"
};

// "BH:C1,BH,SB,DE": the list in order; nothing after setting `error`.
std::optional<std::vector<TieBreak>> parse_tiebreaks(std::string_view list, std::string& error);

// When none is asked for: DE, WIN, SB, KS for a round robin; BH:C1, BH, DE, WIN, SB for a Swiss.
std::vector<TieBreak> default_tiebreaks(bool round_robin);

// The value of `tb` for table.players[player]. `tied` is the group the player is level
// with on score and the earlier tie-breaks: direct encounter counts the games among them.
// The table's players have their rounds and scores. Larger is better for every method.
double tiebreak_value(const TieBreak& tb, const Table& table, int player, const std::vector<int>& tied);

// FIDE Rating Regulations' table of rating differences: dp for a score fraction p.
int rating_difference(double p);

}  // namespace chess::tournament

CHESS_PUBLIC_END
