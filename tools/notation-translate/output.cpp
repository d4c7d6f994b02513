#include "notation-translate/output.h"

#include <cstdio>
#include <fmt/core.h>

#include "common/json.h"
#include "common/output_file.h"

namespace translate {

using tools::json_string;

namespace {

std::string json_list(const std::vector<std::string>& items) {
  std::string out = "[";
  for (std::size_t i = 0; i < items.size(); ++i) out += (i ? ", " : "") + json_string(items[i]);
  return out + "]";
}

std::string json_problem(const Problem& p) {
  return fmt::format("{{\"code\": {}, \"col\": {}, \"ply\": {}, \"move\": {}, \"fen\": {}, \"message\": {}, "
                     "\"suggestions\": {}}}",
                     json_string(p.code), p.column, p.ply, json_string(p.move), json_string(p.fen),
                     json_string(p.message), json_list(p.candidates));
}

}  // namespace

void Output::report(std::string_view file, std::size_t line_no, const Problem& p, tools::Severity severity) const {
  std::string message = p.message;
  // In the words and order of the PGN programs' reports (common/game_report.cpp).
  if (p.ply > 0) message += fmt::format(" (ply {}, move '{}', position {})", p.ply, tools::excerpt(p.move), p.fen);
  if (!p.candidates.empty()) {
    message += "; did you mean: ";
    for (std::size_t i = 0; i < p.candidates.size(); ++i) message += (i ? ", " : "") + p.candidates[i];
  }
  diagnostics_.print(file, line_no, p.column, severity, p.code, message);
}

void Output::end_line() const {
  if (flush_) tools::end_record();
}

void Output::line(std::string_view file, std::size_t line_no, const LineResult& result) const {
  if (warnings_)
    for (const Problem& w : result.warnings) report(file, line_no, w, tools::Severity::Warning);
  if (result.failure) report(file, line_no, *result.failure, tools::Severity::Error);
  if (!jsonl_) {
    std::string text = result.failure ? std::string() : translator_.render(result);
    text += '\n';
    std::fwrite(text.data(), 1, text.size(), stdout);
    end_line();
    return;
  }
  std::vector<std::string> moves, uci;
  for (const auto& m : result.moves) {
    moves.push_back(m.text);
    uci.push_back(m.uci);
  }
  std::string out = fmt::format("{{\"line\": {}, \"ok\": {}, \"from\": {}, \"moves\": {}, \"uci\": {}", line_no,
                                !result.failure, json_string(result.source), json_list(moves), json_list(uci));
  if (!result.failure) out += fmt::format(", \"text\": {}, \"fen\": {}", json_string(translator_.render(result)),
                                          json_string(result.final_fen));
  if (!result.result.empty()) out += ", \"result\": " + json_string(result.result);
  if (result.failure) out += ", \"error\": " + json_problem(*result.failure);
  if (!result.warnings.empty()) {
    out += ", \"warnings\": [";
    for (std::size_t i = 0; i < result.warnings.size(); ++i) out += (i ? ", " : "") + json_problem(result.warnings[i]);
    out += "]";
  }
  fmt::print("{}}}\n", out);
  end_line();
}

void Output::failed_line(std::size_t line_no) const {
  if (jsonl_) fmt::print("{{\"line\": {}, \"ok\": false, \"error\": {{\"code\": \"line-too-long\"}}}}\n", line_no);
  else fmt::print("\n");
  end_line();
}

bool Output::single_move(const LineResult& result) const {
  if (result.failure) {
    report("<move>", 1, *result.failure, tools::Severity::Error);
    return false;
  }
  if (result.moves.size() != 1) {
    diagnostics_.print(tools::Severity::Error, fmt::format("--move takes exactly one move, found {}", result.moves.size()));
    return false;
  }
  if (warnings_)
    for (const Problem& w : result.warnings) report("<move>", 1, w, tools::Severity::Warning);
  if (jsonl_)
    fmt::print("{{\"move\": {}, \"uci\": {}, \"fen\": {}}}\n", json_string(result.moves[0].text),
               json_string(result.moves[0].uci), json_string(result.final_fen));
  else
    fmt::print("{}\n", result.moves[0].text);
  return true;
}

}  // namespace translate
