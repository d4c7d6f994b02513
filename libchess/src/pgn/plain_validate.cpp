// The plain path of validation: a plain game is checked while its text is scanned, with no
// Game built and no move read twice. Its moves are played as canonical SAN; one that is not
// is read as the general path reads it (a spelling variant, a pass in a variation), with the
// same warning. At the first thing the plain path does not vouch for (a move that does not
// read or is illegal), the game goes through the general path instead, which finds and
// explains the problem: the report is the same either way, only the time differs.
#include <optional>
#include <tuple>
#include <vector>

#include "chess/notation/canonical_san.h"
#include "chess/notation/move_text.h"
#include "chess/pgn/validate.h"
#include "chess/rules/adjudicate.h"
#include "notation/san_board.h"
#include "pgn/game_validator.h"
#include "pgn/plain_path.h"
#include "pgn/plain_scanner.h"

namespace chess::pgn {
namespace {

// Whether a comment the scanner read spans lines (its text then needs comment_text).
bool spans_lines(std::string_view raw) {
  return raw.find('\n') != std::string_view::npos || raw.find('\r') != std::string_view::npos;
}

// A comment's text as the general reader gives it: its lines joined by "\n", whatever
// ended them, and no line break before the first text.
std::string comment_text(std::string_view raw) {
  std::string out;
  plain::detail::for_each_line(raw, [&](std::string_view line, bool) {
    if (!out.empty()) out += '\n';  // (empty lines before the first text add none)
    out += line;
  });
  return out;
}

// Receives the scan of one plain game: tags into `game` (the tag checks read them there),
// then the moves, played on a board as they come: the SAN board (notation/san_board.h),
// and a move it declines on a Position. With a GameBuilder, it also builds the Game the
// general reader would, its moves resolved (for writers). Its checks on moves are the
// general path's (GameValidator::replay, validate.cpp): a new check on moves goes in both,
// and tests/unit/plain_path_test.cpp (with the corpus tests) compares their reports.
//
// `Lean`: validation alone, with no observer, judge or builder; what they need at each move
// is then left out when compiled (those tests cost validation 2% of its instructions).
template <bool Lean>
class PlainChecker {
public:
  // `board` and `scratch` are the caller's, reused from game to game (they keep their room
  // for history). `board` receives the start position; it follows the main line when a
  // judge or an observer is told it (else it is where declined moves are played).
  // `tags` too is the caller's, emptied: the game's tags as they stand in the text scanned.
  PlainChecker(Game& game, std::vector<TagView>& tags, Position& board, Position& scratch,
               const ValidateOptions& options, GameBuilder* build = nullptr, BuildOptions keep = {})
      : game_(game), tags_(tags), options_(options), pos_(board), scratch_(scratch), build_(build), keep_(keep) {}

  // What the general reader would say of the text (bytes read as Latin-1, a result written
  // "1/2"), among the game's diagnostics as it gives them: the validator takes those when
  // the checks begin (at the first move), and is given those met after.
  void diagnostic(const Diagnostic& d) {
    game_.diagnostics.push_back(d);
    if (validator_) validator_->note_read(d);
  }

  bool tag(std::string_view name, std::string_view value, Location at, Location value_at) {
    if (tags_.empty()) {  // a plain game begins with its first tag
      game_.start = at;
      if (build_) build_->begin_game(game_.ordinal, at);
      if (observer_) observer_->begin();
    }
    if (observer_) observer_->tag(name, value);
    if (build_) build_->tag(name, value, at, value_at);
    tags_.push_back({name, value, at, value_at});
    return true;
  }

  [[gnu::always_inline]] bool move(std::string_view text, plain::Place at) {
    if (!checkable_ && !start()) [[unlikely]]
      return false;
    if (stopped()) return plies_ += skipped_depth_ == 0, true;
    bool main_line = saved_.empty();
    if (main_line && telling()) tell_before_move();
    Move m = play(text, at, main_line);
    if (m == Move::none()) return false;  // the general path says why (a pass is Move::null())
    last_ = m;
    if (main_line) {
      ++plies_;
      if (telling()) tell_after_move(m);
    }
    if (building()) build_->resolved_move(keep_.move_texts ? text : std::string_view(), at(), m);
    return true;
  }

  void nag(int nag) {
    if (building() && keep_.nags) build_->nag(nag, {});
  }
  void comment(std::string_view raw, Location at) {
    if (Lean || stopped()) return;  // (Lean: no observer, nothing built)
    if (observer_ && saved_.empty()) {
      if (!spans_lines(raw)) observer_->comment(raw);
      else observer_->comment(comment_text(raw));
    }
    if (!building() || !keep_.comments) return;
    if (!spans_lines(raw)) build_->comment(raw, at);  // most: nothing to join
    else build_->comment(comment_text(raw), at);
  }

  // A variation replaces the move before it: it starts from the position before that move.
  bool begin_variation() {
    if (stopped()) return ++skipped_depth_, true;
    if (!start() || !last_.is_ok()) return false;
    saved_.push_back({san_, before_decline_, declined_, last_});
    if (declined_) san_ = before_decline_;
    else san_.take_back();
    last_ = Move::none();
    if (build_ && keep_.variations) build_->begin_variation({});
    return true;
  }

  bool end_variation() {
    if (stopped()) return --skipped_depth_, true;  // (the scanner balances them)
    san_ = saved_.back().san;
    before_decline_ = saved_.back().before_decline;
    declined_ = saved_.back().declined;
    last_ = saved_.back().last;
    saved_.pop_back();
    if (build_ && keep_.variations) build_->end_variation({});
    return true;
  }

  void result(std::string_view text, Location at) {
    game_.result = std::string(text);
    game_.result_at = at;
    if (observer_) observer_->result(text);
  }

  // The move on the SAN board, or where it declines the move, on a Position (play_declined).
  [[gnu::always_inline]] Move play(std::string_view text, plain::Place at, bool main_line) {
    Move m = san_.play(text);
    declined_ = !m.is_ok();
    if (declined_) [[unlikely]]
      if (m = play_declined(text, at, main_line); m == Move::none()) return m;  // the general path says why
    if (main_line && telling()) pos_.make_move(m);  // what the judge and the observer are told
    return m;
  }

  // A move the SAN board declines, on a Position set up as the board stands (the reference:
  // play_canonical_san); the board goes on from there. A move that is not canonical SAN
  // ("0-0", "Ng1f3", "Qg1+" for a mate) is read there as the general path reads it, with its
  // warning: a file that writes every castling "0-0" would otherwise send every game to the
  // general path, seven times slower. Out of line: the scanner's loop, into which play() is
  // inlined, keeps its registers for the moves the board plays.
  [[gnu::noinline]] Move play_declined(std::string_view text, plain::Place at, bool main_line) {
    // Long algebraic, where its warning is counted and not read (ValidateOptions::details):
    // on the board, which can take it back. With the warning's details, the Position below
    // writes them.
    if (!validator_->details())
      if (Move m = san_.play_long(text); m.is_ok()) {
        validator_->note_spelling(at(), {}, san_.game_ply() - start_ply_, {}, {});
        texts_canonical_ = false;
        declined_ = false;
        return m;
      }
    before_decline_ = san_;  // the board cannot take this move back: a variation may replace it
    Position& pos = declined_on();
    san_.store(pos);
    // A pass in a variation ("12. Qd2 -- 13. c5": the threat), as replay() reads one: annotated
    // games are full of them, and each sent its game to the general path. Not in check, nor
    // in the main line (where only --allow-null-moves admits one): the general path says why.
    if (!main_line && notation::is_null_move_text(text)) {
      if (pos.in_check()) return Move::none();
      pos.make_move_or_pass(Move::null());
      san_.set(pos);
      texts_canonical_ = false;  // (a pass has no SAN to copy)
      return Move::null();
    }
    Move m = notation::play_canonical_san(pos, text);
    if (!m.is_ok()) {
      const int ply = pos.game_ply() - start_ply_ + 1;
      if (!(m = nearly_canonical(pos, text, at(), ply)).is_ok() &&
          !(m = validator_->play_leniently(pos, text, at(), ply)).is_ok())
        return m;
      texts_canonical_ = false;  // writers write the moves afresh, not as read
    }
    san_.set(pos);
    return m;
  }

  // A move canonical but for its check mark ("Qg1+" for a mate, the commonest slip in
  // archives), or written as archives and scoresheets often write moves (castling "0-0",
  // "Ng1f3": play_nearly_canonical_san): what the lenient reader makes of it (the same
  // warning, in the same words: non_canonical_note), found in a fraction of its time.
  Move nearly_canonical(Position& pos, std::string_view text, Location at, int ply) {
    std::string canonical;
    Move m = notation::play_nearly_canonical_san(pos, text, canonical);
    if (!m.is_ok()) return Move::none();
    if (!validator_->details()) return validator_->note_spelling(at, {}, ply, {}, {}), m;
    pos.unmake_move(m);
    std::string fen = pos.fen();  // (the warning's position is the one before the move)
    pos.make_move(m);
    validator_->note_spelling(at, notation::non_canonical_note(text, "san", canonical), ply, std::string(text),
                              std::move(fen));
    return m;
  }

  // Whether every move's text was its canonical SAN.
  bool texts_canonical() const { return texts_canonical_; }

  // The report, once the scan reached the result; nullopt if the general path must decide.
  std::optional<GameReport> report() {
    if (!start()) return validator_ ? std::optional(validator_->finish()) : std::nullopt;
    bool has_moves = plies_ > 0;
    validator_->note_moves(has_moves);
    validator_->count_plies(plies_);
    validator_->check_result(ending(), has_moves, {});
    if (observer_ && !stopped()) observer_->end(pos_);
    GameReport report = validator_->finish();
    report.replay_stopped = stopped();
    return report;
  }

  // Tags are all read once the moves begin: check them, and set up the board. False when
  // the moves are not to be replayed here (they cannot be checked at all, or not in SAN).
  bool start() {
    if (validator_) return checkable_;
    validator_.emplace(game_, options_);
    checkable_ = validator_->begin(pos_, tags_);  // (names the scanner found all different)
    start_ply_ = pos_.game_ply();
    if (checkable_) san_.set(pos_);
    if (checkable_ && judge_) judge_->start(pos_);
    if (checkable_ && observer_) observer_->start(pos_), stop_if_unwanted();
    return checkable_;
  }

private:
  // How the main line ended. Told, pos_ stands there; else the SAN board's own verdict,
  // as storing it in pos_ (its key, its checkers found afresh on attack tables out of the
  // caches) cost validation 4% of its time, more than the rest of a game's end.
  std::optional<GameValidator::Ending> ending() const {
    if (stopped()) return std::nullopt;
    if (telling()) return GameValidator::Ending{rules::status(pos_), pos_.side_to_move()};
    return GameValidator::Ending{rules::status(san_.has_legal_move(), san_.in_check()), san_.side_to_move()};
  }

  // What the judge and the observer are told of each main-line move.
  void tell_before_move() {
    if (judge_) judge_->before_move(pos_);  // a pass is no canonical SAN
    if (observer_ && observer_->wants_moves()) observer_->before_move(pos_, false);
  }
  void tell_after_move(Move played) {
    if (judge_) judge_->after_move(pos_, played);
    if (!observer_) return;
    if (observer_->wants_moves()) observer_->after_move(pos_);
    stop_if_unwanted();
  }

  // The rest of the game read past, unreplayed, once the observer wants no more of it
  // (only when nothing is built: a Game needs every move resolved).
  void stop_if_unwanted() { stopped_ = !build_ && !observer_->wants_more(); }

  // Where a variation began: the board, and how it goes back to before the move replaced.
  struct Saved {
    notation::SanBoard san, before_decline;
    bool declined;
    Move last;
  };
  Game& game_;
  std::vector<TagView>& tags_;
  const ValidateOptions& options_;
  ReplayObserver* observer_ = options_.observer;
  rules::GameJudge* judge_ = options_.judge;
  bool telling_ = observer_ || judge_;  // the main line's moves are told
  std::optional<GameValidator> validator_;
  bool checkable_ = false;
  // Building, and not inside a variation left out.
  bool building() const { return !Lean && build_ && (saved_.empty() || keep_.variations); }
  // The main line's moves are told; the observer wants no more of the game.
  bool telling() const { return !Lean && telling_; }
  bool stopped() const { return !Lean && stopped_; }

  Position& pos_;
  Position& scratch_;  // for the moves the SAN board declines, where pos_ must follow the main line
  bool scratch_set_ = false;
  // Where a declined move is played: pos_, unless it follows the main line; the scratch
  // then, once given the game's castling geometry.
  Position& declined_on() {
    if (!telling()) return pos_;
    if (!scratch_set_) scratch_.assign_current(pos_), scratch_set_ = true;
    return scratch_;
  }
  notation::SanBoard san_, before_decline_;
  bool declined_ = false;  // the last move was played on a Position: before_decline_ is the board before it
  GameBuilder* build_;
  BuildOptions keep_;
  Move last_ = Move::none();
  int plies_ = 0;       // of the main line
  int start_ply_ = 0;   // the start position's game ply: a move's ply counts from there, in a variation too
  bool texts_canonical_ = true;
  std::vector<Saved> saved_;
  bool stopped_ = false;
  int skipped_depth_ = 0;  // variations open since the replay stopped
};

bool plain_path_applies(const ValidateOptions& options) {
  return options.plain_path && !options.auto_dialect && (!options.codec || options.codec->writes_canonical_san());
}

// What scanning a text for a plain game and checking it found.
struct PlainCheck {
  plain::Outcome outcome = plain::Outcome::NotPlain;  // Plain, NotPlain or NeedMore
  std::optional<GameReport> report;  // for a plain game the plain path vouches for
  bool canonical_san = true;  // every move's text was its canonical SAN
  std::size_t begin = 0, end = 0, lines = 0, first_line = 0;  // the plain game's extent
  Span span;  // its bytes in the input
};

// With `build`, the game is also built there (a report then needs its moves all read).
template <bool Lean>
PlainCheck check_plain_as(const PlainWindow& window, const ValidateOptions& options, GameBuilder* build,
                          BuildOptions keep) {
  auto [text, ends, first_line] = std::tuple(window.text, window.ends, window.first_line);
  const ReaderOptions& reader = window.limits();
  // One Game per thread, reused when nothing is built (its tags are the views alone).
  thread_local Game reused;
  thread_local std::vector<TagView> tags;
  thread_local Position board, scratch;
  board = Position::initial();  // where the game starts, unless its FEN tag says otherwise
  Game& game = build ? build->game() : reused;
  game.ordinal = window.ordinal;
  game.result.reset();
  game.diagnostics.clear();
  tags.clear();
  PlainChecker<Lean> checker(game, tags, board, scratch, options, build, keep);
  plain::Scanner scanner(text, ends, first_line, reader);
  PlainCheck check;
  check.outcome = scanner.scan(checker);
  // Stopped because the moves cannot be checked at all: the tag checks are the report.
  bool unchecked = check.outcome == plain::Outcome::Stopped && !checker.start() && !build;
  if (check.outcome == plain::Outcome::Plain || unchecked) check.report = checker.report();
  check.canonical_san = checker.texts_canonical();
  if (check.outcome == plain::Outcome::Stopped) {  // where does this game end, then?
    scanner = plain::Scanner(text, ends, first_line, reader);
    plain::NoSink sink;
    check.outcome = scanner.scan(sink);
  }
  if (check.outcome != plain::Outcome::Plain) check.report.reset();
  check.span = window.span(scanner);
  if (check.report) check.report->span = check.span;
  if (build) build->span(check.span);
  check.begin = scanner.game_begin();
  check.end = scanner.game_end();
  check.lines = scanner.lines_to_end();
  check.first_line = scanner.first_line();
  return check;
}

PlainCheck check_plain(const PlainWindow& window, const ValidateOptions& options, GameBuilder* build = nullptr,
                       BuildOptions keep = {}) {
  if (!build && !options.observer && !options.judge) return check_plain_as<true>(window, options, nullptr, keep);
  return check_plain_as<false>(window, options, build, keep);
}

// The game's text as the general reader keeps it (Game::raw): lines ended by "\n" alone.
std::string raw_text(std::string_view text) {
  std::string out;
  out.reserve(text.size() + 1);
  plain::detail::for_each_line(text, [&](std::string_view line, bool ended) {
    out += line;
    if (ended) out += '\n';
  });
  if (out.empty() || out.back() != '\n') out += '\n';
  drop_trailing_blank_lines(out);
  return out;
}

// A plain game built by check_plain: handed over with what the general reader would add
// (its raw text only if it has errors: writers pass those through as read, no others).
GameReport take_built(GameBuilder& builder, std::string_view text, const PlainCheck& check, GameReport report,
                      Game& game, const BuildOptions& keep) {
  game = std::move(builder.game());
  if (!report.valid() || keep.raw) game.raw = raw_text(text);
  if (check.canonical_san && keep.move_texts) detail::PlainAccess::mark_canonical_san(game);  // texts a writer may copy
  return report;
}

// The window a plain game's own text makes, read with `reader`'s limits. (The span it
// gives is not the game's: its text may lack bytes of the input, binary data taken out.)
PlainWindow window_of(const PlainGame& plain, const ReaderOptions& reader) {
  return {plain.text, true, plain.first_line, plain.span.offset, plain.ordinal, &reader};
}

// Read as the reader offering it would have read it (with its limits).
GameReport general_build(const PlainGame& plain, const ValidateOptions& options, const ReaderOptions& reader,
                         Game& game) {
  GameBuilder builder;
  ReaderOptions keep = reader;
  keep.keep_raw = true;
  read_plain_game(plain, builder, keep);
  game = std::move(builder.game());
  game.span = plain.span;  // its text may lack bytes of the input (binary data taken out)
  return resolve_game(game, options);
}

// Built by the plain path where it vouches for the game, else by the general reader; both
// with the limits of the reader the game came from.
GameReport build_plain(const PlainGame& plain, const ValidateOptions& options, const ReaderOptions& reader, Game& game,
                       const BuildOptions& keep) {
  GameReport report;
  GameBuilder builder;
  std::optional<PlainCheck> check;
  if (plain_path_applies(options)) check = check_plain(window_of(plain, reader), options, &builder, keep);
  if (check && check->report) report = take_built(builder, plain.text, *check, std::move(*check->report), game, keep);
  else report = general_build(plain, options, reader, game);
  report.span = game.span = plain.span;
  return report;
}

// Takes a plain game off the reader's input and checks it in the same pass, its report
// given straight to the caller's (a report moved costs a copy of each of its short strings).
class CheckingTaker : public PlainTaker {
public:
  CheckingTaker(const ValidateOptions& options, GameReport& report) : report(report), options_(options) {}
  Result take(const PlainWindow& window, std::size_t& bytes, std::size_t& lines) override {
    PlainCheck check = check_plain(window, options_);
    if (check.outcome != plain::Outcome::Plain)
      return check.outcome == plain::Outcome::NeedMore ? Result::NeedMore : Result::NotPlain;
    if (check.report) {
      report = std::move(*check.report);
    } else {
      PlainGame game{window.ordinal, check.first_line, check.span,
                     std::string(window.text.substr(check.begin, check.end - check.begin))};
      Game scratch;
      report = general_build(game, options_, window.limits(), scratch);
    }
    bytes = check.end;
    lines = check.lines;
    return Result::Taken;
  }
  GameReport& report;

private:
  const ValidateOptions& options_;
};

// Takes a plain game off the reader's input and builds it in the same pass; or, with
// `wanted`, checks it in one pass and builds it from its text only if it has errors or is
// wanted (read_next_game_if).
class BuildingTaker : public PlainTaker {
public:
  BuildingTaker(const ValidateOptions& options, const BuildOptions& keep, Game& game, GameReport& report,
                const std::function<bool(const GameReport&)>* wanted = nullptr)
      : options_(options), keep_(keep), game_(game), report_(report), wanted_(wanted) {}
  Result take(const PlainWindow& window, std::size_t& bytes, std::size_t& lines) override {
    GameBuilder builder;
    if (!wanted_) builder.recycle(std::move(game_));  // the caller's game from before: its room is reused
    PlainCheck check = check_plain(window, options_, wanted_ ? nullptr : &builder, keep_);
    if (check.outcome != plain::Outcome::Plain)
      return check.outcome == plain::Outcome::NeedMore ? Result::NeedMore : Result::NotPlain;
    bytes = check.end;
    lines = check.lines;
    std::string_view game_text = window.text.substr(check.begin, check.end - check.begin);
    auto plain = [&] { return PlainGame{window.ordinal, check.first_line, check.span, std::string(game_text)}; };
    if (!check.report) {  // the check stopped: the general path explains the game
      report_ = general_build(plain(), options_, window.limits(), game_);
    } else if (!wanted_) {
      report_ = take_built(builder, game_text, check, std::move(*check.report), game_, keep_);
    } else if (check.report->valid() && !(*wanted_)(*check.report)) {
      report_ = std::move(*check.report);
      game_.ordinal = window.ordinal;
      game_.span = check.span;
      game_.tags.clear();
      game_.main = Line();
      game_.raw.clear();
    } else {
      // Checked whole, the observer has been told the game: not again.
      ValidateOptions again = options_;
      again.observer = nullptr;
      report_ = build_plain(plain(), again, window.limits(), game_, keep_);
    }
    return Result::Taken;
  }

private:
  const ValidateOptions& options_;
  const BuildOptions& keep_;
  Game& game_;
  GameReport& report_;
  const std::function<bool(const GameReport&)>* wanted_;
};

// A game the plain path did not take, read and built by the general reader.
bool read_built(Reader& reader, const ValidateOptions& options, Game& game, GameReport& report) {
  GameBuilder builder;
  if (!reader.read_game(builder)) return false;
  game = std::move(builder.game());
  report = resolve_game(game, options);
  return true;
}

}  // namespace

// (A plain game read again from its own text keeps the span it was cut out with: its text
// may lack bytes of the input, binary data taken out.)
GameReport validate_plain_game(const PlainGame& plain, const ValidateOptions& options) {
  GameReport report;
  std::optional<PlainCheck> check;
  static const ReaderOptions defaults;
  if (plain_path_applies(options)) check = check_plain(window_of(plain, defaults), options);
  if (check && check->report) {
    report = std::move(*check->report);
  } else {
    Game scratch;
    report = general_build(plain, options, defaults, scratch);
  }
  report.span = plain.span;
  return report;
}

GameReport build_plain_game(const PlainGame& plain, const ValidateOptions& options, Game& game,
                            const BuildOptions& keep) {
  return build_plain(plain, options, ReaderOptions{}, game, keep);
}

bool validate_next_game(Reader& reader, const ValidateOptions& options, GameReport& report) {
  if (plain_path_applies(options)) {
    CheckingTaker taker(options, report);
    if (detail::PlainAccess::read_plain_with(reader, taker)) return true;
  }
  GameBuilder builder;
  if (!reader.read_game(builder)) return false;
  report = validate_game(builder.game(), options);
  return true;
}

bool read_next_game_if(Reader& reader, const ValidateOptions& options, Game& game, GameReport& report,
                       const BuildOptions& keep, const std::function<bool(const GameReport&)>& wanted) {
  if (plain_path_applies(options)) {
    BuildingTaker taker(options, keep, game, report, &wanted);
    if (detail::PlainAccess::read_plain_with(reader, taker)) return true;
  }
  return read_built(reader, options, game, report);
}

bool read_next_game(Reader& reader, const ValidateOptions& options, Game& game, GameReport& report,
                    const BuildOptions& keep) {
  if (plain_path_applies(options)) {
    BuildingTaker taker(options, keep, game, report);
    if (detail::PlainAccess::read_plain_with(reader, taker)) return true;
  }
  return read_built(reader, options, game, report);
}

}  // namespace chess::pgn
