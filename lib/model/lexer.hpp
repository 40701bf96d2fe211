// The lexer of the .cat model language: turns a model file's text into
// tokens, one at a time, skipping white space and comments.
//
// Lexical rules (those of herd7, restricted to what the parser accepts):
//   - comments: `(* ... *)`, nestable, and `// ...` to the end of the line;
//     `(*` always opens a comment, as in herd, so write `( *` never;
//   - names: a letter or `_`, then letters, digits, `_`, and `-` or `.`
//     when followed by a letter, digit or `_` (so `po-loc`, `sync_fence`,
//     `non-rmw-reads`, `a.b` are one name, while `r^-1` is `r` then `^-1`
//     since `^` is no name character);
//   - `_` alone is the universe and `0` the empty relation; other numbers
//     are errors;
//   - strings: "..." on one line, no escapes;
//   - keywords (reserved, never names): let rec and as acyclic irreflexive
//     empty flag include witness require show unshow;
//   - operators: ( ) [ ] , = <= | ; \ & * + ? ~ ^-1.
// Positions are 1-based; a column counts bytes, a tab being one column.
#pragma once

#include <string>
#include <string_view>

#include "text/source_cursor.hpp"

#include "model/cat_ast.hpp"

namespace mapsound::model {

enum class TokenKind {
    end,  // end of input
    name,
    string,    // text holds the contents, without the quotes
    zero,      // 0
    universe,  // _
    kw_let,
    kw_rec,
    kw_and,
    kw_as,
    kw_acyclic,
    kw_irreflexive,
    kw_empty,
    kw_flag,
    kw_include,
    kw_witness,
    kw_require,
    kw_show,
    kw_unshow,
    lparen,
    rparen,
    lbracket,
    rbracket,
    comma,
    equals,      // =
    less_equal,  // <=
    bar,         // |
    semicolon,   // ;
    backslash,   // difference (a backslash)
    ampersand,   // &
    star,        // *
    plus,        // +
    question,    // ?
    tilde,       // ~
    inverse,     // ^-1
};

struct Token {
    TokenKind kind = TokenKind::end;
    std::string text;  // the spelling; for a string, its contents
    SourcePos pos;
};

// How a token is shown in "found ..." messages: 'text' in quotes, with
// unprintable bytes as \xNN and long spellings shortened, or `end of input`.
std::string describe_token(const Token& token);

class Lexer {
public:
    // `file` is only used for the positions of tokens and errors.
    Lexer(std::string text, std::string file);

    // The next token; TokenKind::end forever once the input is exhausted.
    // Throws ParseError on a malformed comment, string or character.
    Token next();

private:
    SourcePos here() const;
    void skip_blanks_and_comments();
    [[noreturn]] void fail(const SourcePos& pos, const std::string& message) const;

    text::SourceCursor src_;
    std::string file_;
};

}  // namespace mapsound::model
