// The checks of one game, in steps that the general path (a Game read whole) and the
// plain path (a game checked while its text is scanned) share: tags first, then the moves
// in whatever way the caller replays them, then the result against the final position.
// A new check on moves must exist on both paths (replay() here, PlainChecker in
// plain_validate.cpp): tests/unit/plain_path_test.cpp and the corpus tests compare their
// reports game by game, and fail where they differ.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "chess/notation/codec.h"
#include "chess/pgn/validate.h"
#include "chess/rules/status.h"

namespace chess::pgn {

// A tag as the checks read it: one of a Game's, or one the plain path found in the text it
// scans, where nothing is copied (a lichess game's seventeen tags copied into strings, name
// and value, cost its validation 4%).
struct TagView {
  std::string_view name, value;
  Location at;
  Location value_at;  // as Tag::value_at
};

class GameValidator {
public:
  // `writable` is the same game when the caller lets the validator record resolved moves.
  GameValidator(const Game& game, const ValidateOptions& options, Game* writable = nullptr)
      : game_(game), options_(options), writable_(writable) {}

  // The whole check of a Game read with the general reader.
  GameReport run();

  // Steps, for a caller that replays the moves itself.
  // Tags, the reader's diagnostics, the dialect: false when the moves cannot be checked
  // (a bad FEN, an unsupported variant). `start` receives the position the game starts from.
  // The game's own tags, checked for a name given twice.
  bool begin(Position& start);
  // The tags the caller saw, whose names it found all different (the plain scanner refuses
  // a game that repeats one); they must outlive the validator.
  bool begin(Position& start, std::span<const TagView> distinct_tags);
  void note_moves(bool has_moves);  // a game without moves gets a warning
  void count_plies(int plies) { report_.plies = plies; }
  // How the main line ended: the board's verdict, and who was to move.
  struct Ending {
    rules::Status status;
    Color side_to_move;
  };
  // `ending` is empty when the moves were not all read.
  void check_result(std::optional<Ending> ending, bool has_moves, Location last_move);
  GameReport finish();
  // A move read from a spelling variant (`message` from non_canonical_note): a warning,
  // an error with --strict. `fen` is the position before the move.
  void note_spelling(Location at, std::string message, int ply, std::string move, std::string fen);
  // Whether the caller wants a diagnostic's message, move and FEN (ValidateOptions::details):
  // if not, note_spelling is given none, and they need not be made.
  bool details() const { return options_.details; }
  // A diagnostic of the reading met once the checks began (begin() takes those before).
  void note_read(const Diagnostic& d) { add(d); }
  // A move the caller's replay does not read itself (not canonical SAN: "0-0", "Ng1f3"),
  // read as replay() reads it, with the same notes (a spelling variant, a lenient reading):
  // the move, played on `pos`; or Move::none() where it does not read, `pos` left as it
  // was (run() then says why). `ply` counts from the game's start, as replay()'s does.
  Move play_leniently(Position& pos, std::string_view text, Location at, int ply);

private:
  void add(Diagnostic d);
  void error(std::string code, Location at, std::string message);
  void warn(std::string code, Location at, std::string message);
  void strict_warn(std::string code, Location at, std::string message);
  bool begin_checks(Position& start);  // begin()'s work, once tags_ is set (and repeats said)
  bool check_tags(Position& start);
  void detect(const Position& start);
  // `writable` is the same line in the caller's game, where the moves read are recorded (or null).
  bool replay(const Line& line, Line* writable, Position pos, notation::PieceOrigins origins, int ply_base,
              Position* final_out);
  // The observer wants no more of the game: the main line's `plies_left` moves are read past.
  void stop_replay(int plies_left);
  void report_unread(const notation::ParseResult& r, const MoveNode& node, Position& pos, int ply,
                     std::span<const std::string_view> texts, std::size_t i, bool number_explains, bool main_line);
  void note_readings(const std::vector<notation::ReadingNote>& notes, Location at, int ply, std::string_view text,
                     const Position& pos);

  // The tags the checks read, the first of each name, found in one pass over the tags
  // (a dozen lookups a game, each a walk over all the tags, cost more than the checks).
  struct KnownTags {
    const TagView* roster[7] = {};  // Event, Site, Date, Round, White, Black, Result
    const TagView* variant = nullptr;
    const TagView* fen = nullptr;
    const TagView* setup = nullptr;
    const TagView* date() const { return roster[2]; }
    const TagView* result() const { return roster[6]; }
  };
  static KnownTags find_known_tags(std::span<const TagView> tags);

  const Game& game_;
  const ValidateOptions& options_;
  std::span<const TagView> tags_;
  std::vector<TagView> own_tags_;  // the Game's, for begin(Position&)
  KnownTags known_;
  Game* writable_;
  const Position* main_start_ = nullptr;  // where the main line starts (run())
  const notation::Codec* codec_ = nullptr;
  GameReport report_;
};

}  // namespace chess::pgn
