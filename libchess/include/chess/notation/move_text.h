// Splitting a written move list ("1. e4 e5 2. Nf3", "1 P-K4 P-K4 2 Kt-KB3", "1.e4 c5 1-0")
// into move tokens, the way every dialect writes it: move numbers, results, NAGs,
// annotation glyphs and {comments} are set aside; words that belong to the move before
// them ("QxP ch", "PxP e.p.", "Castles KR", "R-K sq") are joined to it.
#pragma once

#include <algorithm>
#include <cstddef>
#include <string_view>
#include <vector>
#include "chess/api.h"

CHESS_PUBLIC_BEGIN

namespace chess::notation {

struct MoveToken {
  std::string_view text;  // a view into the line
  std::size_t column;     // 1-based byte column in the line
};

struct MoveText {
  std::vector<MoveToken> moves;
  std::string_view result;    // "1-0", "0-1", "1/2-1/2", "*" (normalised from ½-½ etc.), or empty
  bool numbered = false;      // the line had move numbers
  int first_number = 0;       // the number written before the first move (0: none)
  // Where a number jumps ahead after some moves ("1 P-K4 P-K4   25 PxP B-B5": a book printing
  // a game's halves side by side): its byte offset in the line, or 0.
  std::size_t second_column_at = 0;
  bool first_number_black = false;  // ... as Black's ("12...")
  bool skipped_comments = false;  // {comments}, ;comments or (variations) were left out
  // A '{' or '(' never closed on the line: what follows it was not read. Its column, or 0.
  std::size_t unclosed_at = 0;
  char unclosed = 0;
  // The plies played at the end of the line, by its first number (1 when it has none).
  int plies_at_end() const { return 2 * (std::max(first_number, 1) - 1) + first_number_black + int(moves.size()); }
};

// Commas and semicolons between moves, as books print them in prose ("1. P-K4, P-K4;
// 2. P-KB4, PxP"), separate moves; a ';' not followed by a move number opens a comment
// to the end of the line, as in PGN.
MoveText split_move_text(std::string_view line);

// A game result as written ("1-0", "1:0", "1/2", "½-½", "1/2:1/2"...) in PGN's form ("1-0",
// "0-1", "1/2-1/2", "*"), or empty if the word is none. Not "+-", "-+" or "=": in annotated
// text those are evaluations.
std::string_view normalised_result(std::string_view word);

// A null move (a pass) as analysis programs write it: "--" (ChessBase, pgn-extract),
// "Z0" (some exports), "0000" (UCI), "@@@@" (some engines).
bool is_null_move_text(std::string_view word);

// The annotation mark of Unicode at `at` (U+203C, U+2047, U+2048, U+2049), as books and web
// pages print "!!", "??", "?!" and "!?": the glyph it stands for, or empty. Their bytes are
// a symbol's, as figurines' are, so unless told apart they made "e4‼" one unreadable move.
std::string_view unicode_annotation(std::string_view s, std::size_t at);

// The NAG an annotation glyph stands for ("!" $1, "?" $2, "!!" $3, "??" $4, "!?" $5, "?!" $6),
// or 0 for any other text.
int glyph_nag(std::string_view glyph);

// Annotation marks alone: "!", "?!", "!!", and Unicode's "‼", "⁉", "⁈", "⁇".
bool is_annotation_glyphs(std::string_view word);

// Whether `word`, written after `previous` as a separate word, belongs to that move:
// "ch", "mate", "e.p.", "dis ch", "sq" after any move, "KR" after "Castles". For readers
// (PGN) that split on spaces first.
bool joins_previous_move(std::string_view previous, std::string_view word);

}  // namespace chess::notation

CHESS_PUBLIC_END
