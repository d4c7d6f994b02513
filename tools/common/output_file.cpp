#include "common/output_file.h"

#include <atomic>
#include <cerrno>
#include <climits>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
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

// Ends the run for a signal: no partial record was written (see write_out), the
// temporary file goes, the threads end with the process.
[[noreturn]] void exit_for(int sig) {
  remove_temp();
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

[[noreturn]] void write_failed(int error) {
  if (error == EPIPE) {  // the reader went away: end as a filter does, quietly
    std::signal(SIGPIPE, SIG_DFL);
    std::raise(SIGPIPE);
    remove_temp();
    ::_exit(128 + SIGPIPE);
  }
  out.diagnostics->print(Severity::Error, out.name + ": write error: " + std::strerror(error) +
                                              (temp_path[0] ? " (the file is left as it was)" : ""));
  remove_temp();
  ::_exit(EXIT_USAGE_OR_IO);
}

void write_out() {
  if (out.pending.empty()) return;
  enter_writing();
  const char* p = out.pending.data();
  std::size_t left = out.pending.size();
  while (left > 0) {
    ssize_t n = ::write(out.fd, p, left);
    if (n < 0) {
      if (errno == EINTR) continue;
      int error = errno;
      state.store(IDLE);
      write_failed(error);
    }
    p += n;
    left -= std::size_t(n);
  }
  out.written += out.pending.size();
  out.pending.clear();
  leave_writing();
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

bool OutputFile::open(const std::vector<std::string>& inputs, bool line_by_line) {
  std::signal(SIGPIPE, SIG_DFL);
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
        diagnostics_.print(Severity::Error, "-o " + path_ + " is " + (*input == "-" ? "standard input" : "the input " + *input) + ": refused");
        return false;
      }
    if (exists && !S_ISREG(st.st_mode)) {  // a device or a pipe (/dev/null, /dev/stdout): written to as it is
      out.fd = ::open(path_.c_str(), O_WRONLY | O_CLOEXEC);
      if (out.fd < 0) {
        diagnostics_.print(Severity::Error, path_ + ": " + std::strerror(errno));
        return false;
      }
    } else {
      std::string target = path_;
      if (exists) {  // beside the file itself, not a link to it
        char resolved[PATH_MAX];
        if (::realpath(path_.c_str(), resolved)) target = resolved;
      }
      std::size_t slash = target.rfind('/');
      std::string dir = slash == std::string::npos ? "." : slash == 0 ? "/" : target.substr(0, slash);
      std::string base = slash == std::string::npos ? target : target.substr(slash + 1);
      std::string temp = dir + "/." + base + ".XXXXXX";
      if (temp.size() >= sizeof temp_path) {
        diagnostics_.print(Severity::Error, path_ + ": name too long");
        return false;
      }
      std::strcpy(temp_path, temp.c_str());
      out.fd = ::mkostemp(temp_path, O_CLOEXEC);
      if (out.fd < 0) {
        temp_path[0] = 0;
        diagnostics_.print(Severity::Error, path_ + ": cannot create a file beside it: " + std::strerror(errno));
        return false;
      }
      mode_t mask = ::umask(0);
      ::umask(mask);
      (void)::fchmod(out.fd, exists ? st.st_mode & 07777 : 0666 & ~mask);
      final_path_ = target;
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

}  // namespace tools
