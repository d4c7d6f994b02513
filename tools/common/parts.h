// One input as a part of a larger one (scripts/parallel, a Hadoop or Spark task): where the
// part begins in the whole (its first byte, line and game) and the name the whole goes by,
// so that the part's records are numbered as the whole's; its summary written for merging
// (--summary-file), and the summaries of consecutive parts added up (--merge-summaries), so that the
// parts' outputs joined are the whole's, byte for byte.
#pragma once

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

#include "common/diagnostics.h"
#include "common/game_loop.h"
#include "common/json.h"

namespace tools {

struct PartOptions {
  std::size_t start_offset = 0, start_line = 1, start_game = 1;
  std::string input_name;
  std::string summary_file;
  bool merge = false;

  void add_to(CLI::App& app);
  // A part is one input: false (said) if several are given with --start-* or --input-name.
  bool check(const std::vector<std::string>& files, const DiagnosticPrinter& diagnostics) const;
  void apply_to(GameLoopOptions& loop) const;
  // Whether the summary goes to --summary-file (then the program prints none, nor says
  // that the input was empty: the merge will).
  bool summary_to_file() const { return !summary_file.empty(); }
  // Writes `json` (a JSON object, one line) to --summary-file; false (said) if it cannot.
  bool write_summary(const std::string& json, const DiagnosticPrinter& diagnostics) const;
};

// --merge-summaries: the "summary" objects of the files' JSON Lines, in order; false (said: file,
// line, why) if one cannot be read or parsed.
bool read_summaries(const std::vector<std::string>& files, const DiagnosticPrinter& diagnostics,
                    std::vector<JsonValue>& summaries);

}  // namespace tools
