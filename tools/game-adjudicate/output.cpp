#include "game-adjudicate/output.h"

#include <cstdio>
#include <type_traits>

#include <fmt/format.h>

#include "common/counted.h"
#include "common/game_report.h"
#include "common/json.h"

namespace adjudicate {

using chess::rules::Adjudication;
using chess::rules::RuleSet;
using tools::json_string;

namespace {

std::string side(chess::Color c) { return c == chess::WHITE ? "white" : "black"; }

std::string rule_name(const Adjudication& a, const RuleSet& set) {
  return a.article.empty() ? std::string() : set.name + " " + a.article;
}

std::string claims_text(const Adjudication& a) {
  std::string out;
  for (const auto& c : a.claimable)
    out += fmt::format("{}{} by {} from ply {}{}", out.empty() ? "" : ", ", chess::rules::to_string(c.reason),
                       c.by == chess::WHITE ? "White" : "Black", c.ply, c.with_written_move ? " (move written)" : "");
  return out;
}

std::string_view or_else(std::string_view text, std::string_view otherwise) { return text.empty() ? otherwise : text; }

std::string join(const std::vector<std::string>& words, const char* between) {
  std::string out;
  for (const auto& w : words) out += (out.empty() ? "" : between) + w;
  return out;
}

// file: game N (line L), White - Black: recorded R, adjudicated A: explanation (rule), ply P
class TextPrinter : public Printer {
public:
  explicit TextPrinter(const tools::DiagnosticPrinter& diagnostics) : diagnostics_(diagnostics) {}
  // The line is put together in one buffer by appending its pieces, and written at once:
  // a line a game, over an archive, and a format string parsed for each cost more than
  // judging most games.
  void game(const std::string& file, const Judged& j, const RuleSet& set) override {
    const auto& r = j.report;
    line_.clear();
    add(file, ": game ", r.ordinal, " (line ", r.start.line, "), ", or_else(r.white, "?"), " - ", or_else(r.black, "?"),
        ": recorded ", or_else(j.recorded, "nothing"));
    if (!j.other_recorded.empty()) add(" (Result tag ", j.other_recorded, ")");
    if (!r.valid() || !j.adjudication) tools::print_game_diagnostics(diagnostics_, file, r, true);
    if (!j.adjudication) {
      if (r.errors.empty()) add(", not adjudicated: unreadable\n");
      else add(", not adjudicated: ", r.errors.front().code, ": ", r.errors.front().message, "\n");
      return write();
    }
    const Adjudication& a = *j.adjudication;
    add(", adjudicated ", chess::rules::to_string(a.result), ": ", a.explanation);
    if (std::string rule = rule_name(a, set); !rule.empty()) add(" (", rule, ")");
    add(", ply ", a.ply);
    if (a.moves_after_end) add("; ", tools::counted(a.moves_after_end, "ply", "plies"), " recorded after the end");
    if (!a.claimable.empty()) add("; claimable: ", claims_text(a));
    if (!j.witness_san.empty()) add("; mate possible: ", join(j.witness_san, " "));
    for (const auto& n : a.notes) add("; ", n);
    add("\n");
    write();
  }
  void summary(const Summary& s) override {
    std::string reasons;
    for (const auto& [reason, n] : s.by_reason) reasons += fmt::format("{}{} {}", reasons.empty() ? "" : ", ", reason, n);
    fmt::print(stderr, "{}: {} agree, {} disagree, {} not adjudicated{}{}\n", tools::counted(s.games, "game"), s.agree,
               s.disagree, s.unreadable, reasons.empty() ? "" : "; ", reasons);
  }

protected:
  const tools::DiagnosticPrinter& diagnostics_;

private:
  template <typename... Pieces>
  void add(const Pieces&... pieces) {
    (append(pieces), ...);
  }
  void append(std::string_view text) { line_.append(text); }
  void append(const char* text) { line_.append(text); }
  template <typename Number, typename = std::enable_if_t<std::is_integral_v<Number>>>
  void append(Number n) {
    fmt::format_int digits(n);
    line_.append(digits.data(), digits.size());
  }
  void write() { std::fwrite(line_.data(), 1, line_.size(), stdout); }
  std::string line_;
};

class JsonPrinter : public Printer {
public:
  explicit JsonPrinter(const tools::DiagnosticPrinter& diagnostics) : diagnostics_(diagnostics) {}
  void game(const std::string& file, const Judged& j, const RuleSet& set) override {
    const auto& r = j.report;
    std::string head = fmt::format("{{\"file\": {}, \"game\": {}, \"line\": {}, {}, \"white\": {}, \"black\": {}, "
                                   "\"recorded\": {}",
                                   json_string(file), r.ordinal, r.start.line, tools::json_span(r.span),
                                   json_string(r.white), json_string(r.black), json_string(j.recorded));
    if (!j.other_recorded.empty()) head += fmt::format(", \"result_tag\": {}", json_string(j.other_recorded));
    if (!j.adjudication) {
      tools::print_game_diagnostics(diagnostics_, file, r, true);
      fmt::print("{}, \"valid\": false, \"errors\": {}}}\n", head, tools::json_diagnostics(r.errors));
      return;
    }
    if (!r.valid()) tools::print_game_diagnostics(diagnostics_, file, r, true);
    const Adjudication& a = *j.adjudication;
    std::string claims;
    for (const auto& c : a.claimable)
      claims += fmt::format("{}{{\"reason\": {}, \"ply\": {}, \"by\": \"{}\", \"move_written\": {}}}",
                            claims.empty() ? "" : ", ", json_string(chess::rules::to_string(c.reason)), c.ply,
                            side(c.by), c.with_written_move);
    std::string witness = "null";
    if (a.witness_side) {
      witness = fmt::format("{{\"side\": \"{}\", \"moves\": [", side(*a.witness_side));
      for (std::size_t i = 0; i < j.witness_san.size(); ++i) witness += (i ? ", " : "") + json_string(j.witness_san[i]);
      witness += "]}";
    }
    std::string notes = "[";
    for (std::size_t i = 0; i < a.notes.size(); ++i) notes += (i ? ", " : "") + json_string(a.notes[i]);
    notes += "]";
    std::string rule = rule_name(a, set);
    fmt::print("{}, \"valid\": true, \"adjudicated\": {}, \"agrees\": {}, \"reason\": {}, \"rule\": {}, \"ply\": {}, "
               "\"explanation\": {}, \"claimable\": [{}], \"witness\": {}, \"moves_after_end\": {}, \"notes\": {}}}\n",
               head, json_string(chess::rules::to_string(a.result)), !j.disagrees(),
               json_string(chess::rules::to_string(a.reason)), rule.empty() ? "null" : json_string(rule), a.ply,
               json_string(a.explanation), claims, witness, a.moves_after_end, notes);
  }
  void summary(const Summary& s) override { fmt::print("{}\n", s.json()); }

private:
  const tools::DiagnosticPrinter& diagnostics_;
};

// The games written back, ready for pgn-convert or pgn-validate; the summary on stderr.
class PgnPrinter : public TextPrinter {
public:
  using TextPrinter::TextPrinter;
  void game(const std::string& file, const Judged& j, const RuleSet&) override {
    if (!j.report.valid()) tools::print_game_diagnostics(diagnostics_, file, j.report, true);
    fmt::print("{}", j.pgn);
  }
};

}  // namespace

void Summary::count(const Judged& j) {
  ++games;
  if (!j.adjudication) {
    ++unreadable;
    return;
  }
  ++(j.disagrees() ? disagree : agree);
  ++by_reason[std::string(chess::rules::to_string(j.adjudication->reason))];
}

std::string Summary::json() const {
  std::string reasons;
  for (const auto& [reason, n] : by_reason) reasons += fmt::format("{}{}: {}", reasons.empty() ? "" : ", ", json_string(reason), n);
  return fmt::format("{{\"summary\": {{\"games\": {}, \"agree\": {}, \"disagree\": {}, \"not_adjudicated\": {}, "
                     "\"by_reason\": {{{}}}}}}}",
                     games, agree, disagree, unreadable, reasons);
}

void Summary::add(const tools::JsonValue& part) {
  games += std::size_t(part.number_at("games"));
  agree += std::size_t(part.number_at("agree"));
  disagree += std::size_t(part.number_at("disagree"));
  unreadable += std::size_t(part.number_at("not_adjudicated"));
  if (const tools::JsonValue* reasons = part.get("by_reason"))
    for (const auto& [reason, n] : reasons->members) by_reason[reason] += std::size_t(n.number);
}

std::unique_ptr<Printer> make_printer(Format format, const tools::DiagnosticPrinter& diagnostics) {
  switch (format) {
    case Format::Jsonl: return std::make_unique<JsonPrinter>(diagnostics);
    case Format::Pgn: return std::make_unique<PgnPrinter>(diagnostics);
    default: return std::make_unique<TextPrinter>(diagnostics);
  }
}

}  // namespace adjudicate
