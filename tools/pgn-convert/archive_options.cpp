#include "pgn-convert/archive_options.h"

#include <climits>
#include <sys/stat.h>

#include "pgn-convert/where.h"

namespace convert {

ArchiveOptions::ArchiveOptions(CLI::App& app, RunOptions& run) {
  app.add_option("--where", where_, "Keep games whose TAG compares so with VALUE: 'TAG OP VALUE', OP one of < <= = != "
                                    ">= >, numbers and dates compared as such (WhiteElo>=2500, Date<2000.01.01, "
                                    "PlyCount<40: plies counted); repeatable, all must hold")
      ->allow_extra_args(false);
  app.add_option("--duplicates", duplicates_, "Copies of a game (same start position and main-line moves): "
                                              "keep-first (drop the later copies), only (keep only those), drop "
                                              "(drop every game that has a copy; reads the files twice)")
      ->check(CLI::IsMember({"keep-first", "only", "drop"}));
  app.add_option("--duplicates-by", duplicates_by_, "What copies share: moves (default) or moves+tags:NAME,NAME... "
                                                    "(moves+tags:White,Black,Date)");
  app.add_option("--duplicates-file", run.duplicates_file, "Write the games --duplicates drops to FILE");
  app.add_option("--split-every", split_every_, "Write a new file after every N games, named by -o's pattern "
                                                "with %d (or %03d) for its number from 1")
      ->check(CLI::Range(1LL, LLONG_MAX));
  app.add_option("--split-by", split_by_, "Write each game to the file for its TAG's value, named by -o's pattern "
                                          "with %s for the value (unsafe characters replaced)")
      ->excludes("--split-every");
  app.add_flag("--fix", run.fix, "Repair what is certain (date forms, result spellings, a result the board "
                                 "contradicts, a missing result marker): each repair a warning, never a move");
  app.add_flag("--fix-notes", run.fix_notes, "With --fix (implied), a {repaired: ...} comment before the moves");
}

ArchiveOptions::~ArchiveOptions() = default;

namespace {

// --duplicates drop reads its input twice: named regular files only (a compressed one is
// decompressed twice).
bool rereadable(const std::vector<std::string>& files, const tools::DiagnosticPrinter& diagnostics) {
  for (const std::string& f : files) {
    struct stat st;
    if (f != "-" && (::stat(f.c_str(), &st) != 0 || S_ISREG(st.st_mode))) continue;  // (a missing one is said later)
    diagnostics.print(tools::Severity::Error, "--duplicates drop reads its input twice: " +
                                                  (f == "-" ? std::string("standard input") : f) +
                                                  " cannot be read again (name regular files)");
    return false;
  }
  if (files.empty())
    diagnostics.print(tools::Severity::Error, "--duplicates drop reads its input twice: name the files (standard "
                                              "input cannot be read again)");
  return !files.empty();
}

bool usage_error(const tools::DiagnosticPrinter& diagnostics, const std::string& message) {
  diagnostics.print(tools::Severity::Error, message);
  return false;
}

}  // namespace

bool ArchiveOptions::apply(RunOptions& run, Selection& selection, tools::OutputFile& output,
                           const std::vector<std::string>& inputs, const tools::DiagnosticPrinter& diagnostics) {
  std::string error;
  for (const std::string& w : where_) {
    std::unique_ptr<Criterion> where = make_where(w, error);
    if (!where) return usage_error(diagnostics, error);
    // Plies told from the movetext without replaying it would count a game with an illegal
    // move as the replaying count never does: refused, as --plies is.
    if (run.index && where->reads_moves())
      return usage_error(diagnostics, "--where '" + w + "' counts moves: --offsets reads none (--format jsonl "
                                      "gives each game's offset and length too)");
    selection.add_criterion(std::move(where));
  }
  if (duplicates_.empty() && !(duplicates_by_.empty() && run.duplicates_file.empty()))
    return usage_error(diagnostics, std::string(duplicates_by_.empty() ? "--duplicates-file" : "--duplicates-by") +
                                        " goes with --duplicates");
  if (!duplicates_.empty()) {
    DuplicateMode mode = duplicates_ == "drop" ? DuplicateMode::Drop
                         : duplicates_ == "only" ? DuplicateMode::Only : DuplicateMode::KeepFirst;
    std::unique_ptr<Duplicates> d = Duplicates::make(mode, duplicates_by_.empty() ? "moves" : duplicates_by_, error);
    if (!d) return usage_error(diagnostics, error);
    if (d->needs_first_pass() && !rereadable(run.loop.files, diagnostics)) return false;
    run.duplicates = d.get();
    selection.add_criterion(std::move(d));
  }
  run.fix = run.fix || run.fix_notes;
  if (split_every_ || !split_by_.empty()) {
    split_ = std::make_unique<Split>(diagnostics);
    std::string pattern = output.take_path();
    bool ok = split_every_ ? split_->every(std::size_t(split_every_), pattern, error) : split_->by(split_by_, pattern, error);
    if (!ok) return usage_error(diagnostics, error);
    std::vector<std::string> kept = inputs;  // the files no split file may be written over
    for (const std::string* side : {&run.rejects, &run.duplicates_file, &run.part.summary_file})
      if (!side->empty()) kept.push_back(*side);
    split_->set_inputs(kept);
    run.split = split_.get();
  }
  return true;
}

}  // namespace convert
