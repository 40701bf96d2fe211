// Tseitin clauses in the directions each gate's polarity needs.
#include "rel/sat/cnf_emitter.hpp"

#include <utility>

namespace mapsound::rel::sat {

using circuit::FALSE;
using circuit::TRUE;
using circuit::is_negated;
using circuit::node_of;

int CnfEmitter::variable_of(std::uint32_t node) {
    if (variable_.size() <= node) variable_.resize(circuit_.node_count(), 0);
    if (variable_[node] == 0) variable_[node] = backend_.new_variable();
    return variable_[node];
}

std::uint8_t& CnfEmitter::done(std::uint32_t node) {
    if (done_.size() <= node) done_.resize(circuit_.node_count(), 0);
    return done_[node];
}

int CnfEmitter::literal_of(Lit lit) {
    if (lit == TRUE || lit == FALSE) {
        // A fresh variable fixed to the constant's value.
        const int v = backend_.new_variable();
        const int unit[1] = {lit == TRUE ? v : -v};
        backend_.add_clause(unit);
        return v;
    }
    const std::uint32_t node = node_of(lit);
    encode(node, is_negated(lit) ? neg : pos);
    const int v = variable_of(node);
    return is_negated(lit) ? -v : v;
}

void CnfEmitter::assert_true(Lit root) {
    // Conjunctions asserted true are split into their conjuncts, and
    // asserted disjunctions become one clause, without gate variables.
    std::vector<Lit> stack{root};
    while (!stack.empty()) {
        const Lit lit = stack.back();
        stack.pop_back();
        if (lit == TRUE) continue;
        if (lit == FALSE) {
            backend_.add_clause({});
            continue;
        }
        const std::uint32_t node = node_of(lit);
        if (circuit_.is_input(node)) {
            const int unit[1] = {literal_of(lit)};
            backend_.add_clause(unit);
        } else if (!is_negated(lit)) {
            for (Lit x : circuit_.fanin(node)) stack.push_back(x);
        } else {
            std::vector<int> clause;
            for (Lit x : circuit_.fanin(node)) clause.push_back(literal_of(circuit::negate(x)));
            backend_.add_clause(clause);
        }
    }
}

void CnfEmitter::encode(std::uint32_t root, std::uint8_t polarity) {
    std::vector<std::pair<std::uint32_t, std::uint8_t>> work{{root, polarity}};
    while (!work.empty()) {
        auto [node, p] = work.back();
        work.pop_back();
        std::uint8_t& mark = done(node);
        if (mark & p) continue;
        mark |= p;
        if (circuit_.is_input(node)) {
            variable_of(node);
            continue;
        }
        const int v = variable_of(node);
        const auto fanin = circuit_.fanin(node);
        // Child literal x needs its node encoded for x true (p = pos) or for
        // x false (p = neg); a negated literal swaps the two.
        auto child_polarity = [&](Lit x, std::uint8_t want) -> std::uint8_t {
            return is_negated(x) ? static_cast<std::uint8_t>(want ^ 3) : want;
        };
        auto sat_literal = [&](Lit x) {
            const int cv = variable_of(node_of(x));
            return is_negated(x) ? -cv : cv;
        };
        if (p == pos) {
            for (Lit x : fanin) {
                const int clause[2] = {-v, sat_literal(x)};
                backend_.add_clause(clause);
                work.emplace_back(node_of(x), child_polarity(x, pos));
            }
        } else {
            clause_.assign(1, v);
            for (Lit x : fanin) {
                clause_.push_back(-sat_literal(x));
                work.emplace_back(node_of(x), child_polarity(x, neg));
            }
            backend_.add_clause(clause_);
        }
    }
}

}  // namespace mapsound::rel::sat
