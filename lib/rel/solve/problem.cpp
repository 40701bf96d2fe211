// Problem: translation, symmetry breaking and CaDiCaL, held together for
// incremental use; lazy transitivity is a refinement loop around CaDiCaL
// (1.5.3 has no external-propagator interface to do it inside).
#include <algorithm>
#include <chrono>
#include <stdexcept>

#include "mapsound/rel/solver.hpp"
#include "rel/sat/cadical_backend.hpp"
#include "rel/sat/cnf_emitter.hpp"
#include "rel/translate/symmetry.hpp"
#include "rel/translate/translator.hpp"

namespace mapsound::rel {

namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) {
    return std::chrono::duration<double>(Clock::now() - start).count();
}

}  // namespace

struct Problem::Impl {
    Impl(const Bounds& b, const Options& o)
        : bounds(b), options(o), translator(circuit, bounds, o.closure, o.transitivity), emitter(circuit, backend) {
        // Primary variables are SAT variables 1..P, in bound order.
        for (const auto& v : translator.primary_variables()) emitter.variable_of(circuit::node_of(v.lit));
        stats.primary_variables = static_cast<std::int64_t>(translator.primary_variables().size());
    }

    void assert_formula(const Formula& f) {
        check_symmetry_invariant(f);
        const Lit root = translator.translate(f);
        emitter.assert_true(root);
        for (Lit side : translator.take_side_constraints()) emitter.assert_true(side);
        take_lazy_transitive();
    }

    // A fresh transitive relation whose transitivity is enforced lazily.
    struct LazyTransitive {
        std::vector<int> variable;         // SAT variable by pair index i*n+j; 0: not a cell (false)
        std::vector<std::uint32_t> cells;  // the pair indices of its cells, ascending
    };

    void take_lazy_transitive() {
        const std::size_t n = bounds.universe().size();
        for (const auto& matrix : translator.take_lazy_transitive()) {
            LazyTransitive t{std::vector<int>(n * n, 0), {}};
            for (const auto& [pair, lit] : matrix.cells()) {
                t.variable[pair] = emitter.variable_of(circuit::node_of(lit));
                t.cells.push_back(pair);
            }
            lazy.push_back(std::move(t));
        }
    }

    // Adds the clause T(i,k) & T(k,j) -> T(i,j) for every triple that the
    // solution found breaks; false when it breaks none (every T transitive).
    // The clauses are added after every value is read: adding one ends the
    // solver's satisfied state.
    bool refine_transitivity() {
        const auto n = static_cast<std::uint32_t>(bounds.universe().size());
        std::vector<char> on;
        std::vector<std::vector<std::uint32_t>> successors(n);
        std::vector<std::vector<int>> clauses;
        for (const auto& t : lazy) {
            on.assign(static_cast<std::size_t>(n) * n, 0);
            for (auto& row : successors) row.clear();
            for (std::uint32_t pair : t.cells)
                if (backend.value(t.variable[pair])) {
                    on[pair] = 1;
                    successors[pair / n].push_back(pair % n);
                }
            for (std::uint32_t i = 0; i < n; ++i)
                for (std::uint32_t k : successors[i])
                    for (std::uint32_t j : successors[k]) {
                        if (on[i * n + j]) continue;
                        std::vector<int> clause{-t.variable[i * n + k], -t.variable[k * n + j]};
                        if (t.variable[i * n + j] != 0) clause.push_back(t.variable[i * n + j]);
                        clauses.push_back(std::move(clause));
                    }
        }
        for (const auto& clause : clauses) backend.add_clause(clause);
        stats.transitivity_clauses += static_cast<std::int64_t>(clauses.size());
        return !clauses.empty();
    }

    // Formulas added after symmetry breaking must not distinguish atoms it
    // assumed interchangeable, or solutions could be lost.
    void check_symmetry_invariant(const Formula& f) const {
        if (symmetry_classes.empty()) return;
        std::vector<TupleSet> constants;
        translate::collect_constants(*f.node(), constants);
        check_symmetry_invariant(constants);
    }
    void check_symmetry_invariant(const std::vector<TupleSet>& constants) const {
        for (const auto& t : constants)
            for (const auto& cls : symmetry_classes)
                for (std::size_t k = 0; k + 1 < cls.size(); ++k)
                    if (!translate::invariant_under_swap(t, cls[k], cls[k + 1]))
                        throw std::invalid_argument(
                            "a constant in this formula distinguishes atoms that symmetry breaking treated as "
                            "interchangeable; use SymmetryBreaking::off for this problem");
    }

    void update_statistics() {
        stats.variables = backend.variables();
        stats.clauses = backend.clauses();
    }

    using Lit = circuit::Lit;
    Bounds bounds;
    Options options;
    circuit::Circuit circuit;
    translate::Translator translator;
    sat::CadicalBackend backend;
    sat::CnfEmitter emitter;
    // Solves under the literals 'assumed', lazy transitivity refinement
    // included, and reads the instance back from the primary variables.
    Outcome solve_literals(const std::vector<int>& assumed) {
        const auto solve_start = Clock::now();
        const auto limit = options.limits.time;
        sat::Result result = sat::Result::unknown;
        for (;;) {
            // The time limit covers every round; zero stays "unlimited".
            auto left = limit;
            if (limit.count() > 0) {
                left -= std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - solve_start);
                if (left.count() <= 0) break;
            }
            result = backend.solve(assumed, options.limits.conflicts, left, options.stop);
            if (result != sat::Result::satisfiable || !refine_transitivity()) break;
            result = sat::Result::unknown;
            ++stats.refinement_rounds;
        }
        stats.solve_seconds += seconds_since(solve_start);
        update_statistics();
        instance.reset();
        if (result == sat::Result::unknown) return Outcome::unknown;
        if (result == sat::Result::unsatisfiable) return Outcome::unsatisfiable;

        Instance found(bounds.universe());
        const auto& relations = bounds.relations();
        std::vector<TupleSet> values;
        for (const auto& r : relations) values.push_back(bounds.lower(r));
        for (const auto& v : translator.primary_variables())
            if (backend.value(emitter.variable_of(circuit::node_of(v.lit)))) values[v.relation].add_index(v.tuple);
        for (std::size_t r = 0; r < relations.size(); ++r) found.set(relations[r], std::move(values[r]));
        instance = std::move(found);
        return Outcome::satisfiable;
    }

    std::vector<std::vector<std::size_t>> symmetry_classes;
    std::vector<LazyTransitive> lazy;
    std::optional<Instance> instance;
    Statistics stats;
};

Problem::Problem(const Formula& formula, const Bounds& bounds, const Options& options)
    : impl_(std::make_unique<Impl>(bounds, options)) {
    const auto start = Clock::now();
    if (options.symmetry != SymmetryBreaking::off) {
        std::vector<TupleSet> constants;
        translate::collect_constants(*formula.node(), constants);
        auto classes = translate::interchangeable_atoms(bounds, constants);
        if (!classes.empty())
            impl_->emitter.assert_true(translate::lex_leader(impl_->circuit, impl_->translator, bounds, classes));
        impl_->assert_formula(formula);
        impl_->symmetry_classes = std::move(classes);
    } else {
        impl_->assert_formula(formula);
    }
    impl_->stats.translation_seconds += seconds_since(start);
    impl_->update_statistics();
}

Problem::~Problem() = default;
Problem::Problem(Problem&&) noexcept = default;
Problem& Problem::operator=(Problem&&) noexcept = default;

void Problem::add(const Formula& formula) {
    const auto start = Clock::now();
    impl_->assert_formula(formula);
    impl_->stats.translation_seconds += seconds_since(start);
    impl_->update_statistics();
}

void Problem::add_constant(const Relation& relation, const TupleSet& value) {
    impl_->check_symmetry_invariant(std::vector<TupleSet>{value});
    impl_->translator.bind_constant(relation, value);
}

Outcome Problem::solve() { return solve(std::span<const Formula>{}); }

Outcome Problem::solve(std::span<const Formula> assumptions) {
    Impl& m = *impl_;
    const auto start = Clock::now();
    std::vector<int> assumed;
    for (const auto& f : assumptions) {
        m.check_symmetry_invariant(f);
        assumed.push_back(m.emitter.literal_of(m.translator.translate(f)));
        for (auto side : m.translator.take_side_constraints()) m.emitter.assert_true(side);
        m.take_lazy_transitive();
    }
    m.stats.translation_seconds += seconds_since(start);
    m.update_statistics();
    return m.solve_literals(assumed);
}

Outcome Problem::solve_least(std::span<const Preference> preferences) {
    Impl& m = *impl_;
    Outcome o = solve();
    if (o != Outcome::satisfiable) return o;
    Instance best = *m.instance;
    const auto& relations = m.bounds.relations();
    std::vector<int> assumed;  // the decided tuples, as literals
    for (const Preference& preference : preferences) {
        const auto r = std::find_if(relations.begin(), relations.end(),
                                    [&](const Relation& b) { return b.id() == preference.relation.id(); });
        if (r == relations.end()) throw std::invalid_argument("Problem::solve_least: a relation the bounds do not bound");
        const auto index = static_cast<std::size_t>(r - relations.begin());
        // Its undetermined tuples in index order, each with its variable.
        std::vector<std::pair<std::size_t, int>> tuples;
        for (const auto& v : m.translator.primary_variables())
            if (v.relation == index) tuples.emplace_back(v.tuple, m.emitter.variable_of(circuit::node_of(v.lit)));
        std::sort(tuples.begin(), tuples.end());
        for (auto [tuple, variable] : tuples) {
            const int preferred = preference.present ? variable : -variable;
            assumed.push_back(preferred);
            if (best.tuples(*r).contains_index(tuple) == preference.present) continue;
            o = m.solve_literals(assumed);
            if (o == Outcome::unknown) return o;
            if (o == Outcome::satisfiable)
                best = *m.instance;
            else
                assumed.back() = -preferred;
        }
    }
    m.instance = std::move(best);
    return Outcome::satisfiable;
}

const Instance& Problem::instance() const {
    if (!impl_->instance) throw std::logic_error("Problem::instance: the last solve found no instance");
    return *impl_->instance;
}

void Problem::block_instance() {
    Impl& m = *impl_;
    if (!m.instance) throw std::logic_error("Problem::block_instance: the last solve found no instance");
    std::vector<int> clause;
    const auto& relations = m.bounds.relations();
    for (const auto& v : m.translator.primary_variables()) {
        const int var = m.emitter.variable_of(circuit::node_of(v.lit));
        clause.push_back(m.instance->tuples(relations[v.relation]).contains_index(v.tuple) ? -var : var);
    }
    m.backend.add_clause(clause);
    m.update_statistics();
}

void Problem::cancel() { impl_->backend.cancel(); }

const Statistics& Problem::statistics() const { return impl_->stats; }

}  // namespace mapsound::rel
