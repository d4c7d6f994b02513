// Everything a GameReport says, as text: two runs (the plain path and the general path,
// say) compare as strings, and a difference prints readably.
#pragma once

#include <sstream>
#include <string>

#include "chess/pgn/validate.h"

namespace test_support {

inline std::string report_text(const chess::pgn::GameReport& r) {
  using chess::pgn::Diagnostic;
  std::ostringstream out;
  out << "game " << r.ordinal << " at " << r.start.line << ':' << r.start.column << " bytes " << r.span.offset << '+'
      << r.span.length << " [" << r.white << '|' << r.black
      << '|' << r.result << "] dialect=" << r.dialect << " plies=" << r.plies << '\n';
  for (const auto* list : {&r.errors, &r.warnings})
    for (const Diagnostic& d : *list) {
      out << "  " << (d.severity == chess::pgn::Severity::Error ? "E " : "W ") << d.code << ' ' << d.at.line << ':'
          << d.at.column << " ply " << d.ply << " '" << d.move << "' " << d.fen << " : " << d.message;
      for (const std::string& s : d.suggestions) out << " / " << s;
      out << '\n';
    }
  return out.str();
}

}  // namespace test_support
