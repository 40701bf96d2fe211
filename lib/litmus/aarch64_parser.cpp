// The AArch64 body in herd7's syntax, as diy7 writes it: the column layout
// of columns.hpp, without placements.
//
//    P0           | P1                ;
//    MOV W0,#1    | LDR W0,[X1]       ;
//    STR W0,[X1]  | EOR W2,W0,W0      ;
//    DMB SY       | LDR W3,[X4,W2,SXTW] ;
//
// Registers: W0..W30 and X0..X30 name the same register (the IR keeps
// "X<n>", as conditions write it); WZR/XZR read as 0.  A memory operand
// names a register that holds a location's address, which the init block
// gives ("0:X1=x"), or that ADD/MOV computed from such a register, so the
// parser resolves every access to its location statically:
//   [Xn]              the location Xn points to
//   [Xn,Wm,SXTW]      the same, displaced by Wm (an address dependency on
//   [Xn,Xm]           whatever Wm was computed from; diy7 writes Wm = 0)
//   [Xn,#4]           displaced by 4 bytes (also "ADD Xd,Xn,#4" first)
//   [Xn] with Xn loaded ("LDR X0,[X3]") or computed otherwise: an address
//                     followed at run time (Address::pointer)
// An access is a word through a W register; an X register, the B and H
// forms (LDRB, STRH, ...) and LDP/STP (two accesses, the second at the
// next address) record their size (Qualifiers::access_size).  Byte
// displacements and sizes that differ make a mixed-size program: it
// parses and prints back, and the expansion refuses it (program.hpp,
// mixed_size_access).
//
// Instructions (mnemonics in any case):
//   LDR LDAR LDAPR LDXR LDAXR      loads (acquire; acquire-PC; exclusive),
//   STR STLR                       stores (release); each with B and H forms
//   LDP STP Rt1,Rt2,[Xn]           a pair of loads or stores
//   STXR Ws,Wt,[Xn]  STLXR         exclusive stores, status 0 on success
//   SWP{,A,L,AL} Rs,Rt,[Xn]        atomic exchange (LSE): Rt gets the old
//   LDADD{,A,L,AL} Rs,Rt,[Xn]      atomic add (LSE)
//   CAS{,A,L,AL} Rs,Rt,[Xn]        compare and swap: old == Rs -> write Rt;
//                                  Rs gets the old value
//   MOV Rd,#imm|Rn   ADD SUB AND ORR EOR Rd,Rn,Rm|#imm[,SXTW]
//   CMP Rn,Rm|#imm then B.EQ/NE/LT/LE/GT/GE label    CBZ/CBNZ Rn,label
//   B label    label:
//   DMB <option>  DSB <option>  ISB      option SY ISH OSH NSH, with LD/ST
#include <array>
#include <cctype>
#include <map>

#include "litmus/assembly.hpp"
#include "litmus/columns.hpp"

namespace mapsound::litmus::detail {

namespace {

// "W3" / "X3" -> 3; nullopt for anything else.  (is_x_register tells the
// two widths apart.)
std::optional<int> register_number(std::string_view w) {
    const std::string u = upper(w);
    if (u.size() < 2 || u.size() > 3 || (u[0] != 'W' && u[0] != 'X')) return std::nullopt;
    int n = 0;
    for (std::size_t i = 1; i < u.size(); ++i) {
        if (!std::isdigit(static_cast<unsigned char>(u[i]))) return std::nullopt;
        n = n * 10 + (u[i] - '0');
    }
    if (u.size() == 3 && u[1] == '0') return std::nullopt;
    return n <= 30 ? std::optional<int>(n) : std::nullopt;
}

bool is_x_register(std::string_view w) { return !w.empty() && (w[0] == 'X' || w[0] == 'x'); }

bool zero_register(std::string_view w) {
    const std::string u = upper(w);
    return u == "WZR" || u == "XZR";
}

// The barrier options of DMB and DSB.
bool barrier_option(std::string_view o) {
    static constexpr std::array<std::string_view, 12> options = {"SY",  "LD",    "ST",    "ISH",  "ISHLD", "ISHST",
                                                                 "OSH", "OSHLD", "OSHST", "NSH", "NSHLD", "NSHST"};
    for (auto x : options)
        if (o == x) return true;
    return false;
}

class AArch64Parser {
public:
    AArch64Parser(Lexer& lx, LitmusTest& test) : lx_(lx), test_(test) {}

    void parse() {
        parse_assembly_columns(lx_, test_, [this](AssemblyThread& t, std::vector<Instruction>& code) { instruction(t, code); });
    }

private:

    // A register operand: its IR name ("X3").
    Register reg(const char* what) {
        const Token t = lx_.peek();
        const auto n = t.kind == TokenKind::identifier ? register_number(t.text) : std::nullopt;
        if (!n) lx_.fail(t, what);
        lx_.next();
        return Register{"X" + std::to_string(*n)};
    }

    // A register, the zero register or "#imm".
    Operand value(const char* what) {
        if (lx_.accept_punct("#")) {
            const bool negative = lx_.accept_punct("-");
            const std::int64_t v = lx_.expect_integer("an integer after '#'");
            return negative ? -v : v;
        }
        if (lx_.peek().kind == TokenKind::identifier && zero_register(lx_.peek().text)) {
            lx_.next();
            return std::int64_t{0};
        }
        return reg(what);
    }

    // An optional ",SXTW" / ",UXTW" extension after a register operand.
    void extension() {
        if (lx_.peek().is_punct(",") && lx_.peek(1).kind == TokenKind::identifier) {
            const std::string e = upper(lx_.peek(1).text);
            if (e == "SXTW" || e == "UXTW") {
                lx_.next();
                lx_.next();
            }
        }
    }

    // "[Xn]", "[Xn,Wm,SXTW]", "[Xn,Xm]".
    Address address(AssemblyThread& t) {
        lx_.expect_punct("[");
        const Token base_at = lx_.peek();
        const Register base = reg("a base register (X1, ...)");
        Address a = t.through(lx_, base_at, base);
        if (lx_.accept_punct(",")) {
            if (lx_.accept_punct("#")) {
                a.byte_offset += lx_.expect_integer("a byte offset after '#'");
                lx_.expect_punct("]");
                return a;
            }
            const Token off_at = lx_.peek();
            const Register off = reg("an offset register");
            if (a.offset || a.pointer)
                lx_.fail(off_at, "']' (the base register already carries an offset, or holds a computed address)");
            a.offset = off;
            extension();
        }
        lx_.expect_punct("]");
        return a;
    }

    static MemoryOrder order_of(bool acquire, bool release) {
        if (acquire && release) return MemoryOrder::acq_rel;
        if (acquire) return MemoryOrder::acquire;
        if (release) return MemoryOrder::release;
        return MemoryOrder::plain;
    }

    // The size an access through the register at the lexer records
    // (Qualifiers::access_size): 'bytes' for a B or H form, which takes a W
    // register; else 8 for an X register and 0 (a word) for a W register.
    int access_size(int bytes) {
        const Token r = lx_.peek();
        const bool x = r.kind == TokenKind::identifier && is_x_register(r.text);
        if (bytes != 0 && x) lx_.fail(r, "a W register (a byte or halfword access)");
        return bytes != 0 ? bytes : x ? 8 : 0;
    }

    // LDP/STP Rt1,Rt2,[Xn]: two accesses of one size, the second at the
    // next address.
    void pair(AssemblyThread& t, std::vector<Instruction>& code, bool load) {
        const int size = access_size(0);
        const Operand first = load ? Operand(reg("a register")) : value("a register");
        lx_.expect_punct(",");
        const Token second_at = lx_.peek();
        if (access_size(0) != size) lx_.fail(second_at, "a register of the first one's width");
        const Operand second = load ? Operand(reg("a register")) : value("a register");
        lx_.expect_punct(",");
        Address a = address(t);
        for (const Operand& r : {first, second}) {
            Qualifiers q;
            q.access_size = size;
            if (load) {
                const Register dest = std::get<Register>(r);
                t.written(dest);
                code.push_back(Load{dest, a, MemoryOrder::plain, Scope::none, q});
            } else {
                code.push_back(Store{a, r, MemoryOrder::plain, Scope::none, q});
            }
            a.byte_offset += size == 0 ? 4 : size;
        }
    }

    void instruction(AssemblyThread& t, std::vector<Instruction>& code) {
        const Token at = lx_.peek();
        if (at.kind != TokenKind::identifier) lx_.fail(at, "an AArch64 instruction or '|'");
        lx_.next();
        std::string m = upper(at.text);
        if (m == "LDP" || m == "STP") return pair(t, code, m == "LDP");
        // The B and H forms: a byte or halfword access.
        int bytes = 0;
        for (std::string_view stem : {"LDR", "LDAR", "LDAPR", "LDXR", "LDAXR", "STR", "STLR", "STXR", "STLXR"})
            if (m.size() == stem.size() + 1 && m.rfind(stem, 0) == 0 && (m.back() == 'B' || m.back() == 'H')) {
                bytes = m.back() == 'B' ? 1 : 2;
                m.pop_back();
            }
        if (m == "LDR" || m == "LDAR" || m == "LDAPR" || m == "LDXR" || m == "LDAXR") {
            Load l;
            l.qualifiers.access_size = access_size(bytes);
            l.dest = reg("a destination register (W0, X0, ...)");
            lx_.expect_punct(",");
            l.addr = address(t);
            l.order = m == "LDR" || m == "LDXR" ? MemoryOrder::plain : MemoryOrder::acquire;
            l.scope = Scope::none;
            l.qualifiers.acquire_pc = m == "LDAPR";
            l.qualifiers.exclusive = m == "LDXR" || m == "LDAXR";
            t.written(l.dest);
            code.push_back(std::move(l));
            return;
        }
        if (m == "STR" || m == "STLR" || m == "STXR" || m == "STLXR") {
            Store s;
            s.scope = Scope::none;
            s.order = m == "STLR" || m == "STLXR" ? MemoryOrder::release : MemoryOrder::plain;
            if (m == "STXR" || m == "STLXR") {
                s.qualifiers.exclusive = true;
                s.qualifiers.status = reg("a status register (W0, ...)");
                lx_.expect_punct(",");
            }
            s.qualifiers.access_size = access_size(bytes);
            s.value = value("a register holding the value to store");
            lx_.expect_punct(",");
            s.addr = address(t);
            if (s.qualifiers.status) t.written(*s.qualifiers.status);
            code.push_back(std::move(s));
            return;
        }
        if (auto rmw = lse(m)) {
            Rmw& r = *rmw;
            r.qualifiers.access_size = access_size(0);
            const Register source = reg("a source register");
            lx_.expect_punct(",");
            const Register target = reg("a target register");
            lx_.expect_punct(",");
            r.addr = address(t);
            if (r.op == RmwOp::cas) {
                r.dest = source;
                r.expected = source;
                r.value = target;
                t.written(source);
            } else {
                r.dest = target;
                r.value = source;
                t.written(target);
            }
            code.push_back(std::move(r));
            return;
        }
        if (m == "MOV") {
            const Register d = reg("a destination register");
            lx_.expect_punct(",");
            const Operand v = value("a register or '#imm'");
            const RegOp op{d, RegOpKind::move, v, std::nullopt};
            follow_aarch64_pointers(t.pointers, op);
            t.computed.insert(d.name);
            code.push_back(op);
            return;
        }
        if (m == "ADD" || m == "SUB" || m == "AND" || m == "ORR" || m == "EOR") {
            const RegOpKind k = m == "ADD"   ? RegOpKind::add
                                : m == "SUB" ? RegOpKind::sub
                                : m == "AND" ? RegOpKind::and_
                                : m == "ORR" ? RegOpKind::or_
                                             : RegOpKind::xor_;
            const Register d = reg("a destination register");
            lx_.expect_punct(",");
            const Operand a = value("a register");
            lx_.expect_punct(",");
            const Operand b = value("a register or '#imm'");
            extension();
            const RegOp op{d, k, a, b};
            follow_aarch64_pointers(t.pointers, op);
            t.computed.insert(d.name);
            code.push_back(op);
            return;
        }
        if (m == "CMP") {
            const Operand a = value("a register");
            lx_.expect_punct(",");
            const Operand b = value("a register or '#imm'");
            t.flags = std::make_pair(a, b);
            return;
        }
        if (m.rfind("B.", 0) == 0) {
            static const std::map<std::string, CmpOp> conditions = {{"EQ", CmpOp::eq}, {"NE", CmpOp::ne},
                                                                    {"LT", CmpOp::lt}, {"LE", CmpOp::le},
                                                                    {"GT", CmpOp::gt}, {"GE", CmpOp::ge}};
            auto c = conditions.find(m.substr(2));
            if (c == conditions.end()) lx_.fail(at, "a branch condition (B.EQ, B.NE, B.LT, B.LE, B.GT, B.GE)");
            if (!t.flags) lx_.fail(at, "a CMP before the conditional branch");
            code.push_back(Branch{c->second, t.flags->first, t.flags->second, label(t)});
            return;
        }
        if (m == "CBZ" || m == "CBNZ") {
            const Register r = reg("a register");
            lx_.expect_punct(",");
            code.push_back(Branch{m == "CBZ" ? CmpOp::eq : CmpOp::ne, r, std::int64_t{0}, label(t)});
            return;
        }
        if (m == "B") {
            code.push_back(Goto{label(t)});
            return;
        }
        if (m == "DMB" || m == "DSB") {
            const Token o = lx_.peek();
            if (o.kind != TokenKind::identifier || !barrier_option(upper(o.text)))
                lx_.fail(o, "a barrier option (SY, LD, ST, ISH, ISHLD, ISHST, OSH, ..., NSHST)");
            lx_.next();
            Fence f{m == "DMB" ? FenceKind::dmb : FenceKind::dsb, MemoryOrder::plain, Scope::none, {}};
            f.qualifiers.barrier_option = upper(o.text);
            code.push_back(std::move(f));
            return;
        }
        if (m == "ISB") {
            code.push_back(Fence{FenceKind::isb, MemoryOrder::plain, Scope::none, {}});
            return;
        }
        lx_.fail(at, "an AArch64 instruction (LDR, STR, LDAR, STLR, LDAPR, LDXR, STXR, their B and H forms, LDP, "
                     "STP, SWP, LDADD, CAS, MOV, ADD, EOR, CMP, B, CBZ, CBNZ, DMB, DSB, ISB)");
    }

    // SWP/LDADD/CAS with their A, L and AL forms.
    static std::optional<Rmw> lse(const std::string& m) {
        for (auto [stem, op] : {std::pair{std::string_view("SWP"), RmwOp::exch},
                                std::pair{std::string_view("LDADD"), RmwOp::add},
                                std::pair{std::string_view("CAS"), RmwOp::cas}}) {
            if (m.rfind(stem, 0) != 0) continue;
            const std::string suffix = m.substr(stem.size());
            if (suffix != "" && suffix != "A" && suffix != "L" && suffix != "AL") continue;
            Rmw r;
            r.op = op;
            r.order = order_of(suffix.find('A') != std::string::npos, suffix.find('L') != std::string::npos);
            if (r.order == MemoryOrder::plain) r.order = MemoryOrder::relaxed;
            r.scope = Scope::none;
            return r;
        }
        return std::nullopt;
    }

    std::string label(AssemblyThread& t) { return t.jump_target(lx_); }

    Lexer& lx_;
    LitmusTest& test_;
};

}  // namespace

void parse_aarch64_threads(Lexer& lx, LitmusTest& test) { AArch64Parser(lx, test).parse(); }

void follow_aarch64_pointers(std::map<std::string, Address>& pointers, const RegOp& op) {
    const auto* base = std::get_if<Register>(&op.lhs);
    const auto p = base ? pointers.find(base->name) : pointers.end();
    if (p == pointers.end() || (op.op != RegOpKind::move && op.op != RegOpKind::add)) {
        pointers.erase(op.dest.name);  // a value, no longer an address
        return;
    }
    Address moved = p->second;
    if (op.op == RegOpKind::add) {
        if (const auto* bytes = std::get_if<std::int64_t>(&*op.rhs)) {
            moved.byte_offset += *bytes;  // ADD Xd,Xn,#imm
        } else if (!moved.offset) {
            moved.offset = op.rhs;  // ADD Xd,Xn,Wm
        } else {
            pointers.erase(op.dest.name);  // a second offset register: no address the IR names
            return;
        }
    }
    pointers[op.dest.name] = moved;
}

}  // namespace mapsound::litmus::detail
