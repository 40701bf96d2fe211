// Printing Power threads in herd7's PPC syntax, as diy7 writes it
// ("li r1,1", "stw r1,0(r2)", "lwzx r4,r3,r2", "lwsync"), in the column
// layout of columns.hpp.  A memory operand prints through the register the
// init block points at its location ("0:r2=x").  Only what the PPC parser
// reads back to the same IR is printed; anything else is reported through
// unprintable().
#include <map>

#include "litmus/assembly.hpp"
#include "litmus/printer_common.hpp"

namespace mapsound::litmus::detail {

namespace {

class PpcCells {
public:
    PpcCells(const LitmusTest& test, int thread) : test_(test), pointers_(pointer_registers(test, thread)) {}

    std::vector<std::string> operator()(const Instruction& i) const {
        return std::visit([this](const auto& x) { return cells(x); }, i);
    }

private:
    std::vector<std::string> cells(const Load& i) const {
        if (i.qualifiers.exclusive) {
            plain(i.order, i.scope, reservation(false), i.qualifiers, "an exclusive load");
            return {"lwarx " + reg(i.dest) + "," + reserved(i.addr)};
        }
        plain(i.order, i.scope, Qualifiers{}, i.qualifiers, "a load");
        return {(i.addr.offset ? "lwzx " : "lwz ") + reg(i.dest) + "," + memory(i.addr)};
    }

    std::vector<std::string> cells(const Store& i) const {
        const auto* v = std::get_if<Register>(&i.value);
        if (!v) fail("a store of a constant (stw stores a register)");
        if (i.qualifiers.exclusive) {
            plain(i.order, i.scope, reservation(true), i.qualifiers, "an exclusive store");
            return {"stwcx. " + reg(*v) + "," + reserved(i.addr)};
        }
        plain(i.order, i.scope, Qualifiers{}, i.qualifiers, "a store");
        return {(i.addr.offset ? "stwx " : "stw ") + reg(*v) + "," + memory(i.addr)};
    }

    std::vector<std::string> cells(const Rmw&) const { fail("an RMW"); }
    std::vector<std::string> cells(const CompareExchange&) const { fail("a C compare-exchange"); }
    std::vector<std::string> cells(const Barrier&) const { fail("a barrier"); }

    std::vector<std::string> cells(const Fence& i) const {
        plain(i.order, i.scope, Qualifiers{}, i.qualifiers, "a fence");
        switch (i.kind) {
            case FenceKind::sync: return {"sync"};
            case FenceKind::lwsync: return {"lwsync"};
            case FenceKind::isync: return {"isync"};
            default: fail("a fence other than sync, lwsync, isync");
        }
    }

    std::vector<std::string> cells(const RegOp& i) const {
        if (i.op == RegOpKind::move) {
            if (const auto* r = std::get_if<Register>(&i.lhs)) return {"mr " + reg(i.dest) + "," + reg(*r)};
            return {"li " + reg(i.dest) + "," + print_operand(i.lhs)};
        }
        static const std::map<RegOpKind, std::string> names = {{RegOpKind::add, "add"},   {RegOpKind::sub, "sub"},
                                                               {RegOpKind::xor_, "xor"},  {RegOpKind::and_, "and"},
                                                               {RegOpKind::or_, "or"}};
        auto it = names.find(i.op);
        const auto* a = std::get_if<Register>(&i.lhs);
        if (it == names.end() || !a || !i.rhs) fail("register operation " + std::string(to_string(i.op)));
        if (const auto* b = std::get_if<Register>(&*i.rhs)) return {it->second + " " + reg(i.dest) + "," + reg(*a) + "," + reg(*b)};
        if (i.op == RegOpKind::sub) fail("a subtraction of a constant");
        const std::string immediate_form = i.op == RegOpKind::and_ ? "andi." : it->second + "i";
        return {immediate_form + " " + reg(i.dest) + "," + reg(*a) + "," + print_operand(*i.rhs)};
    }

    std::vector<std::string> cells(const Label& i) const { return {i.name + ":"}; }
    std::vector<std::string> cells(const Goto& i) const { return {"b " + i.target}; }

    std::vector<std::string> cells(const Branch& i) const {
        static const std::map<CmpOp, std::string> conditions = {{CmpOp::eq, "beq"}, {CmpOp::ne, "bne"},
                                                                {CmpOp::lt, "blt"}, {CmpOp::le, "ble"},
                                                                {CmpOp::gt, "bgt"}, {CmpOp::ge, "bge"}};
        const auto* a = std::get_if<Register>(&i.lhs);
        if (!a) fail("a branch comparing a constant first");
        // A test of CR0 as the stwcx. before it set it: no compare.
        if (a->name == ppc_cr0 && i.rhs == Operand{std::int64_t{0}}) return {conditions.at(i.cmp) + " " + i.target};
        const auto* b = std::get_if<Register>(&i.rhs);
        const std::string compare = b ? "cmpw " + reg(*a) + "," + reg(*b) : "cmpwi " + reg(*a) + "," + print_operand(i.rhs);
        return {compare, conditions.at(i.cmp) + " " + i.target};
    }

    [[noreturn]] void fail(const std::string& what) const { unprintable(test_, what + " in the PPC dialect"); }

    // The qualifiers of lwarx (exclusive) and stwcx. (and CR0 as status).
    static Qualifiers reservation(bool store) {
        Qualifiers q;
        q.exclusive = true;
        if (store) q.status = Register{std::string(ppc_cr0)};
        return q;
    }

    // No order, no scope and exactly the qualifiers the instruction has.
    void plain(MemoryOrder o, Scope s, const Qualifiers& expected, const Qualifiers& q, const std::string& what) const {
        if (o != MemoryOrder::plain || s != Scope::none || q != expected)
            fail(what + " with an order, scope or qualifier");
    }

    std::string reg(const Register& r) const {
        if (!ppc_register_name(r.name)) fail("register '" + r.name + "' (PPC registers are r0 ... r31)");
        return r.name;
    }

    // The register the init block points at the location.
    const std::string& pointer(const Address& a) const {
        auto it = pointers_.find(a.location);
        if (it == pointers_.end()) fail("an access to '" + a.location + "', which no register of the thread points to");
        return it->second;
    }

    std::string memory(const Address& a) const {
        if (!a.offset) return "0(" + pointer(a) + ")";
        return indexed(a);
    }

    // "rB,rA" of lwzx/stwx: the offset, then the pointer.
    std::string indexed(const Address& a) const {
        const auto* off = std::get_if<Register>(&*a.offset);
        if (!off) fail("a constant offset");
        return reg(*off) + "," + pointer(a);
    }

    // lwarx/stwcx.'s "rA,rB": r0 (read as 0) for an access without offset.
    std::string reserved(const Address& a) const { return a.offset ? indexed(a) : "r0," + pointer(a); }

    const LitmusTest& test_;
    std::map<std::string, std::string> pointers_;
};

}  // namespace

std::string print_ppc_threads(const LitmusTest& test) {
    return print_assembly_columns(test, "PPC", [&](int thread) -> CellPrinter { return PpcCells(test, thread); });
}

}  // namespace mapsound::litmus::detail
