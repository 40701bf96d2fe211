#include "model/lexer.hpp"

#include <array>
#include <cstdio>
#include <utility>

#include "model/parse_error.hpp"

namespace mapsound::model {

namespace {

bool is_letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_name_char(char c) { return is_letter(c) || is_digit(c) || c == '_'; }

// Shows raw source bytes safely inside a message, in single quotes: the
// fuzzed or binary inputs the parser must survive would otherwise print
// control bytes.  Built by appending, which also sidesteps a false
// -Wrestrict of GCC 12 on `"'" + std::string(...)` at -O3.
std::string quoted(std::string_view text) {
    constexpr std::size_t kMaxShown = 40;
    std::string out = "'";
    for (std::size_t i = 0; i < text.size() && i < kMaxShown; ++i) {
        const auto c = static_cast<unsigned char>(text[i]);
        if (c >= 0x20 && c < 0x7f) {
            out += static_cast<char>(c);
        } else {
            std::array<char, 8> buf{};
            std::snprintf(buf.data(), buf.size(), "\\x%02X", c);
            out += buf.data();
        }
    }
    if (text.size() > kMaxShown) out += "...";
    out += '\'';
    return out;
}

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
    case TokenKind::string: return quoted('"' + token.text + '"');
    default: return quoted(token.text);
    }
}

Lexer::Lexer(std::string text, std::string file) : text_(std::move(text)), file_(std::move(file)) {}

char Lexer::peek(std::size_t ahead) const {
    return offset_ + ahead < text_.size() ? text_[offset_ + ahead] : '\0';
}

void Lexer::advance() {
    if (offset_ >= text_.size()) return;
    if (text_[offset_] == '\n') {
        ++line_;
        column_ = 1;
    } else {
        ++column_;
    }
    ++offset_;
}

SourcePos Lexer::here() const { return SourcePos{file_, line_, column_}; }

void Lexer::fail(const SourcePos& pos, const std::string& message) const {
    throw ParseError(pos, message);
}

void Lexer::skip_blanks_and_comments() {
    while (offset_ < text_.size()) {
        const char c = peek();
        if (c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v') {
            advance();
        } else if (c == '/' && peek(1) == '/') {
            while (offset_ < text_.size() && peek() != '\n') advance();
        } else if (c == '(' && peek(1) == '*') {
            // Nested like OCaml's (and herd's): each `(*` needs its own `*)`.
            const SourcePos opened = here();
            advance();
            advance();
            int depth = 1;
            while (depth > 0) {
                if (offset_ >= text_.size()) {
                    fail(here(), "unterminated comment (opened at line " +
                                     std::to_string(opened.line) + ":" +
                                     std::to_string(opened.column) + ")");
                }
                if (peek() == '(' && peek(1) == '*') {
                    advance();
                    advance();
                    ++depth;
                } else if (peek() == '*' && peek(1) == ')') {
                    advance();
                    advance();
                    --depth;
                } else {
                    advance();
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
    if (offset_ >= text_.size()) return token;  // TokenKind::end

    const std::size_t start = offset_;
    const char c = peek();

    if (is_letter(c) || c == '_') {
        advance();
        // `-` and `.` only inside a name, so that a trailing one is reported
        // as a stray character rather than silently swallowed.
        while (is_name_char(peek()) ||
               ((peek() == '-' || peek() == '.') && is_name_char(peek(1)))) {
            advance();
        }
        token.text = text_.substr(start, offset_ - start);
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
        while (is_digit(peek())) advance();
        token.text = text_.substr(start, offset_ - start);
        if (token.text != "0") {
            fail(token.pos, "expected 0 (the only number in a model), found " + quoted(token.text));
        }
        token.kind = TokenKind::zero;
        return token;
    }

    if (c == '"') {
        advance();
        while (peek() != '"') {
            if (offset_ >= text_.size() || peek() == '\n') {
                fail(here(), "unterminated string (opened at line " +
                                 std::to_string(token.pos.line) + ":" +
                                 std::to_string(token.pos.column) + ")");
            }
            advance();
        }
        token.text = text_.substr(start + 1, offset_ - start - 1);
        advance();  // the closing quote
        token.kind = TokenKind::string;
        return token;
    }

    if (c == '^') {
        if (peek(1) == '-' && peek(2) == '1') {
            advance();
            advance();
            advance();
            token.text = "^-1";
            token.kind = TokenKind::inverse;
            return token;
        }
        advance();
        fail(here(), "expected '-1' after '^', found " +
                         (offset_ >= text_.size()
                              ? std::string("end of input")
                              : quoted(std::string_view(text_).substr(offset_, 1))));
    }

    if (c == '<' && peek(1) == '=') {
        advance();
        advance();
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
            advance();
            token.text = std::string(1, c);
            token.kind = kind;
            return token;
        }
    }
    fail(token.pos, "unexpected character " + quoted(std::string_view(text_).substr(offset_, 1)));
}

}  // namespace mapsound::model
