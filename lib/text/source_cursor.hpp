// A read position in source text for the hand-written lexers (model and
// mapping files): both step byte by byte and report 1-based line:column
// positions, so the bookkeeping lives here once.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <utility>

namespace mapsound::text {

class SourceCursor {
public:
    explicit SourceCursor(std::string text) : text_(std::move(text)) {}

    // The byte 'ahead' bytes past the cursor; '\0' past the end.
    char peek(std::size_t ahead = 0) const {
        return offset_ + ahead < text_.size() ? text_[offset_ + ahead] : '\0';
    }
    // One byte forward, keeping line and column; nothing at the end.
    void advance();

    bool at_end() const { return offset_ >= text_.size(); }
    std::size_t offset() const { return offset_; }
    int line() const { return line_; }      // of the next byte, from 1
    int column() const { return column_; }  // of the next byte, from 1
    std::string_view text() const { return text_; }

private:
    std::string text_;
    std::size_t offset_ = 0;
    int line_ = 1;
    int column_ = 1;
};

}  // namespace mapsound::text
