#include "chess/rules/adjudicate.h"

#include <algorithm>
#include <climits>

#include "chess/movegen.h"
#include "chess/rules/status.h"

namespace chess::rules {
namespace {

std::string side_name(Color c) { return c == WHITE ? "White" : "Black"; }
Result win_for(Color c) { return c == WHITE ? Result::WhiteWins : Result::BlackWins; }

// K+B+N against a lone king, either way round: the ending seed 002 gives 50 moves.
bool kbn_v_k(const Position& pos) {
  for (Color strong : {WHITE, BLACK}) {
    Bitboard ours = pos.pieces(strong) & ~pos.pieces(KING);
    if (pos.pieces(~strong) == pos.pieces(~strong, KING) && popcount(ours) == 2 &&
        popcount(ours & pos.pieces(BISHOP)) == 1 && popcount(ours & pos.pieces(KNIGHT)) == 1)
      return true;
  }
  return false;
}

// US Chess 14E: what the side whose flag did not fall has, when it has insufficient losing
// chances against it: a lone king; a king and one minor piece; two knights against a lone king.
bool insufficient_losing_chances(const Position& pos, Color side) {
  Bitboard ours = pos.pieces(side) & ~pos.pieces(KING);
  if (!ours) return true;
  if (ours & (pos.pieces(PAWN, ROOK) | pos.pieces(QUEEN))) return false;
  if (!more_than_one(ours)) return true;
  bool two_knights = popcount(ours) == 2 && (ours & pos.pieces(KNIGHT)) == ours;
  return two_knights && pos.pieces(~side) == pos.pieces(~side, KING);
}

// Full moves played since the game began (a FEN's move number counts): "moves" in the
// house rules' counts.
int completed_moves(const Position& pos) { return pos.game_ply() / 2; }

}  // namespace

// The game position by position, as a replay gives them, with what the repetition and
// counting rules need.
class GameJudge::Replay {
public:
  Replay(const RuleSet& rules, const AdjudicateOptions& options) : rules_(rules), options_(options) {
    auto automatic = [](const Rule& r) { return r.mode == Mode::Automatic ? r.count : INT_MAX; };
    auto any = [](const Rule& r) { return r.on() ? r.count : INT_MAX; };
    quiet_.clock = std::min({automatic(rules.seventy_five_moves), any(rules.fifty_moves), automatic(rules.no_progress),
                             automatic(rules.no_progress_kbnk)});
    quiet_.seen = std::min({automatic(rules.fivefold), automatic(rules.repetition), any(rules.threefold)});
    quiet_.checks_in_row = automatic(rules.consecutive_checks);
    quiet_.checks_received = automatic(rules.total_checks);
    counts_checks_ = quiet_.checks_in_row != INT_MAX || quiet_.checks_received != INT_MAX;
    claim_clock_ = rules.fifty_moves.count - 1;
    often_seen_ = rules.threefold.count - 1;
    window_.reserve(128);
    keeps_moves_ = rules.dead_position.on();
  }

  // start and after_move return whether the next before_move has anything to do.
  bool start(const Position& pos) {
    out_ = Adjudication{};
    pos_ = &pos;
    forget();
    checks_in_row_[0] = checks_in_row_[1] = checks_received_[0] = checks_received_[1] = 0;
    ended_ = false;
    ply_ = 0;
    if (keeps_moves_) start_.assign_current(pos), moves_.clear();
    remember();
    return attention();
  }

  // The position before the move of the record at ply ply_: a legal move follows, so it is
  // playable unless the move is a pass (asking the move generator only at the end saves
  // most of the replay's time).
  void before_move(const Position& pos, bool pass) {
    pos_ = &pos;
    if (!ended_ && (pass || !quiet())) look(pass ? status(pos) : Status::Playable);
    if (ended_) return void(++out_.moves_after_end);
    if (claim_may_be_written(pos)) claims_with_written_move();
  }

  bool after_move(const Position& pos, Move played) {
    pos_ = &pos;
    ++ply_;
    if (ended_) return true;  // the moves after the end are counted
    if (keeps_moves_) moves_.push_back(played);
    if (pos.halfmove_clock() == 0) forget();
    remember();
    if (counts_checks_) {  // only the rule sets that count them look at them
      Color mover = ~pos.side_to_move();
      bool check = pos.in_check();
      checks_in_row_[mover] = check ? checks_in_row_[mover] + 1 : 0;
      checks_received_[~mover] += check;
    }
    return attention();
  }

  Adjudication finish(const Position& end, const RecordEnd& record) {
    pos_ = &end;
    record_ = &record;
    weigh();
    if (!ended_) look(status(end));
    // A claim with its move written is open at the last position too (the player to move
    // writes it, and claims, instead of playing on): a draw recorded there is that claim's.
    if (!ended_ && claim_may_be_written(end)) claims_with_written_move();
    if (!ended_) judge_record();
    return std::move(out_);
  }

private:
  const Position& pos() const { return *pos_; }
  int plies() const { return ply_; }

  // What before_move() looks at: a count near its limit, or a claim with the move written.
  bool attention() const {
    return ended_ || !quiet() || claim_may_be_written(pos());
  }

  // Whether writing a move could make a claim at `pos`: a position seen often enough to be
  // brought back, or the clock one ply short of the fifty moves.
  bool claim_may_be_written(const Position& pos) const {
    return !often_.empty() || pos.halfmove_clock() == claim_clock_;
  }

  void end(Result r, Reason why, const Rule& rule, std::string explanation) {
    out_.result = r;
    out_.reason = why;
    out_.article = rule.article;
    out_.ply = plies();
    out_.explanation = std::move(explanation);
    ended_ = true;
  }

  void claimable(Reason why, int ply, Color by, bool written) {
    for (const Claim& c : out_.claimable)
      if (c.reason == why && c.by == by) return;  // the first chance of each is the one to tell
    out_.claimable.push_back({why, ply, by, written});
    if (options_.claims_automatic && !ended_) {
      const Rule& rule = why == Reason::Threefold ? rules_.threefold : rules_.fifty_moves;
      end(Result::Draw, why, rule, side_name(by) + " could claim a draw (" + std::string(to_string(why)) + ")");
      if (written) out_.ply = ply;
    }
  }

  // After a pawn move or a capture no earlier position can come back, and the material
  // may have changed: the window starts again. (Out of line: inlined, its vector stores
  // made every ply's call realign the stack and save every register.)
  [[gnu::noinline]] void forget() {
    window_.clear(), often_.clear();
    std::fill(&key_bits_[0][0], &key_bits_[0][0] + 2 * KEY_WORDS, 0);  // a few vector stores
    weigh();
  }

  // What the material rules ask of the position: it changes only when the window starts.
  void weigh() {
    no_mating_material_ = insufficient_material(pos());
    kbnk_ = rules_.no_progress_kbnk.on() && kbn_v_k(pos());
  }

  void remember() {
    // The key differs from Position::key only where an e.p. square is set (after a double
    // step): the call spared at the other plies.
    uint64_t key = pos().ep_square() == SQ_NONE ? pos().key() : repetition_key(pos());
    window_.push_back({key, pos().pieces()});
    // Most positions are new: a key whose bit is not yet set needs no count.
    uint64_t& bits = key_word(window_.size() - 1, key);
    uint64_t bit = uint64_t(1) << (key & 63);
    seen_ = bits & bit ? occurrences(key, window_.size() - 1) : 1;
    bits |= bit;
    // Once a key: its later entries have the same occupancy and side to move.
    if (seen_ == often_seen_) often_.push_back(window_.size() - 1);
  }

  // The word of the bits for `key` at window entry `index` (the entries alternate sides).
  uint64_t& key_word(std::size_t index, uint64_t key) { return key_bits_[index % 2][(key >> 6) % KEY_WORDS]; }

  // How often the position with `key` stands in the window, the position at `index` (the
  // last, or the next) among them: only every other entry has the same side to move.
  // (Out of line: most plies do not count, and its vector loop would make every ply's call
  // realign the stack.)
  [[gnu::noinline]] int occurrences(uint64_t key, std::size_t index) const {
    int n = 0;
    for (std::size_t j = index % 2; j < window_.size(); j += 2) n += window_[j].key == key;
    return n;
  }

  // Most positions are short of every count, with mating material on the board: a playable
  // one has nothing to look at (asked at every ply, before the call to look()).
  bool quiet() const {
    Color to_move = pos().side_to_move();
    return pos().halfmove_clock() < quiet_.clock && seen_ < quiet_.seen &&
           checks_in_row_[~to_move] < quiet_.checks_in_row && checks_received_[to_move] < quiet_.checks_received &&
           !no_mating_material_;
  }

  // The position after plies() plies: what ends the game here, or may be claimed here.
  void look(Status s) {
    const Position& pos = this->pos();
    int ply = plies();
    Color to_move = pos.side_to_move();
    if (s == Status::Playable && quiet()) return;
    if (s == Status::Checkmate && rules_.checkmate.on())
      return end(win_for(~to_move), Reason::Checkmate, rules_.checkmate, side_name(to_move) + " is checkmated");
    if (s == Status::Stalemate && rules_.stalemate.on())
      return end(Result::Draw, Reason::Stalemate, rules_.stalemate, side_name(to_move) + " is stalemated");
    if (s != Status::Playable) return end(Result::Draw, Reason::Stalemate, rules_.stalemate, "no legal move");
    int seen = seen_;
    int clock = pos.halfmove_clock();
    auto reached = [](const Rule& r, int n) { return r.mode == Mode::Automatic && n >= r.count; };
    if (reached(rules_.fivefold, seen))
      return end(Result::Draw, Reason::Fivefold, rules_.fivefold,
                 "the same position has occurred " + std::to_string(seen) + " times");
    if (reached(rules_.repetition, seen))
      return end(Result::Draw, Reason::Repetition, rules_.repetition,
                 "the same position has occurred " + std::to_string(seen) + " times");
    if (reached(rules_.seventy_five_moves, clock))
      return end(Result::Draw, Reason::SeventyFiveMoves, rules_.seventy_five_moves,
                 std::to_string(clock / 2) + " moves by each side with no pawn move and no capture");
    if (reached(rules_.fifty_moves, clock))
      return end(Result::Draw, Reason::FiftyMoves, rules_.fifty_moves,
                 std::to_string(clock / 2) + " moves by each side with no pawn move and no capture");
    const Rule& progress = kbnk_ ? rules_.no_progress_kbnk : rules_.no_progress;
    if (reached(progress, clock))
      return end(Result::Draw, Reason::NoProgress, progress,
                 std::to_string(clock / 2) + " moves with no pawn move and no capture");
    Color mover = ~to_move;
    if (ply > 0 && reached(rules_.consecutive_checks, checks_in_row_[mover]))
      return end(Result::Draw, Reason::ConsecutiveChecks, rules_.consecutive_checks,
                 side_name(mover) + " has checked on " + std::to_string(checks_in_row_[mover]) + " moves in a row");
    if (ply > 0 && reached(rules_.total_checks, checks_received_[to_move]))
      return end(Result::Draw, Reason::TotalChecks, rules_.total_checks,
                 side_name(to_move) + " has received " + std::to_string(checks_received_[to_move]) + " checks");
    if ((rules_.insufficient_material.on() || rules_.dead_position.on()) && no_mating_material_) {
      const Rule& rule = rules_.dead_position.on() ? rules_.dead_position : rules_.insufficient_material;
      return end(Result::Draw, Reason::DeadPosition, rule, "neither side has the material to checkmate");
    }
    if (rules_.threefold.on() && seen >= rules_.threefold.count) {
      if (rules_.threefold.mode == Mode::Automatic)
        return end(Result::Draw, Reason::Threefold, rules_.threefold, "the same position has occurred 3 times");
      claimable(Reason::Threefold, ply, to_move, false);
    }
    if (rules_.fifty_moves.mode == Mode::Claim && clock >= rules_.fifty_moves.count)
      claimable(Reason::FiftyMoves, ply, to_move, false);
  }

  // Claims the player to move could make by writing a move that is not yet on the board
  // (art. 9.2(a), 9.3(a)): the repetition it would make, the fiftieth move it would be.
  void claims_with_written_move() {
    int ply = plies();
    Color to_move = pos().side_to_move();
    bool threefold = rules_.threefold.mode == Mode::Claim;
    bool fifty = rules_.fifty_moves.mode == Mode::Claim && pos().halfmove_clock() == rules_.fifty_moves.count - 1;
    // Only a position already seen count-1 times, with the other side to move, could be
    // made to occur the count-th time, and only by a quiet move that turns the occupied
    // squares into that position's (`often_` holds one entry of each such key): it
    // changes two squares, landing on the one empty now. Not a castling: the rights it
    // loses were held in every earlier position. Most plies need no move tried, and of the
    // moves only those that land there.
    Bitboard now = pos().pieces();
    std::size_t last = window_.size() - 1;
    auto other_side = [&](std::size_t i) { return i < last && i % 2 != last % 2; };
    Bitboard landings = 0;
    for (std::size_t i : often_) {
      Bitboard changed = window_[i].occupied ^ now;
      if (threefold && other_side(i) && popcount(changed) == 2) landings |= changed & ~now;
    }
    threefold = landings;
    if (!threefold && !fifty) return;
    auto brings_back = [&](Bitboard occupancy) {
      return std::any_of(often_.begin(), often_.end(), [&](std::size_t i) { return other_side(i) && window_[i].occupied == occupancy; });
    };
    MoveList moves;
    if (fifty) generate_legal(pos(), moves);
    else generate_legal_to(pos(), landings, moves);
    bool copied = false;
    for (Move m : moves) {
      // Only a move that is neither a pawn move nor a capture can bring back a position.
      bool quiet = type_of(pos().piece_on(m.from())) != PAWN && m.type() != MoveType::EnPassant &&
                   (m.type() == MoveType::Castling || pos().empty(m.to()));
      if (!quiet) continue;
      bool fits = threefold && m.type() != MoveType::Castling && brings_back(now ^ square_bb(m.from()) ^ square_bb(m.to()));
      if (!fits && !fifty) continue;
      if (!copied) scratch_.assign_current(pos()), copied = true;  // the moves are tried on a copy: rarely made
      scratch_.make_move(m);
      if (fits && occurrences(repetition_key(scratch_), window_.size()) >= rules_.threefold.count - 1)
        claimable(Reason::Threefold, ply + 1, to_move, true);
      // A claim with a move that mates is no draw: the mate stands.
      if (fifty && !(scratch_.in_check() && !has_legal_move(scratch_)))
        claimable(Reason::FiftyMoves, ply + 1, to_move, true);
      scratch_.unmake_move(m);
      if (ended_) return;
    }
  }

  // No rule ended the game on the board: what the record says, judged.
  void judge_record() {
    out_.ply = plies();
    if (record_->flag_fall && rules_.flag_fall.on()) {
      if (!dead()) judge_flag_fall();  // a dead position had ended the game before the flag fell
      return;
    }
    Result recorded = record_->recorded;
    if (recorded == Result::WhiteWins || recorded == Result::BlackWins) return judge_resignation(recorded);
    if (recorded == Result::Draw) return judge_draw();
    if (dead()) return;
    out_.result = Result::Unfinished;
    out_.reason = Reason::None;
    out_.explanation = "the game goes on";
  }

  void judge_flag_fall() {
    Color to_move = pos().side_to_move();
    Color flagged = record_->flagged ? *record_->flagged
                    : record_->recorded == Result::WhiteWins ? BLACK
                    : record_->recorded == Result::BlackWins ? WHITE
                                                          : to_move;
    // A draw on time that does not say whose flag fell (a game written back by this
    // program, say): the side whose opponent has no mating material, if one has none.
    if (!record_->flagged && record_->recorded == Result::Draw && !material_cannot_mate(pos(), ~flagged) &&
        material_cannot_mate(pos(), flagged))
      flagged = ~flagged;
    Color other = ~flagged;
    out_.reason = Reason::TimeForfeit;
    out_.article = rules_.flag_fall.article;
    std::string lost = side_name(flagged) + " lost on time";
    if (rules_.void_flag_fall.on() && completed_moves(pos()) <= rules_.void_flag_fall.count) {
      out_.result = Result::Void;
      out_.reason = Reason::Void;
      out_.article = rules_.void_flag_fall.article;
      out_.explanation = side_name(flagged) + "'s flag fell with " + std::to_string(completed_moves(pos())) +
                         (completed_moves(pos()) == 1 ? " move" : " moves") + " played: the game is void";
      return;
    }
    auto draw = [&](std::string why) {
      out_.result = Result::Draw;
      out_.explanation = lost + ", but " + why;
    };
    out_.result = win_for(other);
    out_.explanation = lost;
    switch (rules_.flag_fall_judged) {
      case FlagFall::Win: return;
      case FlagFall::WinUnlessInsufficientMaterial:
        if (material_cannot_mate(pos(), other)) draw(side_name(other) + " has no mating material");
        return;
      case FlagFall::WinUnlessInsufficientLosingChances:
        if (insufficient_losing_chances(pos(), other)) draw(side_name(other) + " has insufficient losing chances against it");
        return;
      case FlagFall::WinUnlessCannotMate: {
        MateAnswer a = can_checkmate(pos(), other, options_.budget);
        if (a.ability == MateAbility::Impossible) {
          draw(side_name(other) + " cannot checkmate by any series of legal moves");
        } else if (a.ability == MateAbility::Possible) {
          out_.explanation += ", and " + side_name(other) + " could still checkmate";
          out_.witness_side = other;
          out_.witness = std::move(a.witness);
        } else {
          out_.explanation += "; whether " + side_name(other) + " could still checkmate was not decided within the search budget";
          out_.notes.push_back("unknown: the search budget ran out");
        }
        return;
      }
    }
  }

  // A position from which neither side can mate had ended the game already: a draw, from
  // the ply it arose. `first`: the side asked first, the one most likely to mate (a
  // resignation's winner): a side that can mate settles it, and the other need not be asked.
  bool dead(Color first = WHITE) {
    if (!rules_.dead_position.on() || !proven_dead(pos(), first)) return false;
    out_.result = Result::Draw;
    out_.reason = Reason::DeadPosition;
    out_.article = rules_.dead_position.article;
    out_.explanation = "neither side can checkmate by any series of legal moves: the game had ended";
    out_.ply = dead_since();
    out_.moves_after_end = plies() - out_.ply;
    return true;
  }

  bool proven_dead(const Position& pos, Color first = WHITE) const {
    // The full question only where the quick filter leaves it open: a search on every
    // resigned or drawn game would cost far more than reading it.
    if (!might_be_dead(pos)) return false;
    for (Color side : {first, ~first})
      if (can_checkmate(pos, side, options_.ended_budget).ability != MateAbility::Impossible) return false;
    return true;
  }

  // The first ply whose position is proven dead, the last one being: no move turns a dead
  // position into a live one, so the plies from there on are dead too, and a binary search
  // replays the game a few times (only for games found dead at their end: a locked pawn
  // wall the players shuffled behind before one resigned).
  int dead_since() {
    int lo = 0, hi = plies();  // hi: proven dead
    while (lo < hi) {
      int mid = lo + (hi - lo) / 2;
      scratch_.assign_current(start_);
      for (int i = 0; i < mid; ++i) scratch_.make_move_or_pass(moves_[std::size_t(i)]);
      if (proven_dead(scratch_)) hi = mid;
      else lo = mid + 1;
    }
    return hi;
  }

  void judge_resignation(Result recorded) {
    Color loser = recorded == Result::WhiteWins ? BLACK : WHITE;
    if (dead(~loser)) return;
    if (rules_.early_end.on() && completed_moves(pos()) < rules_.early_end.count)
      out_.notes.push_back("a resignation before move " + std::to_string(rules_.early_end.count) +
                           " is not allowed (" + rules_.early_end.article + ")");
    out_.result = recorded;
    out_.reason = Reason::Resignation;
    out_.explanation = side_name(loser) + " resigned";
  }

  void judge_draw() {
    if (!out_.claimable.empty()) {
      // The latest chance to claim within the record; one with a move yet to be written
      // after it only when there is none (a claim on the board needs no move invented).
      auto within = std::find_if(out_.claimable.rbegin(), out_.claimable.rend(),
                                 [&](const Claim& c) { return c.ply <= plies(); });
      const Claim& c = within != out_.claimable.rend() ? *within : out_.claimable.back();
      out_.result = Result::Draw;
      out_.reason = c.reason;
      out_.article = (c.reason == Reason::Threefold ? rules_.threefold : rules_.fifty_moves).article;
      out_.explanation = side_name(c.by) + " could claim a draw (" + std::string(to_string(c.reason)) + ") from ply " +
                         std::to_string(c.ply);
      return;
    }
    if (dead()) return;
    if (rules_.early_end.on() && completed_moves(pos()) <= rules_.early_end.count)
      out_.notes.push_back("a draw agreed before move " + std::to_string(rules_.early_end.count + 1) +
                           " is not allowed (" + rules_.early_end.article + ")");
    out_.result = Result::Draw;
    out_.reason = Reason::Agreement;
    out_.explanation = "a draw agreed";
  }

  const RuleSet& rules_;
  AdjudicateOptions options_;
  Adjudication out_;
  const Position* pos_ = nullptr;  // the position the replay has reached
  const RecordEnd* record_ = nullptr;
  Position scratch_;
  int ply_ = 0;
  struct Entry {
    uint64_t key;       // the repetition key
    Bitboard occupied;  // the occupied squares
  };
  std::vector<Entry> window_;  // the positions since the last pawn move or capture
  int seen_ = 0;                     // how often the last entry's key has occurred
  // A bit for each key in the window, by side to move: 1024 a side, so that a window of
  // a hundred plies (engine games' endings) rarely finds a bit set by another key and
  // counts for nothing (with 256, remember() took 4% of adjudicating the corpus).
  static constexpr std::size_t KEY_WORDS = 16;
  uint64_t key_bits_[2][KEY_WORDS] = {};
  // Below these, no count-based rule has anything to say (INT_MAX: none counts that).
  struct {
    int clock, seen, checks_in_row, checks_received;
  } quiet_;
  bool no_mating_material_ = false, kbnk_ = false;  // of the position the window began with
  bool counts_checks_ = false;                      // a rule of the set counts checks
  int claim_clock_ = 0;   // the halfmove clock where a fifty-move claim can be made with the move written
  int often_seen_ = 0;    // the occurrences after which one more can be claimed
  std::vector<std::size_t> often_;   // the entries whose key reached threefold.count - 1 there
  int checks_in_row_[2] = {0, 0};
  int checks_received_[2] = {0, 0};
  bool ended_ = false;
  // With a dead-position rule: the game's start and main-line moves (a pass as
  // Move::null()), for the ply a dead position arose at.
  bool keeps_moves_ = false;
  Position start_;
  std::vector<Move> moves_;
};

std::string_view to_string(Result r) {
  switch (r) {
    case Result::WhiteWins: return "1-0";
    case Result::BlackWins: return "0-1";
    case Result::Draw: return "1/2-1/2";
    default: return "*";
  }
}

std::optional<Result> result_from_pgn(std::string_view text) {
  if (text == "1-0") return Result::WhiteWins;
  if (text == "0-1") return Result::BlackWins;
  if (text == "1/2-1/2") return Result::Draw;
  if (text == "*") return Result::Unfinished;
  return std::nullopt;
}

std::string_view to_string(Reason r) {
  static constexpr std::string_view names[] = {
      "checkmate",   "stalemate",          "dead-position", "threefold",    "fivefold",          "repetition",
      "fifty-moves", "seventy-five-moves", "no-progress",   "time-forfeit", "consecutive-checks", "total-checks",
      "void",        "resignation",        "agreement",     "none"};
  return names[int(r)];
}

GameJudge::GameJudge(const RuleSet& rules, const AdjudicateOptions& options)
    : replay_(std::make_unique<Replay>(rules, options)) {}
GameJudge::~GameJudge() = default;
GameJudge::GameJudge(GameJudge&&) noexcept = default;
void GameJudge::start(const Position& pos) {
  attention_ = replay_->start(pos);
  plies_ = 0;
}
void GameJudge::look_before_move(const Position& pos, bool pass) { replay_->before_move(pos, pass); }
void GameJudge::after_move(const Position& pos, Move played) {
  attention_ = replay_->after_move(pos, played);
  ++plies_;
}
Adjudication GameJudge::finish(const Position& end, const RecordEnd& record) { return replay_->finish(end, record); }

Adjudication adjudicate(const GameRecord& game, const RuleSet& rules, const AdjudicateOptions& options) {
  GameJudge judge(rules, options);
  Position pos = game.start;
  judge.start(pos);
  for (Move m : game.moves) {
    judge.before_move(pos, m == Move::null());
    pos.make_move_or_pass(m);
    judge.after_move(pos, m);
  }
  return judge.finish(pos, game);
}

}  // namespace chess::rules
