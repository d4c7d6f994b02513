// Printing validation results: diagnostics for people on standard error, JSON Lines for
// programs on standard output, and the closing summary.
#pragma once

#include <map>
#include <string>

#include "chess/pgn/validate.h"
#include "common/diagnostics.h"
#include "common/json.h"

namespace validate {

struct Summary {
  std::size_t games = 0, valid = 0, invalid = 0, warnings = 0;
  std::map<std::string, std::size_t> by_code;
};

struct OutputOptions {
  bool jsonl = false;
  bool quiet = false;  // only the summary
};

class Output {
public:
  Output(const tools::DiagnosticPrinter& diagnostics, OutputOptions options)
      : diagnostics_(diagnostics), options_(options) {}
  void game(const std::string& file, const chess::pgn::GameReport& report);
  // A problem after a file's last game (printed by the game loop): counted, as a game's are.
  void after_last_game(const chess::pgn::Diagnostic& d);
  void summary() const;
  // The summary of one file's games, when there are several files (text: on stderr).
  void file_summary(const std::string& file);
  const Summary& totals() const { return summary_; }
  // The summary as a JSON line ({"summary": ...}, as --format jsonl prints it), and a part's
  // added in (--merge).
  std::string summary_json() const;
  void add(const tools::JsonValue& part);

private:
  void human(const std::string& file, const chess::pgn::GameReport& report) const;
  void jsonl(const std::string& file, const chess::pgn::GameReport& report) const;

  const tools::DiagnosticPrinter& diagnostics_;
  OutputOptions options_;
  Summary summary_;
  Summary file_;  // since the last file summary
};

}  // namespace validate
