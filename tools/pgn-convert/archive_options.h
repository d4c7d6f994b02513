// pgn-convert's options for archives, declared apart from main.cpp's: --where,
// --duplicates (-by, -file), --split-every, --split-by, --fix, --fix-notes.
#pragma once

#include <CLI/CLI.hpp>
#include <memory>
#include <string>
#include <vector>

#include "common/output_file.h"
#include "pgn-convert/run.h"

namespace convert {

class ArchiveOptions {
public:
  // Adds the options to `app`; some are read straight into `run`.
  ArchiveOptions(CLI::App& app, RunOptions& run);
  ~ArchiveOptions();
  // After parsing: the criteria added to `selection` (after --match and --plies), the rest
  // to `run`; with --split-*, -o taken from `output` as the files' pattern, whose files may
  // name neither `inputs` nor a side file. False, said why, for a usage error.
  bool apply(RunOptions& run, Selection& selection, tools::OutputFile& output, const std::vector<std::string>& inputs,
             const tools::DiagnosticPrinter& diagnostics);

private:
  std::vector<std::string> where_;
  std::string duplicates_, duplicates_by_, split_by_;
  long long split_every_ = 0;
  std::unique_ptr<Split> split_;
};

}  // namespace convert
