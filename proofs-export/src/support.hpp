// The Coq support library (proofs-export/coq/*.v), embedded at build time.
#pragma once

#include <string>
#include <vector>

namespace mapsound::coq {

struct SupportFile {
    std::string name;  // "MsRel.v"
    std::string text;
};

// In dependency order.
const std::vector<SupportFile>& support_files();

}  // namespace mapsound::coq
