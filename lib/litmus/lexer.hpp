// The tokenizer shared by the PTX, C, AuDaLa and condition parsers, plus the
// token helpers every parser uses to consume input and report errors in the
// one ParseError format.
#pragma once

#include <cstddef>
#include <cstdint>
#include <deque>
#include <string>
#include <string_view>

#include "mapsound/litmus/parse.hpp"
#include "mapsound/litmus/program.hpp"

namespace mapsound::litmus::detail {

enum class TokenKind { identifier, number, string, punct, end };

struct Token {
    TokenKind kind = TokenKind::end;
    std::string text;          // as written; a string token keeps its quotes
    std::size_t line = 1;      // 1-based
    std::size_t column = 1;    // 1-based, in bytes
    std::uint64_t number = 0;  // the value of a number token

    bool is_punct(std::string_view p) const { return kind == TokenKind::punct && text == p; }
    bool is_ident(std::string_view w) const { return kind == TokenKind::identifier && text == w; }
};

// A lazy tokenizer: tokens are produced as the parser looks at them, so the
// first error reported is the first one in the text.
//
// Tokens: identifiers [A-Za-z_][A-Za-z0-9_]* (in PTX also containing '.'
// followed by a word character, so "atom.acq_rel.gpu.add" is one token, its
// qualifiers split by the PTX parser); decimal and 0x-hex numbers (no sign:
// parsers read '-' themselves); "..." strings, possibly spanning lines;
// punctuation, with the two-character forms == != <= >= << >> /\ \/, in
// C only && || (in PTX "||" is two cell separators), and in AuDaLa only :=
// (elsewhere "0:r0=1" must stay ':' '='), in x86 '$' (immediates "$1"), in
// AArch64 '#' ("#1") and dotted branch mnemonics ("B.NE"), in RISC-V
// dotted mnemonics ("lw.aq", "fence.tso").
// Comments: // to end of line and /* */ everywhere; (* *) in PTX and AuDaLa
// everywhere and in C only outside braces, because inside a C body "(*x)"
// is code.
class Lexer {
public:
    Lexer(std::string_view text, std::string source, Dialect dialect, std::size_t offset = 0,
          std::size_t line = 1, std::size_t column = 1);

    // The k-th token ahead (0 = the next one); past the end, the end token.
    // The reference stays valid across later peeks but not across next(),
    // which frees the token it returns: copy what must outlive it.
    const Token& peek(std::size_t k = 0);
    Token next();

    // Consumes the next token if it is the punctuation p / the identifier w.
    bool accept_punct(std::string_view p);
    bool accept_ident(std::string_view w);
    // Consumes the punctuation p or fails with "expected 'p'".
    Token expect_punct(std::string_view p);
    // Consumes an identifier or fails with "expected <what>".
    Token expect_identifier(std::string_view what);
    // Consumes an optionally negative integer literal ("-3", "0x10") or fails
    // with "expected <what>"; checks that it fits in std::int64_t.
    std::int64_t expect_integer(std::string_view what);
    // Whether an integer literal (optionally negative) starts here.
    bool at_integer();

    // Throws ParseError at token t.
    [[noreturn]] void fail(const Token& t, std::string_view expected) const;
    // Throws ParseError at 'column_offset' bytes into token t (for the parts
    // of a dotted PTX mnemonic).
    [[noreturn]] void fail_within(const Token& t, std::size_t column_offset, std::string_view part,
                                  std::string_view expected) const;

    const std::string& source() const { return source_; }
    Dialect dialect() const { return dialect_; }

private:
    Token lex();
    void skip_space_and_comments();
    [[noreturn]] void fail_here(std::string_view expected, std::string found) const;
    char at(std::size_t k = 0) const { return pos_ + k < text_.size() ? text_[pos_ + k] : '\0'; }
    void advance(std::size_t n = 1);

    std::string_view text_;
    std::string source_;
    Dialect dialect_;
    std::size_t pos_;
    std::size_t line_;
    std::size_t column_;
    int brace_depth_ = 0;
    std::deque<Token> ahead_;
};

// The text shown as "found '...'" for a token: its text, shortened if long,
// or "<end of input>".
std::string describe(const Token& t);

// Limits that keep hostile input from exhausting the stack or memory.
inline constexpr int kMaxNesting = 200;          // parentheses, ~, blocks, ifs
inline constexpr std::int64_t kMaxArraySize = 4096;
// Binary operators in one expression: the trees are walked recursively, and
// a chain "a /\ b /\ ..." nests one level per operator.
inline constexpr int kMaxOperators = 1000;

// Counts nesting on construction; fails with "expected at most kMaxNesting
// nested ..." when exceeded.
class NestingGuard {
public:
    NestingGuard(Lexer& lx, int& depth, const Token& at, std::string_view what);
    ~NestingGuard() { --depth_; }
    NestingGuard(const NestingGuard&) = delete;
    NestingGuard& operator=(const NestingGuard&) = delete;

private:
    int& depth_;
};

// "( inner )" where the next token, 'open', is the '(': one more level of
// nesting (see NestingGuard) while 'inner' parses what is inside.  Returns
// what 'inner' returns.
template <class Inner>
auto parenthesized(Lexer& lx, int& depth, const Token& open, std::string_view what, Inner&& inner) {
    NestingGuard guard(lx, depth, open, what);
    lx.next();
    auto e = inner();
    lx.expect_punct(")");
    return e;
}

}  // namespace mapsound::litmus::detail
