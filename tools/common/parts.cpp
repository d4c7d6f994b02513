#include "common/parts.h"

#include <fstream>
#include <iostream>

namespace tools {

void PartOptions::add_to(CLI::App& app) {
  app.add_option("--start-offset", start_offset,
                 "The input is a part of a larger one from its byte N (from 0): offsets count from there");
  app.add_option("--start-line", start_line, "The input's first line is line N of the larger one")
      ->check(CLI::Range(std::size_t(1), std::size_t(1) << 60));
  app.add_option("--start-game", start_game, "The input's first game is game N of the larger one")
      ->check(CLI::Range(std::size_t(1), std::size_t(1) << 60));
  app.add_option("--input-name", input_name, "The name records and diagnostics give the input (for a part: the "
                                             "whole's; standard input's is <stdin>)");
  app.add_option("--summary-file", summary_file, "Write the summary to FILE as one JSON line, instead of printing it "
                                                 "(for --merge-summaries)");
  app.add_flag("--merge-summaries", merge, "The inputs are summaries (--summary-file) of consecutive parts of one input: print "
                                 "their sum as one run over the whole would");
}

bool PartOptions::check(const std::vector<std::string>& files, const DiagnosticPrinter& diagnostics) const {
  bool placed = start_offset || start_line != 1 || start_game != 1 || !input_name.empty();
  if (placed && !merge && files.size() > 1) {
    diagnostics.print(Severity::Error, "--start-offset, --start-line, --start-game and --input-name describe one "
                                       "input: give one file (or '-')");
    return false;
  }
  if (merge && !summary_file.empty()) {
    diagnostics.print(Severity::Error, "--merge-summaries prints the summary: it does not go with --summary-file");
    return false;
  }
  return true;
}

void PartOptions::apply_to(GameLoopOptions& loop) const {
  loop.reader.byte_offset = start_offset;
  loop.reader.line_offset = start_line - 1;
  loop.reader.ordinal_offset = start_game - 1;
  loop.input_name = input_name;
}

bool PartOptions::write_summary(const std::string& json, const DiagnosticPrinter& diagnostics) const {
  std::ofstream out(summary_file, std::ios::binary);
  out << json << '\n';
  if (out.flush()) return true;
  diagnostics.print(Severity::Error, summary_file + ": cannot write the summary");
  return false;
}

bool read_summaries(const std::vector<std::string>& files, const DiagnosticPrinter& diagnostics,
                    std::vector<JsonValue>& summaries) {
  for (const std::string& file : files) {
    std::ifstream named;
    if (file != "-") named.open(file, std::ios::binary);
    std::istream& in = file == "-" ? std::cin : named;
    if (!in) {
      diagnostics.print(Severity::Error, file + ": cannot read");
      return false;
    }
    std::string line, error;
    for (std::size_t number = 1; std::getline(in, line); ++number) {
      if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
      std::optional<JsonValue> v = parse_json(line, error);
      const JsonValue* summary = v ? v->get("summary") : nullptr;
      if (!summary || summary->kind != JsonValue::Kind::Object) {
        diagnostics.print(file, number, 1, Severity::Error, "bad-summary",
                          v ? "not a summary: expected {\"summary\": {...}}" : "not JSON: " + error);
        return false;
      }
      summaries.push_back(*summary);
    }
  }
  return true;
}

}  // namespace tools
