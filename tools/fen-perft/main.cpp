// fen-perft: count the leaf nodes of the legal move tree, for one FEN or a whole suite.
// This file is the command line only; runner.cpp runs, report.cpp prints.
#include <CLI/CLI.hpp>
#include <fmt/core.h>
#include <new>
#include <thread>

#include "common/command_line.h"
#include "common/exit_codes.h"
#include "common/output_file.h"
#include "fen-perft/runner.h"

int main(int argc, char** argv) {
  CLI::App app{"Count the leaf nodes of the legal move tree (perft) of a chess position, or check a perft suite."};
  app.set_version_flag("--version", "fen-perft 0.1.0");
  app.footer("Exit status: 0 all counts computed or matched, 1 a suite count differed, 2 usage error or unreadable input.");

  fen_perft::Request cl;
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
  tools::DiagnosticPrinter diagnostics("fen-perft");
  tools::OutputFile output(diagnostics);
  output.add_option(app);
  if (int status = tools::parse_command_line(app, argc, argv); status >= 0) return status;

  if (!output.open(cl.epd_path.empty() ? std::vector<std::string>{} : std::vector<std::string>{cl.epd_path}))
    return tools::EXIT_USAGE_OR_IO;
  try {
    return output.finish(fen_perft::run(cl, diagnostics));
  } catch (const std::bad_alloc&) {
    diagnostics.print(tools::Severity::Error,
                      fmt::format("out of memory (is --hash {} more than this machine has?)", cl.run.hash_mb));
    return tools::EXIT_USAGE_OR_IO;
  }
}
