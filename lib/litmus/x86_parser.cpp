// The x86 body in herd7's syntax, as diy7 and the older hand-written tests
// write it: the column layout of columns.hpp, without placements.
//
//    P0          | P1           ;
//    MOV [x],$1  | MOV EAX,[y]  ;
//    MFENCE      | XCHG [x],EBX ;
//
// Instructions (mnemonics in either case, "mov" as in the older tests):
//   MOV [x],$1   MOV [x],EAX     a store of an immediate or a register
//   MOV EAX,[x]                  a load
//   MOV EAX,$1   MOV EAX,EBX     a register move (no memory access)
//   XCHG [x],EAX  XCHG EAX,[x]   an atomic exchange (an RMW; x86 locks it)
//   MFENCE                       a full fence
// Immediates are written "$1"; the older tests also write a bare "1".
// Registers are the 32-bit general-purpose ones (EAX ... EDI, EBP, ESP);
// a memory operand is a location name in brackets.  x86 has no memory
// orders or scopes: accesses are plain, fences and RMWs carry none.
#include <array>
#include <cctype>

#include "litmus/assembly.hpp"
#include "litmus/columns.hpp"

namespace mapsound::litmus::detail {

bool x86_register_name(std::string_view w) {
    static constexpr std::array<std::string_view, 8> names = {"EAX", "EBX", "ECX", "EDX",
                                                              "ESI", "EDI", "EBP", "ESP"};
    for (auto n : names)
        if (w == n) return true;
    return false;
}

namespace {

// One operand as written: a register, a memory location "[x]" or an
// immediate "$1" / "1".
struct X86Operand {
    enum class Kind { reg, mem, imm } kind = Kind::imm;
    Register reg;
    Address addr;
    std::int64_t imm = 0;
};

class X86Parser {
public:
    X86Parser(Lexer& lx, LitmusTest& test) : lx_(lx), test_(test) {}

    void parse() {
        parse_column_header(lx_, test_);
        parse_column_rows(lx_, test_, [this](std::size_t column) {
            test_.threads[column].code.push_back(instruction());
        });
    }

private:
    X86Operand operand() {
        const Token t = lx_.peek();
        X86Operand o;
        if (lx_.accept_punct("[")) {
            const Token name = lx_.peek();
            if (name.kind != TokenKind::identifier || x86_register_name(name.text))
                lx_.fail(name, "a memory location in '[...]'");
            lx_.next();
            lx_.expect_punct("]");
            o.kind = X86Operand::Kind::mem;
            o.addr = Address{name.text, std::nullopt};
            return o;
        }
        if (lx_.accept_punct("$") || lx_.at_integer()) {
            o.imm = lx_.expect_integer("an integer after '$'");
            return o;
        }
        if (t.kind == TokenKind::identifier && x86_register_name(t.text)) {
            lx_.next();
            o.kind = X86Operand::Kind::reg;
            o.reg = Register{t.text};
            return o;
        }
        lx_.fail(t, "a register (EAX, EBX, ...), a memory location '[x]' or an immediate '$1'");
    }

    Instruction instruction() {
        const Token t = lx_.peek();
        if (t.kind != TokenKind::identifier) lx_.fail(t, "an instruction (MOV, XCHG, MFENCE) or '|'");
        lx_.next();
        const std::string m = upper(t.text);
        if (m == "MFENCE") return Fence{FenceKind::fence, MemoryOrder::plain, Scope::none, {}};
        if (m != "MOV" && m != "XCHG") lx_.fail(t, "an instruction (MOV, XCHG, MFENCE)");
        const Token first_at = lx_.peek();
        const X86Operand a = operand();
        lx_.expect_punct(",");
        const Token second_at = lx_.peek();
        const X86Operand b = operand();
        using K = X86Operand::Kind;
        if (m == "XCHG") {
            // One memory operand and one register, in either order.
            if (a.kind == K::mem && b.kind == K::reg) return exchange(b.reg, a.addr);
            if (a.kind == K::reg && b.kind == K::mem) return exchange(a.reg, b.addr);
            lx_.fail(a.kind == K::mem ? second_at : first_at,
                     a.kind == K::mem ? "a register (XCHG [x],EAX)" : "a memory location and a register");
        }
        if (a.kind == K::mem) {
            if (b.kind == K::mem) lx_.fail(second_at, "a register or an immediate (MOV has one memory operand)");
            return Store{a.addr, value(b), MemoryOrder::plain, Scope::none, {}};
        }
        if (a.kind != K::reg) lx_.fail(first_at, "a register or a memory location as MOV's destination");
        if (b.kind == K::mem) return Load{a.reg, b.addr, MemoryOrder::plain, Scope::none, {}};
        return RegOp{a.reg, RegOpKind::move, value(b), std::nullopt};
    }

    static Operand value(const X86Operand& o) {
        if (o.kind == X86Operand::Kind::reg) return o.reg;
        return o.imm;
    }

    static Rmw exchange(const Register& r, const Address& addr) {
        Rmw x;
        x.dest = r;
        x.addr = addr;
        x.op = RmwOp::exch;
        x.value = r;
        x.order = MemoryOrder::plain;
        x.scope = Scope::none;
        return x;
    }

    Lexer& lx_;
    LitmusTest& test_;
};

}  // namespace

void parse_x86_threads(Lexer& lx, LitmusTest& test) { X86Parser(lx, test).parse(); }

}  // namespace mapsound::litmus::detail
