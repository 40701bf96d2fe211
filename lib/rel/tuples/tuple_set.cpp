// TupleSet: sets of atoms or pairs of atoms as bit sets.
#include <bit>
#include <stdexcept>

#include "mapsound/rel/universe.hpp"

namespace mapsound::rel {

namespace {
constexpr std::size_t word_bits = 64;
}

TupleSet::TupleSet(std::size_t universe_size, int arity) : n_(universe_size), arity_(arity) {
    if (arity != 1 && arity != 2)
        throw std::invalid_argument("TupleSet: arity must be 1 or 2, got " + std::to_string(arity));
    words_.assign((capacity() + word_bits - 1) / word_bits, 0);
}

std::size_t TupleSet::capacity() const { return arity_ == 1 ? n_ : n_ * n_; }

std::size_t TupleSet::size() const {
    std::size_t count = 0;
    for (auto w : words_) count += static_cast<std::size_t>(std::popcount(w));
    return count;
}

bool TupleSet::empty() const {
    for (auto w : words_)
        if (w) return false;
    return true;
}

bool TupleSet::contains_index(std::size_t index) const {
    if (index >= capacity()) return false;
    return (words_[index / word_bits] >> (index % word_bits)) & 1U;
}

TupleSet& TupleSet::add_index(std::size_t index) {
    if (index >= capacity()) throw std::invalid_argument("TupleSet: tuple index out of range");
    words_[index / word_bits] |= std::uint64_t{1} << (index % word_bits);
    return *this;
}

bool TupleSet::contains(std::size_t atom) const {
    if (arity_ != 1) throw std::invalid_argument("TupleSet: one atom given for a binary set");
    return atom < n_ && contains_index(atom);
}

bool TupleSet::contains(std::size_t first, std::size_t second) const {
    if (arity_ != 2) throw std::invalid_argument("TupleSet: two atoms given for a unary set");
    return first < n_ && second < n_ && contains_index(first * n_ + second);
}

TupleSet& TupleSet::add(std::size_t atom) {
    if (arity_ != 1) throw std::invalid_argument("TupleSet: one atom given for a binary set");
    if (atom >= n_) throw std::invalid_argument("TupleSet: atom out of range");
    return add_index(atom);
}

TupleSet& TupleSet::add(std::size_t first, std::size_t second) {
    if (arity_ != 2) throw std::invalid_argument("TupleSet: two atoms given for a unary set");
    if (first >= n_ || second >= n_) throw std::invalid_argument("TupleSet: atom out of range");
    return add_index(first * n_ + second);
}

TupleSet& TupleSet::remove(std::size_t atom) {
    if (contains(atom)) words_[atom / word_bits] &= ~(std::uint64_t{1} << (atom % word_bits));
    return *this;
}

TupleSet& TupleSet::remove(std::size_t first, std::size_t second) {
    if (contains(first, second)) {
        std::size_t index = first * n_ + second;
        words_[index / word_bits] &= ~(std::uint64_t{1} << (index % word_bits));
    }
    return *this;
}

void TupleSet::for_each_index(const std::function<void(std::size_t)>& f) const {
    for (std::size_t w = 0; w < words_.size(); ++w) {
        std::uint64_t bits = words_[w];
        while (bits) {
            f(w * word_bits + static_cast<std::size_t>(std::countr_zero(bits)));
            bits &= bits - 1;
        }
    }
}

std::vector<std::size_t> TupleSet::indices() const {
    std::vector<std::size_t> out;
    for_each_index([&](std::size_t i) { out.push_back(i); });
    return out;
}

void TupleSet::check_same_shape(const TupleSet& other) const {
    if (arity_ != other.arity_ || n_ != other.n_)
        throw std::invalid_argument("TupleSet: operands differ in arity or universe size");
}

TupleSet TupleSet::operator|(const TupleSet& other) const {
    check_same_shape(other);
    TupleSet out = *this;
    for (std::size_t w = 0; w < words_.size(); ++w) out.words_[w] |= other.words_[w];
    return out;
}

TupleSet TupleSet::operator&(const TupleSet& other) const {
    check_same_shape(other);
    TupleSet out = *this;
    for (std::size_t w = 0; w < words_.size(); ++w) out.words_[w] &= other.words_[w];
    return out;
}

TupleSet TupleSet::operator-(const TupleSet& other) const {
    check_same_shape(other);
    TupleSet out = *this;
    for (std::size_t w = 0; w < words_.size(); ++w) out.words_[w] &= ~other.words_[w];
    return out;
}

bool TupleSet::subset_of(const TupleSet& other) const {
    check_same_shape(other);
    for (std::size_t w = 0; w < words_.size(); ++w)
        if (words_[w] & ~other.words_[w]) return false;
    return true;
}

TupleSet TupleSet::join(const TupleSet& other) const {
    if (n_ != other.n_) throw std::invalid_argument("TupleSet::join: universe sizes differ");
    int arity = arity_ + other.arity_ - 2;
    if (arity < 1) throw std::invalid_argument("TupleSet::join: joining two sets");
    TupleSet out(n_, arity);
    for_each_index([&](std::size_t i) {
        std::size_t left = arity_ == 2 ? i / n_ : 0;
        std::size_t mid = arity_ == 2 ? i % n_ : i;
        if (other.arity_ == 1) {
            if (other.contains_index(mid)) out.add_index(left);
        } else {
            for (std::size_t right = 0; right < n_; ++right)
                if (other.contains_index(mid * n_ + right))
                    out.add_index(arity_ == 2 ? left * n_ + right : right);
        }
    });
    return out;
}

TupleSet TupleSet::product(const TupleSet& other) const {
    if (arity_ != 1 || other.arity_ != 1 || n_ != other.n_)
        throw std::invalid_argument("TupleSet::product: needs two sets over one universe");
    TupleSet out(n_, 2);
    for_each_index([&](std::size_t a) {
        other.for_each_index([&](std::size_t b) { out.add(a, b); });
    });
    return out;
}

TupleSet TupleSet::transpose() const {
    if (arity_ != 2) throw std::invalid_argument("TupleSet::transpose: needs a binary set");
    TupleSet out(n_, 2);
    for_each_index([&](std::size_t i) { out.add(i % n_, i / n_); });
    return out;
}

TupleSet TupleSet::closure() const {
    if (arity_ != 2) throw std::invalid_argument("TupleSet::closure: needs a binary set");
    // Warshall: after step k, paths through intermediates 0..k are present.
    TupleSet out = *this;
    for (std::size_t k = 0; k < n_; ++k)
        for (std::size_t i = 0; i < n_; ++i)
            if (out.contains(i, k))
                for (std::size_t j = 0; j < n_; ++j)
                    if (out.contains(k, j)) out.add(i, j);
    return out;
}

TupleSet TupleSet::domain() const {
    if (arity_ != 2) throw std::invalid_argument("TupleSet::domain: needs a binary set");
    TupleSet out(n_, 1);
    for_each_index([&](std::size_t i) { out.add(i / n_); });
    return out;
}

TupleSet TupleSet::range() const {
    if (arity_ != 2) throw std::invalid_argument("TupleSet::range: needs a binary set");
    TupleSet out(n_, 1);
    for_each_index([&](std::size_t i) { out.add(i % n_); });
    return out;
}

std::string TupleSet::to_string(const Universe& universe) const {
    std::string out = "{";
    bool first = true;
    for_each_index([&](std::size_t i) {
        if (!first) out += ", ";
        first = false;
        if (arity_ == 1)
            out += universe.atom_name(i);
        else
            out += "(" + universe.atom_name(i / n_) + "," + universe.atom_name(i % n_) + ")";
    });
    return out + "}";
}

}  // namespace mapsound::rel
