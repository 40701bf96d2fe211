// Printing x86 threads in herd7's syntax, as diy7 writes it ("MOV [x],$1",
// "MOV EAX,[y]", "XCHG [x],EAX", "MFENCE"), in the column layout of
// columns.hpp.  Only what the x86 parser reads back to the same IR is
// printed; anything else is reported through unprintable().
#include <algorithm>
#include <cctype>

#include "litmus/columns.hpp"
#include "litmus/parse_common.hpp"
#include "litmus/printer_common.hpp"

namespace mapsound::litmus::detail {

namespace {

class X86Cell {
public:
    explicit X86Cell(const LitmusTest& test) : test_(test) {}

    std::string operator()(const Load& i) const {
        plain(i.order, i.scope, i.qualifiers, "a load");
        return "MOV " + reg(i.dest) + "," + memory(i.addr);
    }

    std::string operator()(const Store& i) const {
        plain(i.order, i.scope, i.qualifiers, "a store");
        return "MOV " + memory(i.addr) + "," + value(i.value);
    }

    std::string operator()(const Rmw& i) const {
        plain(i.order, i.scope, i.qualifiers, "an RMW");
        const auto* v = std::get_if<Register>(&i.value);
        if (i.op != RmwOp::exch || !i.dest || !v || *v != *i.dest || i.expected)
            fail("an RMW other than XCHG (an exchange of one register with memory)");
        return "XCHG " + memory(i.addr) + "," + reg(*i.dest);
    }

    std::string operator()(const CompareExchange&) const { fail("a C compare-exchange"); }

    std::string operator()(const Fence& i) const {
        if (i.kind != FenceKind::fence) fail("a fence other than MFENCE");
        plain(i.order, i.scope, i.qualifiers, "a fence");
        return "MFENCE";
    }

    std::string operator()(const Barrier&) const { fail("a barrier"); }

    std::string operator()(const RegOp& i) const {
        if (i.op != RegOpKind::move || i.rhs) fail("register arithmetic");
        return "MOV " + reg(i.dest) + "," + value(i.lhs);
    }

    std::string operator()(const Label&) const { fail("a label"); }
    std::string operator()(const Goto&) const { fail("a jump"); }
    std::string operator()(const Branch&) const { fail("a branch"); }

private:
    [[noreturn]] void fail(const std::string& what) const { unprintable(test_, what + " in the x86 dialect"); }

    // x86 has no memory orders, scopes or qualifiers: the parser leaves
    // them plain / none.
    void plain(MemoryOrder o, Scope s, const Qualifiers& q, const std::string& what) const {
        if (o != MemoryOrder::plain || s != Scope::none || q != Qualifiers{})
            fail(what + " with an order, scope or qualifier");
    }

    std::string reg(const Register& r) const {
        if (!x86_register_name(r.name)) fail("register '" + r.name + "' (x86 registers are EAX ... ESP)");
        return r.name;
    }

    std::string value(const Operand& o) const {
        if (const auto* r = std::get_if<Register>(&o)) return reg(*r);
        return "$" + print_operand(o);
    }

    std::string memory(const Address& a) const {
        const bool word = !a.location.empty() &&
                          (std::isalpha(static_cast<unsigned char>(a.location[0])) || a.location[0] == '_') &&
                          std::all_of(a.location.begin(), a.location.end(), [](char c) {
                              return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
                          });
        if (!word || x86_register_name(a.location)) fail("location name '" + a.location + "'");
        if (a.offset) fail("an indexed address");
        return "[" + a.location + "]";
    }

    const LitmusTest& test_;
};

}  // namespace

std::string print_x86_threads(const LitmusTest& test) {
    if (test.threads.empty()) unprintable(test, "an x86 test needs at least one thread");
    // cells[t][0] is thread t's header, cells[t][k+1] its k-th instruction.
    std::vector<std::vector<std::string>> cells;
    for (const Thread& t : test.threads) {
        if (!t.params.empty()) unprintable(test, "x86 threads have no parameters");
        if (t.placement) unprintable(test, "x86 threads have no placement");
        std::vector<std::string> column{"P" + std::to_string(t.id)};
        for (const Instruction& i : t.code) column.push_back(std::visit(X86Cell(test), i));
        cells.push_back(std::move(column));
    }
    return print_columns(cells);
}

}  // namespace mapsound::litmus::detail
