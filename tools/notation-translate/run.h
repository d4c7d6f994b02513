// Translating the inputs line by line, each line's result printed as it comes.
#pragma once

#include <string>
#include <vector>

#include "common/diagnostics.h"
#include "notation-translate/output.h"
#include "notation-translate/translator.h"

namespace translate {

// Exit status: 0 every line translated, 1 some line could not be, 2 an input unreadable.
int translate_files(const std::vector<std::string>& files, const Translator& translator, const Output& output,
                    const tools::DiagnosticPrinter& diagnostics, bool interactive);

}  // namespace translate
