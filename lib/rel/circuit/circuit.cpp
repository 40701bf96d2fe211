// Gate construction with constant folding and structural hashing.
#include "rel/circuit/circuit.hpp"

#include <algorithm>

namespace mapsound::rel::circuit {

Circuit::Circuit() : table_(1024, Hash{this}, Equal{this}) { gates_.push_back(Gate{}); }

std::size_t Circuit::Hash::operator()(std::uint32_t node) const {
    std::size_t h = 0x9e3779b97f4a7c15ULL;
    for (Lit l : c->fanin(node)) h = (h ^ l) * 0x100000001b3ULL + (h >> 29);
    return h;
}

bool Circuit::Equal::operator()(std::uint32_t a, std::uint32_t b) const {
    auto x = c->fanin(a), y = c->fanin(b);
    return std::equal(x.begin(), x.end(), y.begin(), y.end());
}

Lit Circuit::input() {
    gates_.push_back(Gate{static_cast<std::uint32_t>(pool_.size()), 0});
    return lit_of(static_cast<std::uint32_t>(gates_.size() - 1));
}

Lit Circuit::and_(std::span<const Lit> inputs) {
    scratch_.clear();
    for (Lit l : inputs) {
        if (l == FALSE) return FALSE;
        if (l != TRUE) scratch_.push_back(l);
    }
    std::sort(scratch_.begin(), scratch_.end());
    scratch_.erase(std::unique(scratch_.begin(), scratch_.end()), scratch_.end());
    // After sorting, x and ~x are neighbours.
    for (std::size_t i = 1; i < scratch_.size(); ++i)
        if (scratch_[i] == negate(scratch_[i - 1])) return FALSE;
    if (scratch_.empty()) return TRUE;
    if (scratch_.size() == 1) return scratch_[0];

    // Append the candidate as a tentative node; keep it only if it is new.
    const auto begin = static_cast<std::uint32_t>(pool_.size());
    pool_.insert(pool_.end(), scratch_.begin(), scratch_.end());
    gates_.push_back(Gate{begin, static_cast<std::uint32_t>(scratch_.size())});
    const auto node = static_cast<std::uint32_t>(gates_.size() - 1);
    auto [it, inserted] = table_.insert(node);
    if (!inserted) {
        gates_.pop_back();
        pool_.resize(begin);
        return lit_of(*it);
    }
    return lit_of(node);
}

Lit Circuit::or_(std::span<const Lit> inputs) {
    std::vector<Lit> negated(inputs.begin(), inputs.end());
    for (Lit& l : negated) l = negate(l);
    return negate(and_(negated));
}

Lit Circuit::and2(Lit a, Lit b) {
    const Lit xs[2] = {a, b};
    return and_(xs);
}

Lit Circuit::or2(Lit a, Lit b) { return negate(and2(negate(a), negate(b))); }

Lit Circuit::iff(Lit a, Lit b) {
    if (a == b) return TRUE;
    if (a == negate(b)) return FALSE;
    if (a == TRUE) return b;
    if (b == TRUE) return a;
    if (a == FALSE) return negate(b);
    if (b == FALSE) return negate(a);
    return and2(implies(a, b), implies(b, a));
}

Lit Circuit::ite(Lit cond, Lit then, Lit otherwise) {
    if (cond == TRUE || then == otherwise) return then;
    if (cond == FALSE) return otherwise;
    return or2(and2(cond, then), and2(negate(cond), otherwise));
}

}  // namespace mapsound::rel::circuit
