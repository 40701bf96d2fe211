// Printing AuDaLa tests: the init block of globals and the instances, one
// statement per line (the syntax is in mapsound/litmus/parse.hpp).
//
// The surface syntax has no register computations of its own, so the
// printer undoes the parser's lowering (audala_parser.cpp): the RegOps into
// temporaries __t0, __t1, ... that directly precede an access or a branch
// are folded back into the expressions they came from, and Branch/Goto/
// Label are turned back into `if` by recognizing exactly the parser's
// shapes, as print_c.cpp does.  Anything else (a RegOp into a register, a
// temporary that is not used exactly once by the next access or branch, a
// label of its own, an atomic or a fence, an order or a scope) has no
// AuDaLa form and is refused.
#include <algorithm>
#include <cctype>
#include <map>
#include <set>
#include <sstream>

#include "litmus/if_printer.hpp"
#include "litmus/printer_common.hpp"

namespace mapsound::litmus::detail {

namespace {

bool word(const std::string& w) {
    return !w.empty() && (std::isalpha(static_cast<unsigned char>(w[0])) || w[0] == '_') &&
           std::all_of(w.begin(), w.end(), [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; });
}

// The parser's reserved words and the temporaries' prefix (see
// audala_parser.cpp): no global or register may be called so.
bool reserved(const std::string& w) {
    return w == "instance" || w == "if" || w == "else" || w == "exists" || w == "forall" || w == "filter" ||
           w == "true" || w == "false" || w.rfind("__", 0) == 0;
}

// Binding strength of a printed expression: a sum, a product, or an atom
// (an integer, a register, a parenthesized expression).
enum Level { sum = 1, product = 2, atom = 3 };

struct Expr {
    std::string text;
    int level = atom;
};

class InstancePrinter final : private IfPrinter {
public:
    InstancePrinter(const LitmusTest& test, const Thread& thread) : IfPrinter(thread), test_(test) {}

    std::string print() {
        block(0, thread_.code.size(), 1);
        return "instance I" + std::to_string(thread_.id) + " {\n" + body_.str() + "}\n";
    }

private:
    [[noreturn]] void fail(const std::string& what) const {
        unprintable(test_, what + " in I" + std::to_string(thread_.id) + " has no AuDaLa form");
    }

    // ---- names and operands

    const Location& global(const std::string& name) const {
        const Location* l = test_.find_location(name);
        if (!l) fail("location '" + name + "' (not a global of the init block)");
        return *l;
    }

    static bool temporary(const std::string& name) { return name.rfind("__t", 0) == 0; }

    // An operand; a temporary is replaced by the expression computed into
    // it, which is used up.
    Expr operand(const Operand& o) {
        if (const auto* n = std::get_if<std::int64_t>(&o)) return Expr{std::to_string(*n), atom};
        const std::string& name = std::get<Register>(o).name;
        if (temporary(name)) {
            auto it = pending_.find(name);
            if (it == pending_.end()) fail("temporary '" + name + "', used other than once by the next access or branch,");
            Expr e = std::move(it->second);
            pending_.erase(it);
            return e;
        }
        if (!assigned_.count(name)) fail("register '" + name + "', used before a read assigns it,");
        return Expr{name, atom};
    }

    static std::string wrapped(const Expr& e, bool parenthesize) {
        return parenthesize ? "(" + e.text + ")" : e.text;
    }

    // "x" or "x[e]".
    std::string access(const Address& a) {
        global(a.location);
        if (!a.offset) return a.location;
        return a.location + "[" + operand(*a.offset).text + "]";
    }

    // Every temporary must have been used by the access or branch it was
    // computed for.
    void check_no_pending() const {
        if (!pending_.empty()) fail("temporary '" + pending_.begin()->first + "', never used,");
    }

    void check_plain(MemoryOrder order, Scope scope, const char* what) const {
        if (order != MemoryOrder::plain || scope != Scope::none)
            fail(std::string("a ") + what + " with order " + std::string(to_string(order)) + " and scope " +
                 std::string(to_string(scope)));
    }

    // ---- statements

    void block(std::size_t begin, std::size_t end, int depth) override {
        std::size_t i = begin;
        while (i < end) {
            const Instruction& ins = thread_.code[i];
            if (const auto* b = std::get_if<Branch>(&ins)) {
                if (!structured_if(*b, i, end, depth)) fail("a branch to '" + b->target + "' that is no if statement");
                continue;
            }
            statement(ins, depth);
            ++i;
        }
        check_no_pending();
    }

    std::string if_head(const Branch& b) override {
        // The branch jumps past the then-part, so the `if` tests the negation.
        const Expr lhs = operand(b.lhs);
        const Expr rhs = operand(b.rhs);
        check_no_pending();
        return "if (" + lhs.text + " " + comparison(negate(b.cmp)) + " " + rhs.text + ") {";
    }

    static std::string comparison(CmpOp op) { return op == CmpOp::eq ? "==" : print_cmp(op, Dialect::audala); }

    void statement(const Instruction& ins, int depth) {
        if (const auto* l = std::get_if<Load>(&ins)) {
            check_plain(l->order, l->scope, "read");
            const std::string& r = l->dest.name;
            if (!word(r) || reserved(r) || test_.find_location(r)) fail("register name '" + r + "'");
            const std::string from = access(l->addr);
            check_no_pending();
            assigned_.insert(r);
            line(depth, r + " := " + from + ";");
        } else if (const auto* s = std::get_if<Store>(&ins)) {
            check_plain(s->order, s->scope, "write");
            const std::string to = access(s->addr);
            const std::string value = operand(s->value).text;
            check_no_pending();
            line(depth, to + " := " + value + ";");
        } else if (const auto* op = std::get_if<RegOp>(&ins)) {
            compute(*op);
        } else if (const auto* l = std::get_if<Label>(&ins)) {
            fail("label '" + l->name + "'");
        } else if (const auto* g = std::get_if<Goto>(&ins)) {
            fail("a goto to '" + g->target + "'");
        } else {
            fail("an atomic operation, fence or barrier");
        }
    }

    // A RegOp of the parser's: the next temporary, computed by + - or *.
    void compute(const RegOp& op) {
        const std::string expected = "__t" + std::to_string(temps_);
        if (op.dest.name != expected)
            fail("register computation into '" + op.dest.name + "' (only temporaries " + expected + ", ... in order)");
        if (op.op != RegOpKind::add && op.op != RegOpKind::sub && op.op != RegOpKind::mul)
            fail("register operation '" + std::string(to_string(op.op)) + "'");
        const int level = op.op == RegOpKind::mul ? product : sum;
        const char* symbol = op.op == RegOpKind::add ? "+" : op.op == RegOpKind::sub ? "-" : "*";
        if (!op.rhs) fail("register operation without a second operand");
        const Expr lhs = operand(op.lhs);
        const Expr rhs = operand(*op.rhs);
        // Operators associate to the left: a right operand as weak as the
        // operator needs parentheses, a left one only if weaker.
        pending_[op.dest.name] = Expr{wrapped(lhs, lhs.level < level) + " " + symbol + " " +
                                          wrapped(rhs, rhs.level <= level),
                                      level};
        ++temps_;
    }

    const LitmusTest& test_;
    std::map<std::string, Expr> pending_;
    std::set<std::string> assigned_;
    int temps_ = 0;
};

void print_init_block(std::ostringstream& out, const LitmusTest& test) {
    if (!test.register_inits.empty()) unprintable(test, "AuDaLa has no register initializations");
    out << "{\n";
    for (const Location& l : test.locations) {
        if (!word(l.name) || reserved(l.name)) unprintable(test, "'" + l.name + "' is no AuDaLa global name");
        if (!l.type.empty()) unprintable(test, "global '" + l.name + "' has a type");
        if (l.values.empty()) unprintable(test, "global '" + l.name + "' has no elements");
        std::string values;
        for (const InitValue& v : l.values) {
            const auto* n = std::get_if<std::int64_t>(&v);
            if (!n) unprintable(test, "global '" + l.name + "' starts as an address");
            values += (values.empty() ? "" : ", ") + std::to_string(*n);
        }
        if (l.values.size() == 1) {
            out << "  " << l.name << " = " << values << ";\n";
        } else {
            out << "  " << l.name << "[" << l.values.size() << "] = {" << values << "};\n";
        }
    }
    out << "}\n";
}

}  // namespace

std::string print_audala_body(const LitmusTest& test) {
    std::ostringstream out;
    print_init_block(out, test);
    for (const Thread& t : test.threads) {
        if (t.placement) unprintable(test, "AuDaLa instances have no placement");
        if (!t.params.empty()) unprintable(test, "AuDaLa instances have no parameters");
        out << "\n" << InstancePrinter(test, t).print();
    }
    out << "\n";
    return out.str();
}

}  // namespace mapsound::litmus::detail
