// Printing AArch64 threads in herd7's syntax, as diy7 writes it ("MOV W0,#1",
// "STR W0,[X1]", "LDR W2,[X3,W4,SXTW]", "DMB SY"), in the column layout of
// columns.hpp.  Registers print as W (values) or X (addresses, and the
// values of doubleword accesses); a memory operand prints through the
// register the init block points at its location ("0:X1=x"), with a byte
// displacement as "[X1,#4]"; byte and halfword accesses print as their B
// and H forms, and LDP/STP as the two accesses they read as.  Only what the AArch64 parser reads back to the same
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
    AArch64Cells(const LitmusTest& test, int thread)
        : test_(test), pointers_(pointer_registers(test, thread)), addresses_(assembly_threads(test).at(thread).pointers) {}

    // One instruction's cells (a conditional branch on two operands is
    // "CMP" and "B.<cond>").  Called on a thread's instructions in order:
    // register operations move pointers as they do for the parser.
    std::vector<std::string> operator()(const Instruction& i) {
        std::vector<std::string> out = std::visit([this](const auto& x) { return cells(x); }, i);
        if (const auto* op = std::get_if<RegOp>(&i)) follow_aarch64_pointers(addresses_, *op);
        return out;
    }

private:
    std::vector<std::string> cells(const Load& i) const {
        no_scope(i.scope);
        const bool x = i.qualifiers.exclusive;
        Qualifiers rest = i.qualifiers;
        rest.exclusive = rest.acquire_pc = false;
        rest.access_size = 0;
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
        return {m + size_suffix(i.qualifiers) + " " + sized_reg(i.dest, i.qualifiers) + "," + memory(i.addr)};
    }

    std::vector<std::string> cells(const Store& i) const {
        no_scope(i.scope);
        Qualifiers rest = i.qualifiers;
        rest.exclusive = false;
        rest.status.reset();
        rest.access_size = 0;
        if (rest != Qualifiers{}) fail("a store with qualifiers");
        const auto& status = i.qualifiers.status;
        if (i.qualifiers.exclusive != status.has_value()) fail("an exclusive store without a status register");
        if (i.order != MemoryOrder::plain && i.order != MemoryOrder::release)
            fail("a store with order " + std::string(to_string(i.order)));
        const bool release = i.order == MemoryOrder::release;
        const std::string m = std::string(status ? (release ? "STLXR" : "STXR") : (release ? "STLR" : "STR")) +
                              size_suffix(i.qualifiers) + " ";
        const std::string stored = sized_value(i.value, i.qualifiers) + "," + memory(i.addr);
        if (status) return {m + value_reg(*status) + "," + stored};
        return {m + stored};
    }

    std::vector<std::string> cells(const Rmw& i) const {
        no_scope(i.scope);
        const Qualifiers& q = i.qualifiers;
        Qualifiers rest = q;
        rest.access_size = 0;
        if (rest != Qualifiers{} || (q.access_size != 0 && q.access_size != 8)) fail("an RMW with qualifiers");
        const auto* v = std::get_if<Register>(&i.value);
        if (!v || !i.dest) fail("an RMW without registers");
        const std::string sfx = suffix(i.order);
        if (sfx.empty() && i.order != MemoryOrder::relaxed) fail("an RMW with order " + std::string(to_string(i.order)));
        const std::string mem = memory(i.addr);
        switch (i.op) {
            case RmwOp::exch: return {"SWP" + sfx + " " + sized_reg(*v, q) + "," + sized_reg(*i.dest, q) + "," + mem};
            case RmwOp::add: return {"LDADD" + sfx + " " + sized_reg(*v, q) + "," + sized_reg(*i.dest, q) + "," + mem};
            case RmwOp::cas: {
                const auto* e = i.expected ? std::get_if<Register>(&*i.expected) : nullptr;
                if (!e || *e != *i.dest) fail("a CAS whose expected value is not its destination register");
                return {"CAS" + sfx + " " + sized_reg(*i.dest, q) + "," + sized_reg(*v, q) + "," + mem};
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

    // The mnemonic's B or H for a byte or halfword access.
    std::string size_suffix(const Qualifiers& q) const {
        if (q.access_size == 1) return "B";
        if (q.access_size == 2) return "H";
        if (q.access_size != 0 && q.access_size != 8) fail("a " + std::to_string(q.access_size) + "-byte access");
        return "";
    }

    // The data register of an access: X for a doubleword, else W.
    std::string sized_reg(const Register& r, const Qualifiers& q) const {
        const std::string w = value_reg(r);
        return q.access_size == 8 ? "X" + w.substr(1) : w;
    }

    // The value a store writes: its register at the access's width, the
    // zero register for 0, or "#n" (which the parser also reads).
    std::string sized_value(const Operand& o, const Qualifiers& q) const {
        if (const auto* r = std::get_if<Register>(&o)) return sized_reg(*r, q);
        if (std::get<std::int64_t>(o) == 0) return q.access_size == 8 ? "XZR" : "WZR";
        if (q.access_size == 8) fail("a doubleword store of a constant other than 0");
        return value(o);
    }

    // A memory operand that the parser resolves to 'a' at this point of
    // the thread: through a register pointing at a's location (the init
    // block's first, if it still does), with a's offset register or the
    // bytes between, or through a register pointing at 'a' itself.
    std::string memory(const Address& a) const {
        if (a.pointer)  // a computed address
            return "[" + a.pointer->name + (a.byte_offset != 0 ? ",#" + std::to_string(a.byte_offset) : "") + "]";
        auto base = [&](const std::string& r) {
            auto it = addresses_.find(r);
            return it != addresses_.end() && it->second.location == a.location && !it->second.offset &&
                   (!a.offset || it->second.byte_offset == a.byte_offset);
        };
        std::string r;
        if (auto it = pointers_.find(a.location); it != pointers_.end() && base(it->second)) r = it->second;
        for (const auto& [name, address] : addresses_)
            if (r.empty() && base(name)) r = name;
        if (r.empty()) {
            for (const auto& [name, address] : addresses_)
                if (address == a) return "[" + name + "]";
            fail("an access to '" + a.location + "', which no register of the thread points to");
        }
        if (!a.offset) {
            const std::int64_t bytes = a.byte_offset - addresses_.at(r).byte_offset;
            return "[" + r + (bytes != 0 ? ",#" + std::to_string(bytes) : "") + "]";
        }
        const auto* off = std::get_if<Register>(&*a.offset);
        if (!off) fail("a constant offset");
        return "[" + r + "," + value_reg(*off) + ",SXTW]";
    }

    const LitmusTest& test_;
    std::map<std::string, std::string> pointers_;  // location -> the init block's register holding its address
    std::map<std::string, Address> addresses_;     // register -> where it points now
};

}  // namespace

std::string print_aarch64_threads(const LitmusTest& test) {
    return print_assembly_columns(test, "AArch64", [&](int thread) -> CellPrinter { return AArch64Cells(test, thread); });
}

}  // namespace mapsound::litmus::detail
