#include "fen-perft/report.h"

#include <fmt/core.h>

#include "common/counted.h"
#include "common/json.h"

namespace fen_perft {

void Reporter::position(const PositionResult& result) const {
  if (format_ == Format::Jsonl) jsonl(result);
  else if (suite_) text_suite_line(result);
  else text_lone(result);
  std::fflush(stdout);  // a suite is long: show each line as soon as it is known
}

// Stockfish's layout, so the two can be diffed: "move: nodes", a blank line, the total.
void Reporter::text_lone(const PositionResult& result) const {
  for (const auto& d : result.depths) {
    if (!divide_) {
      fmt::print("{}\n", d.nodes);
      continue;
    }
    for (const auto& [move, nodes] : d.divide) fmt::print("{}: {}\n", move, nodes);
    fmt::print("\nNodes searched: {}\n", d.nodes);
  }
}

// One line per position: the verdict, where it came from, the first failing depth (or
// the depths run), the time, and the FEN to paste into a rerun.
void Reporter::text_suite_line(const PositionResult& result) const {
  double seconds = 0;
  for (const auto& d : result.depths) seconds += d.seconds;
  std::string where = fmt::format("line {}", result.line);
  if (!result.id.empty()) where += " " + result.id;
  std::string detail;
  if (result.depths.empty()) {
    detail = "no depth within --max-depth";
  } else {
    const DepthResult* shown = &result.depths.back();
    for (const auto& d : result.depths)
      if (!d.pass()) {
        shown = &d;
        break;
      }
    detail = fmt::format("D{} expected {} got {}", shown->depth, *shown->expected, shown->nodes);
  }
  const char* verdict = result.depths.empty() ? "skip" : result.pass() ? "pass" : "FAIL";
  fmt::print("{:<4}  {}  {}  {:.3f}s  {}\n", verdict, where, detail, seconds, result.fen);
}

void Reporter::jsonl(const PositionResult& result) const {
  for (const auto& d : result.depths) {
    std::string line = fmt::format("{{\"fen\": {}, \"depth\": {}, \"nodes\": {}", tools::json_string(result.fen),
                                   d.depth, d.nodes);
    if (d.expected) line += fmt::format(", \"expected\": {}, \"pass\": {}", *d.expected, d.pass());
    else line += ", \"expected\": null, \"pass\": null";
    line += fmt::format(", \"seconds\": {:.6f}", d.seconds);
    if (suite_) {
      line += fmt::format(", \"line\": {}", result.line);
      if (!result.id.empty()) line += ", \"id\": " + tools::json_string(result.id);
    }
    if (divide_) {
      line += ", \"moves\": {";
      const char* sep = "";
      for (const auto& [move, nodes] : d.divide) {
        line += fmt::format("{}\"{}\": {}", sep, move, nodes);
        sep = ", ";
      }
      line += "}";
    }
    fmt::print("{}}}\n", line);
  }
}

void Reporter::summary(const Totals& t) const {
  if (!suite_) return;
  double mnps = t.seconds > 0 ? t.nodes / t.seconds / 1e6 : 0;
  if (format_ == Format::Jsonl) {
    fmt::print("{{\"summary\": {{\"positions\": {}, \"passed\": {}, \"failed\": {}, \"skipped\": {}, \"unreadable\": {}, "
               "\"nodes\": {}, \"seconds\": {:.6f}}}}}\n",
               t.positions, t.passed, t.failed, t.skipped, t.unreadable, t.nodes, t.seconds);
  } else {
    std::string skipped = t.skipped ? fmt::format(", {} skipped", t.skipped) : "";
    fmt::print("\n{}: {} passed, {} failed{}, {} unreadable; {} nodes in {:.3f}s ({:.1f} Mnodes/s)\n",
               tools::counted(t.positions, "position"), t.passed, t.failed, skipped, t.unreadable, t.nodes, t.seconds,
               mnps);
  }
}

}  // namespace fen_perft
