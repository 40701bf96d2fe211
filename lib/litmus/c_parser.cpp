// The C body in herd7's syntax: one function per thread,
//
//   P0 (atomic_int* x, volatile int* y) { ... }
//   P1@cta 1,gpu 0 (atomic_int* x) { ... }          (scoped extension)
//   P2@cta 0,cluster 1,gpu 0 (atomic_int* x) { ... } (the cluster optional)
//
// Statements are parsed into small expression trees and then lowered onto
// the flat IR:
//   - parameters are memory locations; every other name is a register;
//   - memory accesses nested in expressions ("atomic_load(x) + *y") load
//     into fresh temporaries __t0, __t1, ... first, left to right;
//   - `if (c) S1 else S2` becomes
//         branch !c -> __else<k>; S1; goto __end<k>; __else<k>: S2; __end<k>:
//     and without else, branch !c -> __end<k>; S1; __end<k>:
//     where k counts the thread's `if`s in source order, and `if (c) goto L;`
//     is a single branch.  The printer recognizes exactly these shapes.
//   - a condition "a <cmp> b" branches on that comparison; any other
//     condition e branches on "e != 0";
//   - `while`, `do ... while` and `for` loops become labels and jumps (see
//     "loops" below), unrolled by expansion like any backward jump;
//   - `a && b` and `a || b` whose right operand accesses memory branch
//     around it (short-circuit evaluation, labels __sc<k>); otherwise both
//     sides are computed.
// Declarations accept the integer types herd7's tests use (is_type_word);
// every type is a 64-bit integer to the IR.
// Atomic calls take an optional trailing memory_scope_{cta,cluster,gpu,sys}
// argument (default sys); the non-_explicit forms are seq_cst.
#include <array>
#include <memory>

#include <vector>

#include "litmus/c_expressions.hpp"

namespace mapsound::litmus::detail {

namespace {

class CThreadParser {
public:
    CThreadParser(Lexer& lx, Thread& thread) : lx_(lx), thread_(thread), x_(lx, thread, labels_) {}

    void body() {
        lx_.expect_punct("{");
        while (!lx_.peek().is_punct("}")) statement();
        lx_.next();
        labels_.check(lx_);
    }

private:
    // ---- statements

    void statement() {
        x_.new_statement();
        const Token t = lx_.peek();
        if (t.is_punct("{")) {
            NestingGuard guard(lx_, x_.depth(), t, "blocks and parentheses");
            lx_.next();
            while (!lx_.peek().is_punct("}")) statement();
            lx_.next();
            return;
        }
        if (lx_.accept_punct(";")) return;
        if (t.is_ident("if")) return if_statement();
        if (t.is_ident("goto")) {
            lx_.next();
            x_.emit(Goto{label_use()});
            lx_.expect_punct(";");
            return;
        }
        if (t.kind == TokenKind::identifier && lx_.peek(1).is_punct(":") && !x_.is_param(t.text) &&
            !c_reserved_word(t.text)) {
            lx_.next();
            lx_.next();
            labels_.define(lx_, t, t.text);
            x_.emit(Label{t.text});
            return;
        }
        if (t.kind == TokenKind::identifier && is_type_word(t.text)) {
            declaration();
            lx_.expect_punct(";");
            return;
        }
        if (t.is_ident("while")) return while_statement();
        if (t.is_ident("do")) return do_statement();
        if (t.is_ident("for")) return for_statement();
        if (t.is_ident("break") || t.is_ident("continue")) {
            lx_.next();
            if (loops_.empty()) lx_.fail(t, "a loop around '" + t.text + "'");
            const Loop& loop = loops_.back();
            x_.emit(Goto{t.text == "break" ? loop.exit : loop.next});
            lx_.expect_punct(";");
            return;
        }
        if (t.is_punct("*")) {
            const CExpr target = x_.unary();
            lx_.expect_punct("=");
            const CExpr value = x_.expr();
            lx_.expect_punct(";");
            // The address is computed before the stored value.
            Address a = x_.address(target.kids[0]);
            Qualifiers q = x_.access_qualifiers(a);
            x_.emit(Store{std::move(a), x_.operand(value), MemoryOrder::plain, Scope::none, q});
            return;
        }
        if (t.kind == TokenKind::identifier && is_statement_keyword(t.text))
            lx_.fail(t, "a supported statement (assignment, atomic call, if, while, for, do, goto, label, block)");
        simple_statement();
        lx_.expect_punct(";");
    }

    // An assignment ("r = e", "r += e", "r++", "--r") or a call, without the
    // ';' (also the first and third parts of a `for`).
    void simple_statement() {
        const Token t = lx_.peek();
        const bool increment = t.is_punct("+") && lx_.peek(1).is_punct("+");
        const bool decrement = t.is_punct("-") && lx_.peek(1).is_punct("-");
        if ((increment || decrement) && lx_.peek(2).kind == TokenKind::identifier) {
            lx_.next();
            lx_.next();
            const Token name = lx_.next();
            const Register r = assignable(name);
            x_.emit(RegOp{r, increment ? RegOpKind::add : RegOpKind::sub, r, std::int64_t{1}});
            return;
        }
        if (t.kind == TokenKind::identifier) {
            if (lx_.peek(1).is_punct("=")) {
                const Register dest = assignable(t);
                lx_.next();
                lx_.next();
                x_.into(dest, x_.expr());
                return;
            }
            // A copy: the lexer's next() frees the token a reference would name.
            const Token op = lx_.peek(1);
            if ((op.is_punct("+") || op.is_punct("-")) && lx_.peek(2).is_punct(op.text)) {
                const Register r = assignable(t);
                lx_.next();
                lx_.next();
                lx_.next();
                x_.emit(RegOp{r, op.is_punct("+") ? RegOpKind::add : RegOpKind::sub, r, std::int64_t{1}});
                return;
            }
            static constexpr std::string_view compound[] = {"+", "-", "*", "/", "%", "&", "|", "^", "<<", ">>"};
            for (std::string_view c : compound) {
                if (!op.is_punct(c) || !lx_.peek(2).is_punct("=")) continue;
                const Register r = assignable(t);
                lx_.next();
                const Token op_token = lx_.next();
                lx_.next();
                const CExpr value = x_.expr();
                const Operand v = x_.operand(value);
                x_.emit(RegOp{r, binary_kind(op_token.text), r, v});
                return;
            }
        }
        const CExpr e = x_.expr();
        if (e.kind != CExpr::Kind::call)
            lx_.fail(t, "a statement (assignment, atomic call, if, while, for, do, goto, label, block)");
        x_.call(e, std::nullopt, false);
    }

    // ---- loops
    //
    // Loops lower onto labels and jumps, k counting the thread's loops in
    // source order:
    //   while (c) S       __loop<k>: branch !c -> __exit<k>; S; goto __loop<k>; __exit<k>:
    //   do S while (c);   __loop<k>: S; __next<k>: branch c -> __loop<k>; __exit<k>:
    //   for (I; c; N) S   I; __loop<k>: branch !c -> __exit<k>; S; __next<k>: N;
    //                     goto __loop<k>; __exit<k>:
    // so each iteration after the first takes a backward jump, which
    // expansion allows unroll - 1 times (ExpandOptions::unroll): only
    // executions in which the loop exits within the bound count, as in
    // Dartagnan.  `continue` jumps to __next<k> (__loop<k> in a `while`),
    // `break` to __exit<k>.

    struct Loop {
        std::string head, next, exit;
    };

    // Starts loop k: records its labels and defines __loop<k> here.  With
    // 'continue_at_head', `continue` jumps to __loop<k> (a `while`).
    Loop open_loop(const Token& at, bool continue_at_head) {
        const std::string k = std::to_string(loops_count_++);
        Loop loop{"__loop" + k, "__next" + k, "__exit" + k};
        if (continue_at_head) loop.next = loop.head;
        loops_.push_back(loop);
        x_.define_generated(at, loop.head);
        return loop;
    }

    // Emits "branch !c -> target" (or "branch c -> target" when 'when_true').
    void branch_on(const CExpr& c, bool when_true, const std::string& target) {
        auto [cmp, lhs, rhs] = x_.condition(c);
        x_.emit(Branch{when_true ? cmp : negate(cmp), lhs, rhs, target});
    }

    CExpr parenthesized_condition() {
        lx_.expect_punct("(");
        CExpr c = x_.expr();
        lx_.expect_punct(")");
        return c;
    }

    void while_statement() {
        const Token at = lx_.next();
        NestingGuard guard(lx_, x_.depth(), at, "blocks and parentheses");
        const Loop loop = open_loop(at, true);
        branch_on(parenthesized_condition(), false, loop.exit);
        statement();
        x_.emit(Goto{loop.head});
        x_.define_generated(at, loop.exit);
        loops_.pop_back();
    }

    void do_statement() {
        const Token at = lx_.next();
        NestingGuard guard(lx_, x_.depth(), at, "blocks and parentheses");
        const Loop loop = open_loop(at, false);
        statement();
        x_.define_generated(at, loop.next);
        if (!lx_.peek().is_ident("while")) lx_.fail(lx_.peek(), "'while' after the body of 'do'");
        lx_.next();
        branch_on(parenthesized_condition(), true, loop.head);
        lx_.expect_punct(";");
        x_.define_generated(at, loop.exit);
        loops_.pop_back();
    }

    void for_statement() {
        const Token at = lx_.next();
        NestingGuard guard(lx_, x_.depth(), at, "blocks and parentheses");
        lx_.expect_punct("(");
        if (!lx_.peek().is_punct(";")) {
            if (lx_.peek().kind == TokenKind::identifier && is_type_word(lx_.peek().text)) {
                declaration();
            } else {
                simple_statement();
            }
        }
        lx_.expect_punct(";");
        const Loop loop = open_loop(at, false);
        if (!lx_.peek().is_punct(";")) branch_on(x_.expr(), false, loop.exit);
        lx_.expect_punct(";");
        // The step is parsed now but emitted after the body: its
        // instructions are moved there.
        const std::size_t step_begin = thread_.code.size();
        if (!lx_.peek().is_punct(")")) simple_statement();
        std::vector<Instruction> step(thread_.code.begin() + static_cast<std::ptrdiff_t>(step_begin), thread_.code.end());
        thread_.code.resize(step_begin);
        lx_.expect_punct(")");
        statement();
        x_.define_generated(at, loop.next);
        for (Instruction& i : step) thread_.code.push_back(std::move(i));
        x_.emit(Goto{loop.head});
        x_.define_generated(at, loop.exit);
        loops_.pop_back();
    }

    // "int r", "int r = e", "unsigned long r0 = e, r1", "int* p = e": type
    // words, then declarators separated by ','; the ';' is the caller's.
    void declaration() {
        while (lx_.peek().kind == TokenKind::identifier && is_type_word(lx_.peek().text)) lx_.next();
        for (;;) {
            while (lx_.accept_punct("*")) {
            }
            const Token name = lx_.peek();
            if (name.kind != TokenKind::identifier) lx_.fail(name, "a register name");
            const Register dest = assignable(name);
            lx_.next();
            if (lx_.accept_punct("=")) x_.into(dest, x_.expr());
            if (!lx_.accept_punct(",")) return;
        }
    }

    Register assignable(const Token& t) {
        if (x_.is_param(t.text))
            lx_.fail(t, "a register to assign ('" + t.text + "' is a pointer parameter; write *" + t.text + " = ...)");
        if (c_reserved_word(t.text)) lx_.fail(t, "a register name");
        return Register{t.text};
    }

    void if_statement() {
        const Token if_token = lx_.next();
        NestingGuard guard(lx_, x_.depth(), if_token, "blocks and parentheses");
        lx_.expect_punct("(");
        const CExpr c = x_.expr();
        lx_.expect_punct(")");
        auto [cmp, lhs, rhs] = x_.condition(c);
        if (lx_.peek().is_ident("goto")) {
            // "if (c) goto L;" is a branch on c itself.
            lx_.next();
            const Token target = lx_.peek();
            std::string label = label_use();
            lx_.expect_punct(";");
            if (!lx_.peek().is_ident("else")) {
                x_.emit(Branch{cmp, lhs, rhs, std::move(label)});
                return;
            }
            lx_.next();
            const int k = ifs_++;
            const std::string else_label = "__else" + std::to_string(k);
            const std::string end_label = "__end" + std::to_string(k);
            x_.emit(Branch{negate(cmp), lhs, rhs, else_label});
            x_.emit(Goto{std::move(label)});
            else_part(if_token, k, else_label, end_label);
            return;
        }
        const int k = ifs_++;
        const std::string else_label = "__else" + std::to_string(k);
        const std::string end_label = "__end" + std::to_string(k);
        const std::size_t branch_at = thread_.code.size();
        x_.emit(Branch{negate(cmp), lhs, rhs, end_label});
        statement();
        if (!lx_.peek().is_ident("else")) {
            x_.define_generated(if_token, end_label);
            return;
        }
        lx_.next();
        std::get<Branch>(thread_.code[branch_at]).target = else_label;
        else_part(if_token, k, else_label, end_label);
    }

    // After "S1 else": goto __end<k>; __else<k>: S2; __end<k>:
    void else_part(const Token& if_token, int /*k*/, const std::string& else_label, const std::string& end_label) {
        x_.emit(Goto{end_label});
        x_.define_generated(if_token, else_label);
        statement();
        x_.define_generated(if_token, end_label);
    }


    std::string label_use() {
        const Token t = lx_.peek();
        if (t.kind != TokenKind::identifier || c_reserved_word(t.text) || x_.is_param(t.text))
            lx_.fail(t, "a label name");
        lx_.next();
        labels_.use(t, t.text);
        return t.text;
    }

    Lexer& lx_;
    Thread& thread_;
    LabelTable labels_;
    CExpressions x_;           // after labels_, which it uses
    std::vector<Loop> loops_;  // the loops around the statement being parsed
    int loops_count_ = 0;
    int ifs_ = 0;
};


// "atomic_int* x": type words and stars, then the name; the type must be a
// pointer, since a parameter stands for a shared location.
Parameter parameter(Lexer& lx) {
    std::vector<Token> words;
    while (lx.peek().kind == TokenKind::identifier || lx.peek().is_punct("*")) words.push_back(lx.next());
    if (words.empty()) lx.fail(lx.peek(), "a parameter such as 'atomic_int* x'");
    if (words.back().kind != TokenKind::identifier) lx.fail(lx.peek(), "a parameter name");
    const Token name = words.back();
    words.pop_back();
    std::string type;
    bool pointer = false;
    for (const Token& w : words) {
        if (!type.empty() && w.text != "*") type += ' ';
        type += w.text;
        pointer = pointer || w.text == "*";
    }
    if (!pointer) lx.fail(name, "a pointer parameter such as 'atomic_int* x'");
    if (c_reserved_word(name.text)) lx.fail(name, "a parameter name");
    return Parameter{type, name.text};
}

}  // namespace

void parse_c_threads(Lexer& lx, LitmusTest& test) {
    for (;;) {
        const Token name = lx.peek();
        if (at_final_clause(lx)) return;
        const int expected = static_cast<int>(test.threads.size());
        if (name.kind != TokenKind::identifier || thread_name_number(name.text) != expected)
            lx.fail(name, "thread 'P" + std::to_string(expected) + "' or the final condition");
        lx.next();
        Thread t;
        t.id = expected;
        if (lx.accept_punct("@"))
            t.placement = test.dialect == Dialect::opencl
                              ? parse_placement(lx, {{"wg", &Placement::cta}, {"dev", &Placement::gpu}})
                              : parse_placement(lx);
        lx.expect_punct("(");
        if (!lx.peek().is_punct(")") && !(lx.peek().is_ident("void") && lx.peek(1).is_punct(")"))) {
            do {
                const Token at = lx.peek();
                Parameter p = parameter(lx);
                for (const Parameter& q : t.params)
                    if (q.name == p.name) lx.fail(at, "a parameter name not used before");
                t.params.push_back(std::move(p));
            } while (lx.accept_punct(","));
        } else {
            lx.accept_ident("void");
        }
        lx.expect_punct(")");
        test.threads.push_back(std::move(t));
        CThreadParser(lx, test.threads.back()).body();
    }
}

}  // namespace mapsound::litmus::detail