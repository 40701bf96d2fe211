// The AuDaLa body (the syntax is documented in mapsound/litmus/parse.hpp):
// the optional init block of globals, then the instances.
//
//   { x = 0; a[2] = {1, 2}; }
//   instance I0 { r1 := x; y := r1 + 1; if (r1 == 1) { x := 42; } }
//
// Statements are lowered onto the IR while they are parsed:
//   - a composite expression is computed into fresh temporaries __t0, __t1,
//     ... in post-order, left to right (the order the C front end uses), so
//     the IR reads like the evaluation order; an integer or a register is
//     used as the operand directly;
//   - in "g[e1] := e2" the address is computed before the value, as in C;
//   - `if` lowers exactly as in the C front end (c_parser.cpp), so that the
//     two printers recognize the same shapes:
//         branch !c -> __else<k>; S1; goto __end<k>; __else<k>: S2; __end<k>:
//     and without else, branch !c -> __end<k>; S1; __end<k>:
//
// Why globals must be declared: AuDaLa writes a read and a register
// computation the same way ("r := x"), so without declarations a misspelt
// global would silently become a register.  With them, every name has one
// meaning: declared globals, registers assigned by reads, nothing else.
#include <algorithm>
#include <set>

#include "litmus/parse_common.hpp"

namespace mapsound::litmus::detail {

namespace {

bool reserved_word(std::string_view w) {
    return w == "instance" || w == "if" || w == "else" || w == "exists" || w == "forall" || w == "filter" ||
           w == "true" || w == "false" || w == "locations" || w == "regions";
}

// Names starting with "__" belong to the temporaries the parser introduces.
bool reserved_name(std::string_view w) { return reserved_word(w) || w.substr(0, 2) == "__"; }

bool at_condition(Lexer& lx) { return at_final_clause(lx); }

// "{ x = 0; a[2] = {1, 2}; }": every global with its initial values.
void parse_init_block(Lexer& lx, LitmusTest& test) {
    lx.expect_punct("{");
    while (!lx.peek().is_punct("}")) {
        const Token name = lx.expect_identifier("a global name");
        if (reserved_name(name.text)) lx.fail(name, "a global name (not a keyword, not starting with '__')");
        if (test.find_location(name.text)) lx.fail(name, "a global not declared before");
        Location loc{name.text, "", {std::int64_t{0}}};
        if (lx.accept_punct("[")) {
            const std::int64_t size = parse_array_size(lx);
            lx.expect_punct("=");
            lx.expect_punct("{");
            loc.values.assign(static_cast<std::size_t>(size), std::int64_t{0});
            for (std::size_t i = 0; !lx.peek().is_punct("}");) {
                if (i == loc.values.size())
                    lx.fail(lx.peek(), "at most " + std::to_string(size) + " initial values");
                loc.values[i++] = lx.expect_integer("an initial value (an integer)");
                if (!lx.accept_punct(",")) break;
            }
            lx.expect_punct("}");
        } else {
            lx.expect_punct("=");
            loc.values[0] = lx.expect_integer("an initial value (an integer)");
        }
        test.locations.push_back(std::move(loc));
        if (lx.accept_punct(";")) continue;
        if (!lx.peek().is_punct("}")) lx.fail(lx.peek(), "';' or '}'");
    }
    lx.expect_punct("}");
}

class InstanceParser {
public:
    InstanceParser(Lexer& lx, const LitmusTest& test, Thread& thread) : lx_(lx), test_(test), thread_(thread) {}

    void body() { block(); }

private:
    const Location* global(std::string_view name) const { return test_.find_location(name); }

    template <class I>
    void emit(I instruction) {
        thread_.code.push_back(std::move(instruction));
    }

    // '{' statement* '}'
    void block() {
        lx_.expect_punct("{");
        while (!lx_.peek().is_punct("}")) statement();
        lx_.next();
    }

    void statement() {
        operators_ = 0;
        const Token t = lx_.peek();
        if (t.is_ident("if")) return if_statement();
        if (t.kind != TokenKind::identifier || reserved_word(t.text))
            lx_.fail(t, "a statement ('r := g;', 'g := e;' or 'if') or '}'");
        if (global(t.text)) {
            lx_.next();
            Address target = access(t);
            lx_.expect_punct(":=");
            const Operand value = expr();
            lx_.expect_punct(";");
            emit(Store{std::move(target), value, MemoryOrder::plain, Scope::none, {}});
            return;
        }
        // Not a global, so a register that a read assigns: "r := g;".  When
        // it cannot be one, the name is taken for a global the init block
        // forgot, the likelier mistake.
        const Token after = lx_.peek(1);
        if (after.is_punct("[")) lx_.fail(t, "a global declared in the init block");
        if (!after.is_punct(":=")) lx_.fail(after, "':='");
        const Token source = lx_.peek(2);
        if (source.kind != TokenKind::identifier || !global(source.text)) {
            const bool looks_like_read = source.kind == TokenKind::identifier && !registers_.count(source.text) &&
                                         !reserved_name(source.text) &&
                                         (lx_.peek(3).is_punct(";") || lx_.peek(3).is_punct("["));
            lx_.fail(looks_like_read ? source : t, "a global declared in the init block");
        }
        if (reserved_name(t.text)) lx_.fail(t, "a register name (not starting with '__')");
        lx_.next();
        lx_.next();
        lx_.next();
        Address from = access(source);
        lx_.expect_punct(";");
        emit(Load{Register{t.text}, std::move(from), MemoryOrder::plain, Scope::none, {}});
        registers_.insert(t.text);
    }

    // After the name of global 'name': an optional index "[e]".
    Address access(const Token& name) {
        if (!lx_.accept_punct("[")) return Address{name.text, std::nullopt};
        const Token at = lx_.peek();
        Operand index = expr();
        // A constant index can be checked now; others are checked for every
        // value they take when the program is expanded.
        const std::size_t size = global(name.text)->values.size();
        if (const auto* n = std::get_if<std::int64_t>(&index); n && (*n < 0 || static_cast<std::uint64_t>(*n) >= size))
            lx_.fail(at, "an index of '" + name.text + "' (0 to " + std::to_string(size - 1) + ")");
        lx_.expect_punct("]");
        return Address{name.text, std::move(index)};
    }

    void if_statement() {
        const Token if_token = lx_.next();
        NestingGuard guard(lx_, depth_, if_token, "ifs and parentheses");
        lx_.expect_punct("(");
        const Operand lhs = expr();
        const CmpOp cmp = comparison();
        const Operand rhs = expr();
        lx_.expect_punct(")");
        const int k = ifs_++;
        const std::string else_label = "__else" + std::to_string(k);
        const std::string end_label = "__end" + std::to_string(k);
        const std::size_t branch_at = thread_.code.size();
        // The branch skips the then-part, so it tests the negation.
        emit(Branch{negate(cmp), lhs, rhs, end_label});
        block();
        if (lx_.accept_ident("else")) {
            std::get<Branch>(thread_.code[branch_at]).target = else_label;
            emit(Goto{end_label});
            emit(Label{else_label});
            block();
        }
        emit(Label{end_label});
    }

    CmpOp comparison() {
        const Token t = lx_.peek();
        static const std::pair<std::string_view, CmpOp> ops[] = {{"==", CmpOp::eq}, {"!=", CmpOp::ne},
                                                                  {"<", CmpOp::lt},  {"<=", CmpOp::le},
                                                                  {">", CmpOp::gt},  {">=", CmpOp::ge}};
        for (const auto& [text, op] : ops) {
            if (t.is_punct(text)) {
                lx_.next();
                return op;
            }
        }
        lx_.fail(t, "a comparison ('==', '!=', '<', '<=', '>', '>=')");
    }

    // ---- expressions, lowered as they are read

    // expr := term (('+' | '-') term)*
    Operand expr() {
        Operand lhs = term();
        while (lx_.peek().is_punct("+") || lx_.peek().is_punct("-")) {
            const RegOpKind op = lx_.peek().is_punct("+") ? RegOpKind::add : RegOpKind::sub;
            count_operator();
            const Operand rhs = term();
            lhs = compute(op, std::move(lhs), rhs);
        }
        return lhs;
    }

    // term := atom ('*' atom)*
    Operand term() {
        Operand lhs = atom();
        while (lx_.peek().is_punct("*")) {
            count_operator();
            const Operand rhs = atom();
            lhs = compute(RegOpKind::mul, std::move(lhs), rhs);
        }
        return lhs;
    }

    // atom := integer | register | '(' expr ')'
    Operand atom() {
        const Token t = lx_.peek();
        if (lx_.at_integer()) return lx_.expect_integer("a value");
        if (t.is_punct("("))
            return parenthesized(lx_, depth_, t, "ifs and parentheses", [&] { return expr(); });
        if (t.kind != TokenKind::identifier) lx_.fail(t, "an expression (an integer, a register or '(')");
        if (global(t.text)) lx_.fail(t, "a register ('" + t.text + "' is a global: read it first with 'r := " + t.text + ";')");
        if (!registers_.count(t.text)) lx_.fail(t, "a register assigned earlier in this instance");
        lx_.next();
        return Register{t.text};
    }

    void count_operator() {
        if (++operators_ > kMaxOperators)
            lx_.fail(lx_.peek(), "at most " + std::to_string(kMaxOperators) + " operators in one statement");
        lx_.next();
    }

    Register compute(RegOpKind op, Operand lhs, Operand rhs) {
        Register dest{"__t" + std::to_string(temps_++)};
        emit(RegOp{dest, op, std::move(lhs), std::move(rhs)});
        return dest;
    }

    Lexer& lx_;
    const LitmusTest& test_;
    Thread& thread_;
    std::set<std::string, std::less<>> registers_;
    int temps_ = 0;
    int ifs_ = 0;
    int depth_ = 0;
    int operators_ = 0;
};

}  // namespace

void parse_audala_body(Lexer& lx, LitmusTest& test) {
    const bool init = lx.peek().is_punct("{");
    if (init) parse_init_block(lx, test);
    for (;;) {
        const Token t = lx.peek();
        if (at_condition(lx)) return;
        if (!t.is_ident("instance"))
            lx.fail(t, !init && test.threads.empty() ? "'{', 'instance' or the final condition"
                                                     : "'instance' or the final condition");
        lx.next();
        const Token name = lx.peek();
        const int expected = static_cast<int>(test.threads.size());
        if (name.kind != TokenKind::identifier || thread_name_number(name.text, 'I') != expected)
            lx.fail(name, "instance 'I" + std::to_string(expected) + "' (instances are numbered in order)");
        lx.next();
        Thread thread;
        thread.id = expected;
        test.threads.push_back(std::move(thread));
        InstanceParser(lx, test, test.threads.back()).body();
    }
}

bool audala_register(const LitmusTest& test, int thread, std::string_view name) {
    if (thread < 0 || static_cast<std::size_t>(thread) >= test.threads.size()) return false;
    const auto& code = test.threads[static_cast<std::size_t>(thread)].code;
    return std::any_of(code.begin(), code.end(), [&](const Instruction& i) {
        const auto* load = std::get_if<Load>(&i);
        return load && load->dest.name == name;
    });
}

}  // namespace mapsound::litmus::detail
