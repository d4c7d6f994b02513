// Can a side still checkmate by any legal series of moves, however unskilled the play of
// both (FIDE 2001 art. 9.6 and 6.10)? The answer is proven either way or it is "unknown":
// a mate is proven by a line of legal moves that ends in it (the witness, which anyone
// can replay); "cannot mate" by the material on the board, by a static analysis of where
// every man can ever go (a pawn wall no man can open), or by a search that went through
// every position the game can still reach.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "chess/position.h"
#include "chess/api.h"

CHESS_PUBLIC_BEGIN

namespace chess::rules {

enum class MateAbility { Possible, Impossible, Unknown };

struct MateAnswer {
  MateAbility ability = MateAbility::Unknown;
  std::vector<Move> witness;  // when Possible: legal moves from the position, ending in mate
  uint64_t nodes = 0;         // positions the searches visited
};

struct SearchBudget {
  uint64_t nodes = 300000;  // per side; past it the answer is Unknown
};

// By material alone, `side` can never mate: a lone king; a lone knight against a king with
// only queens; bishops only, all on one colour, with no pawn or knight on the board and no
// bishop of the other colour. This is also scalachess's per-side insufficient material,
// which lichess applies on flag fall.
bool material_cannot_mate(const Position& pos, Color side);

// Neither side can ever mate by material (both sides as above): the automatic draw of
// most online servers.
bool insufficient_material(const Position& pos);

// A quick filter, no proof: false when the position is surely not one of the dead
// positions that games reach beyond bare material. True, after any forced moves, where
// every pawn is blocked, one by an enemy pawn, and the side to move has no capture (a
// locked structure); where the forced moves end in stalemate; or where the static
// analysis behind can_checkmate proves neither side can mate. Adjudicating archives asks
// the full question only where this holds (checked against every dead position of the
// shared test vectors: all pass it).
bool might_be_dead(const Position& pos);

// Can `side` checkmate from `pos`, the side to move moving first?
MateAnswer can_checkmate(const Position& pos, Color side, const SearchBudget& budget = {});

struct DeadPositionAnalysis {
  MateAnswer white, black;
  bool dead() const;  // proven that neither side can mate
  // "WB", "W-", "-B", "--" (who can mate), or "unknown" when a side's answer is.
  std::string classification() const;
};

DeadPositionAnalysis analyse_dead_position(const Position& pos, const SearchBudget& budget = {});

}  // namespace chess::rules

CHESS_PUBLIC_END
