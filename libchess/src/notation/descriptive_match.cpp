// Which legal moves a descriptive Spec names (descriptive_spec.h): how the reader matches
// the text it read, and how the writer tests each form it considers.
#include "notation/descriptive_spec.h"

namespace chess::notation::descriptive {
namespace {

// A flank prefix holds if it names the piece's identity (QR: the rook that started on
// the queen's side) or the half of the board it stands on; identity wins ties (prefer_identity).
bool flank_holds(const Context& ctx, Square s, char flank) {
  return identity_flank(ctx.origins, s) == flank || (file_of(s) >= FILE_E ? 'K' : 'Q') == flank;
}

bool square_in(const SquareSet& set, Square s, Color mover, bool other_side) {
  if (!(set.files & (1 << file_of(s)))) return false;
  if (set.rank < 0) return true;
  Color from_side = other_side ? ~mover : mover;
  return relative_rank(from_side, s) == set.rank;
}

bool designates(const Context& ctx, const Designator& d, Square s, PieceType actual, unsigned relax) {
  if (d.type == NO_PIECE_TYPE) return true;  // a capture that names the square, not the man
  if (d.type != actual) return false;
  if (actual == PAWN) return d.pawn_files & (1 << file_of(s));
  if (d.flank && !(relax & DROP_FLANK)) return flank_holds(ctx, s, d.flank);
  return true;
}

}  // namespace

Found candidates(const Context& ctx, const Spec& spec, unsigned relax, bool& promotion_missing) {
  const Position& pos = ctx.pos;
  Color us = pos.side_to_move();
  Found out;
  for (Move m : ctx.legal) {
    if (m.type() == MoveType::Castling) {
      if (spec.castling && (spec.castle_side == 0 || (spec.castle_side == 1) == (m.to() > m.from())))
        out.push_back(m);
      continue;
    }
    if (spec.castling) continue;
    Square from = m.from(), to = m.to();
    if (!designates(ctx, spec.mover, from, type_of(pos.piece_on(from)), relax)) continue;
    if (spec.origin.rank >= 0 || spec.origin.files != ALL_FILES)
      if (!square_in(spec.origin, from, us, relax & OTHER_SIDE_RANKS)) continue;
    bool is_capture = m.type() == MoveType::EnPassant || !pos.empty(to);
    if (spec.capture != is_capture) {
      if (!(relax & IGNORE_CAPTURE_MARK)) continue;
      // "x" with no square names no destination: a quiet move cannot be what it meant.
      if (spec.capture && (spec.target.rank < 0 || !square_in(spec.target, to, us, relax & OTHER_SIDE_RANKS))) continue;
    }
    if (spec.capture && is_capture) {
      Square victim = m.type() == MoveType::EnPassant ? to - pawn_push(us) : to;
      if (!(relax & IGNORE_CAPTURED_TYPE) &&
          !designates(ctx, spec.captured, victim, type_of(pos.piece_on(victim)), relax))
        continue;
      if (spec.target.rank >= 0 && !square_in(spec.target, to, us, relax & OTHER_SIDE_RANKS)) continue;
    } else if (!spec.capture) {
      if (!square_in(spec.target, to, us, relax & OTHER_SIDE_RANKS)) continue;
    }
    if (m.type() == MoveType::Promotion) {
      if (spec.promotion == NO_PIECE_TYPE) {
        promotion_missing = true;
        continue;
      }
      if (spec.promotion != m.promotion()) continue;
    } else if (spec.promotion != NO_PIECE_TYPE) {
      continue;
    }
    out.push_back(m);
  }
  return out;
}

void apply_claims(Context& ctx, const Claims& claims, Found& moves, bool use_absent_check) {
  auto keep = [&](auto pred) { moves.keep_if_any(pred); };
  if (claims.ep) keep([](Move m) { return m.type() == MoveType::EnPassant; });
  if (claims.check == '#') keep([&](Move m) { return ctx.check_of(m) == '#'; });
  if (claims.check) keep([&](Move m) { return ctx.check_of(m) != 0; });
  if (!claims.check && use_absent_check) keep([&](Move m) { return ctx.check_of(m) == 0; });
}

void prefer_identity(const Context& ctx, const Spec& spec, Found& found) {
  auto narrow = [&](char flank, auto square_of) {
    if (found.size() < 2 || !flank) return;
    found.keep_if_any([&](Move m) { return identity_flank(ctx.origins, square_of(m)) == flank; });
  };
  narrow(spec.mover.flank, [](Move m) { return m.from(); });
  narrow(spec.captured.flank, [](Move m) { return m.to(); });
}

}  // namespace chess::notation::descriptive
