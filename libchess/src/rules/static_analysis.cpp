#include "rules/static_analysis.h"

#include <optional>
#include <sstream>

#include "chess/movegen.h"

namespace chess::rules::detail {
namespace {

// Why the fixpoint is a proof. Call a man by the square it stands on now (its origin).
// The fixpoint F gives each man a set reach[s] of squares and a set of moves: from any
// square of reach[s], the moves `Saturation::run` generates with F's sets, all of which
// land in reach[s] again (that is what a fixpoint is). Take any legal series of moves
// from the position that ends in a mate of the loser (a mating line), and its first move
// that F does not generate, if there is one. Before it every man stood only on squares
// of its reach, so what F says held then:
//  - a fixed man (reach = its origin, and no enemy man can arrive on a square of its
//    reach) was still on its origin: it never moved, and no enemy man came to take it;
//  - a man that no enemy can take (its reach shares no square with the squares an enemy
//    can arrive on by a capture) was still on the board, on a square of its reach, so it
//    attacked every square it attacks from all of them with every square anyone can ever
//    stand on in the way (more men in the way, fewer squares attacked): `attacked`.
// Each rule below shows that the move, legal then, is one F generates: a contradiction,
// so every move of a mating line is generated, and every man keeps to its reach. The
// loser's king stands on its mate square, so that square is in its reach; the test of
// `mate_feasible` then only has to be a necessary condition for a mate there.
// A line that goes on past the mate does not exist, and lines that can no longer end in a
// mate need not be followed: this is what lets a rule leave out the taking of the
// winner's last man.
// Left out, as not yet proven sound here: chasolver's filters of the loser's checks on a
// fixed winner's king, and its exclusion of pieces on a pawn's own file from what the
// pawn can take (a pawn is only ever kept off a square by the facing-pawn rule below,
// whose conditions are checked on the squares in between).
class Saturation {
public:
  // `unmoved_uncaptured`: men assumed never taken before their first move; `immobile`:
  // men assumed never to move (the two halves of a case split, see the end of the file).
  Saturation(const Position& pos, Color winner, Bitboard unmoved_uncaptured, Bitboard immobile)
      : pos_(pos), winner_(winner), unmoved_uncaptured_(unmoved_uncaptured), immobile_(immobile) {
    men_ = pos.pieces();
    for (Bitboard b = men_; b;) {
      Square s = pop_lsb(b);
      reach_[s] = square_bb(s);
      takes_on_[s] = 0;
    }
    fixed_ = men_;
    occupied_ever_ = men_;
    Bitboard winner_men = pos.pieces(winner) & ~pos.pieces(KING);
    last_man_ = more_than_one(winner_men) ? 0 : winner_men;
    for (Color c : {WHITE, BLACK}) occupiable_[c] = pos.pieces(c) & ~pos.pieces(KING);
    update_attacked();
    update_stalemating();
  }

  // Grows the sets to their fixpoint. False when a pawn of the winner might promote:
  // then this proves nothing (a new queen or knight attacks almost anything).
  bool run() {
    for (;;) {
      bool progress = false;
      for (Bitboard b = men_ & ~immobile_; b;) {
        Square s = pop_lsb(b);
        if (!grow(s, progress)) return false;
      }
      if (update_derived()) progress = true;
      if (!progress) return true;
    }
  }

  // A necessary condition for a mate of the loser somewhere in its king's reach: a square
  // m of it that a man of the winner can attack, whose flights (the squares next to m the
  // loser's own fixed men do not fill and the winner does not attack for good) can each be
  // attacked by a man of the winner, or filled by a man of the loser (a different man for
  // each), or guarded by the winner's king from one square of its reach not next to m.
  bool mate_feasible() const { return mate_squares(nullptr, true); }

  // The squares where the condition above holds (the first one only, if `first`), with
  // for each the flights its loser's men would have to fill.
  Bitboard mate_squares(Bitboard* flights_of, bool first = false) const {
    Color loser = ~winner_;
    Square loser_king = pos_.king_square(loser), winner_king = pos_.king_square(winner_);
    // An over-estimate of the squares the winner's men (not the king, which never gives
    // check) can ever attack: only fixed men can be relied on to stand in the way, and
    // not the kings (a slider checking along a line also covers the square behind).
    Bitboard in_the_way = fixed_ & ~pos_.pieces(KING), can_attack = 0;
    for (Bitboard b = pos_.pieces(winner_) & ~pos_.pieces(KING); b;) {
      Square s = pop_lsb(b);
      PieceType pt = type_of(pos_.piece_on(s));
      for (Bitboard at = reach_[s]; at;) {
        Square t = pop_lsb(at);
        can_attack |= pt == PAWN ? pawn_attacks(winner_, t) : attacks_bb(pt, t, in_the_way);
      }
    }
    Bitboard never_flights = (fixed_ & pos_.pieces(loser)) | attacked_[winner_], squares = 0;
    for (Bitboard ms = reach_[loser_king] & can_attack; ms && !(first && squares);) {
      Square m = pop_lsb(ms);
      Bitboard flights = king_attacks(m) & ~never_flights & ~can_attack;
      bool feasible = fillable(flights);
      Bitboard king_squares = reach_[winner_king] & ~king_attacks(m) & ~square_bb(m);
      for (Bitboard ks = king_squares; ks && !feasible;) {
        Square k = pop_lsb(ks);
        feasible = (king_attacks(k) & flights) && fillable(flights & ~king_attacks(k));
      }
      if (feasible) squares |= square_bb(m);
      if (feasible && flights_of) flights_of[m] = flights;
    }
    return squares;
  }

  // Men found takeable while they had not yet been seen to move: the candidates to split on.
  Bitboard split_candidates() const { return split_candidates_; }
  // Men that never move and are never taken on a mating line.
  Bitboard fixed() const { return fixed_; }

private:
  // Every square a man of the loser must fill can be filled by a different man.
  bool fillable(Bitboard squares) const {
    if (!squares) return true;
    int men = 0;
    Bitboard filled = 0;
    for (Bitboard b = pos_.pieces(~winner_) & ~pos_.pieces(KING); b;) {
      Square s = pop_lsb(b);
      if (reach_[s] & squares) ++men, filled |= reach_[s] & squares;
    }
    return filled == squares && men >= popcount(squares);
  }

  // The moves of the man from s, from every square of its reach, added to its reach.
  bool grow(Square s, bool& progress) {
    Piece pc = pos_.piece_on(s);
    Color c = color_of(pc);
    PieceType pt = type_of(pc);
    // Never a target: a fixed man of one's own (it is there, one cannot take it); a fixed
    // king (it is there and a king is never taken); a man assumed not taken before its
    // first move while it has not moved (it is there and may not be taken).
    Bitboard forbidden = (fixed_ & pos_.pieces(c)) | (fixed_ & pos_.pieces(KING)) | unmoved_uncaptured_fixed();
    Bitboard reach = reach_[s], takes = takes_on_[s];
    if (promoted_ & square_bb(s)) {
      // Promoted (over-estimated as able to go anywhere it is not forbidden).
      reach |= ~forbidden;
      takes = reach;
    } else if (pt == PAWN) {
      // Takes only where an enemy man other than a king may stand; the loser never takes
      // the winner's last man on a mating line (a lone king cannot mate), and that is the
      // only man of the winner a pawn could take then.
      Bitboard prey = (c != winner_ && last_man_) ? 0 : occupiable_[~c];
      Bitboard beyond = never_passes(s, c);
      Rank start = relative_rank(c, RANK_2);
      // The moves from each new square in turn, to this man's own closure: the rounds of
      // `run` are few (the sets they share settle soon), a square a round would be many.
      for (Bitboard frontier = reach; frontier;) {
        Bitboard before = reach;
        for (Bitboard at = frontier; at;) {
          Square a = pop_lsb(at);
          Bitboard one = (c == WHITE ? shift<NORTH>(square_bb(a)) : shift<SOUTH>(square_bb(a))) & ~fixed_;
          Bitboard push = one;
          // A double step also passes the square between, which goes in the reach so that
          // an en-passant capture there (it lands on that square) is generated too.
          if (one && relative_rank(c, a) == start)
            push |= (c == WHITE ? shift<NORTH>(one) : shift<SOUTH>(one)) & ~fixed_;
          push &= ~beyond & ~forbidden;
          Bitboard capture = pawn_attacks(c, a) & prey & ~forbidden;
          reach |= push | capture;
          takes |= capture;
        }
        frontier = reach & ~before;
      }
      Bitboard last_rank = c == WHITE ? RANK_8_BB : RANK_1_BB;
      if (reach & last_rank) {
        if (c == winner_) return false;
        promoted_ |= square_bb(s);
        reach |= ~forbidden;
        takes = reach;
      }
    } else {
      // A king never steps onto a square the enemy attacks for good, nor where it would
      // leave the other side without a move (see `stalemating`).
      Bitboard avoid = forbidden | (pt == KING ? attacked_[~c] | stalemating_[c] : 0);
      // A king a ring a round: the squares where its step would stalemate are found from
      // where it has been, and a king let run would be there before they are.
      for (Bitboard frontier = reach; frontier;) {
        Bitboard before = reach;
        for (Bitboard at = frontier; at;) reach |= attacks_bb(pt, pop_lsb(at), fixed_) & ~avoid;
        frontier = pt == KING ? 0 : reach & ~before;
      }
      takes = reach;
    }
    if (reach != reach_[s] || takes != takes_on_[s]) {
      reach_[s] = reach;
      takes_on_[s] = takes;
      progress = true;
    }
    return true;
  }

  Bitboard unmoved_uncaptured_fixed() const {
    Bitboard r = 0;
    for (Bitboard b = unmoved_uncaptured_; b;) {
      Square s = pop_lsb(b);
      if (reach_[s] == square_bb(s)) r |= square_bb(s);
    }
    return r;
  }

  // The squares on its file a pawn p that only ever pushes can never reach: those from an
  // enemy pawn q ahead of it on, when q can neither take nor be taken on the squares from
  // just ahead of p to q. While p is on the board, q stays a pawn on those squares (it
  // only pushes there, and it cannot pass p, nor promote, without passing it), so p, which
  // cannot pass q either, stays short of where q then is: short of where q stands now.
  Bitboard never_passes(Square p, Color c) const {
    Bitboard file = file_bb(p);
    if (reach_[p] & ~file) return 0;
    Bitboard prey = (c == winner_ && last_man_) ? 0 : occupiable_[c];  // what q may take
    Bitboard beyond = 0;
    for (Bitboard b = pos_.pieces(~c, PAWN) & file & (c == WHITE ? ~(square_bb(p) * 2 - 1) : square_bb(p) - 1); b;) {
      Square q = pop_lsb(b);
      Bitboard between = between_bb(p, q);  // the squares from just ahead of p to q
      if (between & arrives_taking_[c]) continue;
      Bitboard q_takes = ~c == WHITE ? pawn_attacks_bb<WHITE>(between) : pawn_attacks_bb<BLACK>(between);
      if (q_takes & prey) continue;
      beyond |= file & (c == WHITE ? ~(square_bb(q) - 1) : square_bb(q) * 2 - 1);
    }
    return beyond;
  }

  // Recomputes what follows from the reaches; true when anything changed.
  bool update_derived() {
    Bitboard occupiable[COLOR_NB] = {0, 0}, arrives_taking[COLOR_NB] = {0, 0}, ever = 0;
    for (Bitboard b = men_; b;) {
      Square s = pop_lsb(b);
      Color c = color_of(pos_.piece_on(s));
      ever |= reach_[s];
      arrives_taking[c] |= takes_on_[s];
      if (type_of(pos_.piece_on(s)) != KING) occupiable[c] |= reach_[s];
    }
    arrives_taking_[WHITE] = arrives_taking[WHITE];
    arrives_taking_[BLACK] = arrives_taking[BLACK];
    Bitboard capturable = 0, fixed = 0;
    for (Bitboard b = men_; b;) {
      Square s = pop_lsb(b);
      Color c = color_of(pos_.piece_on(s));
      if (type_of(pos_.piece_on(s)) != KING && (reach_[s] & arrives_taking[~c])) capturable |= square_bb(s);
    }
    capturable &= ~last_man_;  // never taken on a mating line
    for (Bitboard b = men_; b;) {
      Square s = pop_lsb(b);
      if (reach_[s] == square_bb(s) && !(capturable & square_bb(s))) fixed |= square_bb(s);
    }
    Bitboard newly = capturable & ~capturable_;
    for (Bitboard b = newly; b;) {
      Square s = pop_lsb(b);
      if (reach_[s] == square_bb(s) && popcount(split_candidates_) < 4) split_candidates_ |= square_bb(s);
    }
    bool changed = capturable != capturable_ || fixed != fixed_ || ever != occupied_ever_ ||
                   occupiable[WHITE] != occupiable_[WHITE] || occupiable[BLACK] != occupiable_[BLACK];
    capturable_ = capturable;
    fixed_ = fixed;
    occupied_ever_ = ever;
    occupiable_[WHITE] = occupiable[WHITE];
    occupiable_[BLACK] = occupiable[BLACK];
    Bitboard before[COLOR_NB] = {attacked_[WHITE], attacked_[BLACK]};
    Bitboard before_stalemating[COLOR_NB] = {stalemating_[WHITE], stalemating_[BLACK]};
    update_attacked();
    update_stalemating();
    return changed || before[WHITE] != attacked_[WHITE] || before[BLACK] != attacked_[BLACK] ||
           before_stalemating[WHITE] != stalemating_[WHITE] || before_stalemating[BLACK] != stalemating_[BLACK];
  }

  // The stalemate rule: the squares b where a king of colour y, arriving, would leave the
  // other side x without a legal move, so that the game ends there, drawn (x not in check)
  // or with the winner mated; no mating line makes that king move. Take a mating line and
  // the position P before the move, where (as for every rule) what F says held. Asked of x:
  //  - every man of x but its king has its origin for reach: in P it stands there or has
  //    been taken; from its origin it has no move even with only the fixed men other than
  //    the kings in the way (they are there in P and after the king move, which can take
  //    one of x's only to put the king, which cannot be taken, in its place): a piece
  //    attacks only squares of x's own such men, a pawn's square ahead holds one, and its
  //    diagonals no square a man of y other than the king can stand on (y's men stand in
  //    their reach in P, and a king move moves no other); no en-passant after a king move;
  //  - x's king stands in P on a square k of its reach, not next to b (or the kings would
  //    touch), and every square next to k holds a fixed man of x, or is next to b, or is
  //    attacked by y for good by men other than its king (`attacked_men_`: men never taken
  //    are still on the board and attack it with no more men in the way than ever stand
  //    anywhere, b included: b must be a square someone can stand on);
  //  - when x is the loser, x is not in check after the king move (x mated is the end a
  //    mating line seeks): in P it was not (y is to move), so a check would be uncovered,
  //    by a bishop, rook or queen of y (promoted men count: y is the winner, who has none)
  //    from a square t of its reach, through the square the king left, next to b and in
  //    its reach, strictly between t and k on the line of the piece's kind, with no fixed
  //    man other than a king in between (a king on b taking one would stand in its place).
  // So x has no legal move after the king move and is not mated: the line ends unmated.
  void update_stalemating() {
    for (Color y : {WHITE, BLACK}) {
      stalemating_[y] = 0;
      Color x = ~y;
      Bitboard x_men = pos_.pieces(x) & ~pos_.pieces(KING);
      bool frozen = true;
      for (Bitboard b = x_men; b && frozen;) {
        Square s = pop_lsb(b);
        if (reach_[s] != square_bb(s)) frozen = false;
        else frozen = !has_move_from_origin(s, x);
      }
      if (!frozen) continue;
      Bitboard x_fixed = fixed_ & x_men;
      Square king = pos_.king_square(x), y_king = pos_.king_square(y);
      if (!is_ok(king) || !is_ok(y_king)) continue;
      Bitboard x_king = reach_[king];
      // For x the loser: the squares the king of y may step off to uncover a check on k.
      Bitboard uncovering[SQUARE_NB] = {};
      if (x != winner_)
        for (Bitboard b = pos_.pieces(y) & ~pos_.pieces(KING, PAWN) & ~pos_.pieces(KNIGHT); b;) {
          Square s = pop_lsb(b);
          PieceType pt = type_of(pos_.piece_on(s));
          for (Bitboard at = reach_[s]; at;) {
            Square t = pop_lsb(at);
            for (Bitboard ks = x_king & attacks_bb(pt, t, fixed_ & ~pos_.pieces(KING)); ks;) {
              Square k = pop_lsb(ks);
              uncovering[k] |= between_bb(t, k) & ~square_bb(k);
            }
          }
        }
      for (Bitboard bs = occupied_ever_; bs;) {
        Square b = pop_lsb(bs);
        Bitboard near_b = king_attacks(b);
        bool stalemates = true;
        for (Bitboard ks = x_king & ~near_b & ~square_bb(b); ks && stalemates;) {
          Square k = pop_lsb(ks);
          if (king_attacks(k) & ~(x_fixed & ~square_bb(b)) & ~near_b & ~attacked_men_[y]) stalemates = false;
          if (uncovering[k] & near_b & reach_[y_king]) stalemates = false;
        }
        if (stalemates) stalemating_[y] |= square_bb(b);
      }
    }
  }

  // Whether the man of colour x on its origin s may have a legal move, with only the
  // fixed men certainly in the way (see `update_stalemating`).
  bool has_move_from_origin(Square s, Color x) const {
    PieceType pt = type_of(pos_.piece_on(s));
    Bitboard in_the_way = fixed_ & ~pos_.pieces(KING);  // the moving king is not in the way
    if (pt != PAWN) return attacks_bb(pt, s, in_the_way) & ~(in_the_way & pos_.pieces(x));
    Bitboard ahead = x == WHITE ? shift<NORTH>(square_bb(s)) : shift<SOUTH>(square_bb(s));
    if (ahead & ~in_the_way) return true;
    return pawn_attacks(x, s) & occupiable_[~x];
  }

  // Squares attacked for the rest of the game: by men never taken, from every square of
  // their reach, with every square anyone may ever stand on in the way. A man pinned
  // still attacks; a promoted pawn counts for nothing.
  void update_attacked() {
    attacked_[WHITE] = attacked_[BLACK] = 0;
    attacked_men_[WHITE] = attacked_men_[BLACK] = 0;
    for (Bitboard b = men_ & ~capturable_ & ~promoted_; b;) {
      Square s = pop_lsb(b);
      Piece pc = pos_.piece_on(s);
      Color c = color_of(pc);
      PieceType pt = type_of(pc);
      Bitboard always = ~Bitboard(0);
      for (Bitboard at = reach_[s]; at && always;) {
        Square t = pop_lsb(at);
        always &= pt == PAWN ? pawn_attacks(c, t) : attacks_bb(pt, t, occupied_ever_);
      }
      attacked_[c] |= always;
      if (pt != KING) attacked_men_[c] |= always;
    }
  }

  const Position& pos_;
  Color winner_;
  Bitboard unmoved_uncaptured_, immobile_;
  Bitboard men_ = 0, last_man_ = 0;
  Bitboard reach_[SQUARE_NB];
  Bitboard takes_on_[SQUARE_NB];  // the squares of its reach it may arrive on by taking
  Bitboard fixed_ = 0, capturable_ = 0, occupied_ever_ = 0, promoted_ = 0, split_candidates_ = 0;
  Bitboard occupiable_[COLOR_NB] = {0, 0};  // where the men other than the king may stand
  Bitboard arrives_taking_[COLOR_NB] = {0, 0};  // where a man may arrive by taking
  Bitboard attacked_[COLOR_NB];
  Bitboard attacked_men_[COLOR_NB];  // the same, by men other than the king
  Bitboard stalemating_[COLOR_NB] = {0, 0};  // where the king of that colour never steps
};

bool no_mate(const Position& pos, Color winner, Bitboard unmoved_uncaptured, Bitboard immobile) {
  Saturation s(pos, winner, unmoved_uncaptured, immobile);
  return s.run() && !s.mate_feasible();
}

// A pawn of the winner that the fixpoint would push, a square a round, to its last rank,
// proving nothing: ahead of it on its file no pawn and no king, and only pieces that move
// in the first round (a square to go to that holds no man of their own and no king), so
// are never fixed again. Said at once, it spares the rounds: in a game's last position,
// most often where the loser resigned, such a pawn is common.
bool has_open_path(const Position& pos, Color winner) {
  Bitboard occupied = pos.pieces(), walls = pos.pieces(PAWN) | pos.pieces(KING);
  for (Bitboard b = pos.pieces(winner, PAWN); b;) {
    Square s = pop_lsb(b);
    Bitboard ahead = file_bb(s) & (winner == WHITE ? ~(square_bb(s) * 2 - 1) : square_bb(s) - 1) & occupied;
    bool open = !(ahead & walls);
    for (Bitboard p = ahead; p && open;) {
      Square t = pop_lsb(p);
      Color c = color_of(pos.piece_on(t));
      open = attacks_bb(type_of(pos.piece_on(t)), t, occupied) & ~pos.pieces(c) & ~pos.pieces(KING);
    }
    if (open) return true;
  }
  return false;
}

// Castling rights that can never be used. Take the position without them (the same but
// for the castling moves), and its fixpoint F. On a mating line from the position itself,
// take its first move that F does not generate (see the top of the file): every move
// before it was generated, so every man fixed in F still stood on its square. A castling
// move needs every square between king and rook empty, so where one of them holds a man
// fixed in F it cannot be that move; every other move is a move of the position without
// rights, which the rules generate. So no mating line castles, every mating line is one
// of the position without rights, and what is proven of that position holds here.
std::optional<Position> without_castling(const Position& pos) {
  std::istringstream fields(pos.fen());
  std::string out, field;
  for (int i = 0; fields >> field; ++i) out += (i ? " " : "") + (i == 2 ? std::string("-") : field);
  FenResult r = Position::from_fen(out);
  if (!r.ok()) return std::nullopt;
  return std::move(r.position);
}

// Each of the position's castling rights has a man between its king and rook now (else one
// of them could well be used: not worth the fixpoint), or, given `fixed`, one fixed there.
bool castling_blocked(const Position& pos, Bitboard men) {
  for (CastlingRights cr : {WHITE_OO, WHITE_OOO, BLACK_OO, BLACK_OOO})
    if (pos.can_castle(cr) && !(pos.castling_path(cr) & men)) return false;
  return true;
}

bool fixpoint_cannot_mate(const Position& given, Color winner) {
  if (given.ep_square() != SQ_NONE) return false;
  if (!given.pieces(PAWN)) return false;  // walls are made of pawns
  if (has_open_path(given, winner)) return false;
  std::optional<Position> stripped;
  if (given.castling_rights() != NO_CASTLING) {
    if (!castling_blocked(given, given.pieces()) || !(stripped = without_castling(given))) return false;
  }
  const Position& pos = stripped ? *stripped : given;
  Saturation base(pos, winner, 0, 0);
  if (!base.run()) return false;
  if (stripped && !castling_blocked(given, base.fixed())) return false;
  if (!base.mate_feasible()) return true;
  // A case split on a man X that could be taken before it moves: on every line, either X
  // is never taken before its first move, or X never moves. If neither kind of line
  // can end in a mate, none can.
  Bitboard candidates = base.split_candidates();
  for (Bitboard b = candidates; b;) {
    Bitboard x = square_bb(pop_lsb(b));
    if (no_mate(pos, winner, x, 0) && no_mate(pos, winner, 0, x)) return true;
  }
  // Two of them: the four combinations.
  if (popcount(candidates) >= 2) {
    Bitboard x = square_bb(lsb(candidates)), y = square_bb(lsb(candidates & ~x));
    return no_mate(pos, winner, x | y, 0) && no_mate(pos, winner, x, y) && no_mate(pos, winner, y, x) &&
           no_mate(pos, winner, 0, x | y);
  }
  return false;
}

}  // namespace

Bitboard possible_mate_squares(const Position& pos, Color winner, Bitboard* flights) {
  if (pos.ep_square() != SQ_NONE || pos.castling_rights() != NO_CASTLING || !pos.pieces(PAWN)) return ~Bitboard(0);
  Saturation base(pos, winner, 0, 0);
  return base.run() ? base.mate_squares(flights) : ~Bitboard(0);
}

namespace {

// The fixpoint at `pos`, else at every position after each legal move (`moves`: all of
// them; e.g. a king in check that must step away for good, or a capture that must be
// answered), down to `depth` plies where the side to move has at most 12 moves, with
// `budget` fixpoints in all. A move that ends the game without mating the loser ends every
// line through it.
bool cannot_mate_within(Position& pos, const MoveList& moves, Color winner, int depth, int& budget) {
  if (--budget < 0) return false;
  if (fixpoint_cannot_mate(pos, winner)) return true;
  if (depth == 0 || moves.empty() || moves.size() > 12) return false;
  for (Move m : moves) {
    pos.make_move(m);
    MoveList replies;
    generate_legal(pos, replies);
    bool dead = replies.empty() ? !(pos.in_check() && pos.side_to_move() != winner)
                                : cannot_mate_within(pos, replies, winner, depth - 1, budget);
    pos.unmake_move(m);
    if (!dead) return false;
  }
  return true;
}

// The analysis does not see whose move it is; the moves played out (a few plies where they
// are few) often settle it.
bool cannot_mate_within(Position& pos, const MoveList& moves, Color winner) {
  int budget = 40;
  return cannot_mate_within(pos, moves, winner, 3, budget);
}

}  // namespace

bool statically_cannot_mate_on(Position& pos, Color winner) {
  MoveList moves;
  generate_legal(pos, moves);
  return cannot_mate_within(pos, moves, winner);
}

bool statically_cannot_mate(const Position& pos, Color winner) {
  Position copy = pos;
  return statically_cannot_mate_on(copy, winner);
}

bool statically_dead_on(Position& pos, const MoveList& moves) {
  // A side with a pawn free to run is refuted at the first fixpoint, before any round is
  // grown: asked first, it spares the other side's rounds in most games' last positions.
  Color first = has_open_path(pos, BLACK) && !has_open_path(pos, WHITE) ? BLACK : WHITE;
  return cannot_mate_within(pos, moves, first) && cannot_mate_within(pos, moves, ~first);
}

}  // namespace chess::rules::detail
