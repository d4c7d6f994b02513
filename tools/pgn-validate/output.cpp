#include "pgn-validate/output.h"

#include <fmt/core.h>

#include "common/counted.h"
#include "common/game_report.h"
#include "common/json.h"

namespace validate {

using chess::pgn::GameReport;
using tools::json_string;

namespace {

void count(Summary& s, const chess::pgn::Diagnostic& d, bool warning) {
  s.warnings += warning;
  ++s.by_code[d.code];
}

// A game's diagnostics, counted a run of one code at a time: a file in another spelling
// has a warning at every move, and looking each one's code up in the map took 4.5% of the
// instructions validating such a file took (callgrind, the master games in long algebraic).
void count(Summary& s, const std::vector<chess::pgn::Diagnostic>& list) {
  for (std::size_t i = 0, j; i < list.size(); i = j) {
    for (j = i + 1; j < list.size() && list[j].code == list[i].code;) ++j;
    s.by_code[list[i].code] += j - i;
  }
}

void count(Summary& s, const GameReport& report) {
  ++s.games;
  ++(report.valid() ? s.valid : s.invalid);
  s.warnings += report.warnings.size();
  count(s, report.errors);
  count(s, report.warnings);
}

std::string summary_text(const Summary& s) {
  std::string codes;
  for (const auto& [code, n] : s.by_code) codes += fmt::format("{}{} {}", codes.empty() ? "" : ", ", code, n);
  return fmt::format("{}: {} valid, {} invalid; {}{}{}", tools::counted(s.games, "game"), s.valid, s.invalid,
                     tools::counted(s.warnings, "warning"), codes.empty() ? "" : "; ", codes);
}

}  // namespace

void Output::file_summary(const std::string& file) {
  if (!options_.jsonl) fmt::print(stderr, "{}: {}\n", file, summary_text(file_));
  file_ = {};
}

void Output::game(const std::string& file, const GameReport& report) {
  count(summary_, report);
  count(file_, report);
  if (options_.jsonl) {
    if (!options_.quiet) jsonl(file, report);
  } else if (!options_.quiet) {
    human(file, report);
  }
}

void Output::after_last_game(const chess::pgn::Diagnostic& d) {
  for (Summary* s : {&summary_, &file_}) count(*s, d, d.severity == chess::pgn::Severity::Warning);
}

void Output::human(const std::string& file, const GameReport& report) const {
  tools::print_game_diagnostics(diagnostics_, file, report);
}

void Output::jsonl(const std::string& file, const GameReport& report) const {
  fmt::print("{{\"game\": {}, \"file\": {}, \"line\": {}, {}, \"valid\": {}, \"white\": {}, \"black\": {}, "
             "\"result\": {}, \"dialect\": {}, \"plies\": {}, \"errors\": {}, \"warnings\": {}}}\n",
             report.ordinal, json_string(file), report.start.line, tools::json_span(report.span), report.valid(), json_string(report.white),
             json_string(report.black), json_string(report.result), json_string(report.dialect), report.plies,
             tools::json_diagnostics(report.errors), tools::json_diagnostics(report.warnings));
}

std::string Output::summary_json() const {
  std::string codes;
  for (const auto& [code, n] : summary_.by_code) codes += fmt::format("{}{}: {}", codes.empty() ? "" : ", ", json_string(code), n);
  return fmt::format("{{\"summary\": {{\"games\": {}, \"valid\": {}, \"invalid\": {}, \"warnings\": {}, \"by_code\": {{{}}}}}}}",
                     summary_.games, summary_.valid, summary_.invalid, summary_.warnings, codes);
}

void Output::add(const tools::JsonValue& part) {
  for (Summary* s : {&summary_, &file_}) {
    s->games += std::size_t(part.number_at("games"));
    s->valid += std::size_t(part.number_at("valid"));
    s->invalid += std::size_t(part.number_at("invalid"));
    s->warnings += std::size_t(part.number_at("warnings"));
    if (const tools::JsonValue* codes = part.get("by_code"))
      for (const auto& [code, n] : codes->members) s->by_code[code] += std::size_t(n.number);
  }
}

void Output::summary() const {
  if (options_.jsonl) fmt::print("{}\n", summary_json());
  else fmt::print(stderr, "{}\n", summary_text(summary_));
}

}  // namespace validate
