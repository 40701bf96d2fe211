// Formula and expression translation to circuits.
#include "rel/translate/translator.hpp"

#include <stdexcept>
#include <utility>

namespace mapsound::rel::translate {

using circuit::FALSE;
using circuit::TRUE;
using circuit::negate;
using detail::Kind;
using detail::Node;

Translator::Translator(Circuit& circuit, const Bounds& bounds, ClosureEncoding encoding, Transitivity transitivity)
    : c_(circuit), bounds_(bounds), encoding_(encoding), transitivity_(transitivity), n_(bounds.universe().size()) {
    // Tuple indices are 32-bit: a binary tuple is i*n+j.
    if (n_ > 65535) throw std::invalid_argument("universe of " + std::to_string(n_) + " atoms: at most 65535 supported");
    // Primary variables first, relation by relation, so that they get the
    // lowest circuit nodes (and SAT variables) in a fixed order.
    const auto& rels = bounds.relations();
    for (std::size_t r = 0; r < rels.size(); ++r) {
        relation_index_[rels[r].id()] = r;
        const TupleSet& lower = bounds.lower(rels[r]);
        const TupleSet& upper = bounds.upper(rels[r]);
        BoolMatrix m(n_, rels[r].arity());
        upper.for_each_index([&](std::size_t t) {
            const auto tuple = static_cast<std::uint32_t>(t);
            if (lower.contains_index(t)) {
                m.set(tuple, TRUE);
            } else {
                Lit lit = c_.input();
                m.set(tuple, lit);
                primaries_.push_back({r, tuple, lit});
            }
        });
        relations_.push_back(std::move(m));
    }
}

void Translator::bind_constant(const Relation& relation, const TupleSet& value) {
    if (relation_index_.count(relation.id()))
        throw std::invalid_argument("relation '" + relation.name() + "' is already bounded");
    if (value.arity() != relation.arity() || value.universe_size() != n_)
        throw std::invalid_argument("relation '" + relation.name() + "': a constant of another arity or universe");
    relation_index_[relation.id()] = relations_.size();
    relations_.push_back(BoolMatrix::constant(value));
}

Lit Translator::translate(const Formula& f) {
    // Encodings depend on the polarities within this formula, so nothing
    // translated for an earlier formula is reused (the circuit's structural
    // hashing still shares equal gates).
    start_term(*f.node(), "a formula");
    polarity_.analyse(*f.node());
    return formula(*f.node());
}

BoolMatrix Translator::translate(const Expr& e) {
    start_term(*e.node(), "an expression");  // no polarities: every closure exact
    return expr(*e.node());
}

void Translator::start_term(const Node& root, const char* what) {
    polarity_ = PolarityMap{};
    expr_cache_.clear();
    formula_cache_.clear();
    fixpoint_cache_.clear();
    env_.clear();
    recursion_env_.clear();
    recursion_values_.clear();
    if (!root.free_variables.empty())
        throw std::invalid_argument(std::string(what) + " to translate has a variable outside its quantifier");
}

std::vector<Lit> Translator::take_side_constraints() { return std::exchange(side_, {}); }

std::vector<BoolMatrix> Translator::take_lazy_transitive() { return std::exchange(lazy_transitive_, {}); }

Translator::CacheKey Translator::key_of(const Node& node) const {
    CacheKey key{&node, {}};
    for (auto var : node.free_variables) {
        for (const auto& [id, atom] : env_)
            if (id == var) key.second.push_back(atom);
        for (const auto& [id, generation] : recursion_env_)
            if (id == var) key.second.push_back(generation);
    }
    return key;
}

// The cached value of 'node' under the current bindings, or compute() saved.
template <class Value, class Compute>
Value Translator::memoized(std::map<CacheKey, Value>& cache, const Node& node, Compute compute) {
    CacheKey key = key_of(node);
    if (auto it = cache.find(key); it != cache.end()) return it->second;
    Value value = compute();
    cache.emplace(std::move(key), value);
    return value;
}

BoolMatrix Translator::expr(const Node& node) {
    if (node.kind == Kind::relation || node.kind == Kind::variable) return expr_uncached(node);
    return memoized(expr_cache_, node, [&] { return expr_uncached(node); });
}

BoolMatrix Translator::expr_uncached(const Node& node) {
    const auto& ch = node.children;
    switch (node.kind) {
        case Kind::none: return BoolMatrix(n_, node.arity);
        case Kind::univ: return BoolMatrix::constant(bounds_.universe().all(1));
        case Kind::iden: return BoolMatrix::constant(bounds_.universe().iden());
        case Kind::constant:
            if (node.tuples->universe_size() != n_)
                throw std::invalid_argument("constant over a universe of another size");
            return BoolMatrix::constant(*node.tuples);
        case Kind::relation: {
            auto it = relation_index_.find(node.id);
            if (it == relation_index_.end())
                throw std::invalid_argument("relation '" + node.name + "' is not bounded");
            return relations_[it->second];
        }
        case Kind::variable: {
            for (auto it = env_.rbegin(); it != env_.rend(); ++it)
                if (it->first == node.id) {
                    BoolMatrix m(n_, 1);
                    m.set(it->second, TRUE);
                    return m;
                }
            throw std::invalid_argument("variable '" + node.name + "' is used outside its quantifier");
        }
        case Kind::union_: return unite(c_, expr(*ch[0]), expr(*ch[1]));
        case Kind::intersection: return intersect(c_, expr(*ch[0]), expr(*ch[1]));
        case Kind::difference: return subtract(c_, expr(*ch[0]), expr(*ch[1]));
        case Kind::join: return join(c_, expr(*ch[0]), expr(*ch[1]));
        case Kind::product: return product(c_, expr(*ch[0]), expr(*ch[1]));
        case Kind::transpose: return transpose(expr(*ch[0]));
        case Kind::closure: return closure(node, expr(*ch[0]));
        case Kind::reflexive_closure:
            return unite(c_, closure(node, expr(*ch[0])), BoolMatrix::constant(bounds_.universe().iden()));
        case Kind::iden_on: return iden_on(expr(*ch[0]));
        case Kind::domain_restrict: return join(c_, iden_on(expr(*ch[0])), expr(*ch[1]));
        case Kind::range_restrict: return join(c_, expr(*ch[0]), iden_on(expr(*ch[1])));
        case Kind::if_then_else: {
            Lit cond = formula(*ch[0]);
            return choose(c_, cond, expr(*ch[1]), expr(*ch[2]));
        }
        case Kind::recursion_variable:
            for (auto it = recursion_env_.rbegin(); it != recursion_env_.rend(); ++it)
                if (it->first == node.id) return recursion_values_.at(it->second);
            throw std::invalid_argument("recursion variable '" + node.name + "' is used outside its fixpoint");
        case Kind::fixpoint: return fixpoint_system(*ch[0])[node.index];
        case Kind::domain: return domain(c_, expr(*ch[0]));
        case Kind::range: return range(c_, expr(*ch[0]));
        default: throw std::logic_error("translate: a formula where an expression was expected");
    }
}

Lit Translator::formula(const Node& node) {
    return memoized(formula_cache_, node, [&] { return formula_uncached(node); });
}

Lit Translator::formula_uncached(const Node& node) {
    const auto& ch = node.children;
    switch (node.kind) {
        case Kind::truth: return node.value ? TRUE : FALSE;
        case Kind::subset: return subset(c_, expr(*ch[0]), expr(*ch[1]));
        case Kind::equal: return equal(c_, expr(*ch[0]), expr(*ch[1]));
        case Kind::no: return no(c_, expr(*ch[0]));
        case Kind::some: return some(c_, expr(*ch[0]));
        case Kind::one: return one(c_, expr(*ch[0]));
        case Kind::lone: return lone(c_, expr(*ch[0]));
        case Kind::and_: return c_.and2(formula(*ch[0]), formula(*ch[1]));
        case Kind::or_: return c_.or2(formula(*ch[0]), formula(*ch[1]));
        case Kind::not_: return negate(formula(*ch[0]));
        case Kind::implies: return c_.implies(formula(*ch[0]), formula(*ch[1]));
        case Kind::iff: return c_.iff(formula(*ch[0]), formula(*ch[1]));
        case Kind::forall:
        case Kind::exists: return quantifier(node);
        case Kind::acyclic: return acyclic(node, expr(*ch[0]));
        case Kind::irreflexive: {
            BoolMatrix r = expr(*ch[0]);
            std::vector<Lit> conj;
            for (std::size_t a = 0; a < n_; ++a) conj.push_back(negate(r.at(static_cast<std::uint32_t>(a * n_ + a))));
            return c_.and_(conj);
        }
        default: throw std::logic_error("translate: an expression where a formula was expected");
    }
}

Lit Translator::quantifier(const Node& node) {
    const bool universal = node.kind == Kind::forall;
    const Node& var = *node.children[0];
    BoolMatrix domain = expr(*node.children[1]);
    std::vector<Lit> parts;
    for (const auto& [atom, member] : domain.cells()) {
        env_.emplace_back(var.id, atom);
        Lit body = formula(*node.children[2]);
        env_.pop_back();
        parts.push_back(universal ? c_.implies(member, body) : c_.and2(member, body));
    }
    return universal ? c_.and_(parts) : c_.or_(parts);
}

BoolMatrix Translator::closure(const Node& node, const BoolMatrix& base) {
    if (encoding_ == ClosureEncoding::polarity_aware && polarity_.of(&node) == negative && !base.is_constant())
        return transitive_witness(base);
    return closure_by_squaring(c_, base);
}

// A fresh relation T over the pairs the closure may contain, constrained by
// base in T and T;T in T.  T contains the closure; every T that satisfies
// the constraints is a sound stand-in where only a smaller closure helps.
// Lazily, T;T in T is left to the caller (most of the clauses: n^3 against
// the n^2 of base in T).
BoolMatrix Translator::transitive_witness(const BoolMatrix& base) {
    const TupleSet reach = base.support().closure();
    BoolMatrix t(n_, 2);
    reach.for_each_index([&](std::size_t i) { t.set(static_cast<std::uint32_t>(i), c_.input()); });
    for (const auto& [i, lit] : base.cells()) side_.push_back(c_.implies(lit, t.at(i)));
    if (transitivity_ == Transitivity::lazy) {
        lazy_transitive_.push_back(t);
        return t;
    }
    const auto n = static_cast<std::uint32_t>(n_);
    for (const auto& [ik, x] : t.cells()) {
        const std::uint32_t i = ik / n, k = ik % n;
        for (auto it = t.cells().lower_bound(k * n); it != t.cells().end() && it->first < k * n + n; ++it)
            side_.push_back(c_.implies(c_.and2(x, it->second), t.at(i * n + it->first % n)));
    }
    return t;
}

Lit Translator::acyclic(const Node& node, const BoolMatrix& base) {
    if (encoding_ == ClosureEncoding::polarity_aware && !base.is_constant()) {
        const std::uint8_t p = polarity_.of(&node);
        if (p == positive) {
            BoolMatrix t = transitive_witness(base);
            std::vector<Lit> conj;
            for (std::size_t a = 0; a < n_; ++a) conj.push_back(negate(t.at(static_cast<std::uint32_t>(a * n_ + a))));
            return c_.and_(conj);
        }
        if (p == negative) return negate(cycle_witness(base));
    }
    BoolMatrix closed = closure_by_squaring(c_, base);
    std::vector<Lit> conj;
    for (std::size_t a = 0; a < n_; ++a) conj.push_back(negate(closed.at(static_cast<std::uint32_t>(a * n_ + a))));
    return c_.and_(conj);
}

// A literal w that can be true only if base has a cycle: w forces a
// non-empty set of atoms in which each atom has a base-successor, and in a
// finite graph such a set contains a cycle.  Conversely the atoms of any
// cycle form such a set.
Lit Translator::cycle_witness(const BoolMatrix& base) {
    const auto n = static_cast<std::uint32_t>(n_);
    std::vector<Lit> on_cycle(n_, FALSE);
    const TupleSet support = base.support();
    const TupleSet candidates = support.domain() & support.range();
    candidates.for_each_index([&](std::size_t a) { on_cycle[a] = c_.input(); });
    const Lit w = c_.input();
    std::vector<Lit> any;
    for (std::uint32_t a = 0; a < n; ++a) {
        if (on_cycle[a] == FALSE) continue;
        any.push_back(on_cycle[a]);
        std::vector<Lit> successors;
        for (auto it = base.cells().lower_bound(a * n); it != base.cells().end() && it->first < a * n + n; ++it)
            successors.push_back(c_.and2(it->second, on_cycle[it->first % n]));
        side_.push_back(c_.implies(on_cycle[a], c_.or_(successors)));
    }
    side_.push_back(c_.implies(w, c_.or_(any)));
    return w;
}

// The bodies of a fixpoint system with its variables bound to 'values'.
std::vector<BoolMatrix> Translator::bodies_at(const Node& system, const std::vector<BoolMatrix>& values) {
    const std::size_t k = system.children.size() / 2;
    for (std::size_t i = 0; i < k; ++i) {
        const std::uint32_t generation = next_generation_++;
        recursion_values_.emplace(generation, values[i]);
        recursion_env_.emplace_back(system.children[i]->id, generation);
    }
    std::vector<BoolMatrix> out;
    for (std::size_t i = 0; i < k; ++i) out.push_back(expr(*system.children[k + i]));
    recursion_env_.resize(recursion_env_.size() - k);
    return out;
}

// Least fixpoints.  First the pairs the fixpoint may contain at all (Kleene
// iteration on supports, every cell taken as present); then either a fresh
// pre-fixpoint X with F(X) in X, which contains the least fixpoint and is a
// sound stand-in where only a smaller value helps, or Kleene iteration on
// the circuits, which is exact after at most |support| rounds because in
// every instance each round adds a tuple or changes nothing.
std::vector<BoolMatrix> Translator::fixpoint_system(const Node& system) {
    return memoized(fixpoint_cache_, system, [&] { return fixpoint_uncached(system); });
}

std::vector<BoolMatrix> Translator::fixpoint_uncached(const Node& system) {
    const std::size_t k = system.children.size() / 2;

    std::vector<BoolMatrix> support;
    for (std::size_t i = 0; i < k; ++i) support.emplace_back(n_, system.children[i]->arity);
    for (;;) {
        std::vector<BoolMatrix> next;
        for (const auto& m : bodies_at(system, support)) next.push_back(BoolMatrix::constant(m.support()));
        bool same = true;
        for (std::size_t i = 0; i < k; ++i) same = same && next[i].cells() == support[i].cells();
        if (same) break;
        support = std::move(next);
    }
    // Witnesses made while finding supports stay in the caches and may be
    // reused by the translation proper, so their side constraints stay too
    // (they hold for some value of the witness, whatever the primaries).
    std::size_t cells = 0;
    for (const auto& m : support) cells += m.cells().size();

    std::vector<BoolMatrix> result;
    if (encoding_ == ClosureEncoding::polarity_aware && polarity_.of(&system) == negative) {
        for (const auto& m : support) {
            BoolMatrix x(n_, m.arity());
            for (const auto& cell : m.cells()) x.set(cell.first, c_.input());
            result.push_back(std::move(x));
        }
        auto images = bodies_at(system, result);
        for (std::size_t i = 0; i < k; ++i) side_.push_back(subset(c_, images[i], result[i]));
    } else {
        for (std::size_t i = 0; i < k; ++i) result.emplace_back(n_, system.children[i]->arity);
        for (std::size_t round = 0; round <= cells; ++round) {
            auto next = bodies_at(system, result);
            bool same = true;
            for (std::size_t i = 0; i < k; ++i) same = same && next[i].cells() == result[i].cells();
            if (same) break;
            result = std::move(next);
        }
    }
    return result;
}

}  // namespace mapsound::rel::translate
