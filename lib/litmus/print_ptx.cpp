// Printing PTX threads as Dartagnan's column layout: a header row with the
// placements, then one row per instruction index, cells padded so the '|'
// separators line up.  Only what the PTX parser accepts is printed; anything
// else is reported through unprintable().
#include <algorithm>
#include <cctype>
#include <sstream>

#include "litmus/columns.hpp"
#include "litmus/parse_common.hpp"
#include "litmus/printer_common.hpp"

namespace mapsound::litmus::detail {

namespace {

class PtxCell {
public:
    explicit PtxCell(const LitmusTest& test) : test_(test) {}

    std::string operator()(const Load& i) const {
        check_unscoped_or_scoped(i.order, i.scope, "ld");
        if (i.order != MemoryOrder::weak && i.order != MemoryOrder::relaxed && i.order != MemoryOrder::acquire &&
            i.order != MemoryOrder::volatile_)
            fail("a load with order " + std::string(to_string(i.order)));
        static constexpr const char* mnemonic[] = {"ld", "suld", "tld", "cold"};
        if (i.qualifiers != proxy_only(i.qualifiers.proxy)) fail("a load with non-PTX qualifiers");
        return mnemonic[static_cast<int>(i.qualifiers.proxy)] + qualifiers(i.order, i.scope) + " " + reg(i.dest) +
               ", " + location(i.addr);
    }

    std::string operator()(const Store& i) const {
        check_unscoped_or_scoped(i.order, i.scope, "st");
        if (i.order != MemoryOrder::weak && i.order != MemoryOrder::relaxed && i.order != MemoryOrder::release &&
            i.order != MemoryOrder::volatile_)
            fail("a store with order " + std::string(to_string(i.order)));
        const Proxy p = i.qualifiers.proxy;
        if (i.qualifiers != proxy_only(p) || p == Proxy::texture || p == Proxy::constant)
            fail("a store with qualifiers other than the surface proxy");
        return (p == Proxy::surface ? "sust" : "st") + qualifiers(i.order, i.scope) + " " + location(i.addr) + ", " +
               value(i.value);
    }

    std::string operator()(const Rmw& i) const {
        if (i.order != MemoryOrder::relaxed && i.order != MemoryOrder::acquire && i.order != MemoryOrder::release &&
            i.order != MemoryOrder::acq_rel)
            fail("an RMW with order " + std::string(to_string(i.order)));
        if (i.scope == Scope::none) fail("an RMW without a scope");
        if ((i.op == RmwOp::cas) != i.expected.has_value()) fail("an RMW whose expected value does not match its op");
        if (!i.dest && i.op == RmwOp::cas) fail("a cas without a destination register");
        std::string s = std::string(i.dest ? "atom" : "red") + qualifiers(i.order, i.scope) + "." +
                        std::string(to_string(i.op)) + " ";
        if (i.dest) s += reg(*i.dest) + ", ";
        s += location(i.addr) + ", ";
        if (i.expected) s += value(*i.expected) + ", ";
        return s + value(i.value);
    }

    std::string operator()(const CompareExchange&) const { fail("a C compare-exchange"); }

    std::string operator()(const Fence& i) const {
        if (i.kind == FenceKind::proxy_alias) return "fence.proxy.alias";
        if (i.kind == FenceKind::proxy) {
            if (i.qualifiers.proxy == Proxy::generic) fail("a proxy fence of the generic proxy");
            return "fence.proxy." + std::string(proxy_name(i.qualifiers.proxy));
        }
        if (i.scope == Scope::none) fail("a fence without a scope");
        if (i.kind == FenceKind::membar) {
            if (i.order != MemoryOrder::seq_cst) fail("a membar that is not seq_cst");
            return "membar." + std::string(to_string(i.scope));
        }
        if (i.kind != FenceKind::fence) fail("a signal fence");
        if (i.order == MemoryOrder::seq_cst) return "fence.sc." + std::string(to_string(i.scope));
        if (i.order == MemoryOrder::acq_rel) return "fence.acq_rel." + std::string(to_string(i.scope));
        // fence.acquire / fence.release: seed 000 Fig. 11's lowering of C++
        // acquire and release fences (a mapsound extension of the dialect).
        if (i.order == MemoryOrder::acquire) return "fence.acquire." + std::string(to_string(i.scope));
        if (i.order == MemoryOrder::release) return "fence.release." + std::string(to_string(i.scope));
        fail("a fence with order " + std::string(to_string(i.order)));
    }

    std::string operator()(const Barrier& i) const {
        if (i.thread_count && !i.resource) fail("a barrier with a thread count but no resource");
        std::string s = (i.arrive ? "bar.cta.arrive " : "bar.cta.sync ") + value(i.id);
        if (i.resource) s += ", " + value(*i.resource);
        if (i.thread_count) s += ", " + value(*i.thread_count);
        return s;
    }

    std::string operator()(const RegOp& i) const {
        if (i.op == RegOpKind::move) {
            if (i.rhs) fail("a move with two operands");
            return "ld " + reg(i.dest) + ", " + value(i.lhs);  // the dialect's register move
        }
        static const RegOpKind arithmetic[] = {RegOpKind::add, RegOpKind::sub,  RegOpKind::mul, RegOpKind::div,
                                               RegOpKind::rem, RegOpKind::and_, RegOpKind::or_, RegOpKind::xor_,
                                               RegOpKind::shl, RegOpKind::shr};
        if (std::find(std::begin(arithmetic), std::end(arithmetic), i.op) == std::end(arithmetic))
            fail("a register comparison (" + std::string(to_string(i.op)) + ")");
        if (!i.rhs) fail("a register operation without a second operand");
        return std::string(to_string(i.op)) + " " + reg(i.dest) + ", " + value(i.lhs) + ", " + value(*i.rhs);
    }

    std::string operator()(const Label& i) const { return label(i.name) + ":"; }
    std::string operator()(const Goto& i) const { return "goto " + label(i.target); }

    std::string operator()(const Branch& i) const {
        return "b" + std::string(to_string(i.cmp)) + " " + value(i.lhs) + ", " + value(i.rhs) + ", " + label(i.target);
    }

private:
    using Proxy = Qualifiers::Proxy;

    static Qualifiers proxy_only(Proxy p) {
        Qualifiers q;
        q.proxy = p;
        return q;
    }

    [[noreturn]] void fail(const std::string& what) const { unprintable(test_, what + " has no PTX form"); }

    // Weak and volatile accesses carry no scope; the others need one.
    void check_unscoped_or_scoped(MemoryOrder o, Scope s, const char* mnemonic) const {
        const bool unscoped = o == MemoryOrder::weak || o == MemoryOrder::volatile_;
        if (unscoped != (s == Scope::none))
            fail(std::string(mnemonic) + "." + std::string(to_string(o)) + " with scope " + std::string(to_string(s)));
    }

    static std::string qualifiers(MemoryOrder o, Scope s) {
        std::string q = "." + std::string(to_string(o));
        if (s != Scope::none) q += "." + std::string(to_string(s));
        return q;
    }

    static bool register_name(const std::string& w) {
        return w.size() >= 2 && w[0] == 'r' &&
               std::all_of(w.begin() + 1, w.end(), [](char c) { return c >= '0' && c <= '9'; });
    }

    static bool word(const std::string& w) {
        return !w.empty() && (std::isalpha(static_cast<unsigned char>(w[0])) || w[0] == '_') &&
               std::all_of(w.begin(), w.end(), [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; });
    }

    std::string reg(const Register& r) const {
        if (!register_name(r.name)) fail("register '" + r.name + "' (PTX registers are r<digits>)");
        return r.name;
    }

    std::string value(const Operand& o) const {
        if (const auto* r = std::get_if<Register>(&o)) return reg(*r);
        return print_operand(o);
    }

    std::string location(const Address& a) const {
        if (!word(a.location) || register_name(a.location)) fail("location name '" + a.location + "'");
        if (a.offset) return a.location + "[" + value(*a.offset) + "]";
        return a.location;
    }

    std::string label(const std::string& name) const {
        if (!word(name)) fail("label name '" + name + "'");
        return name;
    }

    const LitmusTest& test_;
};

// The cluster is written only when it is not 0, which a placement without
// one means: tests that name no cluster print as they did before clusters.
std::string header(const Thread& t) {
    std::string s = "P" + std::to_string(t.id);
    if (!t.placement) return s;
    const Placement& p = *t.placement;
    s += "@cta " + std::to_string(p.cta);
    if (p.cluster != 0) s += ",cluster " + std::to_string(p.cluster);
    return s + ",gpu " + std::to_string(p.gpu);
}

}  // namespace

std::string print_ptx_threads(const LitmusTest& test) {
    if (test.threads.empty()) unprintable(test, "a PTX test needs at least one thread");
    // cells[t][0] is thread t's header, cells[t][k+1] its k-th instruction.
    std::vector<std::vector<std::string>> cells;
    for (const Thread& t : test.threads) {
        if (!t.params.empty()) unprintable(test, "PTX threads have no parameters");
        std::vector<std::string> column{header(t)};
        for (const Instruction& i : t.code) column.push_back(std::visit(PtxCell(test), i));
        cells.push_back(std::move(column));
    }
    return print_columns(cells);
}

}  // namespace mapsound::litmus::detail
