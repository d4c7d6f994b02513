// Exit statuses shared by every program (DESIGN.md, "Conventions").
#pragma once

namespace tools {

enum ExitCode : int {
  EXIT_ALL_GOOD = 0,      // every input valid, every check passed
  EXIT_SOME_INVALID = 1,  // some input was invalid, or some check failed
  EXIT_USAGE_OR_IO = 2,   // bad options, unreadable files, unreadable input
};

}  // namespace tools
