// Printing C threads in herd7's syntax, one statement per line.
//
// The branches and labels the C parser made of `if` statements are turned
// back into `if` by recognizing exactly the parser's shapes (see
// c_parser.cpp): a Branch to "__end<k>" whose label follows in the same
// block, or a Branch to "__else<k>" whose label is preceded by
// "goto __end<k>", with k the number of `if`s printed so far in the thread.
// Anything else is printed as "if (c) goto L;" and "L: ;", which the parser
// reads back as the same branch and label.
//
// Registers are declared where C needs a declaration: "int r = ..." at a
// register's first mention if that is an assignment outside any `if`;
// otherwise (first assigned inside an `if`, or only read) with "int r;" at
// the top of the thread.  Declarations produce no IR, so either way the
// printed test parses back to the same instructions.
#include <algorithm>
#include <cctype>
#include <sstream>
#include <unordered_set>

#include "litmus/parse_common.hpp"
#include "litmus/if_printer.hpp"
#include "litmus/opencl_syntax.hpp"
#include "litmus/printer_common.hpp"

namespace mapsound::litmus::detail {

namespace {

bool c_word(const std::string& w) {
    return !w.empty() && (std::isalpha(static_cast<unsigned char>(w[0])) || w[0] == '_') &&
           std::all_of(w.begin(), w.end(), [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; });
}

bool reserved(const std::string& w) { return c_reserved_word(w); }

std::string binary_operator(RegOpKind op) {
    switch (op) {
        case RegOpKind::add: return "+";
        case RegOpKind::sub: return "-";
        case RegOpKind::mul: return "*";
        case RegOpKind::div: return "/";
        case RegOpKind::rem: return "%";
        case RegOpKind::and_: return "&";
        case RegOpKind::or_: return "|";
        case RegOpKind::xor_: return "^";
        case RegOpKind::shl: return "<<";
        case RegOpKind::shr: return ">>";
        case RegOpKind::eq: return "==";
        case RegOpKind::ne: return "!=";
        case RegOpKind::lt: return "<";
        case RegOpKind::le: return "<=";
        case RegOpKind::gt: return ">";
        case RegOpKind::ge: return ">=";
        case RegOpKind::move: break;
    }
    return "?";
}

std::string c_comparison(CmpOp op) { return op == CmpOp::eq ? "==" : print_cmp(op, Dialect::c); }

class CThreadPrinter final : private IfPrinter {
public:
    CThreadPrinter(const LitmusTest& test, const Thread& thread) : IfPrinter(thread), test_(test) {}

    std::string print() {
        for (const Parameter& p : thread_.params)
            if (!c_word(p.name) || reserved(p.name) || p.type.find('*') == std::string::npos)
                fail("parameter '" + p.type + " " + p.name + "'");
        block(0, thread_.code.size(), 1);
        std::ostringstream out;
        out << "P" << thread_.id;
        if (thread_.placement) {
            const Placement& p = *thread_.placement;
            if (p.sg != 0 || p.qf != 0) fail("a placement with subgroup or queue family");
            // OpenCL has no clusters; C writes one only when it is not 0, as
            // PTX does.
            if (opencl() && p.cluster != 0) fail("a placement with a cluster");
            if (opencl())
                out << "@wg " << p.cta << ", dev " << p.gpu;
            else
                out << "@cta " << p.cta << (p.cluster != 0 ? ",cluster " + std::to_string(p.cluster) : "")
                    << ",gpu " << p.gpu;
        }
        out << " (";
        for (std::size_t i = 0; i < thread_.params.size(); ++i)
            out << (i ? ", " : "") << thread_.params[i].type << " " << thread_.params[i].name;
        out << ") {\n";
        for (const std::string& r : hoisted_) out << "  int " << r << ";\n";
        out << body_.str() << "}\n";
        return out.str();
    }

private:
    [[noreturn]] void fail(const std::string& what) const {
        unprintable(test_, what + " in P" + std::to_string(thread_.id) + " has no C form");
    }

    // ---- names

    std::string reg_name(const std::string& name) const {
        if (!c_word(name) || reserved(name) || is_param(name)) fail("register name '" + name + "'");
        return name;
    }

    bool is_param(const std::string& name) const {
        return std::any_of(thread_.params.begin(), thread_.params.end(),
                           [&](const Parameter& p) { return p.name == name; });
    }

    // A register read: first mentions that are reads need a hoisted
    // declaration.
    std::string read(const Register& r) {
        const std::string& name = reg_name(r.name);
        if (mentioned_.insert(name).second) hoisted_.push_back(name);
        return name;
    }

    std::string value(const Operand& o) {
        if (const auto* r = std::get_if<Register>(&o)) return read(*r);
        return print_operand(o);
    }

    // "int r = " at a first mention outside any `if`, else "r = ".
    std::string assign(const Register& r, int depth) {
        const std::string& name = reg_name(r.name);
        if (!mentioned_.insert(name).second) return name + " = ";
        if (depth == 1) return "int " + name + " = ";
        hoisted_.push_back(name);
        return name + " = ";
    }

    std::string pointer(const Address& a) {
        if (!is_param(a.location)) fail("location '" + a.location + "' (not a parameter)");
        return a.offset ? a.location + " + " + value(*a.offset) : a.location;
    }

    std::string deref(const Address& a) {
        const std::string p = pointer(a);
        return a.offset ? "*(" + p + ")" : "*" + p;
    }

    static bool c_order(MemoryOrder o) {
        return o == MemoryOrder::relaxed || o == MemoryOrder::consume || o == MemoryOrder::acquire ||
               o == MemoryOrder::release || o == MemoryOrder::acq_rel || o == MemoryOrder::seq_cst;
    }

    std::string order(MemoryOrder o) const {
        if (!c_order(o)) fail("memory order " + std::string(to_string(o)));
        return "memory_order_" + std::string(to_string(o));
    }

    bool opencl() const { return test_.dialect == Dialect::opencl; }

    // The trailing scope argument.  C: sys is the default and is left out.
    // OpenCL: always written (work_item included).
    std::string scope(Scope s) const {
        if (opencl()) {
            const auto name = opencl_scope_name(s);
            if (!name) fail("scope " + std::string(to_string(s)));
            return ", " + *name;
        }
        if (s == Scope::none) fail("an atomic operation without a scope");
        return s == Scope::sys ? "" : ", memory_scope_" + std::string(to_string(s));
    }

    // An access carries what the parser gives it: in OpenCL, the region of
    // its parameter's address space; in C, nothing.
    void check_access(const Address& a, const Qualifiers& q) const {
        Qualifiers expected;
        if (opencl())
            for (const Parameter& p : thread_.params)
                if (p.name == a.location) expected = opencl_region_of(p.type);
        if (q != expected) fail("an access to " + a.location + " with qualifiers its parameter does not give");
    }

    // ---- statements

    void block(std::size_t begin, std::size_t end, int depth) override {
        std::size_t i = begin;
        while (i < end) {
            if (const auto* b = std::get_if<Branch>(&thread_.code[i]))
                if (structured_if(*b, i, end, depth)) continue;
            statement(thread_.code[i], depth);
            ++i;
        }
    }

    std::string if_head(const Branch& b) override {
        // The branch jumps past the then-part, so the `if` tests the negation.
        const std::string lhs = value(b.lhs);
        return "if (" + lhs + " " + c_comparison(negate(b.cmp)) + " " + value(b.rhs) + ") {";
    }

    void statement(const Instruction& ins, int depth) {
        std::visit([&](const auto& i) { line(depth, text(i, depth)); }, ins);
    }

    std::string text(const Load& i, int depth) {
        check_access(i.addr, i.qualifiers);
        std::string src;
        if (i.order == MemoryOrder::plain) {
            if (i.scope != Scope::none) fail("a plain load with a scope");
            src = deref(i.addr);
        } else {
            const std::string p = pointer(i.addr);
            src = "atomic_load_explicit(" + p + ", " + order(i.order) + scope(i.scope) + ")";
        }
        return assign(i.dest, depth) + src + ";";
    }

    std::string text(const Store& i, int) {
        check_access(i.addr, i.qualifiers);
        if (i.order == MemoryOrder::plain) {
            if (i.scope != Scope::none) fail("a plain store with a scope");
            const std::string target = deref(i.addr);
            return target + " = " + value(i.value) + ";";
        }
        const std::string p = pointer(i.addr);
        const std::string v = value(i.value);
        return "atomic_store_explicit(" + p + ", " + v + ", " + order(i.order) + scope(i.scope) + ");";
    }

    std::string text(const Rmw& i, int depth) {
        if (i.op == RmwOp::cas || i.expected) fail("a PTX-style cas");
        check_access(i.addr, i.qualifiers);
        const std::string name = i.op == RmwOp::exch ? "atomic_exchange_explicit"
                                                      : "atomic_fetch_" + std::string(to_string(i.op)) + "_explicit";
        const std::string p = pointer(i.addr);
        const std::string v = value(i.value);
        const std::string call = name + "(" + p + ", " + v + ", " + order(i.order) + scope(i.scope) + ");";
        return (i.dest ? assign(*i.dest, depth) : "") + call;
    }

    std::string text(const CompareExchange& i, int depth) {
        check_access(i.addr, i.qualifiers);
        const std::string p = pointer(i.addr);
        std::string expected;
        if (const auto* r = std::get_if<Register>(&i.expected)) {
            expected = "&" + read(*r);
        } else {
            expected = pointer(std::get<Address>(i.expected));
        }
        const std::string v = value(i.desired);
        const std::string call = std::string("atomic_compare_exchange_") + (i.weak ? "weak" : "strong") +
                                 "_explicit(" + p + ", " + expected + ", " + v + ", " + order(i.success_order) +
                                 ", " + order(i.failure_order) + scope(i.scope) + ");";
        return (i.dest ? assign(*i.dest, depth) : "") + call;
    }

    std::string text(const Fence& i, int) {
        if (i.kind == FenceKind::membar) fail("a PTX membar");
        if (i.kind == FenceKind::proxy || i.kind == FenceKind::proxy_alias) fail("a PTX proxy fence");
        const std::string flags = opencl_fence_flags(i.qualifiers);
        Qualifiers regions;
        regions.global = i.qualifiers.global;
        regions.local = i.qualifiers.local;
        if (i.qualifiers != regions || (!flags.empty() && (!opencl() || i.kind != FenceKind::fence)))
            fail("a fence with qualifiers");
        if (!flags.empty()) return "atomic_work_item_fence(" + flags + ", " + order(i.order) + scope(i.scope) + ");";
        const char* name = i.kind == FenceKind::signal ? "atomic_signal_fence(" : "atomic_thread_fence(";
        return name + order(i.order) + scope(i.scope) + ");";
    }

    // OpenCL's barrier(flags): the k-th barrier of the thread has id k (see
    // c_expressions.cpp), so only such barriers have this form.
    std::string text(const Barrier& i, int) {
        if (!opencl()) fail("a PTX barrier");
        const std::string flags = opencl_fence_flags(i.qualifiers);
        Qualifiers regions;
        regions.global = i.qualifiers.global;
        regions.local = i.qualifiers.local;
        const auto* id = std::get_if<std::int64_t>(&i.id);
        if (!id || *id != barriers_ || i.resource || i.thread_count || i.arrive || flags.empty() ||
            i.qualifiers != regions)
            fail("a barrier that is not barrier(flags) numbered in program order");
        ++barriers_;
        return "barrier(" + flags + ");";
    }

    std::string text(const RegOp& i, int depth) {
        if (i.op == RegOpKind::move) {
            if (i.rhs) fail("a move with two operands");
            const std::string v = value(i.lhs);
            return assign(i.dest, depth) + v + ";";
        }
        if (!i.rhs) fail("a register operation without a second operand");
        const std::string a = value(i.lhs);
        const std::string b = value(*i.rhs);
        return assign(i.dest, depth) + a + " " + binary_operator(i.op) + " " + b + ";";
    }

    std::string text(const Label& i, int) { return label(i.name) + ": ;"; }
    std::string text(const Goto& i, int) { return "goto " + label(i.target) + ";"; }

    std::string text(const Branch& i, int) {
        const std::string a = value(i.lhs);
        return "if (" + a + " " + c_comparison(i.cmp) + " " + value(i.rhs) + ") goto " + label(i.target) + ";";
    }

    std::string label(const std::string& name) const {
        if (!c_word(name) || reserved(name) || is_param(name)) fail("label name '" + name + "'");
        return name;
    }

    const LitmusTest& test_;
    std::int64_t barriers_ = 0;  // barriers printed so far
    std::unordered_set<std::string> mentioned_;
    std::vector<std::string> hoisted_;
};

}  // namespace

std::string print_c_threads(const LitmusTest& test) {
    std::string out;
    for (const Thread& t : test.threads) out += CThreadPrinter(test, t).print() + "\n";
    return out;
}

}  // namespace mapsound::litmus::detail
