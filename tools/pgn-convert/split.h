// --split-every N and --split-by TAG: the results in several files named by -o's pattern,
// each written whole or not at all (tools::SideFile: a temporary file renamed into place).
// In the pattern, %d is the file's number from 1 (%0Nd: at least N digits, zeros in front,
// so that the names sort), %s the tag's value, %% a '%'. In a value, what is not an ASCII
// letter or digit, '.', '_', '+' or '-', or a UTF-8 character, becomes '_' (a run of them
// one '_'), as do a leading '.' or '-'; a missing or empty value (or '?') is '_'; a
// value is cut to 100 bytes. Values that differ only there share a file.
#pragma once

#include <cstdio>
#include <list>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "chess/pgn/game.h"
#include "common/output_file.h"

namespace convert {

class Split {
public:
  explicit Split(const tools::DiagnosticPrinter& diagnostics) : diagnostics_(diagnostics) {}
  ~Split();

  // A new file after every `n` records; false, with `error` set, for a pattern without %d.
  bool every(std::size_t n, const std::string& pattern, std::string& error);
  // A file per value of `tag`; false, with `error` set, for a pattern without %s.
  bool by(const std::string& tag, const std::string& pattern, std::string& error);
  // The files the run reads: no file it writes may be one.
  void set_inputs(std::vector<std::string> inputs) { inputs_ = std::move(inputs); }
  bool reads_tags() const { return !tag_.empty(); }

  // Where the next record goes (the game's file), or null if that file could not be made
  // (said why: the run ends).
  std::FILE* stream_for(const chess::pgn::Game& game);
  void end_record();
  // Every file put in place: `status`, or EXIT_USAGE_OR_IO (said why) if one could not be.
  int finish(int status);
  std::size_t files() const { return made_; }

  // A tag's value made safe for a file name, as the header says.
  static std::string safe_name(std::string_view value);

private:
  bool parse(const std::string& pattern, char wanted, const std::string& option, std::string& error);
  std::string name(std::string_view value, std::size_t number) const;
  tools::SideFile* open(const std::string& path);

  const tools::DiagnosticPrinter& diagnostics_;
  std::vector<std::string> inputs_;
  std::string before_, after_;  // the pattern around its placeholder, %% read
  int width_ = 0;               // %0Nd
  std::size_t every_ = 0;
  std::string tag_;
  std::size_t in_current_ = 0, made_ = 0;
  std::unique_ptr<tools::SideFile> current_;  // --split-every
  // --split-by: a file per name, the most recently written first; past MOST_OPEN, the
  // least recent are released (their descriptors closed) until written to again.
  struct ByName {
    std::unique_ptr<tools::SideFile> file;
    std::list<ByName*>::iterator recent;
    bool open = false;
  };
  std::map<std::string, ByName> by_name_;
  std::list<ByName*> recent_;
  tools::SideFile* last_ = nullptr;
};

}  // namespace convert
