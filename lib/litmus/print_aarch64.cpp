// Printing AArch64 threads in herd7's syntax, as diy7 writes it ("MOV W0,#1",
// "STR W0,[X1]", "LDR W2,[X3,W4,SXTW]", "DMB SY"), in the column layout of
// columns.hpp.  Registers print as W (values) or X (addresses); a memory
// operand prints through the register the init block points at its
// location ("0:X1=x").  Only what the AArch64 parser reads back to the same
// IR is printed; anything else is reported through unprintable().
#include <map>

#include "litmus/assembly.hpp"
#include "litmus/printer_common.hpp"

namespace mapsound::litmus::detail {

namespace {

std::string suffix(MemoryOrder o) {
    switch (o) {
        case MemoryOrder::acquire: return "A";
        case MemoryOrder::release: return "L";
        case MemoryOrder::acq_rel: return "AL";
        default: return "";
    }
}

class AArch64Cells {
public:
    AArch64Cells(const LitmusTest& test, int thread) : test_(test), pointers_(pointer_registers(test, thread)) {}

    // One instruction's cells (a conditional branch on two operands is
    // "CMP" and "B.<cond>").
    std::vector<std::string> operator()(const Instruction& i) const {
        return std::visit([this](const auto& x) { return cells(x); }, i);
    }

private:
    std::vector<std::string> cells(const Load& i) const {
        no_scope(i.scope);
        const bool x = i.qualifiers.exclusive;
        Qualifiers rest = i.qualifiers;
        rest.exclusive = rest.acquire_pc = false;
        if (rest != Qualifiers{}) fail("a load with qualifiers");
        std::string m;
        if (i.qualifiers.acquire_pc) {
            if (x || i.order != MemoryOrder::acquire) fail("an exclusive or non-acquire LDAPR");
            m = "LDAPR";
        } else if (i.order == MemoryOrder::acquire) {
            m = x ? "LDAXR" : "LDAR";
        } else if (i.order == MemoryOrder::plain) {
            m = x ? "LDXR" : "LDR";
        } else {
            fail("a load with order " + std::string(to_string(i.order)));
        }
        return {m + " " + value_reg(i.dest) + "," + memory(i.addr)};
    }

    std::vector<std::string> cells(const Store& i) const {
        no_scope(i.scope);
        Qualifiers rest = i.qualifiers;
        rest.exclusive = false;
        rest.status.reset();
        if (rest != Qualifiers{}) fail("a store with qualifiers");
        const auto& status = i.qualifiers.status;
        if (i.qualifiers.exclusive != status.has_value()) fail("an exclusive store without a status register");
        if (i.order != MemoryOrder::plain && i.order != MemoryOrder::release)
            fail("a store with order " + std::string(to_string(i.order)));
        const bool release = i.order == MemoryOrder::release;
        if (status)
            return {std::string(release ? "STLXR " : "STXR ") + value_reg(*status) + "," + value(i.value) + "," +
                    memory(i.addr)};
        return {std::string(release ? "STLR " : "STR ") + value(i.value) + "," + memory(i.addr)};
    }

    std::vector<std::string> cells(const Rmw& i) const {
        no_scope(i.scope);
        if (i.qualifiers != Qualifiers{}) fail("an RMW with qualifiers");
        const auto* v = std::get_if<Register>(&i.value);
        if (!v || !i.dest) fail("an RMW without registers");
        const std::string sfx = suffix(i.order);
        if (sfx.empty() && i.order != MemoryOrder::relaxed) fail("an RMW with order " + std::string(to_string(i.order)));
        const std::string mem = memory(i.addr);
        switch (i.op) {
            case RmwOp::exch: return {"SWP" + sfx + " " + value_reg(*v) + "," + value_reg(*i.dest) + "," + mem};
            case RmwOp::add: return {"LDADD" + sfx + " " + value_reg(*v) + "," + value_reg(*i.dest) + "," + mem};
            case RmwOp::cas: {
                const auto* e = i.expected ? std::get_if<Register>(&*i.expected) : nullptr;
                if (!e || *e != *i.dest) fail("a CAS whose expected value is not its destination register");
                return {"CAS" + sfx + " " + value_reg(*i.dest) + "," + value_reg(*v) + "," + mem};
            }
            default: fail("an RMW other than SWP, LDADD and CAS");
        }
    }

    std::vector<std::string> cells(const CompareExchange&) const { fail("a C compare-exchange"); }
    std::vector<std::string> cells(const Barrier&) const { fail("a barrier"); }

    std::vector<std::string> cells(const Fence& i) const {
        Qualifiers rest = i.qualifiers;
        rest.barrier_option.clear();
        if (i.order != MemoryOrder::plain || i.scope != Scope::none || rest != Qualifiers{})
            fail("a fence with an order, scope or qualifier");
        const std::string& option = i.qualifiers.barrier_option;
        if (i.kind == FenceKind::isb && option.empty()) return {"ISB"};
        if ((i.kind != FenceKind::dmb && i.kind != FenceKind::dsb) || option.empty())
            fail("a fence other than DMB <option>, DSB <option>, ISB");
        return {std::string(i.kind == FenceKind::dmb ? "DMB " : "DSB ") + option};
    }

    std::vector<std::string> cells(const RegOp& i) const {
        if (i.op == RegOpKind::move) return {"MOV " + value_reg(i.dest) + "," + value(i.lhs)};
        static const std::map<RegOpKind, std::string> names = {{RegOpKind::add, "ADD"},   {RegOpKind::sub, "SUB"},
                                                               {RegOpKind::and_, "AND"},  {RegOpKind::or_, "ORR"},
                                                               {RegOpKind::xor_, "EOR"}};
        auto it = names.find(i.op);
        if (it == names.end() || !i.rhs) fail("register operation " + std::string(to_string(i.op)));
        return {it->second + " " + value_reg(i.dest) + "," + value(i.lhs) + "," + value(*i.rhs)};
    }

    std::vector<std::string> cells(const Label& i) const { return {i.name + ":"}; }
    std::vector<std::string> cells(const Goto& i) const { return {"B " + i.target}; }

    std::vector<std::string> cells(const Branch& i) const {
        const auto* r = std::get_if<Register>(&i.lhs);
        const auto* zero = std::get_if<std::int64_t>(&i.rhs);
        if (r && zero && *zero == 0 && (i.cmp == CmpOp::eq || i.cmp == CmpOp::ne))
            return {(i.cmp == CmpOp::eq ? "CBZ " : "CBNZ ") + value_reg(*r) + "," + i.target};
        static const std::map<CmpOp, std::string> conditions = {{CmpOp::eq, "EQ"}, {CmpOp::ne, "NE"},
                                                                {CmpOp::lt, "LT"}, {CmpOp::le, "LE"},
                                                                {CmpOp::gt, "GT"}, {CmpOp::ge, "GE"}};
        if (!r) fail("a branch comparing a constant first");
        return {"CMP " + value_reg(*r) + "," + value(i.rhs), "B." + conditions.at(i.cmp) + " " + i.target};
    }

    [[noreturn]] void fail(const std::string& what) const { unprintable(test_, what + " in the AArch64 dialect"); }

    void no_scope(Scope s) const {
        if (s != Scope::none) fail("a scoped access");
    }

    // "X3" -> "W3".
    std::string value_reg(const Register& r) const {
        if (r.name.size() < 2 || r.name[0] != 'X') fail("register '" + r.name + "' (AArch64 registers are X0 ... X30)");
        return "W" + r.name.substr(1);
    }

    std::string value(const Operand& o) const {
        if (const auto* r = std::get_if<Register>(&o)) return value_reg(*r);
        return "#" + print_operand(o);
    }

    std::string memory(const Address& a) const {
        auto it = pointers_.find(a.location);
        if (it == pointers_.end()) fail("an access to '" + a.location + "', which no register of the thread points to");
        if (!a.offset) return "[" + it->second + "]";
        const auto* off = std::get_if<Register>(&*a.offset);
        if (!off) fail("a constant offset");
        return "[" + it->second + "," + value_reg(*off) + ",SXTW]";
    }

    const LitmusTest& test_;
    std::map<std::string, std::string> pointers_;  // location -> the register holding its address
};

}  // namespace

std::string print_aarch64_threads(const LitmusTest& test) {
    return print_assembly_columns(test, "AArch64", [&](int thread) -> CellPrinter { return AArch64Cells(test, thread); });
}

}  // namespace mapsound::litmus::detail
