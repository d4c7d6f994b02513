// The loop every PGN program runs: the files in turn ('-' is standard input), the games of
// each read on this thread or in chunks on N threads (chunked_games.h), and handed over in
// input order, so that a program is its options, what it does with one game and how it
// prints it.
#pragma once

#include <algorithm>
#include <functional>
#include <string>
#include <vector>

#include "chess/pgn/reader.h"
#include "common/chunked_games.h"
#include "common/diagnostics.h"
#include "common/exit_codes.h"
#include "common/input.h"
#include "common/output_file.h"
#include "common/progress.h"

namespace tools {

struct GameLoopOptions {
  std::vector<std::string> files;  // empty: standard input
  int jobs = 1;
  bool progress = false;
  chess::pgn::ReaderOptions reader;  // with where a part begins in its whole (parts.h)
  std::string input_name;            // the name the (one) input goes by, if not its own
  // Told of each problem found after a file's last game (printed here: no game holds it),
  // for a program's counts.
  std::function<void(const std::string& file, const chess::pgn::Diagnostic&)> after_last_game;
};

// read_one(chess::pgn::Reader&, Result&) -> bool reads and handles the next game into the
// Result (which may hold an earlier game's, to overwrite), false at the end; with jobs > 1
// it runs on any thread. emit(const std::string& file, Result&, std::size_t ordinal_offset)
// runs on this thread in input order (the game's number counts from the chunk it was read
// in: add ordinal_offset) and returns false to stop the whole run.
// Returns EXIT_USAGE_OR_IO if a file could not be opened or read, else EXIT_ALL_GOOD.
template <class Result, class ReadOne, class Emit>
int for_each_game(const GameLoopOptions& options, const DiagnosticPrinter& diagnostics, ReadOne read_one,
                  Emit emit) {
  std::vector<std::string> files = options.files;
  if (files.empty()) files.push_back("-");
  int status = EXIT_ALL_GOOD;
  Progress progress(options.progress, total_input_size(files));
  std::size_t bytes_before = 0, games = 0;
  bool going = true;
  for (const std::string& path : files) {
    if (!going) break;
    Input input = open_input(path, diagnostics, options.jobs);
    if (!input.stream) {  // said why; a file that is not text is an invalid input, not an I/O error
      status = std::max(status, int(input.refused ? EXIT_SOME_INVALID : EXIT_USAGE_OR_IO));
      continue;
    }
    if (!options.input_name.empty()) input.name = options.input_name;
    input.line_offset = options.reader.line_offset;
    input.byte_offset = options.reader.byte_offset;
    chess::pgn::ReaderOptions reader_options = options.reader;
    locate_bytes(input, reader_options);
    std::size_t bytes = 0;
    std::vector<chess::pgn::Diagnostic> trailing;  // found after the file's last game
    auto handle = [&](Result& r, std::size_t ordinal_offset, std::size_t bytes_read) {
      bytes = bytes_read;
      progress.update(bytes_before + bytes_read, ++games);
      bool more = emit(input.name, r, ordinal_offset);
      end_record();  // what the game printed is whole
      return more;
    };
    if (options.jobs <= 1) {
      chess::pgn::Reader reader(*input.stream, reader_options);
      Result r;
      while (going && read_one(reader, r)) going = handle(r, 0, reader.bytes_read());
      bytes = reader.bytes_read();
      if (going) trailing = reader.trailing_diagnostics();
    } else {
      going = for_each_game_chunked<Result>(*input.stream, options.jobs, reader_options, read_one, handle, {}, &trailing);
    }
    for (const chess::pgn::Diagnostic& d : trailing) {  // said once: no game holds them
      diagnostics.print(input.name, d.at.line, d.at.column,
                        d.severity == chess::pgn::Severity::Error ? Severity::Error : Severity::Warning, d.code,
                        d.message + " (after the last game)");
      if (options.after_last_game) options.after_last_game(input.name, d);
    }
    bytes_before += bytes;
    status = std::max(status, finish_input(input, diagnostics));
  }
  progress.finish();
  return status;
}

}  // namespace tools
