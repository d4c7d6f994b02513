// Printing translations (text or JSON Lines) and their diagnostics.
#pragma once

#include <string_view>

#include "common/diagnostics.h"
#include "notation-translate/translator.h"

namespace translate {

class Output {
public:
  Output(const Translator& translator, const tools::DiagnosticPrinter& diagnostics, bool jsonl, bool flush,
         bool warnings)
      : translator_(translator), diagnostics_(diagnostics), jsonl_(jsonl), flush_(flush), warnings_(warnings) {}

  // One output line per input line: the translation, or (text) an empty line when the
  // line failed, so that output lines stay aligned with input lines.
  void line(std::string_view file, std::size_t line_no, const LineResult& result) const;
  void failed_line(std::size_t line_no) const;
  // --move: just the move; false if it could not be read.
  bool single_move(const LineResult& result) const;

private:
  void report(std::string_view file, std::size_t line_no, const Problem& p, tools::Severity severity) const;
  void end_line() const;

  const Translator& translator_;
  const tools::DiagnosticPrinter& diagnostics_;
  bool jsonl_, flush_, warnings_;
};

}  // namespace translate
