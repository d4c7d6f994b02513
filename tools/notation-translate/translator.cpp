#include "notation-translate/translator.h"

#include <algorithm>

#include "chess/notation/canonical_san.h"
#include "chess/notation/move_text.h"
#include "chess/notation/registry.h"
#include "chess/uci_move.h"

namespace translate {

using namespace chess;
using namespace chess::notation;

namespace {

std::vector<std::string> render_moves(const Codec& codec, Position& pos, const PieceOrigins& origins,
                                      const std::vector<Move>& moves) {
  std::vector<std::string> out;
  FormatOptions fo{&origins};
  for (Move m : moves) out.push_back(codec.format(pos, m, fo));
  return out;
}

// "FEN<tab>moves": the line's own start position, and `offset` the moves' byte offset in
// the line. False (the failure set) if the FEN does not read.
bool read_fen_prefix(std::string_view line, bool chess960, LineResult& result, Position& pos, std::size_t& offset) {
  auto tab = fen_tab(line);
  if (tab == std::string_view::npos) return true;
  std::string_view fen = line.substr(0, tab);
  result.fen_prefix = std::string(line.substr(0, tab + 1));
  FenOptions fo;
  if (chess960) fo.chess960 = Chess960Mode::On;
  FenResult parsed = Position::from_fen(fen, fo);
  if (!parsed.ok()) {
    result.failure = Problem{"bad-fen", parsed.error->column, 0, std::string(fen), "",
                             std::string("invalid FEN, ") + to_string(parsed.error->field) + " field: " +
                                 parsed.error->message,
                             {}};
    return false;
  }
  pos = parsed.position;
  offset = tab + 1;
  return true;
}

// A line that is not one list of moves: two halves of a game side by side (the caller reads
// them in order), or a comment or variation left open (the rest of the line would be
// dropped in silence). True (the failure set) if so.
bool misshapen(const MoveText& text, std::size_t offset, const Position& pos, LineResult& result) {
  if (text.second_column_at) {
    result.second_column_at = offset + text.second_column_at;
    result.failure = Problem{"two-columns", result.second_column_at + 1, 0, "", pos.fen(),
                             "the move numbers jump here: a game's halves printed side by side, read as such only "
                             "when the whole block of lines is read (not as a coprocess)",
                             {}};
    return true;
  }
  if (!text.unclosed_at) return false;
  bool comment = text.unclosed == '{';
  result.failure = Problem{comment ? "unterminated-comment" : "unbalanced-variation", offset + text.unclosed_at, 0, "",
                           pos.fen(),
                           std::string(comment ? "a comment" : "a variation") + " opened here with '" +
                               text.unclosed + "' is not closed on the line: the rest of the line is not read",
                           {}};
  return true;
}

// The dialect a line reads in, with --from auto: the one that reads it, else the one that
// got furthest (the error then names the real move), else `preferred` if it is one of those
// that read it. Null (the failure set) if none.
const Codec* line_dialect(const Position& pos, const std::vector<std::string_view>& tokens, const Codec* preferred,
                          std::size_t offset, LineResult& result) {
  Detection d = detect_dialect(pos, tokens);
  if (!d.caution.empty()) result.warnings.push_back(Problem{"lenient-reading", offset + 1, 0, "", pos.fen(), d.caution, {}});
  const Codec* from = d.codec ? d.codec : d.rivals.empty() ? d.closest : nullptr;
  if (!from && preferred && std::find(d.readings.begin(), d.readings.end(), preferred) != d.readings.end())
    from = preferred;
  if (!from) {
    result.failure = Problem{"unknown-dialect", offset + 1, 0, "", pos.fen(), d.message, {}};
    result.ambiguous_dialect = !d.rivals.empty();
  }
  return from;
}

// Where a line's moves stand as they are translated one by one.
struct LineState {
  Position pos;
  PieceOrigins origins, target_origins;  // for the dialect read, and the one written
  const Codec* from;
  bool from_san, from_descriptive, to_descriptive;
};

// One move of the line, read and written: false (the failure set) if it does not read.
bool translate_move(const TranslatorOptions& options, LineState& state, std::string_view token, std::size_t column,
                    int ply, std::span<const std::string_view> following, LineResult& result) {
  Position& pos = state.pos;
  ParseOptions po;
  po.strict = options.strict;
  po.spelling_notes = false;  // only readings that involved a choice are reported
  po.origins = &state.origins;
  po.following = following;
  // Canonical SAN, the common case, is read directly; anything else by the codec.
  ParseResult r;
  FormatOptions write{&state.target_origins};
  if (state.from_san && (r.move = notation::read_canonical_san(pos, token)).is_ok()) {
    char last = token.back();  // canonical SAN says exactly whether it checks or mates
    write.check_mark = last == '+' || last == '#' ? last : 0;
  } else {
    r = state.from->parse(pos, token, po);
  }
  if (!r.ok()) {
    Problem p{to_string(r.error->kind), column + r.error->byte_in(token), ply, std::string(token), pos.fen(),
              r.error->message, {}};
    p.candidates = render_moves(*options.to, pos, state.target_origins, r.error->candidates);
    result.failure = std::move(p);
    return false;
  }
  for (const ReadingNote& note : r.notes)
    if (!note.spelling_only)
      result.warnings.push_back(Problem{"lenient-reading", column, ply, std::string(token), pos.fen(), note.message, {}});
  TranslatedMove tm{options.to->format(pos, r.move, write), options.with_uci ? to_uci(pos, r.move) : std::string(),
                    pos.fullmove_number(), pos.side_to_move()};
  result.moves.push_back(std::move(tm));
  // Where pieces started matters to descriptive notation only (QR, KN...).
  if (state.from_descriptive) state.origins.update(pos, r.move);
  if (state.to_descriptive) state.target_origins.update(pos, r.move);
  pos.make_move(r.move);
  return true;
}

}  // namespace

bool numbered_from(const MoveText& text, const Position& pos) {
  return text.first_number && text.first_number == pos.fullmove_number() &&
         text.first_number_black == (pos.side_to_move() == BLACK);
}

namespace {

// A pass where the line has one: played, or the failure set (not allowed; in check).
bool pass(const TranslatorOptions& options, Position& pos, std::string_view token, std::size_t column, int ply,
          LineResult& result) {
  if (!options.allow_null_moves) {
    result.failure = Problem{"unreadable-move", column, ply, std::string(token), pos.fen(),
                             "'" + std::string(token) +
                                 "' is a null move (a pass, as analysis programs write it): not a move of the game "
                                 "(--allow-null-moves reads it as a pass)",
                             {}};
    return false;
  }
  if (pos.in_check()) {
    result.failure = Problem{"illegal-move", column, ply, std::string(token), pos.fen(),
                             "a null move ('" + std::string(token) + "') while in check: the king would be taken", {}};
    return false;
  }
  result.moves.push_back(TranslatedMove{std::string(options.to->null_move()), options.with_uci ? "0000" : "",
                                        pos.fullmove_number(), pos.side_to_move()});
  pos.make_null_move();
  return true;
}

}  // namespace

std::size_t fen_tab(std::string_view line) {
  const std::size_t tab = line.find('\t');
  return tab != std::string_view::npos && line.substr(0, tab).find('/') != std::string_view::npos ? tab
                                                                                                   : std::string_view::npos;
}

LineResult Translator::translate(std::string_view line, const Codec* preferred, const Continuation* continues,
                                 std::span<const std::string_view> next_line) const {
  LineStart start;
  // A line numbered where the line before stopped goes on with its game.
  if (continues && fen_tab(line) == std::string_view::npos && numbered_from(split_move_text(line), continues->pos))
    start.from = continues;
  return translate_from(line, preferred, start, next_line);
}

LineResult Translator::translate_from(std::string_view line, const Codec* preferred, const LineStart& start,
                                      std::span<const std::string_view> next_line, const Codec* dialect) const {
  LineResult result;
  Position pos = options_.start;
  std::size_t offset = 0;  // byte offset of the moves within line
  if (!read_fen_prefix(line, options_.chess960, result, pos, offset)) return result;
  std::string_view moves_text = line.substr(offset);
  // A number given from outside is written before the moves, in a copy that the splitter
  // reads; columns and move texts are then the line's own.
  std::string copy;
  std::size_t shift = 0;
  if (start.number) {
    copy = std::to_string(start.number) + (start.black ? "... " : ". ");
    shift = copy.size();
    copy += moves_text;
  }
  MoveText text = split_move_text(copy.empty() ? moves_text : std::string_view(copy));
  if (!copy.empty()) {
    for (MoveToken& t : text.moves) {
      t.column -= shift;
      t.text = moves_text.substr(t.column - 1, t.text.size());
    }
    if (text.second_column_at) text.second_column_at -= shift;
    if (text.unclosed_at) text.unclosed_at -= shift;
    text.result = normalised_result(text.result);  // a view into the copy: PGN's own text instead
  }
  bool goes_on = start.from && result.fen_prefix.empty();
  const Continuation* continues = goes_on ? start.from : nullptr;
  if (goes_on) pos = continues->pos;
  if (misshapen(text, offset, pos, result)) return result;
  result.result = std::string(text.result);
  result.numbered = start.number ? start.numbered : text.numbered || start.numbered;
  std::vector<std::string_view> tokens;
  for (const auto& t : text.moves) tokens.push_back(t.text);

  const Codec* from = options_.from ? options_.from : dialect;
  if (!from && !tokens.empty()) {
    // The dialect of the moves before the first pass (after the passes the line begins with).
    std::size_t first = 0, last;
    Position before = pos;
    while (first < tokens.size() && is_null_move_text(tokens[first])) {
      if (!before.in_check()) before.make_null_move();
      ++first;
    }
    for (last = first; last < tokens.size() && !is_null_move_text(tokens[last]);) ++last;
    std::vector<std::string_view> run(tokens.begin() + first, tokens.begin() + last);
    if (!run.empty() && !(from = line_dialect(before, run, preferred, offset, result))) return result;
  }
  result.source = from ? std::string(from->name()) : "";

  std::vector<std::string_view> ahead;  // this line's moves, then the next line's (when given)
  if (!next_line.empty()) {
    ahead = tokens;
    ahead.insert(ahead.end(), next_line.begin(), next_line.end());
  }
  PieceOrigins origins = goes_on ? continues->origins : PieceOrigins(pos);
  PieceOrigins target_origins = goes_on ? continues->target_origins : PieceOrigins(pos);
  LineState state{std::move(pos), std::move(origins), std::move(target_origins), from,
                  from && from->writes_canonical_san(), from && from->uses_piece_origins(),
                  options_.to->uses_piece_origins()};
  result.moves.reserve(tokens.size());
  std::span<const std::string_view> following = ahead.empty() ? std::span(tokens) : std::span(ahead);
  int plies_before = goes_on ? continues->plies : 0;
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    std::size_t column = offset + text.moves[i].column;
    int ply = plies_before + int(i) + 1;
    if (is_null_move_text(tokens[i])) {
      if (!pass(options_, state.pos, tokens[i], column, ply, result)) return result;
      continue;
    }
    if (!translate_move(options_, state, tokens[i], column, ply, following.subspan(i + 1), result)) return result;
  }
  if (options_.with_uci) result.final_fen = state.pos.fen();  // for JSON output only
  result.end = Continuation{std::move(state.pos), state.origins, state.target_origins,
                            plies_before + int(tokens.size()), result.numbered};
  return result;
}

std::string Translator::render(const LineResult& result) const {
  std::string out = result.fen_prefix;
  out.reserve(out.size() + 12 * result.moves.size());
  bool first = true;
  auto add = [&](const std::string& word) {
    if (word.empty()) return;
    if (!first) out += ' ';
    out += word;
    first = false;
  };
  using Numbers = TranslatorOptions::Numbers;
  bool numbered = options_.numbers == Numbers::Always || (options_.numbers == Numbers::AsInput && result.numbered);
  for (std::size_t i = 0; i < result.moves.size(); ++i) {
    const TranslatedMove& m = result.moves[i];
    if (numbered && (m.side == WHITE || i == 0)) {
      std::size_t before = out.size();
      if (!first) out += ' ';
      numbers_.append(out, m.fullmove, m.side);
      if (out.size() == before + (first ? 0 : 1)) out.resize(before);  // a dialect without numbers
      else first = false;
    }
    add(m.text);
  }
  add(result.result);
  return out;
}

}  // namespace translate
