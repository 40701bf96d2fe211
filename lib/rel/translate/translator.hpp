// Translation of formulas into circuit literals (Kodkod's FOL2BoolTranslator).
//
// Each bounded relation becomes a matrix whose lower-bound tuples are TRUE,
// whose tuples outside the upper bound are absent, and whose other tuples
// are fresh circuit inputs: the primary variables.  Quantifiers are grounded
// over the upper bound of their domain.  Closure encodings are chosen by
// polarity (see polarity.hpp); encodings with fresh witness variables add
// side constraints that hold for every value of the primary variables and
// must be asserted alongside the formula.
#pragma once

#include <map>
#include <vector>

#include "mapsound/rel/bounds.hpp"
#include "mapsound/rel/solver.hpp"
#include "rel/translate/bool_matrix.hpp"
#include "rel/translate/polarity.hpp"

namespace mapsound::rel::translate {

struct PrimaryVariable {
    std::size_t relation;  // index into Bounds::relations()
    std::uint32_t tuple;   // flat tuple index
    Lit lit;
};

class Translator {
public:
    Translator(Circuit& circuit, const Bounds& bounds, ClosureEncoding encoding, Transitivity transitivity);

    // The literal of 'formula' asserted true; throws std::invalid_argument on
    // unbounded relations and unbound variables.
    Lit translate(const Formula& formula);
    // The matrix of a closed expression (no free variables).
    BoolMatrix translate(const Expr& expr);
    // Side constraints produced since the last call (to be asserted).
    std::vector<Lit> take_side_constraints();
    // With Transitivity::lazy: the fresh transitive relations produced since
    // the last call, whose transitivity the caller must enforce (their cells
    // are circuit inputs).  Empty with Transitivity::eager.
    std::vector<BoolMatrix> take_lazy_transitive();

    const std::vector<PrimaryVariable>& primary_variables() const { return primaries_; }
    // The matrix of a bounded relation (by index into Bounds::relations()).
    const BoolMatrix& relation_matrix(std::size_t relation) const { return relations_[relation]; }
    // Makes 'relation', which the bounds do not mention, the constant
    // 'value' in later formulas.  Throws std::invalid_argument if it is
    // already known or the arity differs.
    void bind_constant(const Relation& relation, const TupleSet& value);

private:
    using Env = std::vector<std::pair<std::uint64_t, std::uint32_t>>;  // variable id -> atom
    using CacheKey = std::pair<const detail::Node*, std::vector<std::uint32_t>>;

    // Forgets everything translated for earlier terms and checks that the
    // new root has no free variables.
    void start_term(const detail::Node& root, const char* what);
    BoolMatrix expr(const detail::Node& node);
    BoolMatrix expr_uncached(const detail::Node& node);
    Lit formula(const detail::Node& node);
    Lit formula_uncached(const detail::Node& node);
    Lit quantifier(const detail::Node& node);
    CacheKey key_of(const detail::Node& node) const;

    BoolMatrix closure(const detail::Node& node, const BoolMatrix& base);
    BoolMatrix transitive_witness(const BoolMatrix& base);
    Lit acyclic(const detail::Node& node, const BoolMatrix& base);
    Lit cycle_witness(const BoolMatrix& base);
    std::vector<BoolMatrix> fixpoint_system(const detail::Node& system);
    std::vector<BoolMatrix> fixpoint_uncached(const detail::Node& system);
    template <class Value, class Compute>
    Value memoized(std::map<CacheKey, Value>& cache, const detail::Node& node, Compute compute);
    std::vector<BoolMatrix> bodies_at(const detail::Node& system, const std::vector<BoolMatrix>& values);

    Circuit& c_;
    const Bounds& bounds_;
    ClosureEncoding encoding_;
    Transitivity transitivity_;
    std::size_t n_;
    std::map<std::uint64_t, std::size_t> relation_index_;
    std::vector<BoolMatrix> relations_;
    std::vector<PrimaryVariable> primaries_;
    PolarityMap polarity_;
    Env env_;
    std::map<CacheKey, BoolMatrix> expr_cache_;
    std::map<CacheKey, Lit> formula_cache_;
    std::map<CacheKey, std::vector<BoolMatrix>> fixpoint_cache_;
    // Recursion variables in scope: id -> generation; each binding of a
    // variable to a value gets a new generation, so cache keys tell them apart.
    Env recursion_env_;
    std::map<std::uint32_t, BoolMatrix> recursion_values_;
    std::uint32_t next_generation_ = 0;
    std::vector<Lit> side_;
    std::vector<BoolMatrix> lazy_transitive_;
};

}  // namespace mapsound::rel::translate
