#include "rules/mate_search.h"

#include <algorithm>
#include <memory>

#include "chess/movegen.h"

namespace chess::rules::detail {
namespace {

// Positions seen in one search, with a number each: open addressing over a table reused
// from search to search (one per thread), emptied in no time by a new generation number.
// When a neighbourhood is full an entry is overwritten: a position then forgotten is only
// searched again, which costs time but never soundness.
class SeenTable {
public:
  static SeenTable& for_this_thread() {
    thread_local SeenTable table;
    return table;
  }
  void clear() { ++generation_; }
  // The number stored for the key, or nullptr after storing `value` for it.
  int* find_or_add(uint64_t key, int value) {
    std::size_t at = std::size_t(key) & MASK;
    for (std::size_t probe = 0; probe < PROBES; ++probe) {
      Entry& e = slots_[(at + probe) & MASK];
      if (e.generation != generation_) {
        e = {key, value, generation_};
        return nullptr;
      }
      if (e.key == key) return &e.value;
    }
    slots_[at] = {key, value, generation_};
    return nullptr;
  }

private:
  static constexpr std::size_t SIZE = std::size_t(1) << 18, MASK = SIZE - 1, PROBES = 8;
  struct Entry {
    uint64_t key = 0;
    int value = 0;
    uint32_t generation = 0;
  };
  std::unique_ptr<Entry[]> slots_ = std::make_unique<Entry[]>(SIZE);
  uint32_t generation_ = 1;
};

int distance(Square a, Square b) {
  return std::max(std::abs(int(file_of(a)) - int(file_of(b))), std::abs(int(rank_of(a)) - int(rank_of(b))));
}

// A helpmate: the loser cooperates, so both sides' moves are chosen for the mate. The
// search deepens by cost, not by plies: a move that makes progress towards a mate in a
// corner (the winner's king and knights closing in, pawns advancing, the loser's king
// heading for the corner and its knight for the square beside it) costs nothing, a move
// that throws material away costs four, any other one. So mates 20 or 30 plies deep are
// found with a small nominal depth. An iteration that ends without cutting any branch
// short (for depth or budget) has walked every position reachable from the start, so
// "no mate" is then proven, not merely not found.
class Helpmate {
public:
  Helpmate(const Position& pos, Color winner) : winner_(winner) { choose_targets(pos); }

  enum class Outcome { Mate, NoMate, Unknown };

  Outcome find(Position& pos, int max_cost, uint64_t budget, std::vector<Move>& line) {
    uint64_t stop = nodes_ + budget;
    for (int cost = 1; cost <= max_cost; ++cost) {
      interrupted_ = false;
      seen_.clear();  // entries of an earlier iteration could hide a branch: one iteration's only
      limit_ = std::min(stop, nodes_ + uint64_t(cost) * PER_COST_NODES);
      line.clear();
      if (search(pos, cost, false, line)) return Outcome::Mate;
      if (!interrupted_) return Outcome::NoMate;
      if (nodes_ >= stop) break;
    }
    return Outcome::Unknown;
  }
  uint64_t nodes() const { return nodes_; }

private:
  static constexpr uint64_t PER_COST_NODES = 4000;
  static constexpr std::size_t MAX_LINE = 160;
  enum Class { Reward = 0, Normal = 1, Punish = 4 };

  bool search(Position& pos, int cost_left, bool after_progress, std::vector<Move>& line) {
    MoveList moves;
    generate_legal(pos, moves);
    if (moves.empty()) return pos.side_to_move() != winner_ && pos.in_check();
    if (material_cannot_mate(pos, winner_)) return false;  // a dead end, proven
    // Seen in this iteration with at least as much left: whatever it leads to was or is
    // being searched there (this also stops cycles).
    if (int* seen = seen_.find_or_add(pos.key(), cost_left)) {
      if (*seen >= cost_left) return false;
      *seen = cost_left;
    }
    if (line.size() >= MAX_LINE) return interrupted_ = true, false;
    Class classes[256];
    for (int i = 0; i < moves.size(); ++i) classes[i] = classify(pos, moves.moves[i]);
    for (Class pass : {Reward, Normal, Punish}) {  // progress first: mates come sooner
      for (int i = 0; i < moves.size(); ++i) {
        if (classes[i] != pass) continue;
        int cost = pass == Normal && after_progress ? 0 : int(pass);
        if (cost > cost_left) {
          interrupted_ = true;
          continue;
        }
        if (++nodes_ > limit_) return interrupted_ = true, false;
        Move m = moves.moves[i];
        pos.make_move(m);
        line.push_back(m);
        bool found = search(pos, cost_left - cost, pass == Reward, line);
        pos.unmake_move(m);
        if (found) return true;
        line.pop_back();
        if (nodes_ > limit_) return false;
      }
    }
    return false;
  }

  // The corner the mate is aimed at: one of the winner's bishops' colour when it has
  // bishops of one colour only (its bishop must give the check there), else the corner
  // nearest the loser's king.
  void choose_targets(const Position& pos) {
    Bitboard men = pos.pieces(winner_) & ~pos.pieces(KING);
    needs_blockers_ = !(men & pos.pieces(PAWN)) && !(men & pos.pieces(ROOK, QUEEN)) &&
                      (!more_than_one(men) || !(men & pos.pieces(KNIGHT)));
    Square king = pos.king_square(~winner_);
    Bitboard bishops = pos.pieces(winner_, BISHOP);
    constexpr Bitboard DARK = 0xAA55AA55AA55AA55ULL;
    Square corners[4] = {SQ_A1, SQ_H8, SQ_A8, SQ_H1};  // dark, dark, light, light
    int first = 0, last = 4;
    if (bishops && !(bishops & ~DARK)) last = 2;
    else if (bishops && !(bishops & DARK)) first = 2;
    corner_ = corners[first];
    for (int i = first; i < last; ++i)
      if (distance(king, corners[i]) < distance(king, corner_)) corner_ = corners[i];
    // The winner's king two steps out on the diagonal; the loser's knight beside the corner.
    int df = file_of(corner_) == FILE_A ? 1 : -1, dr = rank_of(corner_) == RANK_1 ? 1 : -1;
    winner_king_target_ = make_square(File(file_of(corner_) + 2 * df), Rank(rank_of(corner_) + 2 * dr));
    blocker_target_ = make_square(File(file_of(corner_) + df), rank_of(corner_));
  }

  Class classify(const Position& pos, Move m) const {
    Color us = pos.side_to_move();
    Piece moved = pos.piece_on(m.from());
    bool capture = m.type() == MoveType::EnPassant || (m.type() != MoveType::Castling && !pos.empty(m.to()));
    PieceType pt = type_of(moved);
    auto closer = [&](Square target) { return distance(m.to(), target) < distance(m.from(), target); };
    if (us == winner_) {
      if (pt == PAWN || capture) return Reward;
      if (pt == KING && closer(winner_king_target_)) return Reward;
      if (pt == KNIGHT && closer(corner_)) return Reward;
      return Normal;
    }
    if (pt == KING && closer(corner_)) return Reward;
    if (pt == KNIGHT && closer(blocker_target_)) return Reward;
    if (needs_blockers_ && !capture) {
      // A lone minor piece mates only a king boxed in by its own men: the loser's pawns
      // come forward (to be promoted into blockers) and its men close in on its king.
      if (pt == PAWN) return Reward;
      Square king = pos.king_square(us);
      if (pt != KING && distance(m.to(), king) < distance(m.from(), king)) return Reward;
    }
    if (capture) return Punish;
    return Normal;
  }

  Color winner_;
  Square corner_ = SQ_H8, winner_king_target_ = SQ_F6, blocker_target_ = SQ_G8;
  uint64_t nodes_ = 0, limit_ = 0;
  bool interrupted_ = false;
  bool needs_blockers_ = false;  // the winner's men cannot mate without the loser's help
  SeenTable& seen_ = SeenTable::for_this_thread();
};

// Every position the game can reach from `pos`, walked depth first with a set of those
// seen: if the walk ends and none was a mate by the winner, no series of legal moves
// mates. Positions where the winner's material can no longer mate are not walked past.
// The set is keyed by the position's Zobrist key with the rule-50 counter left out,
// which is sound here: the counter does not change which moves are legal.
class Exhaustive {
public:
  Exhaustive(Color winner, uint64_t budget) : winner_(winner), budget_(budget) { seen_.clear(); }

  enum class Outcome { Mate, NoMate, Aborted };

  Outcome walk(Position& pos, std::vector<Move>& line) {
    struct Frame {
      MoveList moves;
      int next = 0;
    };
    std::vector<Frame> stack;
    auto enter = [&](Position& p) -> int {  // 1: mate found, 0: go on, -1: nothing to walk
      if (seen_.find_or_add(p.key(), 0)) return -1;
      if (++nodes_ > budget_) return -1;
      Frame f;
      generate_legal(p, f.moves);
      if (f.moves.empty()) return p.side_to_move() != winner_ && p.in_check() ? 1 : -1;
      if (material_cannot_mate(p, winner_)) return -1;
      stack.push_back(f);
      return 0;
    };
    int first = enter(pos);
    if (first == 1) return Outcome::Mate;
    while (!stack.empty()) {
      if (nodes_ > budget_ || stack.size() > MAX_DEPTH) return Outcome::Aborted;
      Frame& top = stack.back();
      if (top.next == top.moves.size()) {
        stack.pop_back();
        if (!line.empty()) {
          pos.unmake_move(line.back());
          line.pop_back();
        }
        continue;
      }
      Move m = top.moves.moves[top.next++];
      pos.make_move(m);
      line.push_back(m);
      int r = enter(pos);
      if (r == 1) return Outcome::Mate;
      if (r == -1) {
        pos.unmake_move(m);
        line.pop_back();
      }
    }
    return nodes_ > budget_ ? Outcome::Aborted : Outcome::NoMate;
  }
  uint64_t nodes() const { return nodes_; }

private:
  static constexpr std::size_t MAX_DEPTH = 4000;
  Color winner_;
  uint64_t budget_;
  uint64_t nodes_ = 0;
  SeenTable& seen_ = SeenTable::for_this_thread();
};

}  // namespace

MateAnswer search_mate(const Position& start, Color winner, const SearchBudget& budget) {
  MateAnswer answer;
  Position pos = start;
  auto done = [&](MateAbility ability) {
    answer.ability = ability;
    if (ability != MateAbility::Possible) answer.witness.clear();
    return answer;
  };
  // A cheap first look finds most mates; then the walk over every reachable position,
  // which settles the blocked positions where few are reachable; then the deep search.
  Helpmate helpmate(pos, winner);
  uint64_t quick = std::min<uint64_t>(budget.nodes, 2000);
  Helpmate::Outcome first = helpmate.find(pos, 2, quick, answer.witness);
  answer.nodes = helpmate.nodes();
  if (first == Helpmate::Outcome::Mate) return done(MateAbility::Possible);
  if (first == Helpmate::Outcome::NoMate) return done(MateAbility::Impossible);
  uint64_t left = budget.nodes - std::min(budget.nodes, answer.nodes);
  Exhaustive walk(winner, std::min<uint64_t>(left, 20000));
  Position walked = pos;  // left where the walk stopped, if it stops early
  Exhaustive::Outcome closure = walk.walk(walked, answer.witness);
  answer.nodes += walk.nodes();
  if (closure == Exhaustive::Outcome::Mate) return done(MateAbility::Possible);
  if (closure == Exhaustive::Outcome::NoMate) return done(MateAbility::Impossible);
  left = budget.nodes - std::min(budget.nodes, answer.nodes);
  Helpmate::Outcome deep = helpmate.find(pos, 128, left, answer.witness);
  answer.nodes = helpmate.nodes() + walk.nodes();
  if (deep == Helpmate::Outcome::Mate) return done(MateAbility::Possible);
  if (deep == Helpmate::Outcome::NoMate) return done(MateAbility::Impossible);
  return done(MateAbility::Unknown);
}

}  // namespace chess::rules::detail
