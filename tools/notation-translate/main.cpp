// notation-translate: move lists from one notation to another, one line in, one line out.
// This file is the command line; run.cpp reads the lines, translator.cpp translates one,
// output.cpp prints.
#include <CLI/CLI.hpp>
#include <fmt/core.h>
#include <unistd.h>

#include "chess/notation/registry.h"
#include "common/command_line.h"
#include "common/diagnostics.h"
#include "common/exit_codes.h"
#include "common/output_file.h"
#include "notation-translate/run.h"

namespace {

struct CommandLine {
  std::string from = "auto", to, fen, move, format = "text", numbers = "auto";
  std::vector<std::string> files;
  bool strict = false, chess960 = false, allow_null_moves = false, line_buffered = false, no_warnings = false, list = false;
};
}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"Translate chess move lists between notations: SAN, long algebraic, UCI, figurine, English "
               "descriptive, Chinese-piece, other languages' letters, ICCF, Smith."};
  app.set_version_flag("--version", "notation-translate 0.1.0");
  app.footer("Dialects: " + tools::dialect_list() +
             "\nExit status: 0 every line translated, 1 some line could not be, 2 usage or I/O error.");
  CommandLine cl;
  app.add_option("files", cl.files, "Input files, one move list per line ('-' or none: standard input)");
  app.add_option("--from", cl.from, "Dialect of the input, or auto (default): the one that reads the line legally");
  app.add_option("--to", cl.to, "Dialect to write");
  app.add_option("--fen", cl.fen, "Start position of every line (default: the initial position); a line may also "
                                  "start with its own FEN and a tab");
  app.add_option("--move", cl.move, "Translate this one move (from --fen) instead of reading lines");
  app.add_option("--format", cl.format, "text (default) or jsonl")->check(CLI::IsMember({"text", "jsonl"}));
  app.add_option("--numbers", cl.numbers, "Move numbers: auto (as in the input), always, never")
      ->check(CLI::IsMember({"auto", "always", "never"}));
  app.add_flag("--strict", cl.strict, "Accept only the canonical form of each move");
  app.add_flag("--allow-null-moves", cl.allow_null_moves,
               "Read null moves (--, Z0, 0000, @@@@) as a pass, written as the target writes one (--, UCI 0000)");
  app.add_flag("--chess960", cl.chess960, "Read KQkq castling rights of FENs as Chess960 (X-FEN)");
  app.add_flag("--line-buffered", cl.line_buffered, "Flush after every line (always on when stdout is a terminal)");
  app.add_flag("--no-warnings", cl.no_warnings, "Do not report lenient readings (ties decided by lookahead...)");
  app.add_flag("--list-dialects", cl.list, "Print the dialect names and exit");
  tools::DiagnosticPrinter diagnostics("notation-translate");
  tools::OutputFile out(diagnostics);
  out.add_option(app);
  if (int status = tools::parse_command_line(app, argc, argv); status >= 0) return status;
  if (cl.list) {
    for (auto name : chess::notation::codec_names()) fmt::print("{}\n", name);
    return tools::EXIT_ALL_GOOD;
  }
  translate::TranslatorOptions options;
  options.strict = cl.strict;
  options.chess960 = cl.chess960;
  options.allow_null_moves = cl.allow_null_moves;
  options.with_uci = cl.format == "jsonl";
  using Numbers = translate::TranslatorOptions::Numbers;
  options.numbers = cl.numbers == "always" ? Numbers::Always : cl.numbers == "never" ? Numbers::Never : Numbers::AsInput;
  if (cl.to.empty()) {
    diagnostics.print(tools::Severity::Error, "missing --to DIALECT (one of: " + tools::dialect_list() + ")");
    return tools::EXIT_USAGE_OR_IO;
  }
  if (!(options.to = tools::find_dialect(cl.to, "--to", diagnostics))) return tools::EXIT_USAGE_OR_IO;
  if (cl.from != "auto" && !(options.from = tools::find_dialect(cl.from, "--from", diagnostics, true)))
    return tools::EXIT_USAGE_OR_IO;
  if (!cl.fen.empty()) {
    chess::FenOptions fo;
    if (cl.chess960) fo.chess960 = chess::Chess960Mode::On;
    chess::FenResult parsed = chess::Position::from_fen(cl.fen, fo);
    if (!parsed.ok()) {
      diagnostics.print(tools::Severity::Error,
                        fmt::format("invalid --fen, {} field, column {}: {}", to_string(parsed.error->field),
                                    parsed.error->column, parsed.error->message),
                        "bad-fen");
      return tools::EXIT_USAGE_OR_IO;
    }
    options.start = parsed.position;
    options.start_given = true;
  }
  translate::Translator translator(options);
  bool flush = cl.line_buffered || (out.path().empty() && ::isatty(STDOUT_FILENO));
  std::vector<std::string> inputs = !cl.files.empty() || !cl.move.empty() ? cl.files : std::vector<std::string>{"-"};
  if (!out.open(inputs, flush)) return tools::EXIT_USAGE_OR_IO;
  translate::Output output(translator, diagnostics, cl.format == "jsonl", flush, !cl.no_warnings);

  if (!cl.move.empty()) {
    if (!cl.files.empty()) {
      diagnostics.print(tools::Severity::Error, "--move translates one move: give no input files with it");
      return tools::EXIT_USAGE_OR_IO;
    }
    return out.finish(output.single_move(translator.translate(cl.move)) ? tools::EXIT_ALL_GOOD : tools::EXIT_SOME_INVALID);
  }
  return out.finish(translate::translate_files(cl.files, translator, output, diagnostics, flush));
}
