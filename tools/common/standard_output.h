// Standard output in large blocks when it goes to a file or a pipe: archive-sized output
// in stdio's default blocks costs a write call every few kilobytes. Call before printing.
#pragma once

namespace tools {

void buffer_standard_output();

}  // namespace tools
