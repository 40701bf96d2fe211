// Circuit to CNF, polarity-aware (Plaisted-Greenbaum) and incremental.
//
// A gate gets a SAT variable v and only the clauses its uses need: where it
// must imply its AND (it occurs positively) the clauses (~v | x_i); where
// its AND must imply it (it occurs negatively) the clause (v | ~x_1 | ...).
// Each direction is emitted at most once, so later assertions and
// assumptions add only what is new.
#pragma once

#include <cstdint>
#include <vector>

#include "rel/circuit/circuit.hpp"
#include "rel/sat/cadical_backend.hpp"

namespace mapsound::rel::sat {

using circuit::Circuit;
using circuit::Lit;

class CnfEmitter {
public:
    CnfEmitter(const Circuit& circuit, CadicalBackend& backend) : circuit_(circuit), backend_(backend) {}

    // Gives the circuit node a SAT variable now (used to number the primary
    // variables 1..P in order).
    int variable_of(std::uint32_t node);
    // Adds clauses that force 'lit' true, permanently.
    void assert_true(Lit lit);
    // A SAT literal that, when true, forces 'lit' true (for assumptions).
    int literal_of(Lit lit);

private:
    enum : std::uint8_t { pos = 1, neg = 2 };
    void encode(std::uint32_t node, std::uint8_t polarity);
    std::uint8_t& done(std::uint32_t node);

    const Circuit& circuit_;
    CadicalBackend& backend_;
    std::vector<int> variable_;
    std::vector<std::uint8_t> done_;
    std::vector<int> clause_;
};

}  // namespace mapsound::rel::sat
