#include "fen-perft/runner.h"

#include <algorithm>
#include <chrono>
#include <fmt/core.h>

#include "chess/perft.h"
#include "chess/perft_suite.h"
#include "chess/uci_move.h"
#include "common/exit_codes.h"
#include "common/input.h"
#include "common/output_file.h"

namespace fen_perft {

using namespace chess;

FenOptions fen_options(const RunOptions& options) {
  FenOptions fo;
  fo.chess960 = options.chess960 ? Chess960Mode::On : Chess960Mode::Auto;
  return fo;
}

DepthResult run_depth(Perft& perft, const Position& pos, int depth, const RunOptions& options) {
  auto start = std::chrono::steady_clock::now();
  PerftResult r = perft.run(pos, depth);
  DepthResult d;
  d.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  d.depth = depth;
  d.nodes = r.nodes;
  if (options.divide) {
    for (const auto& e : r.divide) d.divide.emplace_back(to_uci(pos, e.move), e.nodes);
    std::sort(d.divide.begin(), d.divide.end());
  }
  return d;
}

int run_suite(const std::string& path, const RunOptions& options, const Reporter& reporter,
              const tools::DiagnosticPrinter& diagnostics) {
  tools::Input input = tools::open_input(path, diagnostics);
  if (!input.stream) return tools::EXIT_USAGE_OR_IO;  // an unreadable suite, as a bad line is
  PerftSuite suite = read_perft_suite(*input.stream);
  // A read error ends the run; binary data skipped is an unreadable part of the suite.
  int read = tools::finish_input(input, diagnostics);
  if (read == tools::EXIT_USAGE_OR_IO) return read;

  Perft perft(PerftOptions{options.threads, options.hash_mb});
  Totals totals;
  totals.unreadable = suite.errors.size();
  for (const auto& e : suite.errors)
    diagnostics.print(input.name, e.line, e.column, tools::Severity::Error, "bad-suite-line", e.message);

  for (const PerftCase& c : suite.cases) {
    FenResult parsed = Position::from_fen(c.fen, fen_options(options));
    if (!parsed.ok()) {
      ++totals.unreadable;
      diagnostics.print(input.name, c.line, c.column + parsed.error->column - 1, tools::Severity::Error, "bad-fen",
                        fmt::format("{} field: {}", to_string(parsed.error->field), parsed.error->message));
      continue;
    }
    if (c.expected.empty()) {  // nothing to check: no "pass" for it
      ++totals.unreadable;
      diagnostics.print(input.name, c.line, c.column, tools::Severity::Error, "bad-suite-line",
                        "no counts: expected a FEN, then operations such as ';D1 20 ;D2 400'");
      continue;
    }
    PositionResult result;
    result.fen = c.fen;
    result.id = c.id;
    result.line = c.line;
    for (const auto& e : c.expected) {
      if (options.max_depth && e.depth > options.max_depth) continue;
      DepthResult d = run_depth(perft, parsed.position, e.depth, options);
      d.expected = e.nodes;
      totals.nodes += d.nodes;
      totals.seconds += d.seconds;
      result.depths.push_back(std::move(d));
    }
    ++totals.positions;
    if (result.depths.empty()) ++totals.skipped;  // no pass: nothing was checked
    else ++(result.pass() ? totals.passed : totals.failed);
    reporter.position(result);
    tools::end_record();
  }
  totals.positions += totals.unreadable;
  reporter.summary(totals);
  if (totals.positions == 0 && read == tools::EXIT_ALL_GOOD)  // a suite with no position is no check at all
    diagnostics.print(tools::Severity::Warning, fmt::format("{}: no positions in the suite", input.name),
                      "empty-input");
  if (totals.unreadable || read != tools::EXIT_ALL_GOOD) return tools::EXIT_USAGE_OR_IO;
  return totals.failed ? tools::EXIT_SOME_INVALID : tools::EXIT_ALL_GOOD;
}

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
                    fmt::format("invalid FEN, {} field, column {}: {}", to_string(e.field), e.column, e.message),
                    "bad-fen");
  // A window of the FEN around the column: a FEN of 10,000 fields is one line of context.
  std::size_t at = e.column - 1, from = fen.size() > 120 && at > 40 ? at - 40 : 0;
  std::size_t width = fen.size() > 120 ? 80 : fen.size();
  std::string shown = (from ? "..." : "") + fen.substr(from, width) + (from + width < fen.size() ? "..." : "");
  fmt::print(stderr, "  {}\n  {}^\n", shown, std::string(at - from + (from ? 3 : 0), ' '));
  if (e.field == chess::FenField::Castling && !chess960)
    diagnostics.print(tools::Severity::Note, "for a Chess960 position written in X-FEN (KQkq), add --chess960");
}

}  // namespace

int run(const Request& cl, const tools::DiagnosticPrinter& diagnostics) {
  auto format = cl.format == "jsonl" ? Format::Jsonl : Format::Text;
  if (!cl.epd_path.empty()) {
    if (!cl.fen_words.empty() || !cl.fen_option.empty() || cl.depth >= 0) {
      diagnostics.print(tools::Severity::Error, "--epd runs the suite's own positions and depths: give no FEN or "
                                                "--depth with it (use --max-depth to cap the depths)");
      return tools::EXIT_USAGE_OR_IO;
    }
    Reporter reporter(format, true, cl.run.divide);
    return run_suite(cl.epd_path, cl.run, reporter, diagnostics);
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
  chess::FenResult parsed = chess::Position::from_fen(fen, fen_options(cl.run));
  if (!parsed.ok()) {
    report_bad_fen(diagnostics, fen, *parsed.error, cl.run.chess960);
    return tools::EXIT_USAGE_OR_IO;
  }
  PositionResult result;
  result.fen = fen;
  chess::Perft perft(chess::PerftOptions{cl.run.threads, cl.run.hash_mb});
  result.depths.push_back(run_depth(perft, parsed.position, cl.depth, cl.run));
  Reporter(format, false, cl.run.divide).position(result);
  return tools::EXIT_ALL_GOOD;
}


}  // namespace fen_perft
