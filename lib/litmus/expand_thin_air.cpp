// Values out of thin air (see expand_thin_air.hpp).
#include "litmus/expand_thin_air.hpp"

#include <algorithm>
#include <limits>
#include <type_traits>
#include <variant>

namespace mapsound::litmus::detail {

namespace {

bool is_register(const Operand& o) { return std::holds_alternative<Register>(o); }

// Visits every comparison, negation and their quantifier context.
struct ConditionShape {
    // A constant, or a location's address ("1:X0=x"), which is one.
    static bool constant(const Term& t) {
        return std::holds_alternative<std::int64_t>(t) || std::holds_alternative<AddressOf>(t);
    }

    bool other_than_equality = false;  // != or an order
    bool orders = false;               // < <= > >=
    bool between_terms = false;        // neither side a constant
    bool negation = false;

    void scan(const CondExpr& e) {
        switch (e.kind) {
            case CondExpr::Kind::truth: return;
            case CondExpr::Kind::not_: negation = true; break;
            case CondExpr::Kind::compare:
                other_than_equality = other_than_equality || e.cmp != CmpOp::eq;
                orders = orders || (e.cmp != CmpOp::eq && e.cmp != CmpOp::ne);
                between_terms = between_terms || (!constant(e.lhs) && !constant(e.rhs));
                return;
            case CondExpr::Kind::and_:
            case CondExpr::Kind::or_: break;
        }
        for (const CondExpr& o : e.operands) scan(o);
    }
};

ConditionShape shape_of(const LitmusTest& test) {
    ConditionShape s;
    if (test.condition) s.scan(test.condition->expr);
    if (test.filter) s.scan(*test.filter);
    return s;
}

void constants_of(const CondExpr& e, std::vector<std::int64_t>& out) {
    if (e.kind == CondExpr::Kind::compare)
        for (const Term* t : {&e.lhs, &e.rhs})
            if (const auto* n = std::get_if<std::int64_t>(t)) out.push_back(*n);
    for (const CondExpr& o : e.operands) constants_of(o, out);
}

}  // namespace

bool writes_register_values(const LitmusTest& test) {
    for (const Thread& th : test.threads)
        for (const Instruction& i : th.code) {
            if (const auto* s = std::get_if<Store>(&i); s && is_register(s->value)) return true;
            if (const auto* r = std::get_if<Rmw>(&i); r && (r->op == RmwOp::exch || r->op == RmwOp::cas) && is_register(r->value))
                return true;
            if (const auto* c = std::get_if<CompareExchange>(&i); c && is_register(c->desired)) return true;
        }
    return false;
}

bool tells_unnamed_apart(const LitmusTest& test) {
    const ConditionShape s = shape_of(test);
    const bool forall = test.condition && test.condition->quantifier == Quantifier::forall;
    return s.other_than_equality || s.between_terms || s.negation || forall;
}

std::vector<std::int64_t> unnamed_values(const LitmusTest& test, const std::vector<std::int64_t>& named) {
    if (!writes_register_values(test) || !tells_unnamed_apart(test)) return {};
    constexpr std::int64_t most = std::numeric_limits<std::int64_t>::max();
    constexpr std::int64_t least = std::numeric_limits<std::int64_t>::min();
    std::int64_t high = 0, low = 0;
    if (!named.empty()) {
        high = *std::max_element(named.begin(), named.end());
        low = *std::min_element(named.begin(), named.end());
    }
    std::vector<std::int64_t> out;
    // Two above (or, at the top of the range, below) every named value.
    if (high <= most - 2) {
        out = {high + 1, high + 2};
    } else if (low >= least + 2) {
        out = {low - 1, low - 2};
    }
    if (shape_of(test).orders && low > least && std::find(out.begin(), out.end(), low - 1) == out.end())
        out.push_back(low - 1);
    return out;
}

std::vector<std::int64_t> test_constants(const LitmusTest& test) {
    std::vector<std::int64_t> out;
    auto operand = [&](const Operand& o) {
        if (const auto* n = std::get_if<std::int64_t>(&o)) out.push_back(*n);
    };
    for (const Thread& th : test.threads)
        for (const Instruction& i : th.code)
            std::visit(
                [&](const auto& ins) {
                    using I = std::decay_t<decltype(ins)>;
                    if constexpr (std::is_same_v<I, Store>) {
                        operand(ins.value);
                    } else if constexpr (std::is_same_v<I, Rmw>) {
                        operand(ins.value);
                        if (ins.expected) operand(*ins.expected);
                    } else if constexpr (std::is_same_v<I, CompareExchange>) {
                        operand(ins.desired);
                    } else if constexpr (std::is_same_v<I, RegOp>) {
                        operand(ins.lhs);
                        if (ins.rhs) operand(*ins.rhs);
                    } else if constexpr (std::is_same_v<I, Branch>) {
                        operand(ins.lhs);
                        operand(ins.rhs);
                    }
                },
                i);
    for (const RegisterInit& r : test.register_inits)
        if (const auto* n = std::get_if<std::int64_t>(&r.value)) out.push_back(*n);
    if (test.condition) constants_of(test.condition->expr, out);
    if (test.filter) constants_of(*test.filter, out);
    return out;
}

}  // namespace mapsound::litmus::detail
