// fen-perft: count the leaf nodes of the legal move tree, for one FEN or a whole suite.
#include <CLI/CLI.hpp>
#include <fmt/core.h>
#include <thread>

#include "chess/position.h"
#include "common/diagnostics.h"
#include "common/exit_codes.h"
#include "fen-perft/report.h"
#include "fen-perft/runner.h"

namespace {

constexpr const char* START_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

std::string join(const std::vector<std::string>& words) {
  std::string out;
  for (const auto& w : words) out += (out.empty() ? "" : " ") + w;
  return out;
}

// Shows the FEN with a caret under the offending character.
void report_bad_fen(const tools::DiagnosticPrinter& diagnostics, const std::string& fen, const chess::FenError& e,
                    bool chess960) {
  diagnostics.print(tools::Severity::Error,
                    fmt::format("invalid FEN, {} field, column {}: {}", to_string(e.field), e.column, e.message), "bad-fen");
  fmt::print(stderr, "  {}\n  {}^\n", fen, std::string(e.column - 1, ' '));
  if (e.field == chess::FenField::Castling && !chess960)
    diagnostics.print(tools::Severity::Note, "for a Chess960 position written in X-FEN (KQkq), add --chess960");
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"Count the leaf nodes of the legal move tree (perft) of a chess position, or check a perft suite."};
  app.set_version_flag("--version", "fen-perft 0.1.0");
  app.footer("Exit status: 0 all counts computed or matched, 1 a suite count differed, 2 usage error or unreadable input.");

  std::vector<std::string> fen_words;
  std::string fen_option, epd_path, format_name = "text";
  int depth = 0;
  fen_perft::RunOptions options;
  options.threads = int(std::max(1u, std::thread::hardware_concurrency()));
  options.hash_mb = 64;

  app.add_option("fen", fen_words, "The position (FEN, or EPD's first 4 fields); the start position when absent")
      ->expected(0, 6);
  app.add_option("--fen", fen_option, "The position, as an option");
  app.add_option("-d,--depth", depth, "Depth in plies")->check(CLI::Range(0, 63));
  app.add_flag("--divide", options.divide, "Print the count below each legal move (UCI), then the total");
  app.add_option("--epd", epd_path, "Run a perft suite from FILE ('-' for stdin): 'FEN ;D1 n ;D2 n' lines or "
                                    "'id'/'epd'/'perft d n' blocks");
  app.add_option("--max-depth", options.max_depth, "With --epd: skip depths above N")->check(CLI::Range(1, 63));
  app.add_option("-t,--threads", options.threads, "Threads (default: all cores)")->check(CLI::Range(1, 1024));
  app.add_option("--hash", options.hash_mb, "Transposition table size in MB; 0 disables it (default 64)")
      ->check(CLI::Range(0, 1 << 20));
  app.add_flag("--chess960", options.chess960, "Read KQkq castling as Chess960 (X-FEN): the outermost rooks");
  app.add_option("--format", format_name, "Output: text (default) or jsonl")->check(CLI::IsMember({"text", "jsonl"}));
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    // --help and --version exit 0; every real usage error exits 2, as in every tool here.
    int code = app.exit(e);
    return code == 0 ? tools::EXIT_ALL_GOOD : tools::EXIT_USAGE_OR_IO;
  }

  tools::DiagnosticPrinter diagnostics("fen-perft");
  auto format = format_name == "jsonl" ? fen_perft::Format::Jsonl : fen_perft::Format::Text;

  if (!epd_path.empty()) {
    if (!fen_words.empty() || !fen_option.empty() || depth) {
      diagnostics.print(tools::Severity::Error, "--epd runs the suite's own positions and depths: give no FEN or "
                                                "--depth with it (use --max-depth to cap the depths)");
      return tools::EXIT_USAGE_OR_IO;
    }
    fen_perft::Reporter reporter(format, true, options.divide);
    return fen_perft::run_suite(epd_path, options, reporter, diagnostics);
  }

  if (!fen_words.empty() && !fen_option.empty()) {
    diagnostics.print(tools::Severity::Error, "give the FEN either as an argument or with --fen, not both");
    return tools::EXIT_USAGE_OR_IO;
  }
  if (depth == 0 && !app.count("--depth")) {
    diagnostics.print(tools::Severity::Error, "missing --depth (-d N)");
    return tools::EXIT_USAGE_OR_IO;
  }
  std::string fen = !fen_option.empty() ? fen_option : fen_words.empty() ? START_FEN : join(fen_words);
  chess::FenResult parsed = chess::Position::from_fen(fen, fen_perft::fen_options(options));
  if (!parsed.ok()) {
    report_bad_fen(diagnostics, fen, *parsed.error, options.chess960);
    return tools::EXIT_USAGE_OR_IO;
  }
  fen_perft::PositionResult result;
  result.fen = fen;
  chess::Perft perft(chess::PerftOptions{options.threads, options.hash_mb});
  result.depths.push_back(fen_perft::run_depth(perft, parsed.position, depth, options));
  fen_perft::Reporter(format, false, options.divide).position(result);
  return tools::EXIT_ALL_GOOD;
}
