// The plain path of validation: a plain game whose moves are all canonical SAN is checked
// while its text is scanned, with no Game built and no move read twice. At the first thing
// the plain path does not vouch for (a move that is not canonical SAN, illegal or not), the
// game goes through the general path instead, which finds and explains the problem: the
// report is the same either way, only the time differs.
#include <optional>
#include <vector>

#include "chess/notation/canonical_san.h"
#include "chess/pgn/validate.h"
#include "pgn/game_validator.h"
#include "pgn/plain_scanner.h"

namespace chess::pgn {
namespace {

// Receives the scan of one plain game: tags into `game` (the tag checks read them there),
// then the moves, played on a board as they come.
class PlainChecker {
public:
  PlainChecker(Game& game, const ValidateOptions& options) : game_(game), options_(options) {}

  bool tag(std::string_view name, std::string_view value, Location at) {
    if (tags_ == game_.tags.size()) game_.tags.emplace_back();
    Tag& t = game_.tags[tags_++];
    t.name.assign(name);
    t.value.assign(value);
    t.at = at;
    return true;
  }

  bool move(std::string_view text, Location) {
    if (!start()) return false;
    Move m = notation::play_canonical_san(pos_, text);
    if (!m.is_ok()) return false;  // the general path says why
    last_ = m;
    if (saved_.empty()) ++plies_;
    return true;
  }

  // A variation replaces the move before it: it starts from the position before that move.
  bool begin_variation() {
    if (!start() || !last_.is_ok()) return false;
    saved_.push_back({pos_, last_});
    pos_.unmake_move(last_);
    last_ = Move::none();
    return true;
  }

  bool end_variation() {
    pos_ = std::move(saved_.back().pos);
    last_ = saved_.back().last;
    saved_.pop_back();
    return true;
  }

  void result(std::string_view text, Location at) {
    game_.result = std::string(text);
    game_.result_at = at;
  }

  // The report, once the scan reached the result; nullopt if the general path must decide.
  std::optional<GameReport> report() {
    if (!start()) return validator_ ? std::optional(validator_->finish()) : std::nullopt;
    bool has_moves = plies_ > 0;
    validator_->note_moves(has_moves);
    validator_->count_plies(plies_);
    validator_->check_result(&pos_, has_moves, {});
    return validator_->finish();
  }

  // Tags are all read once the moves begin: check them, and set up the board. False when
  // the moves are not to be replayed here (they cannot be checked at all, or not in SAN).
  bool start() {
    if (validator_) return checkable_;
    game_.tags.resize(tags_);
    validator_.emplace(game_, options_);
    checkable_ = validator_->begin(pos_);
    return checkable_;
  }

private:
  struct Saved {
    Position pos;
    Move last;
  };
  Game& game_;
  const ValidateOptions& options_;
  std::size_t tags_ = 0;
  std::optional<GameValidator> validator_;
  bool checkable_ = false;
  Position pos_;
  Move last_ = Move::none();
  int plies_ = 0;
  std::vector<Saved> saved_;
};

bool plain_path_applies(const ValidateOptions& options) {
  return !options.auto_dialect && (!options.codec || options.codec->name() == "san");
}

}  // namespace

GameReport validate_plain_game(const PlainGame& plain, const ValidateOptions& options) {
  if (plain_path_applies(options)) {
    // One Game per thread, reused: its tag strings keep their room from game to game.
    thread_local Game game;
    game.ordinal = plain.ordinal;
    game.start = {plain.first_line, 1};
    game.result.reset();
    game.diagnostics.clear();
    PlainChecker checker(game, options);
    plain::Scanner scanner(plain.text, true, plain.first_line, ReaderOptions{}.max_variation_depth);
    plain::Outcome outcome = scanner.scan(checker);
    if (outcome == plain::Outcome::Plain || (outcome == plain::Outcome::Stopped && !checker.start())) {
      // Stopped because the moves cannot be checked at all: the tag checks are the report.
      if (std::optional<GameReport> report = checker.report()) return std::move(*report);
    }
  }
  GameBuilder builder;
  read_plain_game(plain, builder);
  return validate_game(builder.game(), options);
}

}  // namespace chess::pgn
