// One way to print a game's report (chess::pgn::GameReport), shared by every program, so
// the same problem reads the same everywhere: people get
//   file:line:col: error[code]: message (game N at line L, White - Black, ply P, move 'X',
//   position FEN); did you mean: A, B
// on standard error, programs the same fields under the same JSON keys.
#pragma once

#include <string>
#include <vector>

#include "chess/pgn/validate.h"
#include "common/diagnostics.h"

namespace tools {

// Every diagnostic of the report (warnings too, unless `errors_only`), in order.
void print_game_diagnostics(const DiagnosticPrinter& printer, const std::string& file,
                            const chess::pgn::GameReport& report, bool errors_only = false);

// "offset": O, "length": N: where a game's text lies in its input (a record's fields).
std::string json_span(const chess::pgn::Span& span);

// "game N at line L, White - Black": where a message about the game says it is.
std::string game_context(const chess::pgn::GameReport& report);

// {"code", "line", "col", ["ply", "move", "fen",] "message"[, "suggestions"]}
std::string json_diagnostic(const chess::pgn::Diagnostic& d);
std::string json_diagnostics(const std::vector<chess::pgn::Diagnostic>& list);  // a JSON array

}  // namespace tools
