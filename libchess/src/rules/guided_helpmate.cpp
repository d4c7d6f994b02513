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

constexpr int PATTERNS_TRIED = 24;  // of a lone piece's mates, the cheapest

bool aligned(Square a, Square b, bool straight, bool diagonal) {
  int df = std::abs(int(file_of(a)) - int(file_of(b))), dr = std::abs(int(rank_of(a)) - int(rank_of(b)));
  return (straight && (df == 0 || dr == 0)) || (diagonal && df == dr);
}

// Moves for a man of `c` to stand on `to`, on an empty board, roughly: a bishop of the other
// colour never gets there (16), a pawn only down its file.
int man_distance(PieceType pt, Color c, Square s, Square to) {
  switch (pt) {
    case KNIGHT: return knight_distance(s, to);
    case BISHOP:
      if (bool(square_bb(s) & DARK_SQUARES_BB) != bool(square_bb(to) & DARK_SQUARES_BB)) return 16;
      return s == to ? 0 : aligned(s, to, false, true) ? 1 : 2;
    case ROOK: return s == to ? 0 : aligned(s, to, true, false) ? 1 : 2;
    case QUEEN: return s == to ? 0 : aligned(s, to, true, true) ? 1 : 2;
    case PAWN:
      if (file_of(s) == file_of(to) && relative_rank(c, to) >= relative_rank(c, s))
        return int(relative_rank(c, to)) - int(relative_rank(c, s));
      return 16;
    case KING: return king_distance(s, to);
    default: return 16;
  }
}

// Moves for a pawn of `c` to promote, on an empty board.
int promotion_distance(Color c, Square s) { return 7 - int(relative_rank(c, s)); }

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

  // A mate of a lone minor piece: the loser's king on `target`, the winner's piece checking
  // from `checker`, its king on `king` (SQ_NONE: anywhere), the loser's men on `flights`.
  Guide(const Position& pos, Color winner, Square target, Square checker, Square king, Bitboard flights)
      : Guide(pos, winner, target, flights) {
    checker_square_ = checker;
    king_square_ = king;
    promoting_blockers_ = true;
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
    else if (king_square_ != SQ_NONE) d += king_distance(shift.where(pos.king_square(winner_)), king_square_);
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
    if (checker_square_ != SQ_NONE) {
      int best = 16;
      for (Bitboard b = men; b;) {
        Square s = pop_lsb(b);
        best = std::min(best, man_distance(shift.type_on(pos, s), winner_, s, checker_square_));
      }
      return best;
    }
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
          if (bool(square_bb(s) & DARK_SQUARES_BB) == bool(square_bb(corner_) & DARK_SQUARES_BB)) d = aligned(s, corner_, false, true) ? 0 : 1;
          break;
        case KNIGHT: d = std::max(0, knight_distance(s, corner_) - 1); break;
        case PAWN: d = 1 + (7 - int(relative_rank(winner_, s))); break;
        default: break;
      }
      best = std::min(best, d);
    }
    return best;
  }

  // For each flight, the loser's man nearest to it, in moves.
  int flights_distance(const Position& pos, const Shift& shift) const {
    Color loser = ~winner_;
    Bitboard all = shift.apply(pos.pieces(loser) & ~pos.pieces(KING));
    int total = 0;
    for (Bitboard fs = flights_; fs;) {
      Square f = pop_lsb(fs);
      int best = 16;
      for (Bitboard men = all; men && best > 0;) {
        Square s = pop_lsb(men);
        PieceType pt = shift.type_on(pos, s);
        int d = man_distance(pt, loser, s, f);
        if (pt == PAWN && promoting_blockers_) d = std::min(d, promotion_distance(loser, s) + 2);
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
  Square checker_square_ = SQ_NONE, king_square_ = SQ_NONE;
  bool promoting_blockers_ = false;  // a pawn may block a flight off its file, promoted
  bool needs_blockers_ = false;
  bool pattern_ = false;  // aimed at a mate square with its flights (the static analysis's, or a lone piece's)
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
      seen_.clear(budget_ - nodes_);  // one iteration's entries only: an earlier bound's could hide a branch
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

namespace {

// The mates a lone knight or bishop can give, each as where the loser's king stands (a
// corner: the fewest flights), where the piece checks from and where the winner's king
// stands (SQ_NONE: where it likes), with the flights left for the loser's own men to fill;
// each with its cost, the moves it takes every man to get there on an empty board.
struct LonePattern {
  int cost;
  Square mate, checker, king;
  Bitboard flights;
};

// The least cost of sending distinct loser's men to the flights (at most three of them).
int blockers_cost(const Position& pos, Color loser, Bitboard flights) {
  Square men[16];
  PieceType types[16];
  int n = 0;
  for (Bitboard b = pos.pieces(loser) & ~pos.pieces(KING); b && n < 16; ++n) {
    men[n] = pop_lsb(b);
    types[n] = type_of(pos.piece_on(men[n]));
  }
  Square fs[3] = {SQ_A1, SQ_A1, SQ_A1};
  int k = 0;
  for (Bitboard b = flights; b && k < 3;) fs[k++] = pop_lsb(b);
  auto cost = [&](int i, Square f) {
    int d = man_distance(types[i], loser, men[i], f);
    return types[i] == PAWN ? std::min(d, promotion_distance(loser, men[i]) + 2) : d;
  };
  int best = 64;
  for (int a = 0; a < (k > 0 ? n : 1); ++a)
    for (int b = 0; b < (k > 1 ? n : 1); ++b)
      for (int c = 0; c < (k > 2 ? n : 1); ++c) {
        if ((k > 1 && a == b) || (k > 2 && (c == a || c == b))) continue;
        int total = (k > 0 ? cost(a, fs[0]) : 0) + (k > 1 ? cost(b, fs[1]) : 0) + (k > 2 ? cost(c, fs[2]) : 0);
        best = std::min(best, total);
      }
  return best;
}

std::vector<LonePattern> lone_piece_patterns(const Position& pos, Color winner) {
  std::vector<LonePattern> out;
  Color loser = ~winner;
  Square piece = lsb(pos.pieces(winner) & ~pos.pieces(KING));
  PieceType pt = type_of(pos.piece_on(piece));
  int men = popcount(pos.pieces(loser) & ~pos.pieces(KING));
  Square lk = pos.king_square(loser), wk = pos.king_square(winner);
  for (Square m : {SQ_A1, SQ_H8, SQ_A8, SQ_H1}) {
    if (pt == BISHOP && bool(square_bb(m) & DARK_SQUARES_BB) != bool(square_bb(piece) & DARK_SQUARES_BB)) continue;
    Bitboard around = king_attacks(m);
    for (Bitboard qs = pt == KNIGHT ? knight_attacks(m) : bishop_pseudo_attacks(m); qs;) {
      Square q = pop_lsb(qs);
      Bitboard hit = pt == KNIGHT ? knight_attacks(q) : bishop_pseudo_attacks(q);
      Bitboard kings = 0;  // the squares two steps from the mate, where the king covers flights
      for (Bitboard b = around; b;) kings |= king_attacks(pop_lsb(b));
      kings &= ~around & ~square_bb(m) & ~square_bb(q);
      Square options[64];
      int k = 0;
      options[k++] = SQ_NONE;
      for (Bitboard b = kings; b;) options[k++] = pop_lsb(b);
      for (int i = 0; i < k; ++i) {
        Square w = options[i];
        Bitboard guarded = w == SQ_NONE ? 0 : king_attacks(w);
        if ((around & square_bb(q)) && !(guarded & square_bb(q))) continue;  // the king takes the checker
        Bitboard flights = around & ~hit & ~guarded & ~square_bb(q);
        if (popcount(flights) > std::min(men, 3)) continue;
        int cost = king_distance(lk, m) + man_distance(pt, winner, piece, q) +
                   (w == SQ_NONE ? 0 : king_distance(wk, w)) + blockers_cost(pos, loser, flights);
        out.push_back({cost, m, q, w, flights});
      }
    }
  }
  std::stable_sort(out.begin(), out.end(), [](const LonePattern& a, const LonePattern& b) { return a.cost < b.cost; });
  return out;
}

}  // namespace

GuidedOutcome lone_piece_helpmate(const Position& start, Color winner, uint64_t budget, std::vector<Move>& line,
                                  uint64_t& nodes) {
  Bitboard men = start.pieces(winner) & ~start.pieces(KING);
  if (more_than_one(men) || !(men & start.pieces(KNIGHT, BISHOP))) return GuidedOutcome::Unknown;
  std::vector<LonePattern> patterns = lone_piece_patterns(start, winner);
  int n = std::min<int>(int(patterns.size()), PATTERNS_TRIED);
  for (int i = 0; i < n && nodes < budget; ++i) {
    const LonePattern& p = patterns[i];
    Guide guide(start, winner, p.mate, p.checker, p.king, p.flights);
    Search search(guide, winner, (budget - nodes) / uint64_t(n - i));
    Position pos = start;
    GuidedOutcome outcome = search.run(pos, line);
    nodes += search.nodes();
    if (outcome != GuidedOutcome::Unknown) return outcome;
  }
  return GuidedOutcome::Unknown;
}

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
    bool dark = square_bb(c) & DARK_SQUARES_BB;
    if (bishops_only && !(bishops & (dark ? DARK_SQUARES_BB : ~DARK_SQUARES_BB))) continue;
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
