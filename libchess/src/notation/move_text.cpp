#include "chess/notation/move_text.h"

#include <cctype>
#include <cstring>
#include <string>

namespace chess::notation {
namespace {

inline bool is_space_at(std::string_view s, std::size_t i, std::size_t& width) {
  unsigned char c = s[i];
  if (c > ' ' && c < 0x80) return false;  // the common case: a printable ASCII character
  if (c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f') return width = 1, true;
  if (c == 0xC2 && i + 1 < s.size() && static_cast<unsigned char>(s[i + 1]) == 0xA0) return width = 2, true;
  if (c == 0xE3 && i + 2 < s.size() && static_cast<unsigned char>(s[i + 1]) == 0x80 &&
      static_cast<unsigned char>(s[i + 2]) == 0x80)
    return width = 3, true;
  return false;
}

// Trailing marks do not change what a word is: "e.p.+" is still "e.p." (plus a check),
// "P," still a pawn.
std::string_view without_trailing(std::string_view word, std::string_view marks) {
  auto is_mark = [&](char c) {  // marks are a few characters: no library call for each
    for (char m : marks)
      if (m == c) return true;
    return false;
  };
  while (!word.empty() && is_mark(word.back())) word.remove_suffix(1);
  return word;
}

std::string lower(std::string_view s) {
  std::string out(without_trailing(s, ".,+#"));
  for (char& c : out) c = char(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

bool equals_ignoring_case(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(a[i])) != b[i]) return false;
  return true;
}

// Words that only ever qualify the move before them. Trailing dots, commas and check
// marks do not change the word ("e.p.+" is "e.p").
bool is_suffix_word(std::string_view word) {
  if (word.size() < 2) return false;
  for (char c : word)  // a square's rank: a move ("e4", "cxd5"), never a suffix word
    if (c >= '1' && c <= '8') return false;
  switch (word[0] | 0x20) {  // the first letter, in lower case ('(' | 0x20 is '(')
    case 'c': case 'd': case 'm': case 'e': case 's': case 'p': case '(': break;
    default: return false;
  }
  word = without_trailing(word, ".,+#!?)");  // "mate!", "ch?", "(ch.)": the glyph goes with the move
  if (!word.empty() && word[0] == '(') word.remove_prefix(1);
  if (word.size() < 2 || word.size() > 7) return false;
  // ... and Bird's "K to R square", "P takes P en passant" / "en pas".
  for (std::string_view w : {"ch", "check", "dis", "dbl", "double", "mate", "e.p", "ep", "sq", "(ep)", "dis.ch",
                             "dbl.ch", "square", "en", "pas", "pass", "passant"})
    if (equals_ignoring_case(word, w)) return true;
  return false;
}

bool is_castles(std::string_view word) {  // "Castles", "castles", "CASTLES(KR)"...
  return word.size() >= 6 && equals_ignoring_case(word.substr(0, 6), "castle");
}
bool is_castle_side(std::string_view word) {
  std::string w = lower(without_trailing(word, "!?"));  // "Castles QR!"
  return w == "kr" || w == "qr" || w == "k" || w == "q" || w == "kingside" || w == "queenside" || w == "(kr)" ||
         w == "(qr)" || w == "short" || w == "long";
}

// Both are asked of every word that follows a move: the first byte settles most.
// "takes" and "to" are the 19th century's capture mark and dash: "Kt takes P", "P to K4".
bool is_capture_mark(std::string_view w) {
  if (w.empty() || (w[0] != 'x' && w[0] != 'X' && w[0] != ':' && w[0] != '\xC3' && w[0] != 't' && w[0] != 'T'))
    return false;
  return w == "x" || w == "X" || w == "\u00D7" || w == ":" || w == "takes" || w == "Takes" || w == "take" ||
         w == "Take";  // Bird prints "P take P" too
}
bool is_dash(std::string_view w) {
  if (w.empty() || (w[0] != '-' && w[0] != '\xE2' && w[0] != 't' && w[0] != 'T')) return false;
  return w == "-" || w == "--" || w == "\u2013" || w == "\u2014" || w == "to" || w == "To";
}

bool ends_with_any(std::string_view w, std::initializer_list<std::string_view> tails) {
  for (auto t : tails)
    if (w.ends_with(t)) return true;
  return false;
}

// The first word of `rest` (spaces before it skipped).
std::string_view first_word(std::string_view rest) {
  std::size_t i = 0, w;
  while (i < rest.size() && is_space_at(rest, i, w)) i += w;
  std::size_t start = i;
  while (i < rest.size() && !is_space_at(rest, i, w)) ++i;
  return rest.substr(start, i - start);
}

bool is_file_name(std::string_view w) {  // as books space it: "R", "KB", "K B", "Q Kt"
  // Every name starts with a piece letter and is at most four characters ("Q Kt"): most
  // words asked about ("PxP", "P-K4") are told apart at once.
  if (w.empty() || w.size() > 4 || (w[0] != 'R' && w[0] != 'K' && w[0] != 'N' && w[0] != 'B' && w[0] != 'Q'))
    return false;
  static const std::string_view files[] = {"R",   "Kt",  "N",   "B",   "KR",   "QR",   "KB",  "QB",  "KKt", "QKt",
                                           "KN",  "QN",  "K R", "Q R", "K B",  "Q B",  "K Kt", "Q Kt", "K N", "Q N"};
  for (auto f : files)
    if (w == f) return true;
  return false;
}

// A piece named and not yet moved ("R", "Kt", "Q Kt", "KBP"): letters of piece names and
// spaces only, no dash, capture mark or rank.
bool is_designator(std::string_view w) {
  if (w.empty() || w.size() > 6) return false;
  for (char c : w)
    if (c != 'K' && c != 'Q' && c != 'R' && c != 'B' && c != 'N' && c != 't' && c != 'P' && c != ' ') return false;
  return w[0] != ' ';
}

// Whether a move ends in the man it takes: "Kt x P", "KtxP", "B takes Kt".
bool names_man_taken(std::string_view move) {
  std::size_t x = move.find_last_of("xX");
  std::size_t takes = move.rfind(" takes ");
  if (takes != std::string_view::npos) x = takes + 6;
  if (x == std::string_view::npos || x == 0) return false;
  std::string_view man = move.substr(x + 1);
  while (!man.empty() && man[0] == ' ') man.remove_prefix(1);
  return !man.empty() && is_designator(man);
}

// A bracket after a piece named and not yet moved that names the square or file it stands
// on, spaced as the move is or with Bird's "on" and "sq": "R (Q 2) - K 2", "Kt (on R4) to
// Kt2", "R (Q sq) to Kt sq"; or after the man a capture takes, the square he stands on:
// "Kt x P (B 3)". Its end in the line, or 0 if it is no such bracket.
std::size_t square_bracket_end(std::string_view line, std::size_t open, std::string_view move) {
  if (!is_designator(move) && !names_man_taken(move)) return 0;
  std::size_t close = line.find(')', open);
  if (close == std::string_view::npos || close - open > 12) return 0;
  bool named = false;
  for (std::size_t k = open + 1; k < close; ++k) {
    char c = line[k];
    if (!std::strchr("KQRBNt12345678 onsqure!.", c)) return 0;
    named |= c == 'K' || c == 'Q' || c == 'R' || c == 'B' || c == 'N';
  }
  return named ? close + 1 : 0;
}

// Some books space every part of a descriptive move: "Kt - K B 3", "P x P". A fragment
// joins the move before it when that move is visibly unfinished: it ends in a dash or
// capture mark, or it was itself spaced out and still lacks its rank.
// `next_number` is the move number expected next: a lone digit equal to it is a move
// number ("7 ... R-K 8 P-Q4"), any other digit the rank of a spaced move ("P-Q 4").
// `rest` is the line after `word`: "P x Q P" takes the queen's pawn, but in "P x Q P - K 4"
// the P starts the next move, and the capture took the queen.
bool continues_modern_spaced_move(std::string_view prev, std::string_view word, int next_number, std::string_view rest);

// A rank spelt out ("fourth", "Third"): its digit, or 0.
char ordinal_word(std::string_view w) {
  static constexpr std::string_view ordinals[] = {"first", "second", "third", "fourth",
                                                  "fifth", "sixth",  "seventh", "eighth"};
  std::string l = lower(without_trailing(w, "!?"));
  for (int r = 0; r < 8; ++r)
    if (l == ordinals[r]) return char('1' + r);
  return 0;
}

// A rank as the 19th century prints it: "4th", "3d", "3rd", "1st", "2nd" (dots after it or
// not), or spelt out. Never a move or a move number.
bool is_ordinal(std::string_view w) {
  w = without_trailing(w, ".,!?");
  if (ordinal_word(w)) return true;
  if (w.size() < 2 || w[0] < '1' || w[0] > '8') return false;
  std::string tail = lower(w.substr(1));
  return tail == "st" || tail == "nd" || tail == "rd" || tail == "th" || tail == "d";
}

// Whether a move so far holds the 19th century's words for the dash and the capture mark
// inside it ("P to K", "Kt. to K. B's", "P takes"): its next words are read as the Blue
// Book's, "P to K 4" like "P - K 4".
bool has_inner_words(std::string_view move) {
  for (std::string_view w : {" to ", " To ", " takes ", " Takes ", " take ", " Take "})
    if (move.find(w) != std::string_view::npos) return true;
  return false;
}

// The Blue Book's style ("P. to K's 4th.", "K. Kt. to K. B's 3d."): abbreviations with full
// stops, possessives and ordinals, read as the spaced modern forms they stand for.
std::string modern_words(std::string_view text) {
  std::string out;
  for (std::size_t i = 0; i < text.size();) {
    std::size_t end = text.find(' ', i);
    if (end == std::string_view::npos) end = text.size();
    std::string_view w = text.substr(i, end - i);
    while (!w.empty() && w.back() == '.') w.remove_suffix(1);
    if (w.size() > 2 && (w.ends_with("'s") || w.ends_with("'S"))) w.remove_suffix(2);
    if (w.size() >= 2 && w[0] >= '1' && w[0] <= '8') {
      std::string tail = lower(w.substr(1));
      if (tail == "st" || tail == "nd" || tail == "rd" || tail == "th" || tail == "d") w = w.substr(0, 1);
    }
    if (char rank = ordinal_word(w)) w = std::string_view(&"12345678"[rank - '1'], 1);
    if (w == "takes" || w == "Takes" || w == "take" || w == "Take") w = "x";
    if (w == "his" || w == "her") w = w == "his" ? "K" : "Q";  // "K. to his 2d.": for joining only
    if (!w.empty()) out += (out.empty() ? "" : " ") + std::string(w == "to" || w == "To" ? "-" : w);
    i = end + 1;
  }
  return out;
}

// Whether a move so far names only its piece ("Kt", "Q R", "R(QR1)"), so that a dash after
// it is the move's, not a pass.
bool names_only_its_piece(std::string_view move) {
  if (move.ends_with(')')) {
    std::size_t open = move.rfind('(');
    if (open == 0 && move.find_first_not_of("0123456789", 1) == move.size() - 1) return false;  // "(12)": a number
    std::string_view before = open == std::string_view::npos ? std::string_view() : move.substr(0, open);
    return before.find_first_of("-xX12345678") == std::string_view::npos;
  }
  return move.find_first_not_of("KQRBNPt .") == std::string_view::npos;
}

bool continues_spaced_move(std::string_view prev, std::string_view word, int next_number, std::string_view rest) {
  // "--" is a null move (a pass) but after a piece still to move ("Kt -- KB3": a dash), and
  // nothing joins a pass.
  if ((word == "--" && !names_only_its_piece(prev)) || prev == "--") return false;
  // Only text with full stops or apostrophes needs the Blue Book's reading: modern moves
  // ("e4", "Nf3") and move numbers go straight on.
  // Every word of that style that continues a move has a full stop or an apostrophe
  // ("K.", "K's", "4th."); "to" and "takes" are read as they are. Asked of every word after
  // a move, so by hand over the few bytes, and not of move numbers ("2.": a digit first).
  bool old_style = false;
  for (char c : word) old_style |= c == '\'' || c == '.';
  if (old_style && !word.empty() && word[0] >= '0' && word[0] <= '9') {  // "4th." after "K's", or a move number
    old_style = false;
    for (std::size_t k = 0; k + 1 < prev.size() && !old_style; ++k)
      old_style = prev[k] == '\'' || (prev[k] == '.' && prev[k + 1] == ' ');
    old_style = old_style || (!prev.empty() && prev.back() == '\'');
  }
  // A rank printed as an ordinal ("4th", "3d", "fourth"): never a move number.
  old_style = old_style || is_ordinal(word);
  // A rank as a bare digit after a move in the 19th century's words that still lacks it:
  // "P to K 4", "P. to K. 4", "Kt. to K. B's 3". After a possessive or an abbreviation
  // ("B's", "K.") a rank must follow, and a pawn never stops short of one; after Bird's
  // "R to K" (his K1) the digit may be the next move's number.
  if (!old_style && word.size() == 1 && word[0] >= '1' && word[0] <= '8' && has_inner_words(prev)) {
    const std::string modern = modern_words(prev);
    if (!continues_modern_spaced_move(modern, word, next_number, rest)) return false;
    std::string_view end = prev;
    while (!end.empty() && end.back() == ' ') end.remove_suffix(1);
    // A square of two words ("Kt to K B 3") is never Bird's first rank left unsaid, which he
    // writes of one ("R to K"): its digit is its rank.
    std::string_view square = std::string_view(modern).substr(modern.find_last_of('-') + 1);
    square.remove_prefix(std::min(square.find_first_not_of(' '), square.size()));
    bool must = end.ends_with("'s") || end.ends_with("'S") || end.ends_with('.') || square.find(' ') != square.npos;
    bool pawn = prev[0] == 'P' && (prev.size() == 1 || prev[1] == ' ' || prev[1] == '.');
    return must || pawn || word[0] - '0' != next_number;
  }
  if (!old_style) return continues_modern_spaced_move(prev, word, next_number, rest);
  std::string p = modern_words(prev), w = modern_words(word);
  if (p.empty() || w.empty()) return false;  // dots alone ("...") stand for a move number
  return continues_modern_spaced_move(p, w, next_number, rest);
}

bool continues_modern_spaced_move(std::string_view prev, std::string_view word, int next_number, std::string_view rest) {
  if (is_dash(word) || is_capture_mark(word)) return true;
  // A dash typed against the square ("Kt -Q B 3") after a piece that has not moved yet.
  if (word.size() > 1 && word[0] == '-' && word[1] != '-' && is_designator(prev)) return true;
  // A move that ends in its rank ("P-K4", "exd5") or a check mark is complete: the usual case.
  char last = prev.back();
  if ((last >= '1' && last <= '8') || last == '+' || last == '#') return false;
  // A flank standing alone ("K Kt-K2", "Q R-Q1") is never a move: it names the next piece.
  if ((prev == "K" || prev == "Q") && (word.starts_with("Kt") || word.starts_with("N") || word.starts_with("B") ||
                                       word.starts_with("R") || word.starts_with("P")))
    return true;
  // A file name standing alone before a pawn names the pawn ("R P x P": the rook's pawn
  // takes). No move of any notation is a bare file name, so joining cannot eat a move.
  if (word.starts_with("P") && is_file_name(prev)) return true;
  // A spaced capture whose victim so far is a flank or a file ("P x Q", "P x K B") goes on
  // with the rest of the victim's name ("P x Q B P"), unless that word begins the next move.
  if (std::size_t x = prev.rfind(" x "); x != std::string_view::npos) {
    std::string_view victim = prev.substr(x + 3);
    bool flank = victim == "K" || victim == "Q";
    bool names_file = flank || is_file_name(victim);
    std::string_view bare = without_trailing(word, ",;.!?+#");
    bool piece_word = bare == "P" || (flank && (bare == "B" || bare == "Kt" || bare == "N" || bare == "R"));
    if (names_file && piece_word) {
      std::string_view next = first_word(rest);
      if (!is_dash(next) && !is_capture_mark(next)) return true;
    }
  }
  if ((last == '-' || last == 'x' || last == 'X' || last == 'o' || last == 's' || last == 'e' ||
       static_cast<unsigned char>(last) >= 0x80) &&
      ends_with_any(prev,
                    {"-", "x", "X", "\u00D7", "\u2013", "\u2014", " to", " To", " takes", " Takes", " take", " Take"}))
    return true;
  // The square after the dash, or after the 19th century's "to" ("P to K 4" as "P - K 4").
  std::size_t dash = prev.find_last_of("-");
  bool to_word = false;
  for (std::string_view to : {" to ", " To "})
    if (std::size_t t = prev.rfind(to); t != std::string_view::npos && (dash == std::string_view::npos || t + 2 > dash))
      dash = t + 2, to_word = true;  // its 'o': the square's name begins after it
  if (dash == std::string_view::npos || dash == 0) return false;  // captures end with a piece: never extended
  std::string_view target = prev.substr(dash + 1);
  while (!target.empty() && target.front() == ' ') target.remove_prefix(1);
  if (target.empty() || target.find_first_of("12345678") != std::string_view::npos) return false;
  if (target.find_first_not_of("KQBNRt ") != std::string_view::npos) return false;
  bool spaced = prev.find(' ') != std::string_view::npos;
  if (word.size() == 1 && word[0] >= '1' && word[0] <= '8') return spaced || word[0] - '0' != next_number;
  // The rank with a full stop ending the sentence ("1. P - K Kt 4."), unless it is the next number.
  if (word.size() == 2 && word[0] >= '1' && word[0] <= '8' && word[1] == '.') return spaced && word[0] - '0' != next_number;
  if (!spaced) return false;
  // More of the square's name; after "to", a file only after its flank ("Kt to K B 3"): Bird's
  // "K to B" is his KB1, and a file after it begins the next move ("K to B   B to B4").
  if (to_word) return (target == "K" || target == "Q") && is_file_name(word);
  return word == "K" || word == "Q" || is_file_name(word);
}

}  // namespace

bool joins_previous_move(std::string_view previous, std::string_view word) {
  return is_suffix_word(word) || (!previous.empty() && (previous[0] | 0x20) == 'c' && is_castles(previous) &&
                                  is_castle_side(word));
}

std::string_view normalised_result(std::string_view w) {
  // Asked of every word: the first byte settles most.
  if (w.empty() || (w[0] != '0' && w[0] != '1' && w[0] != '*' && w[0] != '\xC2')) return {};
  if (w == "1-0" || w == "1:0" || w == "1–0") return "1-0";  // (an en dash, as typeset)
  if (w == "0-1" || w == "0:1" || w == "0–1") return "0-1";
  if (w == "1/2-1/2" || w == "1/2" || w == "½-½" || w == "½:½" || w == "1/2:1/2" || w == "½–½" || w == "1/2–1/2")
    return "1/2-1/2";
  if (w == "*") return "*";
  return {};
}

namespace {

// The last move token, which a word joins, made to run on to `end`.
void extend_to(MoveToken& token, std::string_view line, std::size_t end) {
  token.text = line.substr(token.column - 1, end - (token.column - 1));
}

// A word after "Castles" as the side's name is read: lower case, without dots, apostrophes,
// brackets and glyphs ("Q.", "Queen's", "(Q." are "q", "queens", "q"), or empty if it is no
// such word.
std::string castle_word(std::string_view word) {
  std::string out;
  for (char c : word)
    if (c != '.' && c != '\'' && c != '(' && c != ')' && c != '!' && c != '?')
      out += char(std::tolower(static_cast<unsigned char>(c)));
  for (std::string_view w : {"with", "on", "the", "q", "k", "r", "qr", "kr", "queen", "king", "queens", "kings",
                             "side", "queenside", "kingside", "qside", "kside", "rook", "short", "long"})
    if (out == w) return out;
  return {};
}

// The side named by words after "Castles" run together (castle_word): "qr", "withqr",
// "onqside", "onthequeensside", "kingsrook". 1 king's, 2 queen's, 0 none.
int castle_side_named(std::string_view key) {
  auto consume = [&](std::string_view prefix) {
    if (!key.starts_with(prefix)) return false;
    key.remove_prefix(prefix.size());
    return true;
  };
  bool plain = !consume("on") && !consume("with");
  consume("the");
  if (key.ends_with("side")) key.remove_suffix(4), plain = false;
  if (plain && key == "short") return 1;
  if (plain && key == "long") return 2;
  for (std::string_view k : {"k", "kr", "king", "kings", "kingsr", "kingsrook"})
    if (key == k) return 1;
  for (std::string_view q : {"q", "qr", "queen", "queens", "queensr", "queensrook"})
    if (key == q) return 2;
  return 0;
}

// Whether the side's words, ending in `last` (a castle_word), stop before `next`: "Castles,
// Q. B. to K. 3d." is Castles and then the queen's bishop's move, "Castles, Q. R. P. to Q. R's
// 3d." the queen's rook's pawn's, "Castles Q. R. to Q. sq." the queen's rook's.
bool side_stands_alone(std::string_view last, std::string_view next) {
  if (next.empty()) return true;
  if (is_dash(next) || is_capture_mark(next) || next[0] == '-') return false;
  // A piece word standing alone, as the dotted style spaces its names ("Q. B.", "R. P."): the
  // side's last word was the start of its name. A move ("Castles QR  P-K4") is not.
  std::string_view piece = without_trailing(next, ".,");
  if (last == "q" || last == "k") return piece != "P" && piece != "B" && piece != "Kt" && piece != "N" && piece != "R";
  if (last.ends_with("r")) return piece != "P";
  return true;
}

// Where the words that name the side of the castling before them end ("KR", "QR!", "Q. R.",
// "with Q. R.", "on Q side", "on the Queen's side"), from `at` in the line, or 0 if no side
// is named there. The longest naming that stands alone (side_stands_alone).
std::size_t castle_side_end(std::string_view line, std::size_t at) {
  std::string key, last;
  std::size_t i = at, end = 0;
  for (int words = 0; words < 6; ++words) {
    std::size_t w;
    while (i < line.size() && is_space_at(line, i, w)) i += w;
    std::size_t start = i;
    while (i < line.size() && !is_space_at(line, i, w) && line[i] != ',' && line[i] != ';' && line[i] != '{' &&
           line[i] != '(')
      ++i;
    if (i == start) break;
    std::string part = castle_word(line.substr(start, i - start));
    if (part.empty()) break;
    key += part;
    if (castle_side_named(key) && side_stands_alone(part, first_word(line.substr(i)))) end = i;
  }
  return end;
}

// A bracket after a move that holds only a mark of it: "(ch.)", "(mate)", "(dis. ch.)",
// "(e.p.)"; or after "Castles", its side: "(Q. R.)", "(KR)", "(Q)". Its end in the line, or 0.
std::size_t mark_bracket_end(std::string_view line, std::size_t open, std::string_view move) {
  std::size_t close = line.find(')', open);
  if (close == std::string_view::npos || close - open > 24) return 0;
  std::string_view inside = line.substr(open + 1, close - open - 1);
  bool marks = true, words = false;
  std::string key;
  for (std::size_t k = 0; k < inside.size();) {
    std::size_t end = inside.find(' ', k);
    if (end == std::string_view::npos) end = inside.size();
    std::string_view word = inside.substr(k, end - k);
    if (!word.empty()) {
      words = true;
      marks = marks && is_suffix_word(word);
      key += castle_word(word);
      if (castle_word(word).empty()) key = "?";
    }
    k = end + 1;
  }
  if (!words) return 0;
  if (marks || (is_castles(move) && castle_side_named(key))) return close + 1;
  return 0;
}

// Past a {comment} or (variation) that opens at `i`, nested ones included; one never closed
// on the line is noted in `out` (the rest of the line is not read, and that is said).
std::size_t past_bracketed(std::string_view line, std::size_t i, MoveText& out) {
  int depth = 0;
  char open = line[i], close = open == '{' ? '}' : ')';
  std::size_t opened = i;
  for (; i < line.size(); ++i) {
    if (line[i] == open) ++depth;
    else if (line[i] == close && --depth == 0) break;
  }
  if (i >= line.size()) {
    out.unclosed_at = opened + 1;
    out.unclosed = open;
  }
  out.skipped_comments = true;
  return i + 1;
}

// A move number in parentheses, as Edward Lasker prints them: "(1) P-Q4", "(12)".
bool parenthesised_number(std::string_view line, std::size_t i) {
  if (line[i] != '(') return false;
  std::size_t k = i + 1;
  while (k < line.size() && k - i <= 4 && line[k] >= '0' && line[k] <= '9') ++k;
  return k > i + 1 && k < line.size() && line[k] == ')';
}

// A ',' or ';' between moves in prose ("P-K4; 2. P-KB4", "P-K4, P-K4; (2) Kt-f3") separates
// them; a ';' that no move number follows opens PGN's comment to the end of the line.
bool is_separator(std::string_view line, std::size_t i) {
  if (line[i] == ',') return true;
  std::size_t next = i + 1, w;
  while (next < line.size() && is_space_at(line, next, w)) next += w;
  if (next < line.size() && line[next] == '(') ++next;
  return next < line.size() && line[next] >= '0' && line[next] <= '9';
}

// Past the punctuation at `i` between words: a {comment} or (variation), a separator, or a
// bracket that belongs to the move before it ("R (Q 2) - K 2"). False at PGN's ';' comment:
// nothing more of the line is read.
bool past_punctuation(std::string_view line, std::size_t& i, MoveText& out, bool& last_word_was_move) {
  char c = line[i];
  if (c == '{' || c == '(') {  // comments and variations: not part of the main line's moves
    std::size_t end = 0;
    if (c == '(' && last_word_was_move) {
      end = square_bracket_end(line, i, out.moves.back().text);
      if (!end) end = mark_bracket_end(line, i, out.moves.back().text);
    }
    if (end) extend_to(out.moves.back(), line, end);
    else last_word_was_move = false;
    i = end ? end : past_bracketed(line, i, out);
    return true;
  }
  if (!is_separator(line, i)) {  // PGN's comment to the end of the line
    out.skipped_comments = true;
    return false;
  }
  ++i;
  // A mark after a comma still belongs to the move before it: "PxP, e.p.".
  // So does the side after "Castles": "Castles, Q. R.".
  last_word_was_move = last_word_was_move && c == ',' &&
                       (is_suffix_word(first_word(line.substr(i))) ||
                        (is_castles(out.moves.back().text) && castle_side_end(line, i)));
  return true;
}

// A move number at the front of a word: "12.", "12...", "12", "...", or glued to its move
// ("12.e4", "12...Nf6").
struct NumberPrefix {
  bool found = false;
  std::size_t first = 0;   // where the digits begin: 1 in "(12)"
  std::size_t digits = 0;  // of the number (none for dots alone)
  std::size_t end = 0;     // past the number and its dots
  bool whole = false;      // nothing else is in the word
};

NumberPrefix number_prefix(std::string_view word) {
  NumberPrefix n;
  if (word.size() >= 3 && word[0] == '(') {  // "(12)", or glued to its move: "(1)Q-f5"
    n.first = 1;
    while (n.first + n.digits < word.size() && word[n.first + n.digits] >= '0' && word[n.first + n.digits] <= '9')
      ++n.digits;
    n.end = n.first + n.digits + 1;
    n.found = n.digits > 0 && n.end <= word.size() && word[n.end - 1] == ')';
    n.whole = n.end == word.size();
    return n;
  }
  while (n.digits < word.size() && word[n.digits] >= '0' && word[n.digits] <= '9') ++n.digits;
  n.end = n.digits;
  while (n.end < word.size() && (word[n.end] == '.' || word.substr(n.end).starts_with("\u2026"))) {
    n.end += word[n.end] == '.' ? 1 : 3;
  }
  bool bare_number = n.digits == word.size() && n.digits <= 3;  // four digits or more: an ICCF move
  n.found = (n.digits > 0 && n.end > n.digits) || bare_number || (n.digits == 0 && n.end == word.size());
  n.whole = n.end == word.size() || bare_number;
  return n;
}


}  // namespace

MoveText split_move_text(std::string_view line) {
  MoveText out;
  out.moves.reserve(line.size() / 4);  // "e4 " is the shortest move with its space
  int last_number = 0;
  bool last_black = false;          // the last number was Black's ("12...")
  bool last_word_was_move = false;  // the previous word was (part of) the last move token
  std::size_t i = 0;
  while (i < line.size()) {
    std::size_t w;
    if (is_space_at(line, i, w)) {
      i += w;
      continue;
    }
    char c = line[i];
    if ((c == '{' || c == '(' || c == ';' || c == ',') && !parenthesised_number(line, i)) {
      if (!past_punctuation(line, i, out, last_word_was_move)) break;
      continue;
    }
    std::size_t start = i;
    // Inside a word, parentheses belong to the move (N(1)-Q2, P-K8(Q)); only one that
    // opens a word starts a variation.
    while (i < line.size() && !is_space_at(line, i, w) && line[i] != '{' && line[i] != ';' && line[i] != ',') ++i;
    std::string_view word = line.substr(start, i - start);
    std::size_t column = start + 1;

    // "33. R x B  Resigns.": the side to move resigned, as books end a game; the rest of the
    // line is prose. Its result where the line's numbers say who that is.
    if (std::string_view bare = without_trailing(word, ".,;!"); bare == "Resigns" || bare == "resigns" ||
                                                                 bare == "Resigned" || bare == "resigned") {
      if (out.numbered && !out.moves.empty())
        out.result = out.plies_at_end() % 2 ? "1-0" : "0-1";  // Black to move resigned, or White
      break;
    }
    // Only a word right after the previous move (nothing skipped in between) can continue it.
    bool adjacent = !out.moves.empty() && last_word_was_move;
    last_word_was_move = false;
    if (adjacent && continues_spaced_move(out.moves.back().text, word, last_number + 1, line.substr(i))) {
      extend_to(out.moves.back(), line, i);
      last_word_was_move = true;
      continue;
    }
    char first = word[0];
    if (first == '0' || first == '1' || first == '*' || static_cast<unsigned char>(first) == 0xC2) {
      if (auto r = normalised_result(word); !r.empty()) {
        out.result = r;
        continue;
      }
    }
    if (first == '$') continue;  // NAG
    if (is_annotation_glyphs(word)) continue;
    if (NumberPrefix n = number_prefix(word); n.found) {
      if (n.digits > 0) {
        out.numbered = true;
        int number = 0;
        for (std::size_t k = 0; k < n.digits && k < 6; ++k) number = number * 10 + (word[n.first + k] - '0');
        if (!out.moves.empty() && number > last_number + 1 && !out.second_column_at) out.second_column_at = start;
        last_number = number;
        last_black = n.end - n.digits >= 3;
      } else if (n.end >= 3) {
        last_black = true;  // "1. e4 ... e5": the dots alone
      }
      if (n.whole) continue;
      word.remove_prefix(n.end);
      column += n.end;
    }
    if (adjacent && is_suffix_word(word)) {
      extend_to(out.moves.back(), line, i);
      last_word_was_move = true;
      continue;
    }
    if (adjacent && is_castles(out.moves.back().text)) {
      if (std::size_t end = castle_side_end(line, start)) {  // "Castles KR", "Castles with Q. R."
        extend_to(out.moves.back(), line, end);
        i = end;
        last_word_was_move = true;
        continue;
      }
    }
    if (out.moves.empty()) out.first_number = last_number, out.first_number_black = last_black;
    out.moves.push_back({word, column});
    last_word_was_move = true;
  }
  return out;
}


bool is_null_move_text(std::string_view word) {
  return word == "--" || word == "Z0" || word == "0000" || word == "@@@@";
}

std::string_view unicode_annotation(std::string_view s, std::size_t at) {
  if (at + 3 > s.size() || s[at] != '\xE2') return {};
  if (s[at + 1] == '\x80') return s[at + 2] == '\xBC' ? "!!" : "";
  if (s[at + 1] != '\x81') return {};
  switch (s[at + 2]) {
    case '\x87': return "??";
    case '\x88': return "?!";
    case '\x89': return "!?";
    default: return {};
  }
}

int glyph_nag(std::string_view g) {
  if (g == "!") return 1;
  if (g == "?") return 2;
  if (g == "!!") return 3;
  if (g == "??") return 4;
  if (g == "!?") return 5;
  if (g == "?!") return 6;
  return 0;
}

bool is_annotation_glyphs(std::string_view word) {
  for (std::size_t i = 0; i < word.size();) {
    if (word[i] == '!' || word[i] == '?') ++i;
    else if (!unicode_annotation(word, i).empty()) i += 3;
    else return false;
  }
  return !word.empty();
}

}  // namespace chess::notation
