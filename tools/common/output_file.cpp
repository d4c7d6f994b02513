#include "common/output_file.h"

#include <atomic>
#include <cerrno>
#include <climits>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <sys/stat.h>
#include <unistd.h>

#include "common/exit_codes.h"

namespace tools {

namespace {

constexpr std::size_t BLOCK = 1 << 20;        // written out once this much is pending at a record's end
constexpr std::size_t MOST_PENDING = 64 << 20;  // written out even inside a record past this

// What the signal handler reads: plain data and lock-free atomics only.
enum : int { IDLE, WRITING, EXITING };
std::atomic<int> state{IDLE};
volatile std::sig_atomic_t pending_signal = 0;
char temp_path[PATH_MAX + 32] = "";  // the temporary file, while it exists

struct Output {
  bool active = false;
  int fd = STDOUT_FILENO;
  std::size_t block = BLOCK;
  std::size_t written = 0;  // bytes written out so far
  std::string pending;
  std::string name;  // for messages
  const DiagnosticPrinter* diagnostics = nullptr;
  FILE* original = nullptr;  // stdout before open()
};
Output out;

void remove_temp() {
  if (temp_path[0]) ::unlink(temp_path);
}

}  // namespace

// The temporary files of SideFiles, for the signal handler: a list that only grows, each
// name written before it is linked in, never freed (a name is a few dozen bytes a file).
struct TempName {
  std::string path;
  std::atomic<bool> live{true};
  TempName* next = nullptr;
};

namespace {

std::atomic<TempName*> side_temps{nullptr};

// Every temporary file, -o's and the side files' (a run ended by a signal or an error).
void remove_temps() {
  remove_temp();
  for (TempName* t = side_temps.load(); t; t = t->next)
    if (t->live.load()) ::unlink(t->path.c_str());
}

// Ends the run for a signal: no partial record was written (see write_out), the
// temporary files go, the threads end with the process.
[[noreturn]] void exit_for(int sig) {
  remove_temps();
  ::_exit(128 + sig);
}

void on_signal(int sig) {
  if (pending_signal) exit_for(sig);  // a second signal: a write is stuck (a stopped reader)
  pending_signal = sig;
  int idle = IDLE;
  if (state.compare_exchange_strong(idle, EXITING)) exit_for(sig);
  // A record is being written: the writer ends the run when it is out (leave_writing).
}

void enter_writing() {
  int idle = IDLE;
  if (!state.compare_exchange_strong(idle, WRITING))
    for (;;) ::pause();  // a signal handler is ending the run
}

void leave_writing() {
  state.store(IDLE);
  if (int sig = pending_signal) {
    int idle = IDLE;
    if (state.compare_exchange_strong(idle, EXITING)) exit_for(sig);
    for (;;) ::pause();
  }
}

// A write to `name` failed: said, and the run ended, no temporary file left behind.
[[noreturn]] void write_failed(const DiagnosticPrinter& diagnostics, const std::string& name, int error,
                               bool temporary) {
  if (error == EPIPE) {  // the reader went away: end as a filter does, quietly
    std::signal(SIGPIPE, SIG_DFL);
    std::raise(SIGPIPE);
    remove_temps();
    ::_exit(128 + SIGPIPE);
  }
  diagnostics.print(Severity::Error, name + ": write error: " + std::strerror(error) +
                                         (temporary ? " (the file is left as it was)" : ""));
  remove_temps();
  ::_exit(EXIT_USAGE_OR_IO);
}

// Writes all of `data` to `fd`, between enter_writing and leave_writing (a signal waits
// for the write to end); false with errno set if it failed.
bool write_all(int fd, std::string_view data) {
  enter_writing();
  const char* p = data.data();
  std::size_t left = data.size();
  while (left > 0) {
    ssize_t n = ::write(fd, p, left);
    if (n < 0) {
      if (errno == EINTR) continue;
      int error = errno;
      state.store(IDLE);
      errno = error;
      return false;
    }
    p += n;
    left -= std::size_t(n);
  }
  leave_writing();
  return true;
}

void write_out() {
  if (out.pending.empty()) return;
  if (!write_all(out.fd, out.pending)) write_failed(*out.diagnostics, out.name, errno, temp_path[0]);
  out.written += out.pending.size();
  out.pending.clear();
}

ssize_t cookie_write(void*, const char* data, std::size_t size) {
  out.pending.append(data, size);
  if (out.pending.size() > MOST_PENDING) write_out();
  return ssize_t(size);
}

bool same_file(const struct stat& a, const struct stat& b) { return a.st_dev == b.st_dev && a.st_ino == b.st_ino; }

// The input that is `target`, if one is.
const std::string* input_named_by(const struct stat& target, const std::vector<std::string>& inputs) {
  for (const std::string& input : inputs) {
    struct stat st;
    bool known = input == "-" ? ::fstat(STDIN_FILENO, &st) == 0 : ::stat(input.c_str(), &st) == 0;
    if (known && same_file(st, target)) return &input;
  }
  return nullptr;
}

// "NAMED is the input X: refused" (or standard input), for an output that names an input.
std::string names_input(const std::string& named, const std::string& input) {
  return named + " is " + (input == "-" ? "standard input" : "the input " + input) + ": refused";
}

// Whether two paths a program writes name one file: the same device and inode where both
// exist, else the same path once made absolute and its links and dots resolved. Devices and
// pipes (/dev/null) may be written twice harmlessly.
bool one_file(const std::string& a, const std::string& b) {
  struct stat sa, sb;
  const bool a_exists = ::stat(a.c_str(), &sa) == 0, b_exists = ::stat(b.c_str(), &sb) == 0;
  if ((a_exists && !S_ISREG(sa.st_mode)) || (b_exists && !S_ISREG(sb.st_mode))) return false;
  if (a_exists && b_exists) return same_file(sa, sb);
  std::error_code error;  // (a path that cannot be resolved is left to the file's opening to say)
  auto resolved = [&](const std::string& p) {
    std::filesystem::path made = std::filesystem::absolute(p, error);
    return error ? made : std::filesystem::weakly_canonical(made, error);
  };
  const std::filesystem::path ra = resolved(a);
  if (error) return false;
  const std::filesystem::path rb = resolved(b);
  return !error && ra == rb;
}

// The name template of a temporary file beside `path` (beside the file itself when `path`
// is a link to it), and in `final_path` the name it is to be renamed to.
std::string temp_beside(const std::string& path, bool exists, std::string& final_path) {
  final_path = path;
  if (exists) {
    char resolved[PATH_MAX];
    if (::realpath(path.c_str(), resolved)) final_path = resolved;
  }
  std::size_t slash = final_path.rfind('/');
  std::string dir = slash == std::string::npos ? "." : slash == 0 ? "/" : final_path.substr(0, slash);
  std::string base = slash == std::string::npos ? final_path : final_path.substr(slash + 1);
  return dir + "/." + base + ".XXXXXX";
}

// Creates the temporary file of the template `name` (completed in place), with the mode
// of the file it replaces (`existing`) or a new file's: its descriptor, or -1 (errno set).
int open_temp(char* name, const struct stat* existing) {
  int fd = ::mkostemp(name, O_CLOEXEC);
  if (fd < 0) return -1;
  mode_t mask = ::umask(0);
  ::umask(mask);
  (void)::fchmod(fd, existing ? existing->st_mode & 07777 : 0666 & ~mask);
  return fd;
}

// Even over an inherited SIG_IGN: a script's background job (`prog & kill -INT $!`) starts
// with SIGINT ignored, and is stopped all the same.
void install_handler(int sig) {
  struct sigaction sa {};
  sa.sa_handler = on_signal;
  sa.sa_flags = SA_RESTART;
  sigemptyset(&sa.sa_mask);
  ::sigaction(sig, &sa, nullptr);
}

}  // namespace

void OutputFile::add_option(CLI::App& app) {
  app.add_option("-o,--output", path_,
                 "Write the results to FILE instead of standard output: whole or not at all (a temporary file "
                 "beside it, renamed at the end); not one of the inputs");
}

void OutputFile::add_side_file(const std::string& option, const std::string& path) {
  if (!path.empty()) side_files_.emplace_back(option, path);
}

bool OutputFile::refuse_side_files(const std::vector<std::string>& inputs) const {
  std::vector<std::pair<std::string, std::string>> written = side_files_;
  if (!path_.empty()) written.insert(written.begin(), {"-o", path_});
  for (std::size_t i = 0; i < written.size(); ++i) {
    const auto& [option, path] = written[i];
    struct stat st;
    if (i > 0 || path_.empty())  // (-o's own test is open()'s)
      if (::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode))
        if (const std::string* input = input_named_by(st, inputs)) {
          diagnostics_.print(Severity::Error, names_input(option + " " + path, *input));
          return true;
        }
    for (std::size_t j = 0; j < i; ++j)
      if (one_file(written[j].second, path)) {
        diagnostics_.print(Severity::Error, written[j].first + " " + written[j].second + " and " + option + " " + path +
                                                " name one file: refused");
        return true;
      }
  }
  return false;
}

bool OutputFile::open(const std::vector<std::string>& inputs, bool line_by_line) {
  std::signal(SIGPIPE, SIG_DFL);
  if (refuse_side_files(inputs)) return false;
  out.diagnostics = &diagnostics_;
  struct stat st;
  if (path_.empty()) {
    out.name = "standard output";
    out.fd = STDOUT_FILENO;
    if (::fstat(STDOUT_FILENO, &st) == 0 && S_ISREG(st.st_mode))
      if (const std::string* input = input_named_by(st, inputs)) {
        diagnostics_.print(Severity::Error, "standard output is the input " + *input + ": refused");
        return false;
      }
  } else {
    out.name = path_;
    bool exists = ::stat(path_.c_str(), &st) == 0;
    if (exists && S_ISREG(st.st_mode))  // (a terminal or /dev/null may be both, harmlessly)
      if (const std::string* input = input_named_by(st, inputs)) {
        diagnostics_.print(Severity::Error, names_input("-o " + path_, *input));
        return false;
      }
    if (exists && !S_ISREG(st.st_mode)) {  // a device or a pipe (/dev/null, /dev/stdout): written to as it is
      out.fd = ::open(path_.c_str(), O_WRONLY | O_CLOEXEC);
      if (out.fd < 0) {
        diagnostics_.print(Severity::Error, path_ + ": " + std::strerror(errno));
        return false;
      }
    } else {
      std::string temp = temp_beside(path_, exists, final_path_);
      if (temp.size() >= sizeof temp_path) {
        diagnostics_.print(Severity::Error, path_ + ": name too long");
        return false;
      }
      std::strcpy(temp_path, temp.c_str());
      out.fd = open_temp(temp_path, exists ? &st : nullptr);
      if (out.fd < 0) {
        temp_path[0] = 0;
        diagnostics_.print(Severity::Error, path_ + ": cannot create a file beside it: " + std::strerror(errno));
        return false;
      }
    }
  }
  out.block = line_by_line || ::isatty(out.fd) ? 0 : BLOCK;
  out.pending.reserve(out.block + (64 << 10));
  std::fflush(stdout);
  cookie_io_functions_t io{nullptr, cookie_write, nullptr, nullptr};
  FILE* records = ::fopencookie(nullptr, "w", io);
  if (!records) {
    diagnostics_.print(Severity::Error, std::string("cannot set up the output: ") + std::strerror(errno));
    remove_temp();
    temp_path[0] = 0;
    return false;
  }
  std::setvbuf(records, nullptr, _IONBF, 0);  // each print straight into `pending`
  out.original = stdout;
  stdout = records;  // glibc's stdout is a variable, there to be set
  out.active = true;
  opened_ = true;
  install_handler(SIGINT);
  install_handler(SIGTERM);
  return true;
}

int OutputFile::finish(int status) {
  if (!opened_ || finished_) return status;
  finished_ = true;
  std::fflush(stdout);
  write_out();
  out.active = false;
  FILE* records = stdout;
  stdout = out.original;
  std::fclose(records);
  if (out.fd == STDOUT_FILENO) return status;
  enter_writing();  // a signal now waits for the file to be in place
  int error = ::close(out.fd) == 0 ? 0 : errno;
  if (!error && temp_path[0] && status == EXIT_USAGE_OR_IO && out.written == 0) {
    // A run that failed and wrote nothing (a misspelt input) does not empty FILE.
    remove_temp();
    temp_path[0] = 0;
    diagnostics_.print(Severity::Note, path_ + ": left as it was: the run wrote nothing");
    leave_writing();
    return status;
  }
  if (!error && temp_path[0] && ::rename(temp_path, final_path_.c_str()) != 0) error = errno;
  if (error) {
    diagnostics_.print(Severity::Error, path_ + ": write error: " + std::strerror(error) +
                                            (temp_path[0] ? " (the file is left as it was)" : ""));
    remove_temp();
    status = EXIT_USAGE_OR_IO;
  }
  temp_path[0] = 0;
  leave_writing();
  return status;
}

OutputFile::~OutputFile() {
  if (!opened_ || finished_) return;
  if (out.fd == STDOUT_FILENO) {
    finish(EXIT_ALL_GOOD);  // nothing printed is lost
    return;
  }
  out.active = false;
  FILE* records = stdout;
  stdout = out.original;
  std::fclose(records);
  out.pending.clear();
  ::close(out.fd);
  remove_temp();
  temp_path[0] = 0;
}

void end_record() {
  if (out.active && out.pending.size() >= out.block) write_out();
}

struct SideFileAccess {
  static ssize_t write(void* cookie, const char* data, std::size_t size) {
    auto* file = static_cast<SideFile*>(cookie);
    file->pending_.append(data, size);
    if (file->pending_.size() > MOST_PENDING) file->write_out();
    return ssize_t(size);
  }
};

bool SideFile::open(const std::string& path, const std::vector<std::string>& inputs) {
  path_ = path;
  struct stat st;
  bool exists = ::stat(path.c_str(), &st) == 0;
  if (exists && S_ISREG(st.st_mode))
    if (const std::string* input = input_named_by(st, inputs)) {
      diagnostics_.print(Severity::Error, names_input(path, *input));
      return false;
    }
  if (exists && !S_ISREG(st.st_mode)) {  // a device or a pipe: written to as it is
    fd_ = ::open(path.c_str(), O_WRONLY | O_CLOEXEC);
  } else {
    auto* temp = new TempName;
    temp->path = temp_beside(path, exists, final_path_);
    // Linked in before the file is made: a signal between the two leaves no file behind.
    temp->next = side_temps.load();
    while (!side_temps.compare_exchange_weak(temp->next, temp)) {}
    temp_ = temp;
    fd_ = open_temp(temp->path.data(), exists ? &st : nullptr);
    if (fd_ < 0) temp->live.store(false);
  }
  if (fd_ < 0) {
    diagnostics_.print(Severity::Error, path + ": cannot " + (temp_ ? "create a file beside it: " : "open it: ") +
                                            std::strerror(errno));
    return false;
  }
  cookie_io_functions_t io{nullptr, SideFileAccess::write, nullptr, nullptr};
  stream_ = ::fopencookie(this, "w", io);
  if (!stream_) {
    diagnostics_.print(Severity::Error, path + ": " + std::strerror(errno));
    return false;
  }
  std::setvbuf(stream_, nullptr, _IONBF, 0);
  return true;
}

void SideFile::write_out() {
  if (pending_.empty()) return;
  if (fd_ < 0) fd_ = ::open(temp_->path.c_str(), O_WRONLY | O_APPEND | O_CLOEXEC);
  if (fd_ < 0 || !write_all(fd_, pending_)) write_failed(diagnostics_, path_, errno, temp_);
  pending_.clear();
}

void SideFile::end_record() {
  if (pending_.size() >= (64 << 10)) write_out();
}

void SideFile::release() {
  write_out();
  if (temp_ && fd_ >= 0) {
    ::close(fd_);
    fd_ = -1;
  }
}

bool SideFile::commit() {
  if (!stream_) return false;
  std::fflush(stream_);
  write_out();
  std::fclose(stream_);
  stream_ = nullptr;
  int error = fd_ >= 0 && ::close(fd_) != 0 ? errno : 0;
  fd_ = -1;
  if (!temp_) return true;
  enter_writing();  // a signal now waits for the file to be in place
  if (!error && ::rename(temp_->path.c_str(), final_path_.c_str()) != 0) error = errno;
  if (error) ::unlink(temp_->path.c_str());
  temp_->live.store(false);
  leave_writing();
  if (error) diagnostics_.print(Severity::Error, path_ + ": write error: " + std::strerror(error) + " (the file is left as it was)");
  return !error;
}

SideFile::~SideFile() {
  if (stream_) std::fclose(stream_);
  if (fd_ >= 0) ::close(fd_);
  if (temp_ && temp_->live.load()) {
    ::unlink(temp_->path.c_str());
    temp_->live.store(false);
  }
}

}  // namespace tools
