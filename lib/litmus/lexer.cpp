// The tokenizer (see lexer.hpp) and ParseError.
#include "litmus/lexer.hpp"

#include <cctype>
#include <cstdio>
#include <limits>
#include <utility>

namespace mapsound::litmus {

ParseError::ParseError(std::string source, std::size_t line, std::size_t column, std::string expected,
                       std::string found)
    : std::runtime_error(source + ":" + std::to_string(line) + ":" + std::to_string(column) +
                         ": expected " + expected + ", found '" + found + "'"),
      source_(std::move(source)),
      line_(line),
      column_(column),
      expected_(std::move(expected)),
      found_(std::move(found)) {}

namespace detail {

namespace {

bool word_start(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; }
bool word_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// A byte as shown in an error message: itself if printable, else \xNN, so
// that messages stay readable and valid text whatever the input holds.
std::string show_byte(char c) {
    auto u = static_cast<unsigned char>(c);
    if (u >= 0x20 && u < 0x7f) return std::string(1, c);
    char buf[8];
    std::snprintf(buf, sizeof buf, "\\x%02X", u);
    return buf;
}

// Long tokens (a multi-line doc string) are cut so messages stay one line.
constexpr std::size_t kMaxShown = 40;

}  // namespace

std::string describe(const Token& t) {
    if (t.kind == TokenKind::end) return "<end of input>";
    std::string out;
    for (char c : t.text) {
        if (out.size() >= kMaxShown) {
            out += "...";
            break;
        }
        out += c == '\n' ? std::string("\\n") : show_byte(c);
    }
    return out;
}

Lexer::Lexer(std::string_view text, std::string source, Dialect dialect, std::size_t offset,
             std::size_t line, std::size_t column)
    : text_(text), source_(std::move(source)), dialect_(dialect), pos_(offset), line_(line), column_(column) {}

void Lexer::advance(std::size_t n) {
    for (std::size_t i = 0; i < n && pos_ < text_.size(); ++i, ++pos_) {
        if (text_[pos_] == '\n') {
            ++line_;
            column_ = 1;
        } else {
            ++column_;
        }
    }
}

void Lexer::fail_here(std::string_view expected, std::string found) const {
    throw ParseError(source_, line_, column_, std::string(expected), std::move(found));
}

void Lexer::skip_space_and_comments() {
    for (;;) {
        char c = at();
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v') {
            advance();
        } else if (c == '/' && at(1) == '/') {
            while (pos_ < text_.size() && at() != '\n') advance();
        } else if (c == '/' && at(1) == '*') {
            advance(2);
            while (pos_ < text_.size() && !(at() == '*' && at(1) == '/')) advance();
            if (pos_ >= text_.size()) fail_here("'*/' closing the comment", "<end of input>");
            advance(2);
        } else if (c == '(' && at(1) == '*' && (!c_syntax(dialect_) || brace_depth_ == 0)) {
            advance(2);
            while (pos_ < text_.size() && !(at() == '*' && at(1) == ')')) advance();
            if (pos_ >= text_.size()) fail_here("'*)' closing the comment", "<end of input>");
            advance(2);
        } else {
            return;
        }
    }
}

Token Lexer::lex() {
    skip_space_and_comments();
    Token t;
    t.line = line_;
    t.column = column_;
    if (pos_ >= text_.size()) {
        t.kind = TokenKind::end;
        return t;
    }
    const std::size_t start = pos_;
    char c = at();
    if (word_start(c)) {
        // In PTX and Vulkan a '.' followed by a word character continues the mnemonic.
        // In AArch64 only a branch's condition ("B.NE") continues a word so;
        // in RISC-V mnemonics ("lw.aq", "amoswap.w.aq.rl", "fence.tso").
        const bool dotted = dialect_ == Dialect::ptx || dialect_ == Dialect::vulkan || dialect_ == Dialect::aarch64 ||
                            dialect_ == Dialect::riscv;
        while (word_char(at()) || (dotted && at() == '.' && word_char(at(1)))) advance();
        t.kind = TokenKind::identifier;
    } else if (std::isdigit(static_cast<unsigned char>(c))) {
        t.kind = TokenKind::number;
        const bool hex = c == '0' && (at(1) == 'x' || at(1) == 'X') &&
                         std::isxdigit(static_cast<unsigned char>(at(2)));
        const std::uint64_t base = hex ? 16 : 10;
        if (hex) advance(2);
        std::uint64_t value = 0;
        bool overflow = false;
        while (hex ? std::isxdigit(static_cast<unsigned char>(at())) : std::isdigit(static_cast<unsigned char>(at()))) {
            const char d = at();
            const std::uint64_t digit = std::isdigit(static_cast<unsigned char>(d))
                                            ? static_cast<std::uint64_t>(d - '0')
                                            : static_cast<std::uint64_t>(std::tolower(d) - 'a' + 10);
            if (value > (std::numeric_limits<std::uint64_t>::max() - digit) / base) overflow = true;
            value = value * base + digit;
            advance();
        }
        t.number = value;
        if (overflow) {
            t.text = std::string(text_.substr(start, pos_ - start));
            fail(t, "an integer that fits in 64 bits");
        }
    } else if (c == '"') {
        advance();
        while (pos_ < text_.size() && at() != '"') advance();
        if (pos_ >= text_.size()) fail_here("'\"' closing the string", "<end of input>");
        advance();
        t.kind = TokenKind::string;
    } else {
        static constexpr std::string_view two[] = {"==", "!=", "<=", ">=", "<<", ">>", "/\\", "\\/"};
        static constexpr std::string_view two_c[] = {"&&", "||"};
        std::size_t len = 0;
        const std::string_view rest = text_.substr(pos_);
        for (auto p : two)
            if (rest.substr(0, 2) == p) len = 2;
        if (c_syntax(dialect_))
            for (auto p : two_c)
                if (rest.substr(0, 2) == p) len = 2;
        if (dialect_ == Dialect::audala && rest.substr(0, 2) == ":=") len = 2;
        if (len == 0) {
            static constexpr std::string_view single = "{}()[];,:|@=+-*/%&^~!<>.";
            // x86 writes immediates "$1"; elsewhere '$' is no token.
            const bool dollar = c == '$' && dialect_ == Dialect::x86;
            // AArch64 writes immediates "#1".
            const bool hash = c == '#' && dialect_ == Dialect::aarch64;
            if (!dollar && !hash && single.find(c) == std::string_view::npos) fail_here("a litmus token", show_byte(c));
            len = 1;
        }
        advance(len);
        t.kind = TokenKind::punct;
        if (c == '{') ++brace_depth_;
        if (c == '}' && brace_depth_ > 0) --brace_depth_;
    }
    t.text = std::string(text_.substr(start, pos_ - start));
    return t;
}

const Token& Lexer::peek(std::size_t k) {
    while (ahead_.size() <= k) {
        if (!ahead_.empty() && ahead_.back().kind == TokenKind::end) return ahead_.back();
        ahead_.push_back(lex());
    }
    return ahead_[k];
}

Token Lexer::next() {
    Token t = peek();
    if (t.kind != TokenKind::end) ahead_.pop_front();
    return t;
}

bool Lexer::accept_punct(std::string_view p) {
    if (!peek().is_punct(p)) return false;
    next();
    return true;
}

bool Lexer::accept_ident(std::string_view w) {
    if (!peek().is_ident(w)) return false;
    next();
    return true;
}

Token Lexer::expect_punct(std::string_view p) {
    if (!peek().is_punct(p)) fail(peek(), "'" + std::string(p) + "'");
    return next();
}

Token Lexer::expect_identifier(std::string_view what) {
    if (peek().kind != TokenKind::identifier) fail(peek(), what);
    return next();
}

bool Lexer::at_integer() {
    return peek().kind == TokenKind::number || (peek().is_punct("-") && peek(1).kind == TokenKind::number);
}

std::int64_t Lexer::expect_integer(std::string_view what) {
    if (!at_integer()) fail(peek(), what);
    const bool negative = accept_punct("-");
    const Token t = next();
    constexpr auto max = static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max());
    if (t.number > max + (negative ? 1 : 0)) fail(t, "an integer that fits in 64 bits");
    if (!negative) return static_cast<std::int64_t>(t.number);
    // -2^63 has no positive counterpart, so negate in unsigned arithmetic.
    return t.number == max + 1 ? std::numeric_limits<std::int64_t>::min() : -static_cast<std::int64_t>(t.number);
}

void Lexer::fail(const Token& t, std::string_view expected) const {
    throw ParseError(source_, t.line, t.column, std::string(expected), describe(t));
}

void Lexer::fail_within(const Token& t, std::size_t column_offset, std::string_view part,
                        std::string_view expected) const {
    Token p = t;
    p.text = std::string(part);
    p.column += column_offset;
    fail(p, expected);
}

NestingGuard::NestingGuard(Lexer& lx, int& depth, const Token& at, std::string_view what) : depth_(depth) {
    if (depth_ >= kMaxNesting)
        lx.fail(at, "at most " + std::to_string(kMaxNesting) + " nested " + std::string(what));
    ++depth_;
}

}  // namespace detail
}  // namespace mapsound::litmus
