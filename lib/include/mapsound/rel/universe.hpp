// Atoms and tuple sets: the values of mapsound's relational logic.
//
// A Universe is a finite, ordered set of atoms numbered 0..size()-1.  A
// TupleSet is a set of unary tuples (atoms) or binary tuples (pairs of
// atoms) over one universe.  Memory models need nothing wider, so arity is
// always 1 or 2; a binary tuple (i, j) is stored as bit i*size()+j.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace mapsound::rel {

class TupleSet;

class Universe {
public:
    // 'size' atoms named "a0", "a1", ...
    explicit Universe(std::size_t size);
    // One atom per name, in this order.  Names must be distinct and non-empty
    // (throws std::invalid_argument otherwise).
    explicit Universe(std::vector<std::string> atom_names);

    std::size_t size() const { return names_.size(); }
    const std::string& atom_name(std::size_t atom) const { return names_.at(atom); }

    // The empty tuple set of the given arity (1 or 2).
    TupleSet none(int arity) const;
    // Every tuple of the given arity (1 or 2).
    TupleSet all(int arity) const;
    // The identity relation {(a, a)}.
    TupleSet iden() const;

    bool operator==(const Universe& other) const { return names_ == other.names_; }

private:
    std::vector<std::string> names_;
};

class TupleSet {
public:
    // An empty set of 'arity'-tuples (arity 1 or 2) over 'universe_size' atoms.
    TupleSet(std::size_t universe_size, int arity);

    int arity() const { return arity_; }
    std::size_t universe_size() const { return n_; }
    // Number of tuples in the set.
    std::size_t size() const;
    bool empty() const;

    // Membership and insertion.  Atom indices must be < universe_size();
    // the number of indices must match the arity (else std::invalid_argument).
    bool contains(std::size_t atom) const;
    bool contains(std::size_t first, std::size_t second) const;
    TupleSet& add(std::size_t atom);
    TupleSet& add(std::size_t first, std::size_t second);
    TupleSet& remove(std::size_t atom);
    TupleSet& remove(std::size_t first, std::size_t second);

    // Flat index of a tuple: atom, or first*universe_size()+second.  Indices
    // run from 0 to capacity()-1.
    std::size_t capacity() const;
    bool contains_index(std::size_t index) const;
    TupleSet& add_index(std::size_t index);

    // Calls f(index) for every tuple, in increasing index order.
    void for_each_index(const std::function<void(std::size_t)>& f) const;
    // The tuples' flat indices, increasing.
    std::vector<std::size_t> indices() const;

    // Set algebra; both operands must have the same arity and universe size.
    TupleSet operator|(const TupleSet& other) const;
    TupleSet operator&(const TupleSet& other) const;
    TupleSet operator-(const TupleSet& other) const;
    bool subset_of(const TupleSet& other) const;
    bool operator==(const TupleSet& other) const = default;

    // Relational operations (binary sets unless stated).
    TupleSet join(const TupleSet& other) const;      // arity a+b-2 >= 1
    TupleSet product(const TupleSet& other) const;   // unary x unary
    TupleSet transpose() const;
    TupleSet closure() const;                        // transitive closure
    TupleSet domain() const;
    TupleSet range() const;

    // "{(a0,a1), (a2,a2)}" with the universe's atom names.
    std::string to_string(const Universe& universe) const;

private:
    void check_same_shape(const TupleSet& other) const;
    std::size_t n_;
    int arity_;
    std::vector<std::uint64_t> words_;
};

}  // namespace mapsound::rel
