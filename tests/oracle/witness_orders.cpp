// Candidate witness values (see witness_orders.hpp).
#include "oracle/witness_orders.hpp"

#include <cstdint>
#include <stdexcept>

namespace mapsound::oracle {

namespace {

// The strict partial orders within 'upper' on 'atoms' (increasing; no pair
// of 'upper' leaves them).
std::vector<rel::TupleSet> orders_on(const rel::TupleSet& upper, const rel::TupleSet* comparable,
                                     const std::vector<std::size_t>& atoms) {
    const std::size_t n = upper.universe_size();
    const std::size_t k = atoms.size();
    // below[i]: the atoms (positions in 'atoms') ordered before atom i.
    std::vector<std::uint64_t> below(k, 0);
    std::vector<rel::TupleSet> out;
    // Insert the atoms one by one: the new atom i goes above a down-closed
    // set D and below an up-closed set U of the earlier ones, D and U
    // disjoint and every element of D already below every element of U
    // (so the order stays transitive).  Every order on atoms 0..i arises
    // once, from its restriction to atoms 0..i-1.
    auto insert = [&](auto&& self, std::size_t i) -> void {
        if (i == k) {
            rel::TupleSet t(n, 2);
            for (std::size_t b = 0; b < k; ++b)
                for (std::size_t a = 0; a < k; ++a)
                    if ((below[b] >> a) & 1U) t.add(atoms[a], atoms[b]);
            out.push_back(std::move(t));
            return;
        }
        const std::uint64_t earlier = (std::uint64_t{1} << i) - 1;
        for (std::uint64_t down = 0; down <= earlier; ++down) {
            if ((down & ~earlier) != 0) continue;
            bool ok = true;
            for (std::size_t a = 0; a < i && ok; ++a)
                if ((down >> a) & 1U) {
                    // Down-closed, and each pair (a, new) allowed.
                    if ((below[a] & ~down) != 0 || !upper.contains(atoms[a], atoms[i])) ok = false;
                }
            if (!ok) continue;
            for (std::uint64_t up = 0; up <= earlier; ++up) {
                if ((up & ~earlier) != 0 || (up & down) != 0) continue;
                bool fine = true;
                for (std::size_t b = 0; b < i && fine; ++b) {
                    if (!((up >> b) & 1U)) continue;
                    // Up-closed: whatever is above b is in U; the pair
                    // (new, b) allowed; every element of D below b.
                    for (std::size_t c = 0; c < i && fine; ++c)
                        if (((below[c] >> b) & 1U) && !((up >> c) & 1U)) fine = false;
                    if (!upper.contains(atoms[i], atoms[b]) || (down & ~below[b]) != 0) fine = false;
                }
                // Pairs that must be comparable: every earlier atom paired
                // with the new one goes below or above it.
                if (comparable)
                    for (std::size_t b = 0; b < i && fine; ++b)
                        if ((comparable->contains(atoms[i], atoms[b]) || comparable->contains(atoms[b], atoms[i])) &&
                            !(((down | up) >> b) & 1U))
                            fine = false;
                if (!fine) continue;
                below[i] = down;
                for (std::size_t b = 0; b < i; ++b)
                    if ((up >> b) & 1U) below[b] |= std::uint64_t{1} << i;
                self(self, i + 1);
                for (std::size_t b = 0; b < i; ++b) below[b] &= ~(std::uint64_t{1} << i);
                below[i] = 0;
            }
        }
    };
    insert(insert, 0);
    return out;
}

}  // namespace

std::vector<rel::TupleSet> partial_orders_within(const rel::TupleSet& upper, const rel::TupleSet* comparable) {
    const std::size_t n = upper.universe_size();
    if (n > 64) throw std::length_error("partial_orders_within: more than 64 atoms");
    // Atoms the bound relates, grouped into connected components (no pair
    // of the bound joins two components, so an order is one order per
    // component): far fewer insertions than one list of every atom.
    std::vector<int> component(n, -1);
    int components = 0;
    for (std::size_t a = 0; a < n; ++a) {
        bool related = false;
        for (std::size_t b = 0; b < n && !related; ++b) related = upper.contains(a, b) || upper.contains(b, a);
        if (!related || component[a] >= 0) continue;
        std::vector<std::size_t> stack{a};
        component[a] = components;
        while (!stack.empty()) {
            const std::size_t x = stack.back();
            stack.pop_back();
            for (std::size_t y = 0; y < n; ++y)
                if (component[y] < 0 && (upper.contains(x, y) || upper.contains(y, x))) {
                    component[y] = components;
                    stack.push_back(y);
                }
        }
        ++components;
    }
    std::vector<rel::TupleSet> out{rel::TupleSet(n, 2)};
    for (int c = 0; c < components; ++c) {
        std::vector<std::size_t> atoms;
        for (std::size_t a = 0; a < n; ++a)
            if (component[a] == c) atoms.push_back(a);
        std::vector<rel::TupleSet> combined;
        for (const auto& part : orders_on(upper, comparable, atoms))
            for (const auto& so_far : out) combined.push_back(so_far | part);
        out = std::move(combined);
    }
    return out;
}

std::vector<rel::TupleSet> subsets_of(const rel::TupleSet& upper, std::size_t max_pairs) {
    const std::vector<std::size_t> pairs = upper.indices();
    if (pairs.size() > max_pairs)
        throw std::length_error("subsets_of: " + std::to_string(pairs.size()) + " pairs in the bound, more than " +
                                std::to_string(max_pairs));
    std::vector<rel::TupleSet> out;
    const std::size_t n = upper.universe_size();
    for (std::uint64_t subset = 0; subset < (std::uint64_t{1} << pairs.size()); ++subset) {
        rel::TupleSet t(n, 2);
        for (std::size_t i = 0; i < pairs.size(); ++i)
            if ((subset >> i) & 1U) t.add_index(pairs[i]);
        out.push_back(std::move(t));
    }
    return out;
}

}  // namespace mapsound::oracle
