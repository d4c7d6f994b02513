// What every program's command line shares: parsing with the exit statuses of the
// conventions, and dialect names for --from / --to.
#pragma once

#include <CLI/CLI.hpp>
#include <string>
#include <string_view>

#include "chess/notation/codec.h"
#include "common/diagnostics.h"

namespace tools {

// -1 when the program should go on; otherwise its exit status (0 after --help or
// --version, 2 for a usage error, with CLI11's message printed).
int parse_command_line(CLI::App& app, int argc, char** argv);

// --no-fast-path, which sets `plain_path` false (ValidateOptions::plain_path).
void add_no_fast_path_flag(CLI::App& app, bool& plain_path);

// What the PGN programs' command lines share beyond their own options: --progress and
// --no-progress, and --max-errors N (at most N diagnostics printed for one game).
struct GameReportingOptions {
  bool progress = false, no_progress = false;
  std::size_t max_errors = 0;
  void add_to(CLI::App& app);
  // Progress is shown when asked for, or when standard error is a terminal, unless refused.
  bool show_progress() const;
  void apply_to(DiagnosticPrinter& diagnostics) const { diagnostics.max_per_game = max_errors; }
};

// "san, lan, uci, ..." for help texts and error messages.
std::string dialect_list();

// The codec named, or null after printing "unknown dialect 'x' for OPTION (one of: ...)".
// `allow_auto` adds "auto" to the names offered.
const chess::notation::Codec* find_dialect(const std::string& name, std::string_view option,
                                           const DiagnosticPrinter& diagnostics, bool allow_auto = false);

}  // namespace tools
