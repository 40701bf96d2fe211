#include "mapping/lexer.hpp"

#include <utility>

#include "text/quote_bytes.hpp"

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
    return text::quote_bytes(token.text);
}

Lexer::Lexer(std::string_view text, std::string file) : src_(std::string(text)), file_(std::move(file)) {}

Position Lexer::here() const { return Position{file_, src_.line(), src_.column()}; }

std::string Lexer::skip_blanks_and_comment() {
    while (!src_.at_end() && is_blank(src_.peek())) src_.advance();
    if (src_.peek() == '#' || (src_.peek() == '/' && src_.peek(1) == '/')) {
        src_.advance();
        if (src_.peek() == '/') src_.advance();
        const std::size_t start = src_.offset();
        while (!src_.at_end() && src_.peek() != '\n') src_.advance();
        std::string text(src_.text().substr(start, src_.offset() - start));
        const auto first = text.find_first_not_of(" \t\r\f\v");
        const auto last = text.find_last_not_of(" \t\r\f\v");
        return first == std::string::npos ? std::string() : text.substr(first, last - first + 1);
    }
    return {};
}

Token Lexer::next() {
    skip_blanks_and_comment();
    Token token;
    token.pos = here();
    if (src_.at_end()) return token;  // end
    const std::size_t start = src_.offset();
    const char c = src_.peek();
    auto take = [&](TokenKind kind, std::size_t bytes) {
        for (std::size_t i = 0; i < bytes; ++i) src_.advance();
        token.kind = kind;
        token.text = src_.text().substr(start, src_.offset() - start);
        return token;
    };
    if (c == '\n') return take(TokenKind::newline, 1);
    if (c == '.') return take(TokenKind::dot, 1);
    if (c == ';') return take(TokenKind::semicolon, 1);
    if (c == '-' && src_.peek(1) == '>') return take(TokenKind::arrow, 2);
    if (c == '$') {
        // `$` with the word after it, so that a misspelt `$scope` is shown
        // whole in the message.
        std::size_t n = 1;
        while (is_word_char(src_.peek(n))) ++n;
        const bool sco = (n == 4 && src_.text().compare(start, 4, "$sco") == 0);
        return take(sco ? TokenKind::source_scope : TokenKind::invalid, n);
    }
    if (is_word_char(c)) {
        std::size_t n = 0;
        while (is_word_char(src_.peek(n)) || (src_.peek(n) == '-' && n > 0 && is_word_char(src_.peek(n + 1)))) ++n;
        return take(TokenKind::word, n);
    }
    return take(TokenKind::invalid, 1);
}

Token Lexer::next_bare() {
    std::string comment = skip_blanks_and_comment();
    Token token;
    token.pos = here();
    token.comment = std::move(comment);
    if (src_.at_end()) return token;
    const std::size_t start = src_.offset();
    if (src_.peek() == '\n') {
        src_.advance();
        token.kind = TokenKind::newline;
    } else {
        while (!src_.at_end() && !is_blank(src_.peek()) && src_.peek() != '\n') src_.advance();
        token.kind = TokenKind::word;
    }
    token.text = src_.text().substr(start, src_.offset() - start);
    return token;
}

}  // namespace mapsound::mapping::detail
