// Validating one game: tags, every move of the main line and of the variations, the
// result against the termination marker and against the final position.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "chess/notation/codec.h"
#include "chess/pgn/game.h"
#include "chess/api.h"

CHESS_PUBLIC_BEGIN

namespace chess::rules {
class GameJudge;
}

namespace chess::pgn {

// Told a game as the validator reads and replays it, so that a caller who judges a game
// position by position (game-adjudicate) needs no replay of its own: begin, the tags; when
// the moves can be replayed, start, and before and after each main-line move (the comments
// that follow each); the termination marker; and end if every move was legal. The
// fast path may hand a game to the general one half-way: begin then comes again, and what
// counts is what follows the last begin. The positions are valid during the call only.
class ReplayObserver {
public:
  virtual ~ReplayObserver() = default;
  virtual void begin() {}
  virtual void tag(std::string_view /*name*/, std::string_view /*value*/) {}
  virtual void result(std::string_view /*marker*/) {}
  virtual void start(const Position& /*pos*/) {}
  virtual void before_move(const Position& /*pos*/, bool /*pass*/) {}
  virtual void after_move(const Position& /*pos*/) {}
  virtual void comment(std::string_view /*text*/) {}
  virtual void end(const Position& /*pos*/) {}
  // Looked at after start and after each main-line move: false once the rest of the game
  // can tell the observer nothing (a search that can no longer succeed). A validator that
  // builds no game then stops replaying there: the rest of the moves is read past, not
  // checked (GameReport::replay_stopped), and end is not told. (A flag the observer sets,
  // not a virtual call: it is read at every ply of every game.)
  bool wants_more() const { return wants_more_; }
  // Whether before_move and after_move are wanted (a flag, read at every ply): not by an
  // observer whose judge is fed by the validator (ValidateOptions::judge).
  bool wants_moves() const { return wants_moves_; }

protected:
  void want_more(bool yes) { wants_more_ = yes; }
  void want_moves(bool yes) { wants_moves_ = yes; }

private:
  bool wants_more_ = true, wants_moves_ = true;
};

struct ValidateOptions {
  const notation::Codec* codec = nullptr;  // the dialect of the moves; null: SAN
  bool auto_dialect = false;               // detect the dialect from each game's main line
  bool strict = false;  // missing Seven Tag Roster tags and non-canonical moves are errors
  // Null moves ("--", "Z0", "0000", "@@@@") are read in variations always, as annotators write
  // them; in the main line only with this (they are no moves of the game).
  bool allow_null_moves = false;
  // Plain games in canonical SAN checked in one pass (see plain_scanner.h); false: every
  // game through the general reader. The reports are the same: the switch is for checking that.
  bool plain_path = true;
  // Told each game as it is replayed (one per thread: options are copied per thread).
  ReplayObserver* observer = nullptr;
  // Fed the main line as the observer is told it (start, before and after each move), by
  // direct calls: at every ply of every game, game-adjudicate's judge is the replay's
  // hottest caller, and most plies need no call at all (one per thread, as the observer).
  rules::GameJudge* judge = nullptr;
  // False: the caller reads of each diagnostic only its severity, code, place and ply (as
  // pgn-validate -q, which counts them). The warning for a move spelt otherwise than in
  // canonical SAN ("0-0", "Ng1-f3"), which a file in long algebraic earns at every move,
  // then comes without its message, move text and FEN: making those took two fifths of the
  // time such a file is read in.
  bool details = true;
};

struct GameReport {
  std::size_t ordinal = 0;
  Location start;
  Span span;  // the game's text in the input (see Span)
  std::string white, black;
  std::string result;  // the Result tag's value; with no Result tag, the termination marker's
  std::string dialect;  // the dialect the moves were read in
  std::vector<Diagnostic> errors, warnings;
  int plies = 0;  // main-line moves read
  // The observer wanted no more of the game part of the way (ReplayObserver::wants_more):
  // the moves after that point were read past and counted in `plies`, not replayed or checked.
  bool replay_stopped = false;
  // The position the game starts from: its FEN tag's, or the initial one (kept only when
  // it is another: a Position is not small, and most games start from the initial one).
  std::optional<Position> set_up;
  const Position& start_position() const { return set_up ? *set_up : Position::initial(); }
  const notation::Codec* codec = nullptr;  // the dialect read
  bool valid() const { return errors.empty(); }
};

GameReport validate_game(const Game& game, const ValidateOptions& options);

// The same, and each move node read records the legal move it was read as (MoveNode::move),
// for writers that re-encode the game.
GameReport resolve_game(Game& game, const ValidateOptions& options);

// What of a game a writer will use: a plain game built for it leaves the rest out (a game
// read by the general path may still have it). Variations are checked either way.
struct BuildOptions {
  bool comments = true;
  bool nags = true;
  bool variations = true;
  // Game::raw for every game, not only for those with errors (with ReaderOptions::keep_raw,
  // for the games the general reader reads): for writing games through as read.
  bool raw = false;
  // Each move's text as written, beside the move it was read as: a writer of the moves alone
  // (UCI, EPD) needs none of it, and copying it into each node cost such a conversion 2%.
  bool move_texts = true;
};

// The PGN form (YYYY.MM.DD) of a Date written another way that says the same for certain:
// a year alone or a year and month ("1957" -> "1957.??.??"), fields not padded ("2024.1.5"),
// another separator ("2024-01-05", "2024/01/05"). Empty when there is none (day-first
// dates, "05.01.2024", are not guessed at; nor is a date that cannot be) or when the date
// is in that form already. The bad-date diagnostic suggests it; pgn-convert --fix writes it.
std::string pgn_date_form(std::string_view written);

// Reads the next game into `game` and validates it, each move node recording its move (for
// writers), as resolve_game does; a plain game in one pass as it is read (then game.raw is
// kept only if the game has errors: the only games written through as read). False at the
// end of the input.
bool read_next_game(Reader& reader, const ValidateOptions& options, Game& game, GameReport& report,
                    const BuildOptions& keep = {});

// The same for a caller who keeps few of the games, chosen by what the replay showed (a
// search in their positions, told to options.observer): a plain game is checked in one pass
// without being built, and built from its text (a second pass, the observer not told again)
// only if it has errors or `wanted(report)`. A game not built has its ordinal and nothing
// else: no tags, no moves. Any other game is built as read_next_game builds it.
bool read_next_game_if(Reader& reader, const ValidateOptions& options, Game& game, GameReport& report,
                       const BuildOptions& keep, const std::function<bool(const GameReport&)>& wanted);

// Reads the next game and validates it, a plain game in the same pass that reads it (the
// fastest way on one thread). False at the end of the input.
bool validate_next_game(Reader& reader, const ValidateOptions& options, GameReport& report);

}  // namespace chess::pgn

CHESS_PUBLIC_END
