// English descriptive notation (P-K4, N-KB3, QxP ch, R(QR3)-Q3, PxP e.p.), read as printed
// in books and written in its shortest unambiguous form (NOTATION.md section 3). Reading is
// in descriptive_reader.cpp, writing in descriptive_writer.cpp; what the two share (a move's
// text as a Spec, and the legal moves a Spec names) in descriptive_spec.h.
#pragma once

#include <memory>
#include <vector>

#include "chess/notation/codec.h"

namespace chess::notation {

namespace descriptive {
struct Found;
}

struct DescriptiveStyle {
  const char* name;
  bool kt;         // "Kt" for the knight (older books) instead of "N"
  bool plus_mark;  // "+" and "#" instead of " ch" and " mate"
};

std::vector<std::unique_ptr<Codec>> make_descriptive_codecs();

class DescriptiveCodec final : public Codec {
public:
  explicit DescriptiveCodec(DescriptiveStyle style) : style_(style) {}
  std::string_view name() const override { return style_.name; }
  bool uses_piece_origins() const override { return true; }
  std::string move_number(int fullmove, Color side) const override {
    return std::to_string(fullmove) + (side == WHITE ? "" : " ...");
  }

  ParseResult parse(Position& pos, std::string_view text, const ParseOptions& options) const override {
    return resolve(pos, text, options, LOOKAHEAD_PLIES);
  }

  using Codec::format;
  std::string format(Position& pos, Move m, const FormatOptions& options) const override;

private:
  static constexpr int LOOKAHEAD_PLIES = 3;  // the first horizon; it doubles up to all the moves given
  static constexpr int LOOKAHEAD_BUDGET = 5000;  // moves read at one horizon in deciding a tie, at most

  // `weak_evidence`: let a missing check mark prefer non-checking moves (books rely on it;
  // the writer does not, so that what it writes never depends on it).
  // `exact`: no relaxed reading (the lookahead asks first whether a line reads as written).
  ParseResult resolve(Position& pos, std::string_view text, const ParseOptions& options, int lookahead,
                      bool weak_evidence = true, bool exact = false) const;
  // Whether the next `plies` moves of `following` read legally from `pos`.
  bool line_continues(Position& pos, const PieceOrigins& origins, std::span<const std::string_view> following,
                      int plies, bool exact, int& budget) const;
  // Narrows `found` to the moves whose line goes on legally (the moves that follow decide).
  // True if that left one move.
  bool decide_by_following(Position& pos, const ParseOptions& options, int lookahead,
                           descriptive::Found& found) const;
  // Where the moves named as written do not do what the text claims and a lenient reading's
  // (`found`) do: whether the moves that follow keep only named ones (then in `found`).
  bool meant_as_named(Position& pos, const ParseOptions& options, int lookahead, const descriptive::Found& named,
                      descriptive::Found& found) const;

  DescriptiveStyle style_;
};

}  // namespace chess::notation
