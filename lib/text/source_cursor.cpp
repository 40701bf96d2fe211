#include "text/source_cursor.hpp"

namespace mapsound::text {

void SourceCursor::advance() {
    if (at_end()) return;
    if (text_[offset_] == '\n') {
        ++line_;
        column_ = 1;
    } else {
        ++column_;
    }
    ++offset_;
}

}  // namespace mapsound::text
