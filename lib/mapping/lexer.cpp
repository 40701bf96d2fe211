#include "mapping/lexer.hpp"

#include <array>
#include <cstdio>
#include <utility>

namespace mapsound::mapping::detail {

namespace {

bool is_word_char(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
           c == '_';
}
bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v'; }

}  // namespace

std::string describe(const Token& token) {
    switch (token.kind) {
    case TokenKind::end: return "end of input";
    case TokenKind::newline: return "end of line";
    default: break;
    }
    // Appended piecewise: GCC 12 warns falsely (-Wrestrict) on "'" + string.
    // Control and non-ASCII bytes are escaped so that binary input prints
    // safely.
    constexpr std::size_t kMaxShown = 40;
    std::string out = "'";
    for (std::size_t i = 0; i < token.text.size() && i < kMaxShown; ++i) {
        const auto c = static_cast<unsigned char>(token.text[i]);
        if (c >= 0x20 && c < 0x7f) {
            out += static_cast<char>(c);
        } else {
            std::array<char, 8> buf{};
            std::snprintf(buf.data(), buf.size(), "\\x%02X", c);
            out += buf.data();
        }
    }
    if (token.text.size() > kMaxShown) out += "...";
    out += '\'';
    return out;
}

Lexer::Lexer(std::string_view text, std::string file) : text_(text), file_(std::move(file)) {}

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

Position Lexer::here() const { return Position{file_, line_, column_}; }

void Lexer::skip_blanks_and_comment() {
    while (offset_ < text_.size() && is_blank(peek())) advance();
    if (peek() == '#' || (peek() == '/' && peek(1) == '/')) {
        while (offset_ < text_.size() && peek() != '\n') advance();
    }
}

Token Lexer::next() {
    skip_blanks_and_comment();
    Token token;
    token.pos = here();
    if (offset_ >= text_.size()) return token;  // end
    const std::size_t start = offset_;
    const char c = peek();
    auto take = [&](TokenKind kind, std::size_t bytes) {
        for (std::size_t i = 0; i < bytes; ++i) advance();
        token.kind = kind;
        token.text = text_.substr(start, offset_ - start);
        return token;
    };
    if (c == '\n') return take(TokenKind::newline, 1);
    if (c == '.') return take(TokenKind::dot, 1);
    if (c == ';') return take(TokenKind::semicolon, 1);
    if (c == '-' && peek(1) == '>') return take(TokenKind::arrow, 2);
    if (c == '$') {
        // `$` with the word after it, so that a misspelt `$scope` is shown
        // whole in the message.
        std::size_t n = 1;
        while (is_word_char(peek(n))) ++n;
        const bool sco = (n == 4 && text_.compare(start, 4, "$sco") == 0);
        return take(sco ? TokenKind::source_scope : TokenKind::invalid, n);
    }
    if (is_word_char(c)) {
        std::size_t n = 0;
        while (is_word_char(peek(n)) || (peek(n) == '-' && n > 0 && is_word_char(peek(n + 1)))) ++n;
        return take(TokenKind::word, n);
    }
    return take(TokenKind::invalid, 1);
}

Token Lexer::next_bare() {
    skip_blanks_and_comment();
    Token token;
    token.pos = here();
    if (offset_ >= text_.size()) return token;
    const std::size_t start = offset_;
    if (peek() == '\n') {
        advance();
        token.kind = TokenKind::newline;
    } else {
        while (offset_ < text_.size() && !is_blank(peek()) && peek() != '\n') advance();
        token.kind = TokenKind::word;
    }
    token.text = text_.substr(start, offset_ - start);
    return token;
}

}  // namespace mapsound::mapping::detail
