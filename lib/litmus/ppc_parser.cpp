// The Power body in herd7's PPC syntax, as diy7 writes it: the column layout
// of columns.hpp, without placements.
//
//    P0           | P1           ;
//    li r1,1      | lwz r1,0(r2) ;
//    stw r1,0(r2) | cmpw r1,r1   ;
//    lwsync       | beq LC00     ;
//                 | LC00:        ;
//                 | isync        ;
//
// Registers r0..r31 (conditions write "1:r1=1").  Memory is named through
// registers the init block points at locations ("0:r2=x"; assembly.hpp):
//   lwz rD,0(rA)   stw rS,0(rA)          through rA
//   lwzx rD,rA,rB  stwx rS,rA,rB         through whichever of rA, rB points
//                                        at a location, displaced by the
//                                        other (an address dependency)
// A non-zero displacement addresses part of a location: refused.
//
// Instructions (mnemonics in any case):
//   li rD,imm   mr rD,rS   add sub xor and or rD,rA,rB   addi xori andi. ori
//   rD,rA,imm   cmpw rA,rB / cmpwi rA,imm then beq bne blt ble bgt bge label
//   b label    label:    sync  lwsync  isync
//   lwarx rD,rA,rB  stwcx. rS,rA,rB      a reservation pair, addressed as
//                                        lwzx/stwx with rA = r0 read as 0
//                                        (the ISA's (rA|0)); stwcx. sets
//                                        CR0 (equal when it stored), which
//                                        a following beq/bne tests: the IR
//                                        has it as the exclusive store's
//                                        status register "cr0" (0 when it
//                                        stored, 1 when not), as AArch64's
//                                        STXR, and the store and the load
//                                        it pairs with as an rmw
// Refused by name: eieio.
#include <map>

#include "litmus/assembly.hpp"
#include "litmus/columns.hpp"

namespace mapsound::litmus::detail {

bool ppc_register_name(std::string_view w) {
    if (w.size() < 2 || w.size() > 3 || w[0] != 'r') return false;
    int n = 0;
    for (std::size_t i = 1; i < w.size(); ++i) {
        if (w[i] < '0' || w[i] > '9') return false;
        n = n * 10 + (w[i] - '0');
    }
    return !(w.size() == 3 && w[1] == '0') && n <= 31;
}

namespace {

class PpcParser {
public:
    PpcParser(Lexer& lx, LitmusTest& test) : lx_(lx), test_(test) {}

    void parse() {
        parse_assembly_columns(lx_, test_, [this](AssemblyThread& t, std::vector<Instruction>& code) { instruction(t, code); });
    }

private:

    Register reg(const char* what) { return assembly_register(lx_, ppc_register_name, what); }

    std::int64_t immediate() { return assembly_immediate(lx_); }

    Operand reg_or_immediate(const char* what) {
        if (lx_.at_integer() || lx_.peek().is_punct("-")) return immediate();
        return reg(what);
    }

    Address through(AssemblyThread& t, const Token& at, const Register& r) {
        auto it = t.pointers.find(r.name);
        if (it == t.pointers.end())
            lx_.fail(at, "a register holding a location's address (\"0:" + r.name + "=x\" in the initial state)");
        return it->second;
    }

    // "0(rA)".
    Address displaced(AssemblyThread& t) {
        expect_zero_displacement(lx_);
        lx_.expect_punct("(");
        const Token at = lx_.peek();
        const Register base = reg("a base register (r1, ...)");
        lx_.expect_punct(")");
        return through(t, at, base);
    }

    // "rA,rB" of an indexed access: one points at a location, the other
    // displaces it.
    Address indexed(AssemblyThread& t) {
        const Token a_at = lx_.peek();
        const Register a = reg("a register");
        lx_.expect_punct(",");
        const Token b_at = lx_.peek();
        const Register b = reg("a register");
        const bool a_points = t.pointers.count(a.name) > 0, b_points = t.pointers.count(b.name) > 0;
        if (a_points == b_points)
            lx_.fail(a_points ? a_at : b_at, "exactly one register holding a location's address");
        Address addr = through(t, a_points ? a_at : b_at, a_points ? a : b);
        if (addr.offset) lx_.fail(a_points ? a_at : b_at, "a register pointing at a location without an offset");
        addr.offset = a_points ? b : a;
        return addr;
    }

    // "rA,rB" of lwarx/stwcx.: rA = r0 reads as 0, so "r0,rB" is the
    // location rB points at; any other rA as in lwzx.
    Address reserved(AssemblyThread& t) {
        if (lx_.peek().kind == TokenKind::identifier && lx_.peek().text == "r0" && lx_.peek(1).is_punct(",")) {
            lx_.next();
            lx_.next();
            const Token at = lx_.peek();
            return through(t, at, reg("a register holding a location's address"));
        }
        return indexed(t);
    }

    void instruction(AssemblyThread& t, std::vector<Instruction>& code) {
        const Token at = lx_.peek();
        if (at.kind != TokenKind::identifier) lx_.fail(at, "a PPC instruction or '|'");
        lx_.next();
        const std::string& m = at.text;
        if (m == "lwz" || m == "lwzx") {
            Load l;
            l.dest = reg("a destination register (r1, ...)");
            lx_.expect_punct(",");
            l.addr = m == "lwz" ? displaced(t) : indexed(t);
            l.scope = Scope::none;
            t.written(l.dest);
            code.push_back(std::move(l));
            return;
        }
        if (m == "lwarx") {
            Load l;
            l.dest = reg("a destination register (r1, ...)");
            lx_.expect_punct(",");
            l.addr = reserved(t);
            l.scope = Scope::none;
            l.qualifiers.exclusive = true;
            t.written(l.dest);
            code.push_back(std::move(l));
            return;
        }
        if (m == "stwcx") {
            lx_.expect_punct(".");
            Store s;
            s.value = reg("a register holding the value to store");
            lx_.expect_punct(",");
            s.addr = reserved(t);
            s.scope = Scope::none;
            s.qualifiers.exclusive = true;
            s.qualifiers.status = Register{std::string(ppc_cr0)};
            t.flags = std::make_pair(Operand{*s.qualifiers.status}, Operand{std::int64_t{0}});
            code.push_back(std::move(s));
            return;
        }
        if (m == "stw" || m == "stwx") {
            Store s;
            s.value = reg("a register holding the value to store");
            lx_.expect_punct(",");
            s.addr = m == "stw" ? displaced(t) : indexed(t);
            s.scope = Scope::none;
            code.push_back(std::move(s));
            return;
        }
        if (m == "li" || m == "mr") {
            const Register d = reg("a destination register");
            lx_.expect_punct(",");
            const Operand v = m == "li" ? Operand{immediate()} : Operand{reg("a source register")};
            const auto* src = std::get_if<Register>(&v);
            const auto p = src ? t.pointers.find(src->name) : t.pointers.end();
            if (p != t.pointers.end()) {
                const Address a = p->second;
                t.pointers[d.name] = a;
            } else {
                t.written(d);
            }
            code.push_back(RegOp{d, RegOpKind::move, v, std::nullopt});
            return;
        }
        static const std::map<std::string, RegOpKind> arithmetic = {
            {"add", RegOpKind::add},   {"sub", RegOpKind::sub},  {"xor", RegOpKind::xor_}, {"and", RegOpKind::and_},
            {"or", RegOpKind::or_},    {"addi", RegOpKind::add}, {"xori", RegOpKind::xor_}, {"ori", RegOpKind::or_},
            {"andi", RegOpKind::and_}};
        if (auto k = arithmetic.find(m); k != arithmetic.end()) {
            const bool immediate_form = m.back() == 'i';
            // "andi." is the only form of andi (it sets CR0 too).
            if (m == "andi") lx_.expect_punct(".");
            const Register d = reg("a destination register");
            lx_.expect_punct(",");
            const Register a = reg("a register");
            lx_.expect_punct(",");
            const Operand b = immediate_form ? Operand{immediate()} : Operand{reg("a register")};
            t.written(d);
            code.push_back(RegOp{d, k->second, a, b});
            return;
        }
        if (m == "cmpw" || m == "cmpwi") {
            const Register a = reg("a register");
            lx_.expect_punct(",");
            const Operand b = m == "cmpwi" ? Operand{immediate()} : Operand{reg("a register")};
            t.flags = std::make_pair(Operand{a}, b);
            return;
        }
        static const std::map<std::string, CmpOp> conditions = {{"beq", CmpOp::eq}, {"bne", CmpOp::ne},
                                                                {"blt", CmpOp::lt}, {"ble", CmpOp::le},
                                                                {"bgt", CmpOp::gt}, {"bge", CmpOp::ge}};
        if (auto c = conditions.find(m); c != conditions.end()) {
            if (!t.flags) lx_.fail(at, "a cmpw before the conditional branch");
            code.push_back(Branch{c->second, t.flags->first, t.flags->second, label(t)});
            return;
        }
        if (m == "b") {
            code.push_back(Goto{label(t)});
            return;
        }
        if (m == "sync" || m == "lwsync" || m == "isync") {
            const FenceKind k = m == "sync" ? FenceKind::sync : m == "lwsync" ? FenceKind::lwsync : FenceKind::isync;
            code.push_back(Fence{k, MemoryOrder::plain, Scope::none, {}});
            return;
        }
        if (m == "eieio") lx_.fail(at, "an instruction the PPC front end models (" + m + " is not supported yet)");
        lx_.fail(at, "a PPC instruction (lwz, stw, lwzx, stwx, lwarx, stwcx., li, mr, add, addi, xor, cmpw, cmpwi, "
                     "beq, bne, b, sync, lwsync, isync)");
    }

    std::string label(AssemblyThread& t) { return t.jump_target(lx_); }

    Lexer& lx_;
    LitmusTest& test_;
};

}  // namespace

void parse_ppc_threads(Lexer& lx, LitmusTest& test) { PpcParser(lx, test).parse(); }

}  // namespace mapsound::litmus::detail
