// The RISC-V body in herd7's RISCV syntax, as diy7 writes it: the column
// layout of columns.hpp, without placements.
//
//    P0          | P1             ;
//    ori x5,x0,1 | lw x5,0(x6)    ;
//    sw x5,0(x6) | bne x5,x0,LC00 ;
//    fence rw,rw | LC00:          ;
//    sw x5,0(x8) | fence.i        ;
//                | lw x7,0(x8)    ;
//
// Registers x0 ... x31 and their ABI names (zero, ra, sp, gp, tp, t0-t6,
// s0-s11, fp, a0-a7), kept as written: conditions name them so ("1:x5=2",
// "0:t2=0").  x0 (zero) reads as 0: as a source operand it is the constant
// 0; what an instruction writes to it is never read back.  Memory is named
// through registers the init block points at locations ("0:x6=x";
// assembly.hpp):
//   0(rs1) or (rs1)   the location rs1 points to; rs1 may also be the
//                     result of "add rd,rs,rt" with one of rs, rt pointing
//                     at a location and the other displacing it (an
//                     address dependency; diy7 computes a zero).
//   0(rs1) with rs1 loaded or computed otherwise (ISA15 adds a value into
//                     its own offset register): an address followed at
//                     run time (Address::pointer).
// A non-zero displacement addresses part of a location: refused.
//
// Instructions (mnemonics in any case; q is "", ".aq", ".rl" or ".aq.rl";
// each access a word, or with d for w (ld, sd, lr.d, sc.d, amo<op>.d) a
// doubleword, Qualifiers::access_size 8):
//   lw<q> rd,0(rs1)              load (acquire, release, both)
//   sw<q> rs2,0(rs1)             store
//   lr.w<q> rd,0(rs1)            load-reserved (exclusive)
//   sc.w<q> rd,rs2,0(rs1)        store-conditional: rd gets 0 on success,
//                                1 on failure (a write only on success)
//   amoswap.w<q> amoadd amoand amoor amoxor   rd,rs2,(rs1): rd gets the old
//                                value, memory old <op> rs2
//   li rd,imm   mv rd,rs   add sub xor and or rd,rs1,rs2
//   addi xori andi ori rd,rs1,imm
//   beq bne blt bge rs1,rs2,label   j label   label:
//   fence p,s (p, s each r, w or rw)   fence.tso   fence.i
// Refused by name: sub-word accesses and zero-extending loads (lb, lh,
// sb, sh, lbu, lhu, lwu), amomin/amomax, and fences with i/o sets; litmus
// mode refuses a location accessed both as a word and as a doubleword (a
// mixed-size program: RVWMO's rules for overlapping accesses are not
// modelled).
#include <array>
#include <cctype>
#include <map>

#include "litmus/assembly.hpp"
#include "litmus/columns.hpp"

namespace mapsound::litmus::detail {

namespace {

bool digits(std::string_view w, int max) {
    if (w.empty() || w.size() > 2) return false;
    int n = 0;
    for (char c : w) {
        if (c < '0' || c > '9') return false;
        n = n * 10 + (c - '0');
    }
    return !(w.size() == 2 && w[0] == '0') && n <= max;
}

}  // namespace

bool riscv_register_name(std::string_view w) {
    if (w.empty()) return false;
    static constexpr std::array<std::string_view, 6> named = {"zero", "ra", "sp", "gp", "tp", "fp"};
    for (auto n : named)
        if (w == n) return true;
    const std::string_view rest = w.substr(1);
    switch (w[0]) {
        case 'x': return digits(rest, 31);
        case 't': return digits(rest, 6);
        case 's': return digits(rest, 11);
        case 'a': return digits(rest, 7);
        default: return false;
    }
}

bool riscv_zero_register(std::string_view w) { return w == "x0" || w == "zero"; }

namespace {

// ".aq", ".rl", ".aq.rl" (or none) after a stem: the memory order, or
// nullopt when the rest is something else.
std::optional<MemoryOrder> annotation(std::string_view rest) {
    if (rest.empty()) return MemoryOrder::plain;
    if (rest == ".aq") return MemoryOrder::acquire;
    if (rest == ".rl") return MemoryOrder::release;
    if (rest == ".aq.rl" || rest == ".aqrl") return MemoryOrder::acq_rel;
    return std::nullopt;
}

class RiscvParser {
public:
    RiscvParser(Lexer& lx, LitmusTest& test) : lx_(lx), test_(test) {}

    void parse() {
        parse_assembly_columns(lx_, test_, [this](AssemblyThread& t, std::vector<Instruction>& code) { instruction(t, code); });
    }

private:
    // A register written by the instruction (the zero register included:
    // what it receives is never read back).
    Register reg(const char* what) { return assembly_register(lx_, riscv_register_name, what); }

    // A register read by the instruction: the zero register reads 0.
    Operand source(const char* what) {
        const Register r = reg(what);
        if (riscv_zero_register(r.name)) return std::int64_t{0};
        return r;
    }

    std::int64_t immediate() { return assembly_immediate(lx_); }

    // "0(rs1)" or "(rs1)".
    Address address(AssemblyThread& t) {
        if (!lx_.peek().is_punct("(")) expect_zero_displacement(lx_);
        lx_.expect_punct("(");
        const Token at = lx_.peek();
        const Register base = reg("a base register (x6, a0, ...)");
        lx_.expect_punct(")");
        return t.through(lx_, at, base);
    }

    void instruction(AssemblyThread& t, std::vector<Instruction>& code) {
        const Token at = lx_.peek();
        if (at.kind != TokenKind::identifier) lx_.fail(at, "a RISC-V instruction or '|'");
        lx_.next();
        std::string m = at.text;
        for (char& c : m) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        const auto stem_order = [&](std::string_view stem) -> std::optional<MemoryOrder> {
            if (m.rfind(stem, 0) != 0) return std::nullopt;
            return annotation(std::string_view(m).substr(stem.size()));
        };
        // The word forms and the doubleword ones (RV64: ld, sd, lr.d,
        // sc.d, amo<op>.d), whose size Qualifiers::access_size records (8;
        // 0 is a word).  A location accessed at both sizes is a mixed-size
        // program, which litmus mode refuses for RISC-V by name.
        const auto sized = [&](std::string_view word, std::string_view doubleword) -> std::optional<MemoryOrder> {
            if (auto o = stem_order(word)) return o;
            return stem_order(doubleword);
        };
        const int size = [&] {
            for (std::string_view d : {"ld", "sd", "lr.d", "sc.d"})
                if (m.rfind(d, 0) == 0) return 8;
            return 0;
        }();
        if (auto o = sized("lw", "ld"); o || (o = sized("lr.w", "lr.d"))) {
            Load l;
            l.dest = reg("a destination register (x5, t0, ...)");
            lx_.expect_punct(",");
            l.addr = address(t);
            l.order = *o;
            l.scope = Scope::none;
            l.qualifiers.exclusive = m.rfind("lr.", 0) == 0;
            l.qualifiers.access_size = size;
            t.written(l.dest);
            code.push_back(std::move(l));
            return;
        }
        if (auto o = sized("sw", "sd"); o || (o = sized("sc.w", "sc.d"))) {
            Store s;
            s.scope = Scope::none;
            s.order = *o;
            s.qualifiers.access_size = size;
            if (m.rfind("sc.", 0) == 0) {
                s.qualifiers.exclusive = true;
                s.qualifiers.status = reg("a status register (x7, a1, ...)");
                lx_.expect_punct(",");
            }
            s.value = source("a register holding the value to store");
            lx_.expect_punct(",");
            s.addr = address(t);
            if (s.qualifiers.status) t.written(*s.qualifiers.status);
            code.push_back(std::move(s));
            return;
        }
        if (auto rmw = amo(m)) {
            Rmw& r = *rmw;
            const Register d = reg("a destination register");
            lx_.expect_punct(",");
            r.value = source("a source register");
            lx_.expect_punct(",");
            r.addr = address(t);
            if (!riscv_zero_register(d.name)) r.dest = d;
            t.written(d);
            code.push_back(std::move(r));
            return;
        }
        if (m == "li" || m == "mv") {
            const Register d = reg("a destination register");
            lx_.expect_punct(",");
            const Operand v = m == "li" ? Operand{immediate()} : source("a source register");
            const RegOp op{d, RegOpKind::move, v, std::nullopt};
            follow_riscv_pointers(t.pointers, op);
            t.computed.insert(d.name);
            code.push_back(op);
            return;
        }
        static const std::map<std::string, RegOpKind> arithmetic = {
            {"add", RegOpKind::add},  {"sub", RegOpKind::sub},   {"xor", RegOpKind::xor_},
            {"and", RegOpKind::and_}, {"or", RegOpKind::or_},    {"addi", RegOpKind::add},
            {"xori", RegOpKind::xor_}, {"andi", RegOpKind::and_}, {"ori", RegOpKind::or_}};
        if (auto k = arithmetic.find(m); k != arithmetic.end()) {
            const bool immediate_form = m.back() == 'i';
            const Register d = reg("a destination register");
            lx_.expect_punct(",");
            const Operand a = source("a register");
            lx_.expect_punct(",");
            const Operand b = immediate_form ? Operand{immediate()} : source("a register");
            const RegOp op{d, k->second, a, b};
            follow_riscv_pointers(t.pointers, op);
            t.computed.insert(d.name);
            code.push_back(op);
            return;
        }
        static const std::map<std::string, CmpOp> conditions = {
            {"beq", CmpOp::eq}, {"bne", CmpOp::ne}, {"blt", CmpOp::lt}, {"bge", CmpOp::ge}};
        if (auto c = conditions.find(m); c != conditions.end()) {
            const Operand a = source("a register");
            lx_.expect_punct(",");
            const Operand b = source("a register");
            lx_.expect_punct(",");
            code.push_back(Branch{c->second, a, b, label(t)});
            return;
        }
        if (m == "j") {
            code.push_back(Goto{label(t)});
            return;
        }
        if (m == "fence") {
            const std::string p = fence_set();
            lx_.expect_punct(",");
            const std::string s = fence_set();
            Fence f{FenceKind::rv_fence, MemoryOrder::plain, Scope::none, {}};
            f.qualifiers.barrier_option = p + "," + s;
            code.push_back(std::move(f));
            return;
        }
        if (m == "fence.tso" || m == "fence.i") {
            code.push_back(Fence{m == "fence.tso" ? FenceKind::fence_tso : FenceKind::fence_i, MemoryOrder::plain,
                                 Scope::none, {}});
            return;
        }
        for (std::string_view narrow : {"lb", "lbu", "lh", "lhu", "lwu", "sb", "sh"})
            if (m == narrow || m.rfind(std::string(narrow) + ".", 0) == 0)
                lx_.fail(at, "a word or doubleword access (" + m +
                                 " is a byte or halfword access, or a zero-extending load, which are not supported)");
        if (m.rfind("amo", 0) == 0)
            lx_.fail(at, "an AMO the RISC-V front end models (amoswap, amoadd, amoand, amoor, amoxor on words or "
                         "doublewords; " + m + " is not supported)");
        lx_.fail(at, "a RISC-V instruction (lw, sw, ld, sd, lr.w, sc.w, lr.d, sc.d, amoswap.w, amoadd.d, li, mv, add, "
                     "addi, xor, ori, beq, bne, j, fence, fence.tso, fence.i)");
    }

    // "r", "w" or "rw".
    std::string fence_set() {
        const Token t = lx_.peek();
        if (t.kind != TokenKind::identifier || (t.text != "r" && t.text != "w" && t.text != "rw"))
            lx_.fail(t, "a fence set (r, w or rw; i/o sets are not supported)");
        lx_.next();
        return t.text;
    }

    // amo<op>.w and amo<op>.d with their annotations.
    static std::optional<Rmw> amo(const std::string& m) {
        for (auto [stem, op] : {std::pair{std::string_view("amoswap"), RmwOp::exch},
                                std::pair{std::string_view("amoadd"), RmwOp::add},
                                std::pair{std::string_view("amoand"), RmwOp::and_},
                                std::pair{std::string_view("amoor"), RmwOp::or_},
                                std::pair{std::string_view("amoxor"), RmwOp::xor_}})
            for (auto [width, size] : {std::pair{std::string_view(".w"), 0}, std::pair{std::string_view(".d"), 8}}) {
                const std::string form = std::string(stem) + std::string(width);
                if (m.rfind(form, 0) != 0) continue;
                const auto o = annotation(std::string_view(m).substr(form.size()));
                if (!o) continue;
                Rmw r;
                r.op = op;
                r.order = *o == MemoryOrder::plain ? MemoryOrder::relaxed : *o;
                r.scope = Scope::none;
                r.qualifiers.access_size = size;
                return r;
            }
        return std::nullopt;
    }

    std::string label(AssemblyThread& t) {
        const Token name = lx_.expect_identifier("a label");
        t.labels.use(name, name.text);
        return name.text;
    }

    Lexer& lx_;
    LitmusTest& test_;
};

}  // namespace

void follow_riscv_pointers(std::map<std::string, Address>& pointers, const RegOp& op) {
    const auto pointing = [&](const Operand& o) -> const Address* {
        const auto* r = std::get_if<Register>(&o);
        const auto p = r ? pointers.find(r->name) : pointers.end();
        return p == pointers.end() ? nullptr : &p->second;
    };
    if (op.op == RegOpKind::move) {
        if (const Address* a = pointing(op.lhs)) {
            const Address copy = *a;
            pointers[op.dest.name] = copy;
            return;
        }
    } else if (op.op == RegOpKind::add && op.rhs && std::holds_alternative<Register>(op.lhs) &&
               std::holds_alternative<Register>(*op.rhs)) {
        const Address* pa = pointing(op.lhs);
        const Address* pb = pointing(*op.rhs);
        if (pa && pa->offset) pa = nullptr;
        if (pb && pb->offset) pb = nullptr;
        if ((pa != nullptr) != (pb != nullptr)) {
            Address displaced = pa ? *pa : *pb;
            displaced.offset = pa ? *op.rhs : op.lhs;
            // The address is named by its offset register, read at the
            // access: an add into that register leaves a computed address
            // (a value plus a pointer) instead.
            if (std::get<Register>(*displaced.offset).name != op.dest.name) {
                pointers[op.dest.name] = displaced;
                return;
            }
        }
    }
    pointers.erase(op.dest.name);
}

void parse_riscv_threads(Lexer& lx, LitmusTest& test) { RiscvParser(lx, test).parse(); }

}  // namespace mapsound::litmus::detail
