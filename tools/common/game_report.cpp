#include "common/game_report.h"

#include <fmt/core.h>

#include "common/json.h"

namespace tools {

using chess::pgn::Diagnostic;

std::string game_context(const chess::pgn::GameReport& report) {
  return fmt::format("game {} at line {}{}", report.ordinal, report.start.line,
                     report.white.empty() && report.black.empty() ? "" : ", " + report.white + " - " + report.black);
}

void print_game_diagnostics(const DiagnosticPrinter& printer, const std::string& file,
                            const chess::pgn::GameReport& report, bool errors_only) {
  if (report.errors.empty() && (errors_only || report.warnings.empty())) return;  // most games
  std::string context = game_context(report);
  auto print = [&](const Diagnostic& d, Severity severity) {
    std::string message = d.message + " (" + context;
    if (d.ply) message += fmt::format(", ply {}, move '{}', position {}", d.ply, excerpt(d.move), d.fen);
    message += ")";
    if (!d.suggestions.empty()) {
      message += "; did you mean: ";
      for (std::size_t i = 0; i < d.suggestions.size(); ++i) message += (i ? ", " : "") + d.suggestions[i];
    }
    printer.print(file, d.at.line, d.at.column, severity, d.code, message);
  };
  std::size_t printed = 0, left_out = 0;
  auto each = [&](const Diagnostic& d, Severity severity) {
    if (printer.max_per_game && printed == printer.max_per_game) return void(++left_out);
    print(d, severity);
    ++printed;
  };
  for (const Diagnostic& d : report.errors) each(d, Severity::Error);
  if (!errors_only)
    for (const Diagnostic& d : report.warnings)
      if (printer.take_warning(d.code)) each(d, Severity::Warning);
  if (left_out)
    printer.print(file, report.start.line, report.start.column ? report.start.column : 1, Severity::Note, "max-errors",
                  fmt::format("{} more in game {} not shown (--max-errors {})", left_out, report.ordinal,
                              printer.max_per_game));
}

std::string json_span(const chess::pgn::Span& span) {
  return fmt::format("\"offset\": {}, \"length\": {}", span.offset, span.length);
}

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

std::string json_diagnostics(const std::vector<Diagnostic>& list) {
  std::string out = "[";
  for (std::size_t i = 0; i < list.size(); ++i) out += (i ? ", " : "") + json_diagnostic(list[i]);
  return out + "]";
}

}  // namespace tools
