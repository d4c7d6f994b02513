// A whole game in memory: tags, and the tree of moves with their comments, NAGs and
// variations, as written. Built by GameBuilder from the reader's callbacks.
#pragma once

#include <algorithm>
#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "chess/pgn/reader.h"
#include "chess/types.h"
#include "chess/api.h"

CHESS_PUBLIC_BEGIN

namespace chess::pgn {

struct Tag {
  std::string name, value;
  Location at;
  // Where the value's first byte is, when its bytes are the value's (no escapes, one line):
  // a problem inside it, a FEN's bad square, is pointed at. {} when not.
  Location value_at{};
};

// The Seven Tag Roster (PGN standard 8.1.1), in its order.
inline constexpr std::array<std::string_view, 7> SEVEN_TAG_ROSTER = {"Event", "Site",  "Date",  "Round",
                                                                     "White", "Black", "Result"};
inline bool in_seven_tag_roster(std::string_view name) {
  return std::find(SEVEN_TAG_ROSTER.begin(), SEVEN_TAG_ROSTER.end(), name) != SEVEN_TAG_ROSTER.end();
}

struct Line;

struct MoveNode {
  MoveNode() = default;
  // Built in place from its text: assigning the text to a node made empty cost a reader of
  // millions of moves a call into the string library for each. (Defined below Line: where
  // Line is incomplete, clang cannot make the node's vector of them.)
  MoveNode(std::string_view text, Location at, int written_number);

  std::string text;  // as written, suffix glyphs ("!?") split off into nags
  Location at;
  Move move = Move::none();  // the legal move it was read as, once validated (validate_game)
  // The move number written before it: 3 for "3.", -3 for "3..."; for explaining an illegal
  // move, so 0 throughout a game without errors read by the fast path (plain_path.h).
  int written_number = 0;
  std::vector<int> nags;
  std::vector<std::string> comments;  // comments that follow the move
  std::vector<Line> variations;       // alternatives to this move
};

struct Line {
  std::vector<std::string> leading_comments;  // before the first move
  std::vector<MoveNode> moves;
};

inline MoveNode::MoveNode(std::string_view text, Location at, int written_number)
    : text(text), at(at), written_number(written_number) {}

struct Game {
  std::size_t ordinal = 0;  // 1-based, in the whole input
  Location start;
  Span span;                // its text's bytes in the input
  std::vector<Tag> tags;
  Line main;
  std::optional<std::string> result;  // the termination marker, normalised
  Location result_at;
  std::vector<Diagnostic> diagnostics;  // what the reader found
  std::string raw;

  const Tag* find_tag(std::string_view name) const;
  std::string tag_value(std::string_view name) const;  // "" when absent

private:
  // The library's one-pass reader of plain games (src/pgn/plain_path.h) sets it when every
  // move's text is its canonical SAN, checked: a SAN writer may copy the texts then.
  friend struct detail::PlainAccess;
  bool canonical_san_ = false;
};

// Collects one game at a time; `take()` hands it over after Reader::read_game returns.
class GameBuilder : public Visitor {
public:
  void begin_game(std::size_t ordinal, Location start) override;
  void tag(std::string_view name, std::string_view value, Location at, Location value_at) override;
  void move_number(int number, bool black) override { pending_number_ = black ? -number : number; }
  void move(std::string_view text, Location at) override;
  void nag(int nag, Location at) override;
  void comment(std::string_view text, Location at) override;
  void begin_variation(Location at) override;
  void end_variation(Location at) override;
  void result(std::string_view normalised, Location at) override;
  void span(Span bytes) override { game_.span = bytes; }
  void end_game(std::string_view raw) override;
  void diagnostic(const Diagnostic& d) override;

  // A move already read as the legal move `m` (readers that resolve moves as they go, as
  // validate_game(Game&) does afterwards). It stands on its own: canonical SAN never joins
  // the move before it, as "ch" or "e.p." do.
  void resolved_move(std::string_view text, Location at, Move m) {
    // Inline where a main-line node of the recycled game is written over with no text (UCI,
    // EPD): the call and its saved registers cost more than the node's few stores. (The
    // stores are new_move's; a helper shared by both, here in the header, changed what GCC
    // inlined into the plain path's checker: validation took 1.5% more instructions.)
    if (text.empty() && stack_.size() == 1 && main_moves_ < game_.main.moves.size()) {
      MoveNode& node = game_.main.moves[main_moves_];
      if (node.comments.empty() && node.variations.empty()) {
        ++main_moves_;
        node.text.clear();
        node.at = at;
        node.move = m;
        node.written_number = std::exchange(pending_number_, 0);
        node.nags.clear();
        return;
      }
    }
    new_move(text, at, std::exchange(pending_number_, 0)).move = m;
  }

  // The game built (the main line cut to its own moves, and the tags to its own: see
  // main_moves_).
  Game& game() {
    if (game_.main.moves.size() > main_moves_) game_.main.moves.resize(main_moves_);
    if (game_.tags.size() > tags_) game_.tags.resize(tags_);
    return game_;
  }

  // Hands over a game no longer needed, whose room for moves and tags the next game built
  // reuses: a reader of many games then allocates them once, not game after game.
  void recycle(Game&& old);

private:
  Line& current_line();
  MoveNode* last_move(Line& line);  // null when the line has none yet
  MoveNode& new_move(std::string_view text, Location at, int number);  // `number`: the move number written before it
  [[gnu::noinline]] MoveNode& appended_move(Line& line, std::string_view text, Location at, int number);
  Game game_;
  // The main line's moves so far. Past them, game_.main.moves still holds the nodes of the
  // game recycled, which new moves are written into (their strings and vectors keep their
  // room), until game() cuts them off: a node built and destroyed for every move was a
  // sixth of pgn-convert's work in UCI.
  std::size_t main_moves_ = 0;
  std::size_t tags_ = 0;  // the same for the tags: those past it are the recycled game's
  std::vector<MoveNode> spare_moves_;
  std::vector<Tag> spare_tags_;
  std::vector<Line*> stack_;  // the line being written, innermost last
  int pending_number_ = 0;     // told by move_number, for the next move
};

// Reads the next game for its tags alone (an index of an archive, a filter on tags): its
// moves are read past, neither replayed nor checked, and a plain game (plain_scanner.h) is
// taken from its bytes with no token told to anyone. `game` gets the ordinal, start, span,
// tags, termination marker and the reader's diagnostics (its moves stay empty; its room is
// reused). False at the end of the input.
bool read_next_tags(Reader& reader, Game& game);

}  // namespace chess::pgn

CHESS_PUBLIC_END
