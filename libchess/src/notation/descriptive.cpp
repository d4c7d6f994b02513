#include "notation/descriptive.h"

namespace chess::notation {

std::vector<std::unique_ptr<Codec>> make_descriptive_codecs() {
  std::vector<std::unique_ptr<Codec>> codecs;
  for (DescriptiveStyle style : {DescriptiveStyle{"descriptive", false, false},
                                 DescriptiveStyle{"descriptive-kt", true, false},
                                 DescriptiveStyle{"descriptive-plus", false, true}})
    codecs.push_back(std::make_unique<DescriptiveCodec>(style));
  return codecs;
}

}  // namespace chess::notation
