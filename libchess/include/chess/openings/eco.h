// Opening classification: a table of named lines (ECO code and name), looked up by the
// position each line ends in, so that a game reaching a line's position by another move
// order (a transposition) is found too. The table shipped is the lichess chess-openings
// data (CC0; libchess/openings/lichess.tsv, installed in share/chess/openings/).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "chess/api.h"
#include "chess/position.h"

CHESS_PUBLIC_BEGIN

namespace chess::openings {

// Whether the text is an ECO code: a letter A to E and two digits ("B90").
bool is_eco_code(std::string_view code);

// One line of the table.
struct Opening {
  std::string eco;    // "B90"
  std::string name;   // "Sicilian Defense: Najdorf Variation, English Attack"
  std::string moves;  // as the table writes them: "1. e4 c5 2. Nf3 d6 ..."
  int plies = 0;
  // The name as PGN's Opening and Variation tags: before and after the first ": "
  // ("Sicilian Defense" and "Najdorf Variation, English Attack"); a name without one is
  // all opening, with no variation.
  std::string_view opening() const;
  std::string_view variation() const;
};

class OpeningTable {
public:
  // A table in the lichess format: one line per opening, "ECO<TAB>name<TAB>moves" (moves in
  // SAN from the initial position, numbered or not); a first line "eco<TAB>name<TAB>pgn" and
  // lines starting with '#' are skipped. Nothing, with `error` saying "source:line: why", if
  // a line does not read: a bad ECO code, an illegal move, or a position another line
  // already names (each position has one name, or the lookup could not choose).
  static std::optional<OpeningTable> parse(std::string_view text, std::string_view source, std::string& error);

  // The opening whose line ends in this position (placement, side to move, castling rights
  // and a legal e.p. capture: rules::repetition_key), or null.
  const Opening* find(const Position& pos) const;
  const std::vector<Opening>& openings() const { return openings_; }
  // The fewest pieces on the board in any of the table's positions: a game with fewer can
  // reach none of them any more (no move adds a piece).
  int min_pieces() const { return min_pieces_; }

private:
  OpeningTable() = default;
  void index(uint64_t key, uint32_t opening);
  std::vector<Opening> openings_;
  // Open addressing, linear probing: a lookup is a probe or two in a table of some 100 KB.
  std::vector<uint64_t> keys_;
  std::vector<uint32_t> slots_;  // the opening's index + 1; 0: empty
  uint64_t mask_ = 0;
  int min_pieces_ = 32;
};

// The table shipped with the library (read on first use).
const OpeningTable& lichess_openings();
std::string_view lichess_openings_text();  // the file as shipped

// A game classified position by position: told its start position and every position
// after a main-line move, it keeps the deepest by ply of those in the table (the last one
// the game reaches: later positions name the more specific line, and a transposition into
// a line counts as that line).
class Classifier {
public:
  explicit Classifier(const OpeningTable& table) : table_(&table) {}
  void start(const Position& pos);
  void position(const Position& pos);
  const Opening* opening() const { return found_; }
  int ply() const { return found_ply_; }  // where it was reached (0: the start position)

private:
  void look_up(const Position& pos);
  const OpeningTable* table_;
  const Opening* found_ = nullptr;
  int ply_ = 0, found_ply_ = 0;
  bool done_ = false;  // too few pieces left to reach any position of the table
};

}  // namespace chess::openings

CHESS_PUBLIC_END
