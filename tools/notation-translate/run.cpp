#include "notation-translate/run.h"

#include <fmt/core.h>
#include <optional>
#include <vector>

#include "chess/notation/registry.h"
#include "common/line_loop.h"

namespace translate {

namespace {

// With --from auto, the dialect is a property of the input, not of a line: a line that
// reads legally in several dialects with different moves ("1. h4 h5 2. Rh3": English or
// Finnish) is read in the one the input's other lines are in. Such lines wait (in order)
// until a line settles the dialect; at the end of a file they are errors. A coprocess,
// answered line by line, cannot wait: there a line is judged alone until one settles it.
class DialectOfInput {
public:
  DialectOfInput(const Translator& translator, const Output& output, bool can_wait)
      : translator_(translator), output_(output), can_wait_(can_wait) {}

  // Returns whether the line (or one that waited) failed.
  bool line(const std::string& file, std::size_t number, const std::string& text) {
    if (file != file_) flush(), file_ = file, settled_ = nullptr, last_.reset();
    LineResult result = translator_.translate(text, settled_, waiting_.empty() && last_ ? &*last_ : nullptr);
    if (result.ambiguous_dialect && can_wait_) {
      waiting_.push_back({number, text});
      return false;
    }
    bool failed = false;
    if (!result.failure && !result.source.empty() && !settled_) {
      settled_ = chess::notation::find_codec(result.source);
      for (const Waiting& w : waiting_) failed |= print(w.number, translator_.translate(w.text, settled_));
      waiting_.clear();
    }
    return print(number, std::move(result)) || failed;
  }
  // The lines still waiting at the end of the input: ambiguous in the input as a whole.
  bool flush() {
    bool failed = false;
    for (const Waiting& w : waiting_) failed |= print(w.number, translator_.translate(w.text, nullptr));
    waiting_.clear();
    return failed;
  }

private:
  struct Waiting {
    std::size_t number;
    std::string text;
  };
  bool print(std::size_t number, LineResult result) {
    output_.line(file_, number, result);
    // The next line may go on with this game; not after a failure, a blank line or no moves.
    if (result.failure || result.moves.empty()) last_.reset();
    else last_ = std::move(result.end);
    return result.failure.has_value();
  }
  const Translator& translator_;
  const Output& output_;
  bool can_wait_;
  std::string file_;
  const chess::notation::Codec* settled_ = nullptr;
  std::vector<Waiting> waiting_;
  std::optional<Continuation> last_;
};

}  // namespace

int translate_files(const std::vector<std::string>& files, const Translator& translator, const Output& output,
                    const tools::DiagnosticPrinter& diagnostics, bool interactive) {
  int invalid = tools::EXIT_ALL_GOOD;
  DialectOfInput dialect(translator, output, !interactive);
  // A coprocess gets its answer as soon as its line is complete.
  tools::LineLoopOptions loop{files, interactive};
  int io = tools::for_each_line(loop, diagnostics, [&](const std::string& file, std::size_t number, std::string& line,
                                                        bool too_long) {
    if (too_long) {
      diagnostics.print(file, number, 1, tools::Severity::Error, "line-too-long",
                        fmt::format("line longer than {} bytes: not translated", loop.max_line));
      output.failed_line(number);
      invalid = tools::EXIT_SOME_INVALID;
      return;
    }
    if (dialect.line(file, number, line)) invalid = tools::EXIT_SOME_INVALID;
  });
  if (dialect.flush()) invalid = tools::EXIT_SOME_INVALID;
  return std::max(io, invalid);
}

}  // namespace translate
