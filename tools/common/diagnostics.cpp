#include "common/diagnostics.h"

#include <cstdio>
#include <cstdlib>
#include <fmt/core.h>
#include <unistd.h>

#include "common/utf8.h"

namespace tools {
namespace {

const char* severity_name(Severity s) {
  switch (s) {
    case Severity::Error: return "error";
    case Severity::Warning: return "warning";
    case Severity::Note: return "note";
  }
  return "error";
}

const char* severity_colour(Severity s) {
  switch (s) {
    case Severity::Error: return "\033[1;31m";
    case Severity::Warning: return "\033[1;35m";
    case Severity::Note: return "\033[1;36m";
  }
  return "";
}

}  // namespace

DiagnosticPrinter::DiagnosticPrinter(std::string_view program)
    : program_(program), colour_(::isatty(STDERR_FILENO) && !std::getenv("NO_COLOR")) {}

void DiagnosticPrinter::print(std::string_view file, std::size_t line, std::size_t column, Severity severity,
                              std::string_view code, std::string_view message) const {
  if (silent) return;
  std::string label = code.empty() ? severity_name(severity) : fmt::format("{}[{}]", severity_name(severity), code);
  if (colour_)
    fmt::print(stderr, "\033[1m{}:{}:{}:\033[0m {}{}\033[0m: {}\n", file, line, column, severity_colour(severity),
               label, message);
  else
    fmt::print(stderr, "{}:{}:{}: {}: {}\n", file, line, column, label, message);
}

void DiagnosticPrinter::print(Severity severity, std::string_view message, std::string_view code) const {
  if (silent) return;
  std::string label = code.empty() ? severity_name(severity) : fmt::format("{}[{}]", severity_name(severity), code);
  if (colour_)
    fmt::print(stderr, "{}: {}{}\033[0m: {}\n", program_, severity_colour(severity), label, message);
  else
    fmt::print(stderr, "{}: {}: {}\n", program_, label, message);
}

bool DiagnosticPrinter::take_warning(std::string_view code) const {
  if (!max_same_warning) return true;
  auto it = warnings_.find(code);
  if (it == warnings_.end()) it = warnings_.emplace(std::string(code), 0).first;
  if (++it->second <= max_same_warning) return true;
  if (it->second == max_same_warning + 1)
    print(Severity::Note,
          fmt::format("{} warnings[{}] printed: the rest are left out, and counted in the summary "
                      "(--all-warnings prints them)", max_same_warning, code),
          "max-warnings");
  return false;
}

bool DiagnosticPrinter::warnings_left_out(std::string_view code) const {
  auto it = warnings_.find(code);
  return max_same_warning && it != warnings_.end() && it->second >= max_same_warning;
}

namespace {

// Control characters and bytes that are not UTF-8 as \xNN: a message never carries a
// byte that would move the terminal's cursor, ring it, or break a UTF-8 log.
std::string printable(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    auto b = static_cast<unsigned char>(text[i]);
    std::size_t n = utf8_length(text, i);
    if (n == 0 || b < 0x20 || b == 0x7F) {
      out += fmt::format("\\x{:02X}", b);
      ++i;
    } else {
      out.append(text.substr(i, n));
      i += n;
    }
  }
  return out;
}

}  // namespace

std::string excerpt(std::string_view text, std::size_t most) {
  if (text.size() <= most) return printable(text);
  std::size_t cut = most;
  while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;  // not inside a character
  return fmt::format("{}... ({} bytes)", printable(text.substr(0, cut)), text.size());
}

}  // namespace tools
