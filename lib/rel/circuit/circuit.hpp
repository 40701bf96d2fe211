// A hash-consed boolean circuit of n-ary AND gates and negation.
//
// Literals are 2*node+sign (the AIG convention), so negation is free and
// OR is a negated AND of negations.  Node 0 is the constant false; FALSE and
// TRUE are its two literals.  Building a gate folds constants, drops
// duplicates, detects x & ~x and returns an existing gate with the same
// inputs, so equal sub-circuits are shared.
#pragma once

#include <cstdint>
#include <span>
#include <unordered_set>
#include <vector>

namespace mapsound::rel::circuit {

using Lit = std::uint32_t;
inline constexpr Lit FALSE = 0;
inline constexpr Lit TRUE = 1;

inline constexpr Lit negate(Lit l) { return l ^ 1U; }
inline constexpr std::uint32_t node_of(Lit l) { return l >> 1; }
inline constexpr bool is_negated(Lit l) { return (l & 1U) != 0; }
inline constexpr bool is_constant(Lit l) { return node_of(l) == 0; }
inline constexpr Lit lit_of(std::uint32_t node, bool negated = false) { return (node << 1) | (negated ? 1U : 0U); }

class Circuit {
public:
    Circuit();
    Circuit(const Circuit&) = delete;
    Circuit& operator=(const Circuit&) = delete;

    // A fresh input (a free boolean).
    Lit input();
    Lit and_(std::span<const Lit> inputs);
    Lit or_(std::span<const Lit> inputs);
    Lit and2(Lit a, Lit b);
    Lit or2(Lit a, Lit b);
    Lit implies(Lit a, Lit b) { return or2(negate(a), b); }
    Lit iff(Lit a, Lit b);
    Lit ite(Lit cond, Lit then, Lit otherwise);

    bool is_input(std::uint32_t node) const { return node != 0 && gates_[node].size == 0; }
    // The inputs of an AND gate (empty for inputs and the constant).
    std::span<const Lit> fanin(std::uint32_t node) const {
        return {pool_.data() + gates_[node].begin, gates_[node].size};
    }
    std::size_t node_count() const { return gates_.size(); }

private:
    struct Gate {
        std::uint32_t begin = 0, size = 0;
    };
    struct Hash {
        const Circuit* c;
        std::size_t operator()(std::uint32_t node) const;
    };
    struct Equal {
        const Circuit* c;
        bool operator()(std::uint32_t a, std::uint32_t b) const;
    };
    std::vector<Gate> gates_;
    std::vector<Lit> pool_;
    std::vector<Lit> scratch_;
    std::unordered_set<std::uint32_t, Hash, Equal> table_;
};

}  // namespace mapsound::rel::circuit
