// Parsing litmus tests (PTX in Dartagnan's dialect, C in herd7's syntax) into
// the program IR of program.hpp.
//
//   LitmusTest t = parse_litmus_file("tests/MP.litmus");
//   LitmusTest u = parse_litmus(text, "inline");   // dialect from the header
//
// The header's first word picks the dialect: "PTX name" or "C name".
// Malformed input of any kind throws ParseError; the parsers never crash,
// loop forever or recurse without bound on any input.
#pragma once

#include <cstddef>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <string_view>

#include "mapsound/litmus/program.hpp"

namespace mapsound::litmus {

// A syntax (or static) error in a litmus test.  what() is exactly
//   "<source>:<line>:<column>: expected <expected>, found '<found>'"
// where line and column are 1-based (columns count bytes, a tab is one
// column) and point at the offending token; at the end of the input, found
// is "<end of input>".
class ParseError : public std::runtime_error {
public:
    ParseError(std::string source, std::size_t line, std::size_t column, std::string expected,
               std::string found);

    const std::string& source() const { return source_; }
    std::size_t line() const { return line_; }
    std::size_t column() const { return column_; }
    // The "<what>" of the message, e.g. "';'" or "a memory order".
    const std::string& expected() const { return expected_; }
    // The offending token's text (shortened if long), or "<end of input>".
    const std::string& found() const { return found_; }

private:
    std::string source_;
    std::size_t line_;
    std::size_t column_;
    std::string expected_;
    std::string found_;
};

// Parses a whole litmus test.  'source' names the text in error messages
// and becomes LitmusTest::source.  Throws ParseError on malformed input.
LitmusTest parse_litmus(std::string_view text, std::string source);

// Reads and parses a file; LitmusTest::source is the path as given.  Throws
// ParseError on malformed input and std::runtime_error if the file cannot
// be read.
LitmusTest parse_litmus_file(const std::filesystem::path& path);

}  // namespace mapsound::litmus
