// Writing English descriptive notation: the shortest form that names the move alone. Each
// candidate form is built twice over, as text and as the Spec the reader would make of that
// text (descriptive_spec.h), and the first whose Spec names this move alone is written. The
// round-trip tests hold the two in step.
#include <array>
#include <optional>

#include "notation/descriptive.h"
#include "notation/descriptive_spec.h"

namespace chess::notation {

using namespace descriptive;

namespace {

// Forms are built in small fixed buffers: the writer tries several per move, and heap
// strings for each would cost more than the search itself.
struct Text {
  char buf[24];
  std::size_t n = 0;
  Text& operator+=(std::string_view t) {
    for (char c : t)
      if (n < sizeof buf) buf[n++] = c;
    return *this;
  }
  Text& operator+=(char c) { return *this += std::string_view(&c, 1); }
  std::string_view view() const { return {buf, n}; }
};

struct SquareForm {
  Text text;
  SquareSet set;
};

struct PieceForm {
  Text text;
  Designator designator;
  SquareSet origin;
};

// The few forms of a square or a piece, shortest first, kept in place.
template <class Form, std::size_t N>
struct Forms {
  Form items[N];
  std::size_t count = 0;
  Form& add() { return items[count++]; }
  const Form* begin() const { return items; }
  const Form* end() const { return items + count; }
  const Form& last() const { return items[count - 1]; }
};
using SquareForms = Forms<SquareForm, 2>;
using PieceForms = Forms<PieceForm, 6>;

// The files a file name covers: "B" both bishops' files, "KB" one (a table: asked often).
constexpr auto FILE_SETS = [] {
  std::array<std::array<FileSet, 8>, 2> t{};
  for (int file = 0; file < 8; ++file) {
    std::string_view w = FILE_NAMES[file];
    t[0][file] = files_named(w.size() == 1 ? w : w.substr(1));
    t[1][file] = files_named(w);
  }
  return t;
}();

FileSet file_set(File f, bool full) { return FILE_SETS[full][f]; }

bool has_flank(File f) { return FILE_NAMES[f].size() == 2; }

// The squares where a move that some form of `m` could also name lands: quiet moves to the
// squares a short square name covers (B4: both c4 and f4), or captures of the same kind of
// piece. Only moves of the same kind of piece can share one of its names.
Bitboard shared_names_reach(const Position& pos, Move m, bool capture, Square victim) {
  Color us = pos.side_to_move();
  if (capture) {
    Bitboard reach = pos.pieces(~us, type_of(pos.piece_on(victim)));
    if (pos.ep_square() != SQ_NONE && type_of(pos.piece_on(victim)) == PAWN) reach |= square_bb(pos.ep_square());
    return reach;
  }
  Bitboard reach = 0;
  FileSet files = file_set(file_of(m.to()), false);
  for (int f = 0; f < 8; ++f)
    if (files & (1 << f)) reach |= square_bb(make_square(File(f), rank_of(m.to())));
  return reach;
}

// Whether some pseudo-legal move of a `pt` of the mover's other than `m` lands on `reach`:
// a superset of the legal rivals, from the pseudo targets the reader uses too.
bool has_pseudo_rival(const Position& pos, Move m, PieceType pt, Bitboard reach) {
  Bitboard from = square_bb(m.from()), others = pos.pieces(pos.side_to_move(), pt) & ~from;
  return (pseudo_targets(pos, pt, others) & reach) || (pseudo_targets(pos, pt, from) & reach & ~square_bb(m.to()));
}

// One move's writing: its forms, shortest first, each tried as the reader would read it.
// The small members are defined inline: they were lambdas of one function, and called out
// of line they cost the writer 5% more instructions.
class FormWriter {
public:
  FormWriter(const DescriptiveStyle& style, Position& pos, Move m, const FormatOptions& options, char check_mark,
             std::string_view check);
  std::string write();

private:
  void add_letter(Text& t, PieceType pt) const;
  void add_file(Text& t, File f, bool full) const;
  SquareForms square_forms(Square s) const;
  PieceForms piece_forms(Square s, bool with_origin) const;
  PieceForms pawn_forms(File f) const;
  PieceForms named_forms(Square s, PieceType pt) const;
  PieceForms qualified_forms(Square s, PieceType pt) const;
  std::string shortest() const;
  std::string text(const PieceForm& mover, char middle, std::string_view taken, const SquareForm* square) const;
  bool unique(Context& ctx) const;
  std::optional<std::string> first_unique(Context& ctx, const PieceForms& movers, const PieceForms& taken,
                                          const SquareForms& squares);

  Position& pos_;
  const Move m_;
  const FormatOptions& options_;
  const Color us_;
  const std::string_view knight_;
  const std::string_view check_;
  std::string_view ep_;
  Text promotion_;
  Spec spec_;  // the Spec of the form being tried
  Square victim_;
  Bitboard reach_;
  PieceType mover_type_;
};

FormWriter::FormWriter(const DescriptiveStyle& style, Position& pos, Move m, const FormatOptions& options,
                       char check_mark, std::string_view check)
    : pos_(pos), m_(m), options_(options), us_(pos.side_to_move()), knight_(style.kt ? "Kt" : "N"),
      check_(check) {
  if (m.type() == MoveType::Promotion) {
    promotion_ += '=';
    add_letter(promotion_, m.promotion());
    spec_.promotion = m.promotion();
  }
  if (m.type() == MoveType::EnPassant) {
    ep_ = " e.p.";
    spec_.claims.ep = true;
  }
  spec_.claims.check = check_mark;
  spec_.capture = m.type() == MoveType::EnPassant || !pos.empty(m.to());
  victim_ = m.type() == MoveType::EnPassant ? m.to() - pawn_push(us_) : m.to();
  reach_ = shared_names_reach(pos, m, spec_.capture, victim_);
  mover_type_ = type_of(pos.piece_on(m.from()));
}

std::string FormWriter::write() {
  // Most moves have no rival even among the pseudo-legal moves to those squares: then the
  // shortest form, P-K4 or PxP, names this move alone, and nothing need be generated or built.
  if (!has_pseudo_rival(pos_, m_, mover_type_, reach_)) return shortest();
  MoveList legal;
  append_piece_moves_to(pos_, mover_type_, reach_, legal);
  Context ctx{pos_, options_.origins, legal};
  PieceForms movers = piece_forms(m_.from(), false);
  SquareForms squares = square_forms(m_.to());
  PieceForms taken;
  if (spec_.capture) taken = piece_forms(victim_, false);
  if (auto written = first_unique(ctx, movers, taken, squares)) return std::move(*written);
  PieceForms qualified;  // N(1), N(KB3): built only if the plain forms do not suffice
  if (mover_type_ != PAWN) {
    qualified = piece_forms(m_.from(), true);
    if (auto written = first_unique(ctx, qualified, taken, squares)) return std::move(*written);
  }
  // Unreachable for legal moves: the last form names the origin square outright.
  const PieceForms& last = qualified.count ? qualified : movers;
  return text(last.last(), spec_.capture ? 'x' : '-', spec_.capture ? taken.last().text.view() : "", &squares.last());
}

// The first of the forms (movers x victims x squares, shortest first) that names this move alone.
std::optional<std::string> FormWriter::first_unique(Context& ctx, const PieceForms& movers, const PieceForms& taken,
                                                    const SquareForms& squares) {
  for (const PieceForm& mover : movers) {
    spec_.mover = mover.designator;
    spec_.origin = mover.origin;
    if (!spec_.capture) {
      for (const SquareForm& sq : squares) {
        spec_.target = sq.set;
        if (unique(ctx)) return text(mover, '-', "", &sq);
      }
      continue;
    }
    spec_.target = SquareSet{};
    for (const PieceForm& t : taken) {
      spec_.captured = t.designator;
      if (unique(ctx)) return text(mover, 'x', t.text.view(), nullptr);
    }
    for (const PieceForm& t : taken)
      for (const SquareForm& sq : squares) {
        spec_.captured = t.designator;
        spec_.target = sq.set;
        if (unique(ctx)) return text(mover, 'x', t.text.view(), &sq);
      }
  }
  return std::nullopt;
}

// Whether the reader, reading the form being tried, finds this move and no other.
inline bool FormWriter::unique(Context& ctx) const {
  bool promotion_missing = false;
  Found found = candidates(ctx, spec_, STRICT_MATCH, promotion_missing);
  prefer_identity(ctx, spec_, found);
  if (found.size() > 1) apply_claims(ctx, spec_.claims, found, false);
  return found.size() == 1 && found.front() == m_;
}

inline void FormWriter::add_letter(Text& t, PieceType pt) const {
  if (pt == KNIGHT) t += knight_;
  else t += " PNBRQK"[pt];
}

inline void FormWriter::add_file(Text& t, File f, bool full) const {
  std::string_view w = FILE_NAMES[f];
  if (!full && w.size() == 2) w.remove_prefix(1);
  for (char c : w)
    if (c == 'N') t += knight_;
    else t += c;
}

// B4, then KB4.
inline SquareForms FormWriter::square_forms(Square s) const {
  SquareForms forms;
  int rank = relative_rank(us_, s);
  for (bool full : {false, true}) {
    if (full && !has_flank(file_of(s))) break;
    SquareForm& form = forms.add();
    add_file(form.text, file_of(s), full);
    form.text += char('1' + rank);
    form.set = {file_set(file_of(s), full), rank};
  }
  return forms;
}

// Names of a piece on a square, shortest first: P, BP, KBP / N, KN; with its origin
// (only when those do not suffice): N(1), N(B3), N(KB3).
inline PieceForms FormWriter::piece_forms(Square s, bool with_origin) const {
  PieceType pt = type_of(pos_.piece_on(s));
  if (pt == PAWN) return pawn_forms(file_of(s));
  return with_origin ? qualified_forms(s, pt) : named_forms(s, pt);
}

PieceForms FormWriter::pawn_forms(File f) const {
  PieceForms forms;
  PieceForm& bare = forms.add();
  bare.text += 'P';
  bare.designator = {PAWN, 0, ALL_FILES};
  for (bool full : {false, true}) {
    if (full && !has_flank(f)) break;
    PieceForm& form = forms.add();
    add_file(form.text, f, full);
    form.text += 'P';
    form.designator = {PAWN, 0, file_set(f, full)};
  }
  return forms;
}

PieceForms FormWriter::named_forms(Square s, PieceType pt) const {
  PieceForms forms;
  PieceForm& bare = forms.add();
  add_letter(bare.text, pt);
  bare.designator = {pt, 0, ALL_FILES};
  if (pt == KNIGHT || pt == BISHOP || pt == ROOK) {
    char flank = identity_flank(options_.origins, s);
    PieceForm& flanked = forms.add();
    flanked.text += flank;
    add_letter(flanked.text, pt);
    flanked.designator = {pt, flank, ALL_FILES};
  }
  return forms;
}

// N(1), N(B3), N(KB3) as books print them; N/B3, N/KB3 inside PGN, where parentheses open
// variations (and the rank alone has no slash form).
PieceForms FormWriter::qualified_forms(Square s, PieceType pt) const {
  PieceForms forms;
  int rank = relative_rank(us_, s);
  if (!options_.pgn_safe) {
    PieceForm& by_rank = forms.add();
    add_letter(by_rank.text, pt);
    by_rank.text += '(';
    by_rank.text += char('1' + rank);
    by_rank.text += ')';
    by_rank.designator = {pt, 0, ALL_FILES};
    by_rank.origin = {ALL_FILES, rank};
  }
  for (const SquareForm& sq : square_forms(s)) {
    PieceForm& by_square = forms.add();
    add_letter(by_square.text, pt);
    by_square.text += options_.pgn_safe ? "/" : "(";
    by_square.text += sq.text.view();
    if (!options_.pgn_safe) by_square.text += ')';
    by_square.designator = {pt, 0, ALL_FILES};
    by_square.origin = sq.set;
  }
  return forms;
}

// P-K4, PxP: the form for a move no other piece of its kind could be named for.
inline std::string FormWriter::shortest() const {
  Text out;
  add_letter(out, mover_type_);
  if (spec_.capture) {
    out += 'x';
    add_letter(out, type_of(pos_.piece_on(victim_)));
  } else {
    out += '-';
    add_file(out, file_of(m_.to()), false);
    out += char('1' + relative_rank(us_, m_.to()));
  }
  std::string written(out.view());
  written += promotion_.view();
  written += ep_;
  written += check_;
  return written;
}

inline std::string FormWriter::text(const PieceForm& mover, char middle, std::string_view taken,
                             const SquareForm* square) const {
  std::string out(mover.text.view());
  out += middle;
  out += taken;
  if (square) {
    if (!taken.empty()) out += '/';
    out += square->text.view();
  }
  out += promotion_.view();
  out += ep_;
  out += check_;
  return out;
}

}  // namespace

std::string DescriptiveCodec::format(Position& pos, Move m, const FormatOptions& options) const {
  char check_mark = options.check_mark >= 0 ? char(options.check_mark) : check_suffix(pos, m);
  std::string_view check = !check_mark       ? ""
                           : style_.plus_mark ? (check_mark == '#' ? "#" : "+")
                           : check_mark == '#' ? " mate"
                                               : " ch";
  if (m.type() == MoveType::Castling) {
    std::string castling(m.to() > m.from() ? "O-O" : "O-O-O");
    castling += check;
    return castling;
  }
  return FormWriter(style_, pos, m, options, check_mark, check).write();
}

}  // namespace chess::notation
