// Tearing mixed-size locations into pieces (see tear.hpp).
#include "litmus/tear.hpp"

#include "litmus/expand_context.hpp"
#include "litmus/known_registers.hpp"

#include <algorithm>
#include <cstdint>
#include <functional>
#include <map>
#include <set>
#include <stdexcept>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace mapsound::litmus::detail {

int access_bytes(const Qualifiers& q) { return q.access_size == 0 ? 4 : q.access_size; }

std::optional<int> declared_bytes(const std::string& type) {
    for (const auto& [name, bytes] : {std::pair{"int8_t", 1}, std::pair{"int16_t", 2}, std::pair{"int32_t", 4},
                                      std::pair{"int64_t", 8}})
        if (type == name || type == std::string("u") + name) return bytes;
    return std::nullopt;
}

namespace {

// Bytes [begin, end) of a location, a location of its own named 'name'
// when some access covers it (a piece no access covers keeps its initial
// bytes: only the condition can name it, and it is read off them).
struct Piece {
    int begin = 0;
    int end = 0;
    std::string name;
    bool accessed = false;
};

// A location that is torn: its pieces, in order, its initial bytes, the
// width of its elements (arrays: the declared type's; a scalar: the
// location's own size).
struct TornLocation {
    std::vector<Piece> pieces;
    std::vector<std::uint8_t> init;
    int element = 0;
};

std::uint64_t mask(int bytes) { return bytes >= 8 ? ~std::uint64_t{0} : (std::uint64_t{1} << (8 * bytes)) - 1; }

// The bytes [from, from + bytes) of v (little-endian), zero-extended; from
// + bytes at most 8.
std::int64_t slice(std::int64_t v, int from, int bytes) {
    return static_cast<std::int64_t>((static_cast<std::uint64_t>(v) >> (8 * from)) & mask(bytes));
}

// The little-endian value of init[from, from + bytes); bytes at most 8.
std::int64_t assemble(const std::vector<std::uint8_t>& init, int from, int bytes) {
    std::uint64_t v = 0;
    for (int k = bytes - 1; k >= 0; --k) v = (v << 8) | init[static_cast<std::size_t>(from + k)];
    return static_cast<std::int64_t>(v);
}

// The access size as Qualifiers::access_size writes it (0: a word).
int size_field(int bytes) { return bytes == 4 ? 0 : bytes; }

class Tearer {
public:
    explicit Tearer(const LitmusTest& test) : in_(test), out_(test) {
        for (const Thread& t : in_.threads) known_.emplace_back(in_, t);
        find_final_only();
    }

    LitmusTest run(const std::string& why) {
        why_ = why;
        plan();
        if (torn_.empty()) return out_;
        out_.locations.clear();
        for (const Location& l : in_.locations) {
            auto it = torn_.find(l.name);
            if (it == torn_.end()) {
                out_.locations.push_back(l);
                continue;
            }
            for (const Piece& p : it->second.pieces)
                if (p.accessed)
                    out_.locations.push_back(Location{p.name, "", {assemble(it->second.init, p.begin, p.end - p.begin)}});
        }
        for (Location& l : out_.locations)
            for (InitValue& v : l.values) v = renamed(v);
        for (RegisterInit& r : out_.register_inits) r.value = renamed(r.value);
        for (std::size_t t = 0; t < out_.threads.size(); ++t) out_.threads[t].code = torn_code(t);
        if (out_.condition) out_.condition->expr = torn_condition(out_.condition->expr);
        if (out_.filter) out_.filter = torn_condition(*out_.filter);
        if (out_.observed) {
            std::vector<ObservedItem> items;
            for (const ObservedItem& item : *out_.observed) {
                if (const auto* r = std::get_if<RegisterRef>(&item)) {
                    auto it = pieced_.find({r->thread, r->reg});
                    if (it == pieced_.end()) {
                        items.push_back(item);
                    } else {
                        for (const PieceRegister& p : it->second.first)
                            items.emplace_back(std::in_place_type<RegisterRef>, r->thread, p.reg.name);
                    }
                    continue;
                }
                const auto* m = std::get_if<MemoryRef>(&item);
                if (!m || !torn_.count(m->location)) {
                    items.push_back(item);
                    continue;
                }
                for (const Piece* p : named_pieces(*m, "the locations clause"))
                    if (p->accessed) items.emplace_back(std::in_place_type<MemoryRef>, p->name, std::nullopt);
            }
            out_.observed = std::move(items);
        }
        return out_;
    }

    // After run(): the wholes of the torn locations (element by element)
    // and of the registers left in pieces.
    Reassembly reassembly() const {
        Reassembly out;
        for (const auto& [name, t] : torn_) {
            const Location* l = in_.find_location(name);
            const std::size_t elements = l->values.size();
            if (t.element > 8) continue;  // wider than a value: shown as pieces
            for (std::size_t k = 0; k < elements; ++k) {
                const int begin = t.element * static_cast<int>(k);
                Reassembly::Whole whole{-1, elements == 1 ? name : name + "[" + std::to_string(k) + "]", {}};
                bool crossed = false;  // a piece across two elements: shown as pieces
                for (const Piece& p : t.pieces) {
                    if (p.end <= begin || p.begin >= begin + t.element) continue;
                    crossed = crossed || p.begin < begin || p.end > begin + t.element;
                    whole.parts.push_back(p.accessed ? Reassembly::Part{p.name, p.begin - begin, 0}
                                                     : Reassembly::Part{"", p.begin - begin,
                                                                        assemble(t.init, p.begin, p.end - p.begin)});
                }
                if (!crossed) out.wholes.push_back(std::move(whole));
            }
        }
        for (const auto& [key, pieces] : pieced_) {
            Reassembly::Whole whole{key.first, key.second, {}};
            for (const PieceRegister& p : pieces.first) whole.parts.push_back(Reassembly::Part{p.reg.name, p.from, 0});
            out.wholes.push_back(std::move(whole));
        }
        return out;
    }

private:
    [[noreturn]] void fail(const std::string& what) const {
        throw std::runtime_error((in_.source.empty() ? in_.name : in_.source) + ": test '" + in_.name +
                                 "': a mixed-size program (" + why_ + "): " + what);
    }

    // The address and qualifiers of an access instruction; nullptr for
    // every other instruction.
    static std::pair<const Address*, const Qualifiers*> access_of(const Instruction& i) {
        return std::visit(
            [](const auto& ins) -> std::pair<const Address*, const Qualifiers*> {
                using I = std::decay_t<decltype(ins)>;
                if constexpr (std::is_same_v<I, Load> || std::is_same_v<I, Store> || std::is_same_v<I, Rmw> ||
                              std::is_same_v<I, CompareExchange>)
                    return {&ins.addr, &ins.qualifiers};
                else
                    return {nullptr, nullptr};
            },
            i);
    }

    // The first byte an access covers: its displacement plus, for a
    // register offset ("[X5,W6,SXTW]"), the register's value, which the
    // code must fix (KnownRegisters).
    int first_byte(std::size_t thread, std::size_t pc, const Address& a) const {
        std::int64_t begin = a.byte_offset;
        if (a.offset) {
            const auto v = known_[thread].before(pc, *a.offset);
            if (!v)
                fail("P" + std::to_string(in_.threads[thread].id) + " accesses " + a.location + " at an offset (" +
                     std::get<Register>(*a.offset).name + ") that its code does not fix, so the pieces cannot be known");
            begin += *v;
        }
        if (begin < 0 || begin > (1 << 20))
            fail("P" + std::to_string(in_.threads[thread].id) + " accesses " + a.location + " at byte " +
                 std::to_string(begin));
        return static_cast<int>(begin);
    }

    // Every access's bytes per location; the pieces of each location that
    // is accessed in parts.
    void plan() {
        std::map<std::string, std::vector<std::pair<int, int>>> spans;
        for (std::size_t t = 0; t < in_.threads.size(); ++t)
            for (std::size_t pc = 0; pc < in_.threads[t].code.size(); ++pc) {
                const auto [a, q] = access_of(in_.threads[t].code[pc]);
                if (!a) continue;
                if (a->pointer)
                    fail("P" + std::to_string(in_.threads[t].id) + " accesses memory through a computed address (" +
                         a->pointer->name + "), which tearing does not follow");
                const int begin = first_byte(t, pc, *a);
                spans[a->location].emplace_back(begin, begin + access_bytes(*q));
            }
        for (const auto& [name, accesses] : spans) {
            const Location* l = in_.find_location(name);
            if (!l) fail(name + " is not a location of the test");
            const auto declared = declared_bytes(l->type);
            if (!declared && l->values.size() != 1) fail(name + " is an array of no fixed-width type");
            int size = 0;
            for (auto [b, e] : accesses) size = std::max(size, e);
            if (declared) {
                const int whole = *declared * static_cast<int>(l->values.size());
                if (size > whole)
                    fail("an access to " + name + " ends at byte " + std::to_string(size) + ", past its " +
                         std::to_string(whole) + " bytes");
                size = whole;
            }
            std::set<int> cuts{0, size};
            for (auto [b, e] : accesses) {
                cuts.insert(b);
                cuts.insert(e);
            }
            const bool whole_access = cuts.size() == 2 && l->values.size() == 1;
            if (whole_access) continue;  // accessed whole, at its size
            TornLocation& torn = torn_[name];
            torn.element = declared ? *declared : size;
            for (const InitValue& v : l->values) {
                const auto* n = std::get_if<std::int64_t>(&v);
                if (!n) fail(name + " holds an address initially; tearing splits integer locations only");
                for (int k = 0; k < torn.element; ++k)
                    torn.init.push_back(k < 8 ? static_cast<std::uint8_t>(static_cast<std::uint64_t>(*n) >> (8 * k)) : 0);
            }
            for (auto it = cuts.begin(); std::next(it) != cuts.end(); ++it) {
                Piece p{*it, *std::next(it), name + "+" + std::to_string(*it)};
                for (auto [b, e] : accesses) p.accessed = p.accessed || (b <= p.begin && p.end <= e);
                torn.pieces.push_back(p);
            }
        }
    }

    const TornLocation* torn(const std::string& location) const {
        auto it = torn_.find(location);
        return it == torn_.end() ? nullptr : &it->second;
    }

    // The pieces a condition's or locations clause's memory reference
    // names: "x" is a scalar whole, or an array's element 0; "x[k]"
    // element k.
    // 'clause': where m is named ("the condition", "the locations clause").
    std::vector<const Piece*> named_pieces(const MemoryRef& m, const std::string& clause) const {
        const TornLocation& t = torn_.at(m.location);
        const int begin = t.element * static_cast<int>(m.index.value_or(0));
        const int end = begin + t.element;
        std::vector<const Piece*> out;
        for (const Piece& p : t.pieces) {
            if (p.end <= begin || p.begin >= end) continue;
            if (p.begin < begin || p.end > end)
                fail(clause + " names " + m.location + (m.index ? "[" + std::to_string(*m.index) + "]" : "") +
                     ", which a piece crosses");
            out.push_back(&p);
        }
        if (out.empty()) fail(clause + " names " + m.location + "[" + std::to_string(m.index.value_or(0)) + "], past its end");
        if (end - begin > 8) fail(clause + " names more than 8 bytes of " + m.location);
        return out;
    }

    // A torn location's address is its first accessed piece's.
    std::optional<std::string> address_name(const std::string& location) const {
        const TornLocation* t = torn(location);
        if (!t) return std::nullopt;
        for (const Piece& p : t->pieces)
            if (p.accessed) return p.name;
        return std::nullopt;
    }
    InitValue renamed(const InitValue& v) const {
        if (const auto* a = std::get_if<AddressOf>(&v))
            if (const auto name = address_name(a->location)) return AddressOf{*name};
        return v;
    }

    // The pieces [begin, begin + bytes) covers.
    static std::vector<Piece> covered(const TornLocation& t, int begin, int bytes) {
        std::vector<Piece> out;
        for (const Piece& p : t.pieces)
            if (p.begin >= begin && p.end <= begin + bytes) out.push_back(p);
        return out;
    }

    Register temporary() { return Register{"__tear" + std::to_string(next_temporary_++)}; }

    // How a torn access addresses its pieces: the piece itself, element 0,
    // with an address dependency on the offset register when it had one
    // (its value, which chose the bytes, times 0).
    struct PieceAddressing {
        std::optional<Operand> offset;
        Address of(const Address& a, const Piece& p) const {
            Address out = a;
            out.location = p.name;
            out.byte_offset = 0;
            out.offset = offset;
            return out;
        }
    };
    PieceAddressing addressing(const Address& a, std::vector<Instruction>& code) {
        PieceAddressing out;
        if (a.offset && std::holds_alternative<Register>(*a.offset)) {
            const Register zero = temporary();
            code.emplace_back(RegOp{zero, RegOpKind::and_, *a.offset, Operand{std::int64_t{0}}});
            out.offset = zero;
        }
        return out;
    }

    std::vector<Instruction> torn_code(std::size_t thread) {
        const Thread& t = in_.threads[thread];
        std::vector<Instruction> code;
        for (std::size_t pc = 0; pc < t.code.size(); ++pc) {
            const Instruction& i = t.code[pc];
            const auto [a, q] = access_of(i);
            const TornLocation* torn_location = a ? torn(a->location) : nullptr;
            if (!torn_location) {
                code.push_back(i);
                continue;
            }
            const int begin = first_byte(thread, pc, *a);
            const std::vector<Piece> parts = covered(*torn_location, begin, access_bytes(*q));
            const std::string who = "P" + std::to_string(t.id) + "'s ";
            const int instruction = static_cast<int>(pc);
            if (const auto* l = std::get_if<Load>(&i)) {
                load(*l, parts, begin, instruction, t.id, code);
            } else if (const auto* st = std::get_if<Store>(&i)) {
                store(*st, parts, begin, instruction, code);
            } else if (const auto* r = std::get_if<Rmw>(&i); r && parts.size() > 1) {
                rmw(*r, parts, begin, instruction, who, code);
            } else {
                if (parts.size() != 1)
                    fail(who + "compare-and-swap on " + a->location + " covers " + std::to_string(parts.size()) +
                         " pieces; its comparison is of the whole value, which no piece alone can make");
                std::visit(
                    [&](const auto& ins) {
                        using I = std::decay_t<decltype(ins)>;
                        if constexpr (std::is_same_v<I, Rmw> || std::is_same_v<I, CompareExchange>) {
                            I whole = ins;
                            whole.addr = addressing(ins.addr, code).of(ins.addr, parts.front());
                            whole.qualifiers.access_size = size_field(parts.front().end - parts.front().begin);
                            code.emplace_back(std::move(whole));
                        }
                    },
                    i);
            }
        }
        return code;
    }

    void load(const Load& l, const std::vector<Piece>& parts, int begin, int instruction, int thread,
              std::vector<Instruction>& code) {
        const PieceAddressing at = addressing(l.addr, code);
        if (parts.size() == 1) {
            Load whole = l;
            whole.addr = at.of(l.addr, parts.front());
            whole.qualifiers.access_size = size_field(parts.front().end - parts.front().begin);
            code.emplace_back(std::move(whole));
            return;
        }
        std::vector<Register> values;
        for (const Piece& p : parts) {
            Load piece = l;
            piece.dest = temporary();
            piece.addr = at.of(l.addr, p);
            piece.qualifiers.access_size = size_field(p.end - p.begin);
            piece.qualifiers.piece_of = instruction;
            values.push_back(piece.dest);
            code.emplace_back(std::move(piece));
        }
        if (final_only_.count({thread, l.dest.name})) {
            std::vector<PieceRegister> ps;
            for (std::size_t k = 0; k < parts.size(); ++k)
                ps.push_back(PieceRegister{values[k], parts[k].begin - begin, parts[k].end - parts[k].begin});
            pieced_[{thread, l.dest.name}] = {std::move(ps), access_bytes(l.qualifiers)};
            return;
        }
        put_together(l.dest, values, parts, begin, code);
    }

    // dest = piece 0 | piece 1 << 8 * (its offset) | ...
    void put_together(const Register& dest, const std::vector<Register>& values, const std::vector<Piece>& parts,
                      int begin, std::vector<Instruction>& code) {
        for (std::size_t k = 0; k < parts.size(); ++k) {
            const std::int64_t shift = 8 * (parts[k].begin - begin);
            Register shifted = values[k];
            if (shift != 0) {
                shifted = temporary();
                code.emplace_back(RegOp{shifted, RegOpKind::shl, values[k], Operand{shift}});
            }
            if (k == 0)
                code.emplace_back(RegOp{dest, RegOpKind::move, shifted, std::nullopt});
            else
                code.emplace_back(RegOp{dest, RegOpKind::or_, dest, Operand{shifted}});
        }
    }

    // Each piece's slice of an operand: a constant, or register arithmetic
    // on the register (which carries its dependencies to the piece's
    // access).
    std::vector<Operand> slices(const Operand& value, const std::vector<Piece>& parts, int begin,
                                std::vector<Instruction>& code) {
        std::vector<Operand> values;
        for (const Piece& p : parts) {
            const int from = p.begin - begin;
            const int bytes = p.end - p.begin;
            if (const auto* n = std::get_if<std::int64_t>(&value)) {
                values.emplace_back(slice(*n, from, bytes));
                continue;
            }
            Operand v = value;
            if (from != 0) {
                const Register shifted = temporary();
                code.emplace_back(RegOp{shifted, RegOpKind::shr, v, Operand{std::int64_t{8 * from}}});
                v = shifted;
            }
            if (bytes < 8) {
                const Register masked = temporary();
                code.emplace_back(RegOp{masked, RegOpKind::and_, v, Operand{static_cast<std::int64_t>(mask(bytes))}});
                v = masked;
            }
            values.push_back(v);
        }
        return values;
    }

    // An LSE atomic over several pieces: one read-modify-write per piece
    // (rmw pairs the i-th piece read with the i-th piece written), its
    // operand sliced, the old value put together as a load's.  Only the
    // operations that act on each byte alone (swap, and, or, xor) split so;
    // an addition carries from one piece into the next.
    void rmw(const Rmw& r, const std::vector<Piece>& parts, int begin, int instruction, const std::string& who,
             std::vector<Instruction>& code) {
        if (r.expected || (r.op != RmwOp::exch && r.op != RmwOp::and_ && r.op != RmwOp::or_ && r.op != RmwOp::xor_))
            fail(who + std::string(to_string(r.op)) + " on " + r.addr.location + " covers " +
                 std::to_string(parts.size()) + " pieces; only a swap or a bitwise operation acts on each piece "
                 "alone (an addition carries from one piece into the next)");
        const PieceAddressing at = addressing(r.addr, code);
        const std::vector<Operand> operands = slices(r.value, parts, begin, code);
        std::vector<Register> olds;
        for (std::size_t k = 0; k < parts.size(); ++k) {
            Rmw piece = r;
            piece.addr = at.of(r.addr, parts[k]);
            piece.value = operands[k];
            piece.qualifiers.access_size = size_field(parts[k].end - parts[k].begin);
            piece.qualifiers.piece_of = instruction;
            if (r.dest) {
                piece.dest = temporary();
                olds.push_back(*piece.dest);
            }
            code.emplace_back(std::move(piece));
        }
        if (r.dest) put_together(*r.dest, olds, parts, begin, code);
    }

    void store(const Store& st, const std::vector<Piece>& parts, int begin, int instruction,
               std::vector<Instruction>& code) {
        const PieceAddressing at = addressing(st.addr, code);
        const std::vector<Operand> values = slices(st.value, parts, begin, code);
        for (std::size_t k = 0; k < parts.size(); ++k) {
            Store piece = st;
            piece.value = values[k];
            piece.addr = at.of(st.addr, parts[k]);
            piece.qualifiers.access_size = size_field(parts[k].end - parts[k].begin);
            if (parts.size() > 1) piece.qualifiers.piece_of = instruction;
            code.emplace_back(std::move(piece));
        }
    }

    // "x = v" on a torn x: each piece equals its slice of v (a piece no
    // access covers, by its initial bytes); "x != v" is its negation.
    CondExpr torn_condition(const CondExpr& e) const {
        CondExpr out = e;
        for (CondExpr& o : out.operands) o = torn_condition(o);
        if (e.kind != CondExpr::Kind::compare) return out;
        auto rename = [&](Term& t) {
            if (const auto* a = std::get_if<AddressOf>(&t))
                if (const auto name = address_name(a->location)) t = AddressOf{*name};
        };
        rename(out.lhs);
        rename(out.rhs);
        for (const Term* side : {&e.lhs, &e.rhs}) {
            const auto* r = std::get_if<RegisterRef>(side);
            auto it = r ? pieced_.find({r->thread, r->reg}) : pieced_.end();
            if (it == pieced_.end()) continue;
            // find_final_only: compared with a constant by = or !=.
            const std::int64_t v = std::get<std::int64_t>(side == &e.lhs ? e.rhs : e.lhs);
            const auto& [ps, bytes] = it->second;
            CondExpr all = CondExpr::truth((static_cast<std::uint64_t>(v) & ~mask(bytes)) == 0);
            for (const PieceRegister& p : ps)
                all = CondExpr::conjunction(std::move(all), CondExpr::compare(RegisterRef{r->thread, p.reg.name}, CmpOp::eq,
                                                                              Term{slice(v, p.from, p.bytes)}));
            return e.cmp == CmpOp::eq ? all : CondExpr::negation(std::move(all));
        }
        const auto* ml = std::get_if<MemoryRef>(&e.lhs);
        const auto* mr = std::get_if<MemoryRef>(&e.rhs);
        const MemoryRef* m = ml && torn_.count(ml->location) ? ml : mr && torn_.count(mr->location) ? mr : nullptr;
        if (!m) return out;
        const Term& other = m == ml ? e.rhs : e.lhs;
        const auto* v = std::get_if<std::int64_t>(&other);
        if (!v || (e.cmp != CmpOp::eq && e.cmp != CmpOp::ne))
            fail("the condition compares " + m->location + " other than with = or != against a constant, which "
                 "tearing does not rewrite");
        const TornLocation& t = torn_.at(m->location);
        const std::vector<const Piece*> ps = named_pieces(*m, "the condition");
        const int begin = ps.front()->begin;
        const int size = ps.back()->end - begin;
        CondExpr all = CondExpr::truth((static_cast<std::uint64_t>(*v) & ~mask(size)) == 0);
        for (const Piece* p : ps) {
            const std::int64_t expected = slice(*v, p->begin - begin, p->end - p->begin);
            CondExpr piece = p->accessed ? CondExpr::compare(MemoryRef{p->name, std::nullopt}, CmpOp::eq, Term{expected})
                                         : CondExpr::truth(assemble(t.init, p->begin, p->end - p->begin) == expected);
            all = CondExpr::conjunction(std::move(all), std::move(piece));
        }
        return e.cmp == CmpOp::eq ? all : CondExpr::negation(std::move(all));
    }

    // A torn load's register that only the final state reads: no
    // instruction reads it, this load is the only one that writes it, it
    // starts at 0, and the condition and filter only compare it with
    // constants by = or !=.  Its pieces are then not put together by
    // register arithmetic: the condition compares each piece's register
    // with its slice, so the pieces' loads stay free reads
    // (ExpandOptions::free_reads) and a test with many torn loads is not
    // expanded value by value.
    void find_final_only() {
        std::set<std::pair<int, std::string>> compared, other;
        std::function<void(const CondExpr&)> uses = [&](const CondExpr& e) {
            for (const CondExpr& o : e.operands) uses(o);
            if (e.kind != CondExpr::Kind::compare) return;
            const bool by_constant = (e.cmp == CmpOp::eq || e.cmp == CmpOp::ne) &&
                                     (std::holds_alternative<std::int64_t>(e.lhs) ||
                                      std::holds_alternative<std::int64_t>(e.rhs));
            for (const Term* t : {&e.lhs, &e.rhs})
                if (const auto* r = std::get_if<RegisterRef>(t)) (by_constant ? compared : other).emplace(r->thread, r->reg);
        };
        if (in_.condition) uses(in_.condition->expr);
        if (in_.filter) uses(*in_.filter);
        std::set<std::pair<int, std::string>> initialized;
        for (const RegisterInit& r : in_.register_inits)
            if (!std::holds_alternative<std::int64_t>(r.value) || std::get<std::int64_t>(r.value) != 0)
                initialized.emplace(r.thread, r.reg.name);
        for (const Thread& t : in_.threads) {
            const std::set<std::string> read = registers_read(t);
            std::map<std::string, int> writes;
            for (const Instruction& i : t.code)
                if (auto r = register_written(i)) ++writes[*r];
            for (const auto& [name, count] : writes) {
                const std::pair<int, std::string> key{t.id, name};
                if (count == 1 && !read.count(name) && !initialized.count(key) && !other.count(key))
                    final_only_.insert(key);
            }
        }
    }

    // A register the final state reads as pieces: each piece's register,
    // the byte it starts at in the value, its bytes.
    struct PieceRegister {
        Register reg;
        int from = 0;
        int bytes = 0;
    };

    const LitmusTest& in_;
    LitmusTest out_;
    std::string why_;
    std::vector<KnownRegisters> known_;
    std::set<std::pair<int, std::string>> final_only_;
    std::map<std::pair<int, std::string>, std::pair<std::vector<PieceRegister>, int>> pieced_;  // and the load's bytes
    std::map<std::string, TornLocation> torn_;
    int next_temporary_ = 0;
};

}  // namespace

LitmusTest tear_mixed_size(const LitmusTest& test) { return tear_for_run(test).test; }

TornTest tear_for_run(const LitmusTest& test) {
    const auto why = mixed_size_access(test);
    if (!why) return TornTest{test, {}};
    // Tearing gives the pieces of one access the same-instruction relation
    // si, which aarch64.cat reads; the other models have no reading of it
    // (RVWMO orders overlapping accesses by rules of its own).
    if (test.dialect != Dialect::aarch64)
        throw std::runtime_error((test.source.empty() ? test.name : test.source) + ": test '" + test.name +
                                 "': a mixed-size program (" + *why + "): mixed-size programs are decided for "
                                 "AArch64 only");
    Tearer tearer(test);
    LitmusTest torn = tearer.run(*why);
    return TornTest{std::move(torn), tearer.reassembly()};
}

}  // namespace mapsound::litmus::detail
