// Relational operators on sparse boolean matrices.
#include "rel/translate/bool_matrix.hpp"

#include <boost/container/small_vector.hpp>
#include <map>
#include <vector>

namespace mapsound::rel::translate {

using circuit::FALSE;
using circuit::TRUE;
using circuit::negate;

namespace {

// Collects the disjuncts of each cell, then ORs them.
class CellAccumulator {
public:
    void add(std::uint32_t index, Lit lit) {
        if (lit != FALSE) terms_[index].push_back(lit);
    }
    BoolMatrix build(Circuit& c, std::size_t n, int arity) {
        BoolMatrix out(n, arity);
        for (auto& [index, lits] : terms_) out.set(index, c.or_(std::span<const Lit>(lits.data(), lits.size())));
        return out;
    }

private:
    std::map<std::uint32_t, boost::container::small_vector<Lit, 4>> terms_;
};

}  // namespace

BoolMatrix BoolMatrix::constant(const TupleSet& tuples) {
    BoolMatrix m(tuples.universe_size(), tuples.arity());
    tuples.for_each_index([&](std::size_t i) { m.cells_.emplace_hint(m.cells_.end(), i, TRUE); });
    return m;
}

Lit BoolMatrix::at(std::uint32_t index) const {
    auto it = cells_.find(index);
    return it == cells_.end() ? FALSE : it->second;
}

void BoolMatrix::set(std::uint32_t index, Lit value) {
    if (value == FALSE)
        cells_.erase(index);
    else
        cells_[index] = value;
}

bool BoolMatrix::is_constant() const {
    for (const auto& [index, lit] : cells_)
        if (lit != TRUE) return false;
    return true;
}

TupleSet BoolMatrix::support() const {
    TupleSet out(n_, arity_);
    for (const auto& cell : cells_) out.add_index(cell.first);
    return out;
}

BoolMatrix unite(Circuit& c, const BoolMatrix& a, const BoolMatrix& b) {
    BoolMatrix out = a;
    for (const auto& [index, lit] : b.cells()) out.set(index, c.or2(a.at(index), lit));
    return out;
}

BoolMatrix intersect(Circuit& c, const BoolMatrix& a, const BoolMatrix& b) {
    BoolMatrix out(a.universe_size(), a.arity());
    for (const auto& [index, lit] : a.cells()) out.set(index, c.and2(lit, b.at(index)));
    return out;
}

BoolMatrix subtract(Circuit& c, const BoolMatrix& a, const BoolMatrix& b) {
    BoolMatrix out(a.universe_size(), a.arity());
    for (const auto& [index, lit] : a.cells()) out.set(index, c.and2(lit, negate(b.at(index))));
    return out;
}

BoolMatrix join(Circuit& c, const BoolMatrix& a, const BoolMatrix& b) {
    const auto n = static_cast<std::uint32_t>(a.universe_size());
    CellAccumulator acc;
    for (const auto& [ai, alit] : a.cells()) {
        const std::uint32_t left = a.arity() == 2 ? ai / n : 0;
        const std::uint32_t mid = a.arity() == 2 ? ai % n : ai;
        if (b.arity() == 1) {
            acc.add(left, c.and2(alit, b.at(mid)));
            continue;
        }
        // Row 'mid' of b is the contiguous index range [mid*n, mid*n+n).
        for (auto it = b.cells().lower_bound(mid * n); it != b.cells().end() && it->first < mid * n + n; ++it) {
            const std::uint32_t right = it->first % n;
            acc.add(a.arity() == 2 ? left * n + right : right, c.and2(alit, it->second));
        }
    }
    return acc.build(c, a.universe_size(), a.arity() + b.arity() - 2);
}

BoolMatrix product(Circuit& c, const BoolMatrix& a, const BoolMatrix& b) {
    const auto n = static_cast<std::uint32_t>(a.universe_size());
    BoolMatrix out(a.universe_size(), 2);
    for (const auto& [i, x] : a.cells())
        for (const auto& [j, y] : b.cells()) out.set(i * n + j, c.and2(x, y));
    return out;
}

BoolMatrix transpose(const BoolMatrix& a) {
    const auto n = static_cast<std::uint32_t>(a.universe_size());
    BoolMatrix out(a.universe_size(), 2);
    for (const auto& [i, x] : a.cells()) out.set((i % n) * n + i / n, x);
    return out;
}

BoolMatrix iden_on(const BoolMatrix& set) {
    const auto n = static_cast<std::uint32_t>(set.universe_size());
    BoolMatrix out(set.universe_size(), 2);
    for (const auto& [i, x] : set.cells()) out.set(i * n + i, x);
    return out;
}

BoolMatrix domain(Circuit& c, const BoolMatrix& a) {
    const auto n = static_cast<std::uint32_t>(a.universe_size());
    CellAccumulator acc;
    for (const auto& [i, x] : a.cells()) acc.add(i / n, x);
    return acc.build(c, a.universe_size(), 1);
}

BoolMatrix range(Circuit& c, const BoolMatrix& a) {
    const auto n = static_cast<std::uint32_t>(a.universe_size());
    CellAccumulator acc;
    for (const auto& [i, x] : a.cells()) acc.add(i % n, x);
    return acc.build(c, a.universe_size(), 1);
}

BoolMatrix choose(Circuit& c, Lit cond, const BoolMatrix& then, const BoolMatrix& otherwise) {
    if (cond == TRUE) return then;
    if (cond == FALSE) return otherwise;
    BoolMatrix out(then.universe_size(), then.arity());
    for (const auto& [i, x] : then.cells()) out.set(i, c.ite(cond, x, otherwise.at(i)));
    for (const auto& [i, y] : otherwise.cells())
        if (then.at(i) == FALSE) out.set(i, c.and2(negate(cond), y));
    return out;
}

BoolMatrix closure_by_squaring(Circuit& c, const BoolMatrix& a) {
    // Paths longer than the number of atoms that have an edge never add a
    // pair, so ceil(log2(atoms)) squarings suffice.
    TupleSet support = a.support();
    const std::size_t atoms = (support.domain() | support.range()).size();
    BoolMatrix result = a;
    for (std::size_t reach = 1; reach < atoms; reach *= 2) {
        BoolMatrix next = unite(c, result, join(c, result, result));
        if (next.cells() == result.cells()) break;
        result = std::move(next);
    }
    return result;
}

Lit subset(Circuit& c, const BoolMatrix& a, const BoolMatrix& b) {
    std::vector<Lit> conj;
    for (const auto& [i, x] : a.cells()) conj.push_back(c.implies(x, b.at(i)));
    return c.and_(conj);
}

Lit equal(Circuit& c, const BoolMatrix& a, const BoolMatrix& b) {
    return c.and2(subset(c, a, b), subset(c, b, a));
}

Lit no(Circuit& c, const BoolMatrix& a) { return negate(some(c, a)); }

Lit some(Circuit& c, const BoolMatrix& a) {
    std::vector<Lit> disj;
    for (const auto& cell : a.cells()) disj.push_back(cell.second);
    return c.or_(disj);
}

Lit lone(Circuit& c, const BoolMatrix& a) {
    // Ladder encoding: no cell may be set once an earlier one is (linear size).
    std::vector<Lit> conj;
    Lit seen = FALSE;
    for (const auto& cell : a.cells()) {
        conj.push_back(negate(c.and2(seen, cell.second)));
        seen = c.or2(seen, cell.second);
    }
    return c.and_(conj);
}

Lit one(Circuit& c, const BoolMatrix& a) { return c.and2(some(c, a), lone(c, a)); }

}  // namespace mapsound::rel::translate
