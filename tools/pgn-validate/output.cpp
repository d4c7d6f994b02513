#include "pgn-validate/output.h"

#include <fmt/core.h>

#include "common/counted.h"
#include "common/json.h"

namespace validate {

using chess::pgn::Diagnostic;
using chess::pgn::GameReport;
using tools::json_string;

namespace {

std::string json_diagnostic(const Diagnostic& d) {
  std::string out = fmt::format("{{\"code\": {}, \"line\": {}, \"col\": {}", json_string(d.code), d.at.line, d.at.column);
  if (d.ply) out += fmt::format(", \"ply\": {}, \"move\": {}, \"fen\": {}", d.ply, json_string(d.move), json_string(d.fen));
  out += ", \"message\": " + json_string(d.message);
  if (!d.suggestions.empty()) {
    out += ", \"suggestions\": [";
    for (std::size_t i = 0; i < d.suggestions.size(); ++i) out += (i ? ", " : "") + json_string(d.suggestions[i]);
    out += "]";
  }
  return out + "}";
}

std::string json_list(const std::vector<Diagnostic>& list) {
  std::string out = "[";
  for (std::size_t i = 0; i < list.size(); ++i) out += (i ? ", " : "") + json_diagnostic(list[i]);
  return out + "]";
}

}  // namespace

void Output::game(const std::string& file, const GameReport& report) {
  ++summary_.games;
  ++(report.valid() ? summary_.valid : summary_.invalid);
  summary_.warnings += report.warnings.size();
  for (const auto* list : {&report.errors, &report.warnings})
    for (const Diagnostic& d : *list) ++summary_.by_code[d.code];
  if (options_.jsonl) {
    if (!options_.quiet) jsonl(file, report);
  } else if (!options_.quiet) {
    human(file, report);
  }
}

// file:line:col: error[code]: message (game N, White - Black, ply P, move 'X', position FEN)
void Output::human(const std::string& file, const GameReport& report) const {
  std::string players = report.white.empty() && report.black.empty() ? "" : ", " + report.white + " - " + report.black;
  auto print = [&](const Diagnostic& d, tools::Severity severity) {
    std::string message = d.message + fmt::format(" (game {} at line {}{}", report.ordinal, report.start.line, players);
    if (d.ply) message += fmt::format(", ply {}, move '{}', position {}", d.ply, d.move, d.fen);
    message += ")";
    if (!d.suggestions.empty()) {
      message += "; did you mean: ";
      for (std::size_t i = 0; i < d.suggestions.size(); ++i) message += (i ? ", " : "") + d.suggestions[i];
    }
    diagnostics_.print(file, d.at.line, d.at.column, severity, d.code, message);
  };
  for (const Diagnostic& d : report.errors) print(d, tools::Severity::Error);
  for (const Diagnostic& d : report.warnings) print(d, tools::Severity::Warning);
}

void Output::jsonl(const std::string& file, const GameReport& report) const {
  fmt::print("{{\"game\": {}, \"file\": {}, \"line\": {}, \"valid\": {}, \"white\": {}, \"black\": {}, \"result\": {}, "
             "\"dialect\": {}, \"plies\": {}, \"errors\": {}, \"warnings\": {}}}\n",
             report.ordinal, json_string(file), report.start.line, report.valid(), json_string(report.white),
             json_string(report.black), json_string(report.result), json_string(report.dialect), report.plies,
             json_list(report.errors), json_list(report.warnings));
}

void Output::summary() const {
  if (options_.jsonl) {
    std::string codes;
    for (const auto& [code, n] : summary_.by_code) codes += fmt::format("{}{}: {}", codes.empty() ? "" : ", ", json_string(code), n);
    fmt::print("{{\"summary\": {{\"games\": {}, \"valid\": {}, \"invalid\": {}, \"warnings\": {}, \"by_code\": {{{}}}}}}}\n",
               summary_.games, summary_.valid, summary_.invalid, summary_.warnings, codes);
    return;
  }
  std::string codes;
  for (const auto& [code, n] : summary_.by_code) codes += fmt::format("{}{} {}", codes.empty() ? "" : ", ", code, n);
  fmt::print(stderr, "{}: {} valid, {} invalid; {}{}{}\n", tools::counted(summary_.games, "game"), summary_.valid,
             summary_.invalid, tools::counted(summary_.warnings, "warning"), codes.empty() ? "" : "; ", codes);
}

}  // namespace validate
