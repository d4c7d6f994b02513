// Translating one move list (one input line) from a dialect to another.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "chess/notation/codec.h"
#include "chess/notation/move_text.h"
#include "chess/position.h"

namespace translate {

struct TranslatedMove {
  std::string text;  // in the target dialect
  std::string uci;
  int fullmove;
  chess::Color side;
};

struct Problem {
  std::string code;        // illegal-move, ambiguous-move, unreadable-move, bad-fen, unknown-dialect
  std::size_t column = 1;  // 1-based byte column in the line
  int ply = 0;             // 1-based ply of the move within the line (0: not a move)
  std::string move;        // the move text as written
  std::string fen;         // the position before it
  std::string message;
  std::vector<std::string> candidates;  // in the target dialect
};

// Where a line's moves ended, for a next line that goes on with the same game (numbered
// where this one stopped: one move pair per line, as the seeds print a game).
struct Continuation {
  chess::Position pos;
  chess::notation::PieceOrigins origins, target_origins;
  int plies = 0;  // played in the game so far: a problem's ply counts from the game's start
  bool numbered = false;  // the game's lines carry move numbers (a line of it without one is written with them)
};

// How a line begins, as the lines around it say (lines.cpp decides): where its moves go on
// from, and the move number its first move has when the line itself has none before it
// (a number alone on the line before, or at that line's end; the number where the game
// stands).
struct LineStart {
  const Continuation* from = nullptr;  // null: the line's own start (its FEN, --fen, the start position)
  int number = 0;                      // 0: the line's own numbers, if any
  bool black = false;                  // ... that number is Black's ("2...")
  bool numbered = false;               // written with move numbers, whether the line had them or not
};

// Where the tab ending a FEN before the moves stands ("FEN<tab>moves"), or npos: a tab
// whose text before it holds no '/' (no placement of ranks) is a blank among the moves, as
// books set them ("1.<tab>P-K4").
std::size_t fen_tab(std::string_view line);

// Whether the moves of `text` go on from `pos`: their first number is that of the move to be
// played there ("2." after 1... e5, "1..." after 1. e4).
bool numbered_from(const chess::notation::MoveText& text, const chess::Position& pos);

struct LineResult {
  std::string fen_prefix;  // "FEN\t" as given at the start of the line, else empty
  std::string final_fen;  // filled for JSON output (TranslatorOptions::with_uci)
  std::string source;      // the dialect read (the detected one with --from auto)
  std::vector<TranslatedMove> moves;
  std::string result;      // the termination marker, if the line had one
  bool numbered = false;
  std::optional<Problem> failure;  // the line could not be translated completely
  bool ambiguous_dialect = false;  // the failure: several dialects read it, with other moves
  std::optional<Continuation> end;  // where a translated line's moves ended
  std::size_t second_column_at = 0;  // the failure: the line holds two parts of a game, the second from here
  std::vector<Problem> warnings;   // lenient readings where the reader had to choose
};

struct TranslatorOptions {
  const chess::notation::Codec* from = nullptr;  // null: detect per line
  const chess::notation::Codec* to = nullptr;
  chess::Position start;                          // from --fen, or the start position
  bool strict = false;
  bool chess960 = false;
  enum class Numbers { AsInput, Always, Never } numbers = Numbers::AsInput;
  bool with_uci = true;  // fill TranslatedMove::uci and the final FEN (JSON output needs them)
  bool start_given = false;  // --fen: a line's first move number is not checked against the start
  // --allow-null-moves: "--", "Z0", "0000" and "@@@@" are read as a pass (written as the
  // target writes one: "--", "0000" in UCI); without it they are errors saying what they are.
  bool allow_null_moves = false;
};

class Translator {
public:
  explicit Translator(TranslatorOptions options) : options_(std::move(options)), numbers_(*options_.to) {}
  // `preferred`: the dialect the rest of the input is in, which decides a line that reads
  // legally in several (with --from auto).
  // `continues`: the end of the line before, which this line goes on from if its first
  // move number is the next one there.
  // `next_line`: the moves of the line after, which go on with the same game: a reader
  // that breaks ties by the moves that follow looks into them too.
  LineResult translate(std::string_view line, const chess::notation::Codec* preferred = nullptr,
                       const Continuation* continues = nullptr,
                       std::span<const std::string_view> next_line = {}) const;
  // The same, the line begun as `start` says (the caller has decided where it goes on from).
  // `dialect`: read in this one, not detected (with --from auto; the input's, settled).
  LineResult translate_from(std::string_view line, const chess::notation::Codec* preferred, const LineStart& start,
                            std::span<const std::string_view> next_line = {},
                            const chess::notation::Codec* dialect = nullptr) const;
  const TranslatorOptions& options() const { return options_; }
  // The moves in the target dialect, with move numbers in its style when the input had them.
  std::string render(const LineResult& result) const;

private:
  TranslatorOptions options_;
  chess::notation::MoveNumbers numbers_;  // the target's move numbers
};

}  // namespace translate
