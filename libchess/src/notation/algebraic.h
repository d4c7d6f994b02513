// The algebraic family of codecs (san, lan, fan, chinese, san-XX), one table each.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "chess/notation/codec.h"

namespace chess::notation {

struct PieceName {
  std::u32string text;
  PieceType type;
  const char* note = nullptr;  // a lenient reading worth reporting, or null
  bool spelling_only = true;   // the note is a spelling variant, not a judgement call
};

struct AlgebraicDialect {
  std::string name;
  bool long_form = false;  // lan: always from-square and '-' or 'x'
  bool figurine = false;   // fan: either colour's glyphs are the same piece
  bool english = false;    // lower-case piece letters; 'b' is a file before it is a bishop
  bool chinese = false;    // 吃 captures, 将军 / 将杀 claims, 易位 castling
  bool canonical_san = false;  // what it writes is PGN's SAN (Codec::writes_canonical_san)
  std::u32string write[PIECE_TYPE_NB];        // names written, by piece type
  std::u32string write_black[PIECE_TYPE_NB];  // for Black, where they differ (figurines)
  std::vector<PieceName> read;                // names accepted, matched longest first
  uint64_t ascii_starts[2] = {0, 0};          // ASCII characters that begin a name (filled by the codec)
};

class AlgebraicCodec final : public Codec {
public:
  explicit AlgebraicCodec(AlgebraicDialect dialect);
  std::string_view name() const override { return d_.name; }
  bool writes_canonical_san() const override { return d_.canonical_san; }
  ParseResult parse(Position& pos, std::string_view text, const ParseOptions& options) const override;
  using Codec::format;
  std::string format(Position& pos, Move move, const FormatOptions& options) const override;

private:
  const std::string& piece_name(PieceType pt, Color side) const { return names_[side][pt]; }
  bool is_canonical(std::string_view text, const std::string& canonical, Color side) const;
  AlgebraicDialect d_;
  std::string names_[COLOR_NB][PIECE_TYPE_NB];  // the names written, in UTF-8 (made once)
};

std::vector<std::unique_ptr<Codec>> make_algebraic_codecs();

}  // namespace chess::notation
