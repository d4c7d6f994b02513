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

}  // namespace

LineResult Translator::translate(std::string_view line, const Codec* preferred, const Continuation* continues,
                                 std::span<const std::string_view> next_line) const {
  LineResult result;
  Position pos = options_.start;
  std::string_view moves_text = line;
  std::size_t offset = 0;  // byte offset of moves_text within line
  if (auto tab = line.find('\t'); tab != std::string_view::npos) {
    std::string_view fen = line.substr(0, tab);
    result.fen_prefix = std::string(line.substr(0, tab + 1));
    FenOptions fo;
    if (options_.chess960) fo.chess960 = Chess960Mode::On;
    FenResult parsed = Position::from_fen(fen, fo);
    if (!parsed.ok()) {
      result.failure = Problem{"bad-fen", parsed.error->column, 0, std::string(fen), "",
                               std::string("invalid FEN, ") + to_string(parsed.error->field) + " field: " +
                                   parsed.error->message,
                               {}};
      return result;
    }
    pos = parsed.position;
    moves_text = line.substr(tab + 1);
    offset = tab + 1;
  }
  MoveText text = split_move_text(moves_text);
  // A line numbered where the line before stopped goes on with its game.
  bool goes_on = continues && result.fen_prefix.empty() && text.first_number &&
                 text.first_number == continues->pos.fullmove_number() &&
                 text.first_number_black == (continues->pos.side_to_move() == BLACK);
  if (goes_on) pos = continues->pos;
  if (text.second_column_at) {  // two parts of a game side by side: the caller reads them in order
    result.second_column_at = offset + text.second_column_at;
    result.failure = Problem{"two-columns", result.second_column_at + 1, 0, "", pos.fen(),
                             "the move numbers jump here: a game's halves printed side by side, read as such only "
                             "when the whole block of lines is read (not as a coprocess)",
                             {}};
    return result;
  }
  if (text.unclosed_at) {  // the rest of the line would be dropped in silence
    bool comment = text.unclosed == '{';
    result.failure = Problem{comment ? "unterminated-comment" : "unbalanced-variation", offset + text.unclosed_at, 0, "",
                             pos.fen(),
                             std::string(comment ? "a comment" : "a variation") + " opened here with '" +
                                 text.unclosed + "' is not closed on the line: the rest of the line is not read",
                             {}};
    return result;
  }
  result.result = std::string(text.result);
  result.numbered = text.numbered;
  std::vector<std::string_view> tokens;
  for (const auto& t : text.moves) tokens.push_back(t.text);

  const Codec* from = options_.from;
  if (!from && !tokens.empty()) {
    Detection d = detect_dialect(pos, tokens);
    from = d.codec ? d.codec : d.rivals.empty() ? d.closest : nullptr;
    if (!from && preferred && std::find(d.readings.begin(), d.readings.end(), preferred) != d.readings.end())
      from = preferred;
    if (!from) {
      result.failure = Problem{"unknown-dialect", offset + 1, 0, "", pos.fen(), d.message, {}};
      result.ambiguous_dialect = !d.rivals.empty();
      return result;
    }
    // Read as the dialect that got furthest: the error below then names the real move.
  }
  result.source = from ? std::string(from->name()) : "";

  std::vector<std::string_view> ahead;  // this line's moves, then the next line's (when given)
  if (!next_line.empty()) {
    ahead = tokens;
    ahead.insert(ahead.end(), next_line.begin(), next_line.end());
  }
  bool from_san = from && from->writes_canonical_san();
  bool from_descriptive = from && from->uses_piece_origins();
  bool to_descriptive = options_.to->uses_piece_origins();
  PieceOrigins origins = goes_on ? continues->origins : PieceOrigins(pos);
  PieceOrigins target_origins = goes_on ? continues->target_origins : PieceOrigins(pos);
  result.moves.reserve(tokens.size());
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    ParseOptions po;
    po.strict = options_.strict;
    po.spelling_notes = false;  // only readings that involved a choice are reported
    po.origins = &origins;
    po.following = ahead.empty() ? std::span(tokens).subspan(i + 1) : std::span(ahead).subspan(i + 1);
    std::size_t column = offset + text.moves[i].column;
    int ply = int(i) + 1;
    // Canonical SAN, the common case, is read directly; anything else by the codec.
    ParseResult r;
    FormatOptions write{&target_origins};
    if (from_san && (r.move = notation::read_canonical_san(pos, tokens[i])).is_ok()) {
      char last = tokens[i].back();  // canonical SAN says exactly whether it checks or mates
      write.check_mark = last == '+' || last == '#' ? last : 0;
    } else {
      r = from->parse(pos, tokens[i], po);
    }
    if (!r.ok()) {
      Problem p{to_string(r.error->kind), column + r.error->column - 1, ply, std::string(tokens[i]), pos.fen(),
                r.error->message, {}};
      p.candidates = render_moves(*options_.to, pos, target_origins, r.error->candidates);
      result.failure = std::move(p);
      return result;
    }
    for (const ReadingNote& note : r.notes)
      if (!note.spelling_only)
        result.warnings.push_back(Problem{"lenient-reading", column, ply, std::string(tokens[i]), pos.fen(),
                                          note.message, {}});
    TranslatedMove tm{options_.to->format(pos, r.move, write),
                      options_.with_uci ? to_uci(pos, r.move) : std::string(),
                      pos.fullmove_number(), pos.side_to_move()};
    result.moves.push_back(std::move(tm));
    // Where pieces started matters to descriptive notation only (QR, KN...).
    if (from_descriptive) origins.update(pos, r.move);
    if (to_descriptive) target_origins.update(pos, r.move);
    pos.make_move(r.move);
  }
  if (options_.with_uci) result.final_fen = pos.fen();  // for JSON output only
  result.end = Continuation{std::move(pos), origins, target_origins};
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
