#include "rules/guided_helpmate.h"

#include <algorithm>
#include <array>
#include <optional>
#include <vector>

#include "chess/movegen.h"
#include "chess/rules/dead_position.h"
#include "rules/check_test.h"
#include "rules/distance.h"
#include "rules/mate_search.h"
#include "rules/seen_table.h"
#include "rules/static_analysis.h"

namespace chess::rules::detail {
namespace {

constexpr Bitboard DARK = 0xAA55AA55AA55AA55ULL;  // a1 is dark

bool aligned(Square a, Square b, bool straight, bool diagonal) {
  int df = std::abs(int(file_of(a)) - int(file_of(b))), dr = std::abs(int(rank_of(a)) - int(rank_of(b)));
  return (straight && (df == 0 || dr == 0)) || (diagonal && df == dr);
}

// A move seen from the men it displaces, for weighing a position one move on without
// making the move: the man on `from` stands on `to`, and the one on `removed` (a capture)
// is gone. Promotions and castling, which change more, are made instead.
struct Shift {
  Square from = SQ_NONE, to = SQ_NONE, removed = SQ_NONE;

  Bitboard apply(Bitboard men) const {
    if (removed != SQ_NONE) men &= ~square_bb(removed);
    if (from != SQ_NONE && (men & square_bb(from))) men ^= square_bb(from) | square_bb(to);
    return men;
  }
  Square where(Square s) const { return s == from ? to : s; }
  PieceType type_on(const Position& pos, Square s) const { return type_of(pos.piece_on(s == to ? from : s)); }
  bool touches(Bitboard men) const {
    return (from != SQ_NONE && (men & square_bb(from))) || (removed != SQ_NONE && (men & square_bb(removed)));
  }
};

// How far, in moves, a position stands from a mate of the loser's king in one corner: the
// king walking there, the winner's king coming within two steps, one man of the winner's
// coming to where it can check there (a pawn by promoting), and, when the winner's men
// cannot mate alone, a man of the loser's coming beside its king to block a flight (a pawn
// going straight there, or promoting first). A guide, not a bound: the moves it counts are
// the ones a helpmate of this kind is made of, so lines that do them come first.
class Guide {
public:
  Guide(const Position& pos, Color winner, Square corner) : winner_(winner), corner_(corner) {
    Bitboard men = pos.pieces(winner) & ~pos.pieces(KING);
    needs_blockers_ = !(men & pos.pieces(PAWN)) && !(men & pos.pieces(ROOK, QUEEN)) &&
                      (!more_than_one(men) || !(men & pos.pieces(KNIGHT)));
    beside_ = king_attacks(corner);
  }
  // A mate square found by the static analysis, with the flights the loser's men must fill
  // there (the analysis has counted the winner's king in already).
  Guide(const Position& pos, Color winner, Square target, Bitboard flights)
      : Guide(pos, winner, target) {
    flights_ = flights;
    pattern_ = true;
  }

  // The distance in parts: the winner's men, the loser's men, and the kings, so that a
  // move weighs again only the part it changes.
  struct Parts {
    int winner_men = 0, loser_men = 0, kings = 0;
    int total() const { return winner_men + loser_men + kings; }
  };

  Parts parts(const Position& pos, const Shift& shift = {}) const {
    Parts p;
    p.winner_men = checker_distance(pos, shift);
    p.loser_men = loser_men_distance(pos, shift);
    p.kings = kings_distance(pos, shift);
    return p;
  }
  int distance(const Position& pos) const { return parts(pos).total(); }

  // The parts after `m`, from `now`, the parts of `pos`; `pos` is left as it was.
  Parts after(Position& pos, const Parts& now, Move m) const {
    if (m.type() == MoveType::Promotion || m.type() == MoveType::Castling) {
      pos.make_move(m);
      Parts p = parts(pos);
      pos.unmake_move(m);
      return p;
    }
    Shift shift{m.from(), m.to(), pos.empty(m.to()) ? SQ_NONE : m.to()};
    if (m.type() == MoveType::EnPassant) shift.removed = m.to() - pawn_push(pos.side_to_move());
    Parts p = now;
    Bitboard kings = pos.pieces(KING);
    p.kings = kings_distance(pos, shift);
    if (shift.touches(pos.pieces(winner_) & ~kings)) p.winner_men = checker_distance(pos, shift);
    if (shift.touches(pos.pieces(~winner_) & ~kings)) p.loser_men = loser_men_distance(pos, shift);
    return p;
  }

private:
  int kings_distance(const Position& pos, const Shift& shift) const {
    int d = king_distance(shift.where(pos.king_square(~winner_)), corner_);
    if (!pattern_) d += std::max(0, king_distance(shift.where(pos.king_square(winner_)), corner_) - 2);
    return d;
  }

  int loser_men_distance(const Position& pos, const Shift& shift) const {
    if (pattern_) return flights_distance(pos, shift);
    return needs_blockers_ ? blocker_distance(pos, shift) : 0;
  }

  // The man that will give the mate: a rook or queen where the winner has one, else a pawn
  // by promoting, else a minor piece (with blockers, or with another minor beside it).
  int checker_distance(const Position& pos, const Shift& shift) const {
    Bitboard men = shift.apply(pos.pieces(winner_) & ~pos.pieces(KING));
    if (Bitboard heavy = shift.apply(pos.pieces(winner_, ROOK, QUEEN))) men = heavy;
    else if (Bitboard pawns = shift.apply(pos.pieces(winner_, PAWN))) men = pawns;
    int best = 16;
    while (men && best > 0) {
      Square s = pop_lsb(men);
      int d = 16;
      switch (shift.type_on(pos, s)) {
        case QUEEN: d = aligned(s, corner_, true, true) ? 0 : 1; break;
        case ROOK: d = aligned(s, corner_, true, false) ? 0 : 1; break;
        case BISHOP:
          if (bool(square_bb(s) & DARK) == bool(square_bb(corner_) & DARK)) d = aligned(s, corner_, false, true) ? 0 : 1;
          break;
        case KNIGHT: d = std::max(0, knight_distance(s, corner_) - 1); break;
        case PAWN: d = 1 + (7 - int(relative_rank(winner_, s))); break;
        default: break;
      }
      best = std::min(best, d);
    }
    return best;
  }

  // For each flight, the loser's man nearest to it, in moves (a bishop of the other
  // colour never gets there; a pawn only down its file).
  int flights_distance(const Position& pos, const Shift& shift) const {
    Color loser = ~winner_;
    Bitboard all = shift.apply(pos.pieces(loser) & ~pos.pieces(KING));
    int total = 0;
    for (Bitboard fs = flights_; fs;) {
      Square f = pop_lsb(fs);
      int best = 16;
      for (Bitboard men = all; men && best > 0;) {
        Square s = pop_lsb(men);
        int d = 16;
        switch (shift.type_on(pos, s)) {
          case KNIGHT: d = knight_distance(s, f); break;
          case BISHOP:
            if (bool(square_bb(s) & DARK) == bool(square_bb(f) & DARK)) d = s == f ? 0 : aligned(s, f, false, true) ? 1 : 2;
            break;
          case ROOK: d = s == f ? 0 : aligned(s, f, true, false) ? 1 : 2; break;
          case QUEEN: d = s == f ? 0 : aligned(s, f, true, true) ? 1 : 2; break;
          case PAWN:
            if (file_of(s) == file_of(f) && relative_rank(loser, f) >= relative_rank(loser, s))
              d = int(relative_rank(loser, f)) - int(relative_rank(loser, s));
            break;
          default: break;
        }
        best = std::min(best, d);
      }
      total += best;
    }
    return total;
  }

  int blocker_distance(const Position& pos, const Shift& shift) const {
    Color loser = ~winner_;
    int best = 16;
    for (Bitboard men = shift.apply(pos.pieces(loser) & ~pos.pieces(KING)); men && best > 0;) {
      Square s = pop_lsb(men);
      for (Bitboard targets = beside_; targets;) {
        Square t = pop_lsb(targets);
        int d;
        if (shift.type_on(pos, s) != PAWN) d = king_distance(s, t);
        else if (file_of(s) == file_of(t) && relative_rank(loser, t) >= relative_rank(loser, s) &&
                 relative_rank(loser, t) != RANK_8)
          d = int(relative_rank(loser, t)) - int(relative_rank(loser, s));
        else {
          Square queening = make_square(file_of(s), relative_rank(loser, RANK_8));
          d = (7 - int(relative_rank(loser, s))) + king_distance(queening, t);
        }
        best = std::min(best, d);
      }
    }
    return best;
  }

  Color winner_;
  Square corner_;
  Bitboard beside_ = 0, flights_ = 0;
  bool needs_blockers_ = false;
  bool pattern_ = false;  // aimed at a mate square of the static analysis
};

// Iterative deepening on the plies played plus twice the guide's distance (weighted, so
// that a move towards the pattern is cheaper than standing still): an iteration searches
// every line whose every position is within the bound.
class Search {
public:
  Search(const Guide& guide, Color winner, uint64_t budget) : guide_(guide), winner_(winner), budget_(budget) {}

  GuidedOutcome run(Position& pos, std::vector<Move>& line) {
    Guide::Parts parts = guide_.parts(pos);
    bound_ = WEIGHT * parts.total();
    while (nodes_ < budget_) {
      interrupted_ = false;
      next_bound_ = INT32_MAX;
      seen_.clear();  // one iteration's entries only: an earlier bound's could hide a branch
      line.clear();
      if (search(pos, 0, parts, line)) return GuidedOutcome::Mate;
      if (!interrupted_) return GuidedOutcome::NoMate;
      if (next_bound_ == INT32_MAX) break;
      bound_ = std::max(next_bound_, bound_ + BOUND_STEP);
    }
    return GuidedOutcome::Unknown;
  }
  uint64_t nodes() const { return nodes_; }

private:
  static constexpr int WEIGHT = 2;
  // The bound grows by at least this much an iteration: a mate a little longer than the
  // shortest is as good a witness, and each iteration walks again all the last one did.
  static constexpr int BOUND_STEP = 8;
  static constexpr std::size_t MAX_LINE = 200;

  struct Child {
    int f, index;
    int winner_men, loser_men, kings;  // the child's Guide::Parts, left unset until weighed
  };

  bool search(Position& pos, int plies, const Guide::Parts& parts, std::vector<Move>& line) {
    seen_.prefetch(pos.key());
    MoveList moves;
    generate_legal(pos, moves);
    if (moves.empty()) return pos.side_to_move() != winner_ && pos.in_check();
    if (material_cannot_mate(pos, winner_)) return false;  // a dead end, proven
    if (int* seen = seen_.find_or_add(pos.key(), plies)) {
      if (*seen <= plies) return false;  // searched with at least as much of the bound left
      *seen = plies;
    }
    if (line.size() >= MAX_LINE) return interrupted_ = true, false;
    // Children nearest the pattern first; those past the bound are not entered unless they
    // might be the mate itself (a check of the loser's king).
    bool winner_moves = pos.side_to_move() == winner_;
    std::optional<CheckTest> checks;
    if (winner_moves) checks.emplace(pos, winner_);
    Child order[256];
    int n = 0;
    for (int i = 0; i < moves.size(); ++i) {
      Guide::Parts after = guide_.after(pos, parts, moves.moves[i]);
      int f = plies + 1 + WEIGHT * after.total();
      if (f > bound_ && !(winner_moves && checks->gives_check(pos, moves.moves[i]))) {
        next_bound_ = std::min(next_bound_, f);
        interrupted_ = true;
        continue;
      }
      // Inserted in order of f, the earlier first among equals (a stable sort, in place).
      int at = n++;
      while (at > 0 && order[at - 1].f > f) order[at] = order[at - 1], --at;
      order[at] = {f, i, after.winner_men, after.loser_men, after.kings};
    }
    for (int k = 0; k < n; ++k) {
      if (++nodes_ > budget_) return interrupted_ = true, false;
      Move m = moves.moves[order[k].index];
      pos.make_move(m);
      line.push_back(m);
      bool found;
      if (order[k].f <= bound_) {
        found = search(pos, plies + 1, {order[k].winner_men, order[k].loser_men, order[k].kings}, line);
      } else if (!(found = pos.in_check() && !has_legal_move(pos))) {
        next_bound_ = std::min(next_bound_, order[k].f);
        interrupted_ = true;
      }
      pos.unmake_move(m);
      if (found) return true;
      line.pop_back();
    }
    return false;
  }

  const Guide& guide_;
  Color winner_;
  uint64_t budget_, nodes_ = 0;
  int bound_ = 0, next_bound_ = 0;
  bool interrupted_ = false;
  SeenTable& seen_ = SeenTable::for_this_thread();
};


}  // namespace

GuidedOutcome guided_helpmate(const Position& start, Color winner, uint64_t budget, std::vector<Move>& line,
                              uint64_t& nodes) {
  // The corners a mate can be aimed at: a bishop that must give the check there decides
  // its colour; the nearest to the pattern is tried first, each with an equal share of
  // what the budget has left.
  Bitboard men = start.pieces(winner) & ~start.pieces(KING);
  Bitboard bishops = start.pieces(winner, BISHOP);
  bool bishops_only = men && !(men & ~bishops);
  // Where the pawns are locked the mate is often not in a corner: the few squares where the
  // static analysis finds a mate possible at all are aimed at too, with their flights.
  struct Target {
    int distance;
    Guide guide;
  };
  std::vector<Target> targets;
  for (Square c : {SQ_A1, SQ_H8, SQ_A8, SQ_H1}) {
    bool dark = square_bb(c) & DARK;
    if (bishops_only && !(bishops & (dark ? DARK : ~DARK))) continue;
    Guide guide(start, winner, c);
    targets.push_back({guide.distance(start), guide});
  }
  if (locked_structure(start)) {
    Bitboard flights[SQUARE_NB];
    Bitboard mate_squares = possible_mate_squares(start, winner, flights);
    if (popcount(mate_squares) <= 4)
      for (Bitboard b = mate_squares; b;) {
        Square m = pop_lsb(b);
        Guide guide(start, winner, m, flights[m]);
        targets.push_back({guide.distance(start), guide});
      }
  }
  std::stable_sort(targets.begin(), targets.end(), [](const Target& a, const Target& b) { return a.distance < b.distance; });
  int n = int(targets.size());
  GuidedOutcome outcome = GuidedOutcome::Unknown;
  for (int i = 0; i < n && nodes < budget; ++i) {
    const Guide& guide = targets[i].guide;
    Search search(guide, winner, (budget - nodes) / uint64_t(n - i));
    Position pos = start;
    outcome = search.run(pos, line);
    nodes += search.nodes();
    if (outcome != GuidedOutcome::Unknown) return outcome;
  }
  return outcome;
}

}  // namespace chess::rules::detail
