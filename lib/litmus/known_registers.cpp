// Registers an instruction writes, and the values a thread's code fixes
// (see known_registers.hpp).
#include "litmus/known_registers.hpp"

#include <set>
#include <variant>

namespace mapsound::litmus::detail {

namespace {

using Known = std::map<std::string, std::int64_t>;

std::optional<std::int64_t> value_in(const Known& known, const Operand& o) {
    if (const auto* n = std::get_if<std::int64_t>(&o)) return *n;
    auto it = known.find(std::get<Register>(o).name);
    if (it == known.end()) return std::nullopt;
    return it->second;
}

// The value of a register operation on known operands; nullopt for an
// operation this analysis does not follow.
std::optional<std::int64_t> fold(RegOpKind op, std::uint64_t x, std::uint64_t y) {
    switch (op) {
        case RegOpKind::move: return static_cast<std::int64_t>(x);
        case RegOpKind::add: return static_cast<std::int64_t>(x + y);
        case RegOpKind::sub: return static_cast<std::int64_t>(x - y);
        case RegOpKind::and_: return static_cast<std::int64_t>(x & y);
        case RegOpKind::or_: return static_cast<std::int64_t>(x | y);
        case RegOpKind::xor_: return static_cast<std::int64_t>(x ^ y);
        default: return std::nullopt;
    }
}

}  // namespace

std::optional<std::string> register_written(const Instruction& i) {
    if (const auto* l = std::get_if<Load>(&i)) return l->dest.name;
    if (const auto* o = std::get_if<RegOp>(&i)) return o->dest.name;
    if (const auto* r = std::get_if<Rmw>(&i); r && r->dest) return r->dest->name;
    if (const auto* c = std::get_if<CompareExchange>(&i); c && c->dest) return c->dest->name;
    if (const auto* st = std::get_if<Store>(&i); st && st->qualifiers.status) return st->qualifiers.status->name;
    return std::nullopt;
}

KnownRegisters::KnownRegisters(const LitmusTest& test, const Thread& thread) {
    Known initial;
    for (const RegisterInit& r : test.register_inits)
        if (r.thread == thread.id)
            if (const auto* v = std::get_if<std::int64_t>(&r.value)) initial[r.reg.name] = *v;
    std::set<std::string> written;
    for (const Instruction& i : thread.code)
        if (auto r = register_written(i)) written.insert(*r);
    Known stable;  // kept across labels: never written
    for (const auto& [name, v] : initial)
        if (!written.count(name)) stable.emplace(name, v);
    Known known = initial;
    for (const Instruction& i : thread.code) {
        if (std::holds_alternative<Label>(i)) known = stable;
        before_.push_back(known);
        const auto dest = register_written(i);
        if (!dest) continue;
        const auto* o = std::get_if<RegOp>(&i);
        std::optional<std::int64_t> v;
        if (o && o->op == RegOpKind::xor_ && o->rhs && *o->rhs == o->lhs) {
            v = 0;
        } else if (o) {
            const auto a = value_in(known, o->lhs);
            const auto b = o->rhs ? value_in(known, *o->rhs) : std::optional<std::int64_t>{0};
            if (a && b) v = fold(o->op, static_cast<std::uint64_t>(*a), static_cast<std::uint64_t>(*b));
        }
        if (v)
            known[*dest] = *v;
        else
            known.erase(*dest);
    }
}

std::optional<std::int64_t> KnownRegisters::before(std::size_t pc, const Operand& o) const {
    return value_in(before_[pc], o);
}

}  // namespace mapsound::litmus::detail
