// What pgn-convert looks for in the positions of a game: its opening (--classify), a
// position (--position), a material balance (--material). The main line is searched in the
// validator's own replay (a ReplayObserver), so that no second replay is needed; the
// variations (--in-variations) in the game built.
#pragma once

#include <array>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "chess/openings/eco.h"
#include "chess/pgn/validate.h"

namespace convert {

// Each side's men by type, as a pattern asks for them.
using MaterialCounts = std::array<std::array<int, chess::PIECE_TYPE_NB>, chess::COLOR_NB>;

// --position: a placement, and the side to move if given ("rnbqkbnr/... w"); a whole FEN
// reads too, its castling rights, e.p. square and clocks not compared.
class PositionPattern {
public:
  static std::optional<PositionPattern> parse(const std::string& text, std::string& error);
  bool matches(const chess::Position& pos) const;
  // Whether some series of legal moves from `pos` could still reach it: false once a man
  // it needs is gone or a pawn has passed where its pawns stand (see material_reachable and
  // pawns_reachable in positions.cpp).
  bool reachable_from(const chess::Position& pos) const;
  int pieces() const { return pieces_; }
  const std::string& text() const { return text_; }

private:
  std::string text_;
  std::array<chess::Bitboard, chess::PIECE_NB> placed_{};  // by piece
  chess::Bitboard occupied_ = 0;
  std::optional<chess::Color> side_;
  int pieces_ = 0;
  MaterialCounts count_{};
  // For each of its pawns, the squares a pawn of that side could have come from.
  std::vector<std::pair<chess::Color, chess::Bitboard>> pawn_origins_;
};

// --material: "KRP:KR", White's pieces then Black's, exactly those and no others; a letter
// may be written again or followed by a count ("KRPP" is "KRP2"); the king may be left out.
class MaterialPattern {
public:
  static std::optional<MaterialPattern> parse(const std::string& text, std::string& error);
  bool matches(const chess::Position& pos) const;
  bool reachable_from(const chess::Position& pos) const;  // as PositionPattern's, by material alone
  int pieces() const { return pieces_; }
  const std::string& text() const { return text_; }

private:
  std::string text_;
  MaterialCounts count_{};
  int pieces_ = 0;
};

// What to look for in every game.
struct SearchOptions {
  const chess::openings::OpeningTable* openings = nullptr;  // --classify: with this table
  std::vector<PositionPattern> positions;                   // any of them
  std::vector<MaterialPattern> materials;                   // any of them
  int material_plies = 1;     // in this many consecutive positions of a line
  bool in_variations = false;  // positions and material searched in variations too
  bool stop_early = false;     // a game's replay stops where none of them can be reached (--stop-early)
  bool eco_tag = false;       // the game's own ECO tag is wanted (--eco without --classify)
  bool active() const { return openings || !positions.empty() || !materials.empty() || eco_tag; }
};

// What was found in one game.
struct Found {
  const chess::openings::Opening* opening = nullptr;  // the deepest position of the table
  std::string eco_tag;                                // the game's own ECO tag, as read
  bool position = false, material = false;
  bool stopped = false;  // --stop-early: its replay stopped where none could be reached
};

// Reads and validates the next game as chess::pgn::read_next_game does, searching it as
// `search` says in the same replay. With `wanted`, a valid game it refuses for what was found
// may be left unbuilt (chess::pgn::read_next_game_if: no tags, no moves), and, with
// search.stop_early, its replay stops where no pattern can be reached any more, the rest of
// its moves read past unchecked (report.replay_stopped: most games of a search leave its
// opening position within a few moves); neither with --in-variations, which looks for them
// in the game built. False at the end of the input.
bool read_and_search(chess::pgn::Reader& reader, const chess::pgn::ValidateOptions& options,
                     const SearchOptions& search, chess::pgn::Game& game, chess::pgn::GameReport& report,
                     const chess::pgn::BuildOptions& keep, Found& found,
                     const std::function<bool(const Found&)>* wanted = nullptr);

}  // namespace convert
