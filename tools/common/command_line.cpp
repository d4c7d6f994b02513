#include "common/command_line.h"

#include <unistd.h>

#include "chess/notation/registry.h"
#include "common/exit_codes.h"

namespace tools {

int parse_command_line(CLI::App& app, int argc, char** argv) {
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e) == 0 ? EXIT_ALL_GOOD : EXIT_USAGE_OR_IO;
  }
  return -1;
}

void add_no_fast_path_flag(CLI::App& app, bool& plain_path) {
  app.add_flag_callback(
      "--no-fast-path", [&plain_path] { plain_path = false; },
      "Read every game with the general reader, not only those outside the plain form (same output, slower; "
      "for cross-checking)");
}

std::string dialect_list() {
  std::string out;
  for (auto name : chess::notation::codec_names()) out += (out.empty() ? "" : ", ") + std::string(name);
  return out;
}

const chess::notation::Codec* find_dialect(const std::string& name, std::string_view option,
                                           const DiagnosticPrinter& diagnostics, bool allow_auto) {
  if (const auto* codec = chess::notation::find_codec(name)) return codec;
  diagnostics.print(Severity::Error, "unknown dialect '" + name + "' for " + std::string(option) + " (" +
                                         (allow_auto ? "auto, or one of: " : "one of: ") + dialect_list() + ")");
  return nullptr;
}

void GameReportingOptions::add_to(CLI::App& app) {
  app.add_flag("--progress", progress, "Show progress on stderr (default when stderr is a terminal)");
  app.add_flag("--no-progress", no_progress, "Never show progress");
  app.add_option("--max-errors", max_errors, "Print at most N diagnostics for one game, and how many more there were")
      ->check(CLI::Range(std::size_t(1), std::size_t(1) << 40));
}

bool GameReportingOptions::show_progress() const { return !no_progress && (progress || ::isatty(STDERR_FILENO)); }

}  // namespace tools
