// The clauses after the threads, shared by all dialects:
//
//   final      := (clause ';'?)* <end>   (each kind of clause at most once)
//   clause     := ('exists' | '~' 'exists' | 'forall') ';'? expr
//               | 'filter' expr
//               | 'locations' '[' (item (';' | ','))* item? ']'
//               | 'regions' '[' (loc ':' word (';' | ','))* (loc ':' word)? ']'
//               | 'regions' ':' (loc ':' word+ (',' loc ':' word+)*)?
//               | 'final' expr (= 'exists'), 'with' (word ':'
//                 quantifier ';'?)* and '<<' ... '>>' (both skipped): herd7's
//                 older format, in the x86 and Power suites
//   item       := term other than an integer
//   expr       := conj ('\/' conj)*
//   conj       := unary ('/\' unary)*
//   unary      := '~' unary | '(' expr ')' | 'true' | 'false' | term cmp term
//   term       := integer | P<n>:reg | <n>:reg | loc | loc '[' n ']' | '[' loc ']'
//   cmp        := '=' | '==' | '!=' | '<' | '<=' | '>' | '>='
//
// '~' binds tighter than '/\', which binds tighter than '\/'; chains nest to
// the left.  The ';' after a quantifier appears in the Dartagnan paper's
// listings (Fig. 12, 13) and is accepted for them.  In AuDaLa, threads are I<n>
// and a register or location the test does not have is an error: the
// dialect declares every global and register, so such a name is a typo.
#include <algorithm>

#include "litmus/parse_common.hpp"

namespace mapsound::litmus::detail {

namespace {

class ConditionParser {
public:
    ConditionParser(Lexer& lx, const LitmusTest& test)
        : lx_(lx), test_(test), threads_(static_cast<int>(test.threads.size())) {}

    CondExpr expr() {
        CondExpr e = conj();
        while (lx_.peek().is_punct("\\/")) {
            count_operator();
            e = CondExpr::disjunction(std::move(e), conj());
        }
        return e;
    }

private:
    void count_operator() {
        if (++operators_ > kMaxOperators)
            lx_.fail(lx_.peek(), "at most " + std::to_string(kMaxOperators) + " operators in a condition");
        lx_.next();
    }

    CondExpr conj() {
        CondExpr e = unary();
        while (lx_.peek().is_punct("/\\")) {
            count_operator();
            e = CondExpr::conjunction(std::move(e), unary());
        }
        return e;
    }

    CondExpr unary() {
        const Token t = lx_.peek();
        // herd7 also spells negation "not" ("exists (not (x=2 \/ x=4))").
        if (t.is_punct("~") || (t.is_ident("not") && lx_.peek(1).is_punct("("))) {
            NestingGuard guard(lx_, depth_, t, "negations and parentheses");
            lx_.next();
            return CondExpr::negation(unary());
        }
        if (t.is_punct("("))
            return parenthesized(lx_, depth_, t, "negations and parentheses", [&] { return expr(); });
        if (t.is_ident("true") || t.is_ident("false")) {
            lx_.next();
            return CondExpr::truth(t.text == "true");
        }
        Term lhs = term();
        const CmpOp op = cmp();
        // herd7's assembly conditions: a register equals a value, and a
        // location's name there is its address ("1:X0=x").
        Term rhs = term(assembly_syntax(test_.dialect) && std::holds_alternative<RegisterRef>(lhs));
        return CondExpr::compare(std::move(lhs), op, std::move(rhs));
    }

    // A side of a comparison; with 'names_are_addresses', a bare location
    // name is its address (AddressOf), not its value.
    Term term(bool names_are_addresses = false) {
        if (at_register_ref(lx_)) {
            const Token name = lx_.peek(2);  // after "I1" ":"
            RegisterRef r = parse_register_ref(lx_, threads_);
            if (test_.dialect == Dialect::audala && !audala_register(test_, r.thread, r.reg))
                lx_.fail(name, "a register of I" + std::to_string(r.thread) + " (assigned by a read)");
            // C and OpenCL: "0:x" with x a pointer parameter of P0 (never a
            // register: parameters cannot be assigned) is the location x,
            // as herd's OpenCL tests write it (herd/barrier_example).
            if (c_syntax(test_.dialect) && r.thread >= 0 && static_cast<std::size_t>(r.thread) < test_.threads.size()) {
                const auto& params = test_.threads[static_cast<std::size_t>(r.thread)].params;
                if (std::any_of(params.begin(), params.end(), [&](const Parameter& p) { return p.name == r.reg; }))
                    return MemoryRef{r.reg, std::nullopt};
            }
            return r;
        }
        if (lx_.at_integer()) return lx_.expect_integer("a value");
        if (lx_.accept_punct("[")) {
            const Token name = lx_.expect_identifier("a location name");
            audala_global(name);
            lx_.expect_punct("]");
            return MemoryRef{name.text, std::nullopt};
        }
        if (lx_.peek().kind != TokenKind::identifier || is_keyword(lx_.peek().text))
            lx_.fail(lx_.peek(), test_.dialect == Dialect::audala ? "a register (I0:r0), global or value"
                                                                  : "a register (P0:r0), location or value");
        const Token name = lx_.next();
        if (names_are_addresses && !lx_.peek().is_punct("[")) return AddressOf{name.text};
        const Location* declared = audala_global(name);
        MemoryRef m{name.text, std::nullopt};
        if (lx_.accept_punct("[")) {
            const Token at = lx_.peek();
            const std::int64_t i = lx_.expect_integer("an array index");
            if (i < 0) lx_.fail(at, "a non-negative array index");
            if (declared && static_cast<std::uint64_t>(i) >= declared->values.size())
                lx_.fail(at, "an index of '" + name.text + "' (0 to " + std::to_string(declared->values.size() - 1) + ")");
            m.index = i;
            lx_.expect_punct("]");
        }
        return m;
    }

    // In AuDaLa, the declaration of the global a condition names (failing
    // when there is none); nullptr in the other dialects, which declare
    // locations implicitly.
    const Location* audala_global(const Token& name) {
        if (test_.dialect != Dialect::audala) return nullptr;
        const Location* l = test_.find_location(name.text);
        if (!l) lx_.fail(name, "a global declared in the init block");
        return l;
    }

    CmpOp cmp() {
        const Token t = lx_.peek();
        static const std::pair<std::string_view, CmpOp> ops[] = {
            {"=", CmpOp::eq}, {"==", CmpOp::eq}, {"!=", CmpOp::ne}, {"<", CmpOp::lt},
            {"<=", CmpOp::le}, {">", CmpOp::gt}, {">=", CmpOp::ge}};
        for (const auto& [text, op] : ops) {
            if (t.is_punct(text)) {
                lx_.next();
                return op;
            }
        }
        lx_.fail(t, "a comparison ('=', '==', '!=', '<', '<=', '>', '>=')");
    }

public:
    // An item of a locations clause: a register reference or a memory cell.
    ObservedItem observed_item() {
        const Token at = lx_.peek();
        if (!at_register_ref(lx_) && lx_.at_integer()) lx_.fail(at, "a register or location to show");
        Term t = term();
        if (const auto* r = std::get_if<RegisterRef>(&t)) return *r;
        return std::get<MemoryRef>(t);
    }

private:
    static bool is_keyword(std::string_view w) {
        return w == "exists" || w == "forall" || w == "filter" || w == "true" || w == "false" ||
               w == "locations" || w == "regions";
    }

    Lexer& lx_;
    const LitmusTest& test_;
    int threads_;
    int depth_ = 0;
    int operators_ = 0;
};

// Whether a quantifier starts here; consumes it into 'q' if so.
bool accept_quantifier(Lexer& lx, Quantifier& q) {
    if (lx.accept_ident("exists")) {
        q = Quantifier::exists;
    } else if (lx.accept_ident("forall")) {
        q = Quantifier::forall;
    } else if (lx.peek().is_punct("~") && lx.peek(1).is_ident("exists")) {
        lx.next();
        lx.next();
        q = Quantifier::not_exists;
    } else if (lx.accept_ident("final")) {
        // herd7's older tests (x86, Power): "final (...)" asks whether the
        // state is reachable, as "exists" does (Dartagnan reads it so).
        q = Quantifier::exists;
    } else {
        return false;
    }
    lx.accept_punct(";");
    return true;
}

// "[ item ; item ; ... ]" with an optional ';' after the last item; 'item'
// parses one.
template <class Item>
void bracketed_list(Lexer& lx, Item&& item) {
    lx.expect_punct("[");
    while (!lx.peek().is_punct("]")) {
        item();
        if (lx.accept_punct(";") || lx.accept_punct(",")) continue;
        if (!lx.peek().is_punct("]")) lx.fail(lx.peek(), "';' or ']'");
    }
    lx.next();
}

}  // namespace

bool at_final_clause(Lexer& lx) {
    const Token& t = lx.peek();
    return t.kind == TokenKind::end || t.is_ident("exists") || t.is_ident("forall") || t.is_ident("filter") ||
           t.is_ident("locations") || t.is_ident("regions") || (t.is_punct("~") && lx.peek(1).is_ident("exists")) ||
           t.is_ident("final");
}

namespace {

// What herd7's older tests write after "final (...)": the verdicts
// their authors expected per model ("with tso: ~exists; cc: exists;") and
// "<< ... >>" blocks of instructions to their drawing tools.  Neither is
// part of the test (herd7 and Dartagnan ignore them), so they are skipped
// and not kept.  Returns whether anything was skipped.
bool skip_older_annotations(Lexer& lx) {
    if (lx.accept_ident("with")) {
        while (lx.peek().kind == TokenKind::identifier && lx.peek(1).is_punct(":")) {
            lx.next();
            lx.next();
            Quantifier ignored{};
            if (!accept_quantifier(lx, ignored)) lx.fail(lx.peek(), "'exists' or '~exists' after the model name");
        }
        return true;
    }
    if (lx.peek().is_punct("<<")) {
        lx.next();
        while (!lx.peek().is_punct(">>")) {
            if (lx.peek().kind == TokenKind::end) lx.fail(lx.peek(), "'>>' closing the '<<' block");
            lx.next();
        }
        lx.next();
        return true;
    }
    return false;
}

}  // namespace

void parse_final_condition(Lexer& lx, LitmusTest& test) {
    ConditionParser parser(lx, test);
    for (;;) {
        const Token t = lx.peek();
        Quantifier q{};
        if (t.is_ident("filter")) {
            if (test.filter) lx.fail(t, "at most one filter clause");
            lx.next();
            test.filter = parser.expr();
        } else if (t.is_ident("locations") && lx.peek(1).is_punct("[")) {
            if (test.observed) lx.fail(t, "at most one locations clause");
            lx.next();
            std::vector<ObservedItem> items;
            bracketed_list(lx, [&] { items.push_back(parser.observed_item()); });
            test.observed = std::move(items);
        } else if (t.is_ident("regions") && lx.peek(1).is_punct("[")) {
            if (test.regions) lx.fail(t, "at most one regions clause");
            lx.next();
            std::vector<RegionItem> items;
            bracketed_list(lx, [&] {
                const Token name = lx.expect_identifier("a location name");
                lx.expect_punct(":");
                const Token region = lx.expect_identifier("a region name");
                items.push_back(RegionItem{name.text, region.text});
            });
            test.regions = std::move(items);
        } else if (t.is_ident("regions") && lx.peek(1).is_punct(":")) {
            // herd7's memory map ("regions: x:PROP, y:A B", BellExtraRules
            // in herdtools7): a location and one or more region names per
            // item; kept as one RegionItem per (location, name) pair.
            if (test.regions) lx.fail(t, "at most one regions clause");
            lx.next();
            lx.next();
            std::vector<RegionItem> items;
            if (lx.peek().kind == TokenKind::identifier && !at_final_clause(lx)) {
                for (;;) {
                    const Token name = lx.expect_identifier("a location name");
                    lx.expect_punct(":");
                    do {
                        const Token region = lx.expect_identifier("a region name");
                        items.push_back(RegionItem{name.text, region.text});
                    } while (lx.peek().kind == TokenKind::identifier && !at_final_clause(lx));
                    if (!lx.accept_punct(",")) break;
                }
            }
            test.regions = std::move(items);
        } else if (accept_quantifier(lx, q)) {
            if (test.condition) lx.fail(t, "at most one final condition");
            test.condition = Condition{q, parser.expr()};
        } else if (skip_older_annotations(lx)) {
            continue;
        } else {
            break;
        }
        lx.accept_punct(";");
    }
    if (lx.peek().kind != TokenKind::end)
        lx.fail(lx.peek(), test.condition ? "the end of the test after the final condition"
                                          : "'exists', '~exists', 'forall', 'filter', 'locations' or the end of the test");
}

}  // namespace mapsound::litmus::detail
