// The plain evaluator: set semantics on a concrete instance.  Deliberately
// simple and independent of the translation, so that it can check it.
#include <map>
#include <stdexcept>

#include "mapsound/rel/evaluator.hpp"
#include "rel/ast/node.hpp"

namespace mapsound::rel {

using detail::Kind;
using detail::Node;

namespace {

class Evaluator {
public:
    explicit Evaluator(const Instance& instance) : instance_(instance), n_(instance.universe().size()) {}

    TupleSet expr(const Node& node) {
        switch (node.kind) {
            case Kind::none: return TupleSet(n_, node.arity);
            case Kind::univ: return instance_.universe().all(1);
            case Kind::iden: return instance_.universe().iden();
            case Kind::constant:
                if (node.tuples->universe_size() != n_)
                    throw std::invalid_argument("evaluate: constant over a universe of another size");
                return *node.tuples;
            case Kind::relation: {
                Relation r = as_relation(node);
                if (!instance_.has(r))
                    throw std::invalid_argument("evaluate: relation '" + node.name + "' has no value");
                return instance_.tuples(r);
            }
            case Kind::variable: {
                auto it = env_.find(node.id);
                if (it == env_.end()) throw std::invalid_argument("evaluate: unbound variable '" + node.name + "'");
                return TupleSet(n_, 1).add(it->second);
            }
            case Kind::union_: return expr(child(node, 0)) | expr(child(node, 1));
            case Kind::intersection: return expr(child(node, 0)) & expr(child(node, 1));
            case Kind::difference: return expr(child(node, 0)) - expr(child(node, 1));
            case Kind::join: return expr(child(node, 0)).join(expr(child(node, 1)));
            case Kind::product: return expr(child(node, 0)).product(expr(child(node, 1)));
            case Kind::transpose: return expr(child(node, 0)).transpose();
            case Kind::closure: return expr(child(node, 0)).closure();
            case Kind::reflexive_closure: return expr(child(node, 0)).closure() | instance_.universe().iden();
            case Kind::iden_on: return instance_.universe().iden() & diagonal(expr(child(node, 0)));
            case Kind::domain_restrict:
                return diagonal(expr(child(node, 0))).join(expr(child(node, 1)));
            case Kind::range_restrict:
                return expr(child(node, 0)).join(diagonal(expr(child(node, 1))));
            case Kind::if_then_else:
                return formula(child(node, 0)) ? expr(child(node, 1)) : expr(child(node, 2));
            case Kind::recursion_variable: {
                auto it = recursion_env_.find(node.id);
                if (it == recursion_env_.end())
                    throw std::invalid_argument("evaluate: recursion variable '" + node.name +
                                                "' used outside its fixpoint");
                return it->second;
            }
            case Kind::fixpoint: return fixpoint(child(node, 0))[node.index];
            case Kind::domain: return expr(child(node, 0)).domain();
            case Kind::range: return expr(child(node, 0)).range();
            default: throw std::logic_error("evaluate: a formula where an expression was expected");
        }
    }

    bool formula(const Node& node) {
        switch (node.kind) {
            case Kind::truth: return node.value;
            case Kind::subset: return expr(child(node, 0)).subset_of(expr(child(node, 1)));
            case Kind::equal: return expr(child(node, 0)) == expr(child(node, 1));
            case Kind::no: return expr(child(node, 0)).empty();
            case Kind::some: return !expr(child(node, 0)).empty();
            case Kind::one: return expr(child(node, 0)).size() == 1;
            case Kind::lone: return expr(child(node, 0)).size() <= 1;
            case Kind::and_: return formula(child(node, 0)) && formula(child(node, 1));
            case Kind::or_: return formula(child(node, 0)) || formula(child(node, 1));
            case Kind::not_: return !formula(child(node, 0));
            case Kind::implies: return !formula(child(node, 0)) || formula(child(node, 1));
            case Kind::iff: return formula(child(node, 0)) == formula(child(node, 1));
            case Kind::forall:
            case Kind::exists: {
                const bool universal = node.kind == Kind::forall;
                const std::uint64_t var = child(node, 0).id;
                TupleSet domain = expr(child(node, 1));
                auto saved = env_.find(var) == env_.end() ? std::optional<std::size_t>{} : env_[var];
                bool result = universal;
                for (std::size_t a = 0; a < n_ && result == universal; ++a) {
                    if (!domain.contains(a)) continue;
                    env_[var] = a;
                    result = formula(child(node, 2));
                }
                if (saved) env_[var] = *saved; else env_.erase(var);
                return result;
            }
            case Kind::acyclic: {
                TupleSet c = expr(child(node, 0)).closure();
                return (c & instance_.universe().iden()).empty();
            }
            case Kind::irreflexive: return (expr(child(node, 0)) & instance_.universe().iden()).empty();
            default: throw std::logic_error("evaluate: an expression where a formula was expected");
        }
    }

private:
    // Kleene iteration from the empty relations: the bodies are monotone and
    // the universe finite, so it reaches the least fixpoint.
    std::vector<TupleSet> fixpoint(const Node& system) {
        const std::size_t k = system.children.size() / 2;
        std::vector<TupleSet> values;
        for (std::size_t i = 0; i < k; ++i) values.emplace_back(n_, system.children[i]->arity);
        auto saved = recursion_env_;
        for (;;) {
            for (std::size_t i = 0; i < k; ++i) recursion_env_.insert_or_assign(system.children[i]->id, values[i]);
            std::vector<TupleSet> next;
            for (std::size_t i = 0; i < k; ++i) next.push_back(expr(child(system, k + i)));
            if (next == values) break;
            values = std::move(next);
        }
        recursion_env_ = std::move(saved);
        return values;
    }

    static const Node& child(const Node& node, std::size_t i) { return *node.children[i]; }

    // [S] as a binary set {(a, a) | a in S}.
    TupleSet diagonal(const TupleSet& set) const {
        TupleSet out(n_, 2);
        set.for_each_index([&](std::size_t a) { out.add(a, a); });
        return out;
    }

    Relation as_relation(const Node& node) const {
        // A Relation is only a handle on its node; rebuild one to look it up.
        for (const auto& r : instance_.relations())
            if (r.id() == node.id) return r;
        throw std::invalid_argument("evaluate: relation '" + node.name + "' has no value");
    }

    const Instance& instance_;
    std::size_t n_;
    std::map<std::uint64_t, std::size_t> env_;
    std::map<std::uint64_t, TupleSet> recursion_env_;
};

}  // namespace

TupleSet evaluate(const Expr& expr, const Instance& instance) { return Evaluator(instance).expr(*expr.node()); }

bool evaluate(const Formula& formula, const Instance& instance) {
    return Evaluator(instance).formula(*formula.node());
}

}  // namespace mapsound::rel
