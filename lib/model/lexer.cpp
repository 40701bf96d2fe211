#include "model/lexer.hpp"

#include <array>
#include <utility>

#include "model/parse_error.hpp"
#include "text/quote_bytes.hpp"

namespace mapsound::model {

namespace {

bool is_letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_name_char(char c) { return is_letter(c) || is_digit(c) || c == '_'; }

struct Keyword {
    std::string_view spelling;
    TokenKind kind;
};
constexpr std::array<Keyword, 13> kKeywords{{
    {"let", TokenKind::kw_let},
    {"rec", TokenKind::kw_rec},
    {"and", TokenKind::kw_and},
    {"as", TokenKind::kw_as},
    {"acyclic", TokenKind::kw_acyclic},
    {"irreflexive", TokenKind::kw_irreflexive},
    {"empty", TokenKind::kw_empty},
    {"flag", TokenKind::kw_flag},
    {"include", TokenKind::kw_include},
    {"witness", TokenKind::kw_witness},
    {"require", TokenKind::kw_require},
    {"show", TokenKind::kw_show},
    {"unshow", TokenKind::kw_unshow},
}};

}  // namespace

std::string describe_token(const Token& token) {
    switch (token.kind) {
    case TokenKind::end: return "end of input";
    case TokenKind::string: return text::quote_bytes('"' + token.text + '"');
    default: return text::quote_bytes(token.text);
    }
}

Lexer::Lexer(std::string text, std::string file) : src_(std::move(text)), file_(std::move(file)) {}

SourcePos Lexer::here() const { return SourcePos{file_, src_.line(), src_.column()}; }

void Lexer::fail(const SourcePos& pos, const std::string& message) const {
    throw ParseError(pos, message);
}

void Lexer::skip_blanks_and_comments() {
    while (!src_.at_end()) {
        const char c = src_.peek();
        if (c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v') {
            src_.advance();
        } else if (c == '/' && src_.peek(1) == '/') {
            while (!src_.at_end() && src_.peek() != '\n') src_.advance();
        } else if (c == '(' && src_.peek(1) == '*') {
            // Nested like OCaml's (and herd's): each `(*` needs its own `*)`.
            const SourcePos opened = here();
            src_.advance();
            src_.advance();
            int depth = 1;
            while (depth > 0) {
                if (src_.at_end()) {
                    fail(here(), "unterminated comment (opened at line " +
                                     std::to_string(opened.line) + ":" +
                                     std::to_string(opened.column) + ")");
                }
                if (src_.peek() == '(' && src_.peek(1) == '*') {
                    src_.advance();
                    src_.advance();
                    ++depth;
                } else if (src_.peek() == '*' && src_.peek(1) == ')') {
                    src_.advance();
                    src_.advance();
                    --depth;
                } else {
                    src_.advance();
                }
            }
        } else {
            return;
        }
    }
}

Token Lexer::next() {
    skip_blanks_and_comments();
    Token token;
    token.pos = here();
    if (src_.at_end()) return token;  // TokenKind::end

    const std::size_t start = src_.offset();
    const char c = src_.peek();

    if (is_letter(c) || c == '_') {
        src_.advance();
        // `-` and `.` only inside a name, so that a trailing one is reported
        // as a stray character rather than silently swallowed.
        while (is_name_char(src_.peek()) ||
               ((src_.peek() == '-' || src_.peek() == '.') && is_name_char(src_.peek(1)))) {
            src_.advance();
        }
        token.text = src_.text().substr(start, src_.offset() - start);
        token.kind = TokenKind::name;
        if (token.text == "_") {
            token.kind = TokenKind::universe;
        } else {
            for (const auto& keyword : kKeywords) {
                if (token.text == keyword.spelling) token.kind = keyword.kind;
            }
        }
        return token;
    }

    if (is_digit(c)) {
        while (is_digit(src_.peek())) src_.advance();
        token.text = src_.text().substr(start, src_.offset() - start);
        if (token.text != "0") {
            fail(token.pos, "expected 0 (the only number in a model), found " + text::quote_bytes(token.text));
        }
        token.kind = TokenKind::zero;
        return token;
    }

    if (c == '"') {
        src_.advance();
        while (src_.peek() != '"') {
            if (src_.at_end() || src_.peek() == '\n') {
                fail(here(), "unterminated string (opened at line " +
                                 std::to_string(token.pos.line) + ":" +
                                 std::to_string(token.pos.column) + ")");
            }
            src_.advance();
        }
        token.text = src_.text().substr(start + 1, src_.offset() - start - 1);
        src_.advance();  // the closing quote
        token.kind = TokenKind::string;
        return token;
    }

    if (c == '^') {
        if (src_.peek(1) == '-' && src_.peek(2) == '1') {
            src_.advance();
            src_.advance();
            src_.advance();
            token.text = "^-1";
            token.kind = TokenKind::inverse;
            return token;
        }
        src_.advance();
        fail(here(), "expected '-1' after '^', found " +
                         (src_.at_end()
                              ? std::string("end of input")
                              : text::quote_bytes(src_.text().substr(src_.offset(), 1))));
    }

    if (c == '<' && src_.peek(1) == '=') {
        src_.advance();
        src_.advance();
        token.text = "<=";
        token.kind = TokenKind::less_equal;
        return token;
    }

    static constexpr std::array<std::pair<char, TokenKind>, 14> kSingles{{
        {'(', TokenKind::lparen},
        {')', TokenKind::rparen},
        {'[', TokenKind::lbracket},
        {']', TokenKind::rbracket},
        {',', TokenKind::comma},
        {'=', TokenKind::equals},
        {'|', TokenKind::bar},
        {';', TokenKind::semicolon},
        {'\\', TokenKind::backslash},
        {'&', TokenKind::ampersand},
        {'*', TokenKind::star},
        {'+', TokenKind::plus},
        {'?', TokenKind::question},
        {'~', TokenKind::tilde},
    }};
    for (const auto& [ch, kind] : kSingles) {
        if (c == ch) {
            src_.advance();
            token.text = std::string(1, c);
            token.kind = kind;
            return token;
        }
    }
    fail(token.pos, "unexpected character " + text::quote_bytes(src_.text().substr(src_.offset(), 1)));
}

}  // namespace mapsound::model
