// The error thrown by the model lexer and parser.  what() is the full
// message, "file:line:col: text", ready to print; pos() and message() give
// the parts separately so that tools can point at the location themselves.
#pragma once

#include <stdexcept>
#include <string>
#include <utility>

#include "model/cat_ast.hpp"

namespace mapsound::model {

class ParseError : public std::runtime_error {
public:
    ParseError(SourcePos pos, const std::string& message)
        : std::runtime_error(format(pos, message)), pos_(std::move(pos)), message_(message) {}

    const SourcePos& pos() const noexcept { return pos_; }
    // The message without the "file:line:col: " prefix.
    const std::string& message() const noexcept { return message_; }

private:
    // A position with line 0 means "the file as a whole" (e.g. it cannot be
    // read), printed as "file: text".
    static std::string format(const SourcePos& pos, const std::string& message) {
        if (pos.line <= 0) return pos.file + ": " + message;
        return pos.file + ":" + std::to_string(pos.line) + ":" + std::to_string(pos.column) +
               ": " + message;
    }

    SourcePos pos_;
    std::string message_;
};

}  // namespace mapsound::model
