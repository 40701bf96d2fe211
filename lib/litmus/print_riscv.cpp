// Printing RISC-V threads in herd7's RISCV syntax, as diy7 writes it
// ("ori x5,x0,1", "sw.rl x5,0(x6)", "amoswap.w.aq x5,x7,(x6)",
// "fence rw,w"), in the column layout of columns.hpp.  A memory operand
// prints through the register the init block points at its location
// ("0:x6=x"); a displaced one through the register an earlier "add" made
// point there (the printer follows the registers as the parser does).  The
// constant 0 in a register position prints as x0.  Only what the RISC-V
// parser reads back to the same IR is printed; anything else is reported
// through unprintable().
#include <map>

#include "litmus/assembly.hpp"
#include "litmus/printer_common.hpp"

namespace mapsound::litmus::detail {

namespace {

class RiscvCells {
public:
    RiscvCells(const LitmusTest& test, int thread) : test_(test), first_(pointer_registers(test, thread)) {
        for (const RegisterInit& r : test.register_inits)
            if (const auto* a = std::get_if<AddressOf>(&r.value); a && r.thread == thread)
                points_[r.reg.name] = Address{a->location, std::nullopt};
    }

    std::vector<std::string> operator()(const Instruction& i) const {
        return std::visit([this](const auto& x) { return cells(x); }, i);
    }

private:
    std::vector<std::string> cells(const Load& i) const {
        unscoped(i.scope, i.qualifiers, true, "a load");
        std::string cell = (i.qualifiers.exclusive ? "lr." + width(i.qualifiers) : "l" + width(i.qualifiers)) +
                           suffix(i.order, "a load") + " " + reg(i.dest) + "," + memory(i.addr, true);
        points_.erase(i.dest.name);
        return {cell};
    }

    std::vector<std::string> cells(const Store& i) const {
        unscoped(i.scope, i.qualifiers, true, "a store");
        if (i.qualifiers.exclusive != i.qualifiers.status.has_value()) fail("an exclusive store without its status");
        const std::string value = source(i.value);
        if (i.qualifiers.status) {
            std::string cell = "sc." + width(i.qualifiers) + suffix(i.order, "a store") + " " + reg(*i.qualifiers.status) +
                               "," + value + "," + memory(i.addr, true);
            points_.erase(i.qualifiers.status->name);
            return {cell};
        }
        return {"s" + width(i.qualifiers) + suffix(i.order, "a store") + " " + value + "," + memory(i.addr, true)};
    }

    std::vector<std::string> cells(const Rmw& i) const {
        unscoped(i.scope, i.qualifiers, false, "an AMO");
        static const std::map<RmwOp, std::string> names = {{RmwOp::exch, "amoswap."}, {RmwOp::add, "amoadd."},
                                                           {RmwOp::and_, "amoand."},  {RmwOp::or_, "amoor."},
                                                           {RmwOp::xor_, "amoxor."}};
        auto it = names.find(i.op);
        if (it == names.end() || i.expected) fail("an RMW " + std::string(to_string(i.op)));
        if (i.order == MemoryOrder::plain) fail("an RMW without an order");
        if (i.dest && riscv_zero_register(i.dest->name)) fail("an AMO whose destination is named x0 (none is)");
        const MemoryOrder o = i.order == MemoryOrder::relaxed ? MemoryOrder::plain : i.order;
        std::string cell = it->second + width(i.qualifiers) + suffix(o, "an AMO") + " " + (i.dest ? reg(*i.dest) : std::string("x0")) + "," +
                           source(i.value) + "," + memory(i.addr, false);
        if (i.dest) points_.erase(i.dest->name);
        return {cell};
    }

    std::vector<std::string> cells(const CompareExchange&) const { fail("a C compare-exchange"); }
    std::vector<std::string> cells(const Barrier&) const { fail("a barrier"); }

    std::vector<std::string> cells(const Fence& i) const {
        if (i.order != MemoryOrder::plain || i.scope != Scope::none) fail("a fence with an order or scope");
        Qualifiers rest = i.qualifiers;
        rest.barrier_option.clear();
        if (rest != Qualifiers{}) fail("a fence with qualifiers");
        switch (i.kind) {
            case FenceKind::rv_fence: {
                const std::string& o = i.qualifiers.barrier_option;
                for (const char* ok : {"r,r", "r,w", "r,rw", "w,r", "w,w", "w,rw", "rw,r", "rw,w", "rw,rw"})
                    if (o == ok) return {"fence " + o};
                fail("a fence with sets '" + o + "'");
            }
            case FenceKind::fence_tso:
                if (!i.qualifiers.barrier_option.empty()) fail("fence.tso with sets");
                return {"fence.tso"};
            case FenceKind::fence_i:
                if (!i.qualifiers.barrier_option.empty()) fail("fence.i with sets");
                return {"fence.i"};
            default: fail("a fence other than fence p,s, fence.tso, fence.i");
        }
    }

    std::vector<std::string> cells(const RegOp& i) const {
        std::vector<std::string> out = cells_of(i);
        follow(i);
        return out;
    }

    // What a register operation does to the registers that point at
    // locations, as the parser follows it.
    void follow(const RegOp& i) const { follow_riscv_pointers(points_, i); }

    std::vector<std::string> cells_of(const RegOp& i) const {
        if (i.op == RegOpKind::move) {
            if (const auto* r = std::get_if<Register>(&i.lhs)) return {"mv " + reg(i.dest) + "," + reg(*r)};
            return {"li " + reg(i.dest) + "," + print_operand(i.lhs)};
        }
        static const std::map<RegOpKind, std::string> names = {{RegOpKind::add, "add"},  {RegOpKind::sub, "sub"},
                                                               {RegOpKind::xor_, "xor"}, {RegOpKind::and_, "and"},
                                                               {RegOpKind::or_, "or"}};
        auto it = names.find(i.op);
        if (it == names.end() || !i.rhs) fail("register operation " + std::string(to_string(i.op)));
        const std::string a = source(i.lhs);
        // "ori x5,x6,0" and "or x5,x6,x0" are the same IR; sub has no
        // immediate form.
        if (std::holds_alternative<Register>(*i.rhs) || i.op == RegOpKind::sub)
            return {it->second + " " + reg(i.dest) + "," + a + "," + source(*i.rhs)};
        return {it->second + "i " + reg(i.dest) + "," + a + "," + print_operand(*i.rhs)};
    }

    std::vector<std::string> cells(const Label& i) const { return {i.name + ":"}; }
    std::vector<std::string> cells(const Goto& i) const { return {"j " + i.target}; }

    std::vector<std::string> cells(const Branch& i) const {
        static const std::map<CmpOp, std::string> conditions = {
            {CmpOp::eq, "beq"}, {CmpOp::ne, "bne"}, {CmpOp::lt, "blt"}, {CmpOp::ge, "bge"}};
        auto it = conditions.find(i.cmp);
        if (it == conditions.end()) fail("a branch on " + std::string(to_string(i.cmp)));
        return {it->second + " " + source(i.lhs) + "," + source(i.rhs) + "," + i.target};
    }

    [[noreturn]] void fail(const std::string& what) const { unprintable(test_, what + " in the RISC-V dialect"); }

    // No scope, and no qualifier but the exclusive ones (where allowed).
    void unscoped(Scope s, const Qualifiers& q, bool exclusives, const std::string& what) const {
        Qualifiers rest = q;
        if (exclusives) {
            rest.exclusive = false;
            rest.status.reset();
        }
        rest.access_size = 0;  // width() prints it
        if (s != Scope::none || rest != Qualifiers{}) fail(what + " with a scope or qualifier");
    }

    // "w" for a word, "d" for a doubleword (Qualifiers::access_size 8).
    std::string width(const Qualifiers& q) const {
        if (q.access_size != 0 && q.access_size != 8) fail("a " + std::to_string(q.access_size) + "-byte access");
        return q.access_size == 8 ? "d" : "w";
    }

    std::string suffix(MemoryOrder o, const std::string& what) const {
        switch (o) {
            case MemoryOrder::plain: return "";
            case MemoryOrder::acquire: return ".aq";
            case MemoryOrder::release: return ".rl";
            case MemoryOrder::acq_rel: return ".aq.rl";
            default: fail(what + " with order " + std::string(to_string(o)));
        }
    }

    std::string reg(const Register& r) const {
        if (!riscv_register_name(r.name)) fail("register '" + r.name + "' (RISC-V registers are x0 ... x31, a0, t0, ...)");
        return r.name;
    }

    // A register operand that is read: the constant 0 is x0; a read of the
    // zero register by name would come back as the constant.
    std::string source(const Operand& o) const {
        if (const auto* n = std::get_if<std::int64_t>(&o)) {
            if (*n != 0) fail("a constant " + std::to_string(*n) + " where RISC-V reads a register");
            return "x0";
        }
        const Register& r = std::get<Register>(o);
        if (riscv_zero_register(r.name)) fail("a read of the zero register by name (it reads as the constant 0)");
        return reg(r);
    }

    // Through the register the init block points at the location, while it
    // still does, else any register pointing there now.
    std::string memory(const Address& a, bool displacement) const {
        if (a.pointer) return (displacement ? "0(" : "(") + a.pointer->name + ")";  // a computed address
        std::string through;
        if (auto f = first_.find(a.location); f != first_.end() && !a.offset) {
            auto p = points_.find(f->second);
            if (p != points_.end() && p->second == a) through = f->second;
        }
        for (auto p = points_.begin(); through.empty() && p != points_.end(); ++p)
            if (p->second == a) through = p->first;
        if (through.empty())
            fail(a.offset ? "an access to '" + a.location + "' displaced by an offset no register holds"
                          : "an access to '" + a.location + "', which no register of the thread points to");
        return (displacement ? "0(" : "(") + through + ")";
    }

    const LitmusTest& test_;
    std::map<std::string, std::string> first_;   // location -> the init block's register
    mutable std::map<std::string, Address> points_;  // register -> where it points now
};

}  // namespace

std::string print_riscv_threads(const LitmusTest& test) {
    return print_assembly_columns(test, "RISCV", [&](int thread) -> CellPrinter { return RiscvCells(test, thread); });
}

}  // namespace mapsound::litmus::detail
