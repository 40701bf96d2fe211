// The line-oriented lexer shared by mapping files and check files.
//
// Both formats are one statement per line, so line ends are tokens.  Two
// ways to read a token:
//   - next(): the mapping syntax.  Words are letters, digits and `_`, with
//     `-` inside a word when a letter, digit or `_` follows (so
//     `cxx-to-ptx` and `acq_rel` are words while `R->ld` is R, ->, ld);
//     punctuation `.`, `;`, `->`; `$sco` is one token.  `#` and `//` start
//     a comment to the end of the line anywhere.  Any other byte becomes an
//     `invalid` token, so that the parser can say what it expected there.
//   - next_bare(): the check syntax.  A word is any run of bytes other than
//     blanks, so paths need no quoting; `#` and `//` start a comment only at
//     the start of a word, so `a#b` and `x//y.cat` stay words.
// Blanks are space, tab, CR, FF and VT.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

#include "mapsound/mapping.hpp"
#include "text/source_cursor.hpp"

namespace mapsound::mapping::detail {

enum class TokenKind {
    end,         // end of input, forever
    newline,     // one line end (blank and comment-only lines included)
    word,
    dot,         // .
    semicolon,   // ;
    arrow,       // ->
    source_scope,  // $sco
    invalid,     // a byte or `$word` the mapping syntax has no use for
};

struct Token {
    TokenKind kind = TokenKind::end;
    std::string text;  // the spelling
    Position pos;
    // next_bare(): the comment skipped just before this token, without its
    // `#` or `//` and trimmed (on a newline or end token: the comment that
    // ended the line, such as an exclusion's reason).
    std::string comment;
};

// How a token appears after "found" in messages: its spelling in single
// quotes (unprintable bytes as \xNN, long spellings shortened), or
// `end of line` / `end of input`.
std::string describe(const Token& token);

class Lexer {
public:
    // 'file' only names positions.  The text is copied.
    Lexer(std::string_view text, std::string file);

    Token next();       // mapping syntax
    Token next_bare();  // check syntax

private:
    Position here() const;
    // Skips blanks; then, if a comment starts here, skips it to the line end
    // and returns its text (trimmed, without `#` or `//`).
    std::string skip_blanks_and_comment();

    text::SourceCursor src_;
    std::string file_;
};

// The contents of a file, for both parsers.  Throws MappingError at line 0
// ("file: cannot read ...") if it cannot be opened or read.
std::string read_file(const std::filesystem::path& path);

// An absolute, lexically normalized form of 'path' (symbolic links are left
// alone: the path names what the user wrote, made independent of the
// current directory).
std::filesystem::path normalized_absolute(const std::filesystem::path& path);

}  // namespace mapsound::mapping::detail
