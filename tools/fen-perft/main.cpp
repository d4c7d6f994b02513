// fen-perft: count the leaf nodes of the legal move tree, for one FEN or a whole suite.
// This file is the command line only; runner.cpp runs, report.cpp prints.
#include <CLI/CLI.hpp>
#include <fmt/core.h>
#include <new>
#include <thread>

#include "chess/position.h"
#include "common/command_line.h"
#include "common/diagnostics.h"
#include "common/exit_codes.h"
#include "fen-perft/report.h"
#include "fen-perft/runner.h"

namespace {

constexpr const char* START_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

struct CommandLine {
  std::vector<std::string> fen_words;  // the FEN as one argument or as its words
  std::string fen_option;
  std::string epd_path;
  std::string format = "text";
  int depth = -1;
  fen_perft::RunOptions run;
};

std::string join(const std::vector<std::string>& words) {
  std::string out;
  for (const auto& w : words) out += (out.empty() ? "" : " ") + w;
  return out;
}

// Shows the FEN with a caret under the offending character.
void report_bad_fen(const tools::DiagnosticPrinter& diagnostics, const std::string& fen, const chess::FenError& e,
                    bool chess960) {
  diagnostics.print(tools::Severity::Error,
                    fmt::format("invalid FEN, {} field, column {}: {}", to_string(e.field), e.column, e.message),
                    "bad-fen");
  fmt::print(stderr, "  {}\n  {}^\n", fen, std::string(e.column - 1, ' '));
  if (e.field == chess::FenField::Castling && !chess960)
    diagnostics.print(tools::Severity::Note, "for a Chess960 position written in X-FEN (KQkq), add --chess960");
}

int run(const CommandLine& cl, const tools::DiagnosticPrinter& diagnostics) {
  auto format = cl.format == "jsonl" ? fen_perft::Format::Jsonl : fen_perft::Format::Text;
  if (!cl.epd_path.empty()) {
    if (!cl.fen_words.empty() || !cl.fen_option.empty() || cl.depth >= 0) {
      diagnostics.print(tools::Severity::Error, "--epd runs the suite's own positions and depths: give no FEN or "
                                                "--depth with it (use --max-depth to cap the depths)");
      return tools::EXIT_USAGE_OR_IO;
    }
    fen_perft::Reporter reporter(format, true, cl.run.divide);
    return fen_perft::run_suite(cl.epd_path, cl.run, reporter, diagnostics);
  }
  if (!cl.fen_words.empty() && !cl.fen_option.empty()) {
    diagnostics.print(tools::Severity::Error, "give the FEN either as an argument or with --fen, not both");
    return tools::EXIT_USAGE_OR_IO;
  }
  if (cl.depth < 0) {
    diagnostics.print(tools::Severity::Error, "missing --depth (-d N)");
    return tools::EXIT_USAGE_OR_IO;
  }
  std::string fen = !cl.fen_option.empty() ? cl.fen_option : cl.fen_words.empty() ? START_FEN : join(cl.fen_words);
  chess::FenResult parsed = chess::Position::from_fen(fen, fen_perft::fen_options(cl.run));
  if (!parsed.ok()) {
    report_bad_fen(diagnostics, fen, *parsed.error, cl.run.chess960);
    return tools::EXIT_USAGE_OR_IO;
  }
  fen_perft::PositionResult result;
  result.fen = fen;
  chess::Perft perft(chess::PerftOptions{cl.run.threads, cl.run.hash_mb});
  result.depths.push_back(fen_perft::run_depth(perft, parsed.position, cl.depth, cl.run));
  fen_perft::Reporter(format, false, cl.run.divide).position(result);
  return tools::EXIT_ALL_GOOD;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"Count the leaf nodes of the legal move tree (perft) of a chess position, or check a perft suite."};
  app.set_version_flag("--version", "fen-perft 0.1.0");
  app.footer("Exit status: 0 all counts computed or matched, 1 a suite count differed, 2 usage error or unreadable input.");

  CommandLine cl;
  cl.run.threads = int(std::max(1u, std::thread::hardware_concurrency()));
  cl.run.hash_mb = 64;
  app.add_option("fen", cl.fen_words, "The position (FEN, or EPD's first 4 fields); the start position when absent")
      ->expected(0, 6);
  app.add_option("--fen", cl.fen_option, "The position, as an option");
  app.add_option("-d,--depth", cl.depth, "Depth in plies")->check(CLI::Range(0, 63));
  app.add_flag("--divide", cl.run.divide, "Print the count below each legal move (UCI), then the total");
  app.add_option("--epd", cl.epd_path, "Run a perft suite from FILE ('-' for stdin): 'FEN ;D1 n ;D2 n' lines or "
                                       "'id'/'epd'/'perft d n' blocks");
  app.add_option("--max-depth", cl.run.max_depth, "With --epd: skip depths above N")->check(CLI::Range(1, 63));
  app.add_option("-t,--threads", cl.run.threads, "Threads (default: all cores)")->check(CLI::Range(1, 1024));
  app.add_option("--hash", cl.run.hash_mb, "Transposition table size in MB; 0 disables it (default 64)")
      ->check(CLI::Range(0, 1 << 20));
  app.add_flag("--chess960", cl.run.chess960, "Read KQkq castling as Chess960 (X-FEN): the outermost rooks");
  app.add_option("--format", cl.format, "Output: text (default) or jsonl")->check(CLI::IsMember({"text", "jsonl"}));
  if (int status = tools::parse_command_line(app, argc, argv); status >= 0) return status;

  tools::DiagnosticPrinter diagnostics("fen-perft");
  try {
    return run(cl, diagnostics);
  } catch (const std::bad_alloc&) {
    diagnostics.print(tools::Severity::Error,
                      fmt::format("out of memory (is --hash {} more than this machine has?)", cl.run.hash_mb));
    return tools::EXIT_USAGE_OR_IO;
  }
}
