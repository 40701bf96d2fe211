// Universe: the ordered atoms every tuple set and bound refers to.
#include <set>
#include <stdexcept>

#include "mapsound/rel/universe.hpp"

namespace mapsound::rel {

Universe::Universe(std::size_t size) {
    names_.reserve(size);
    for (std::size_t i = 0; i < size; ++i) {
        // Built by append: GCC 12 warns falsely (-Wrestrict) on "a" + string.
        std::string name = "a";
        name.append(std::to_string(i));
        names_.push_back(std::move(name));
    }
}

Universe::Universe(std::vector<std::string> atom_names) : names_(std::move(atom_names)) {
    std::set<std::string> seen;
    for (const auto& name : names_) {
        if (name.empty()) throw std::invalid_argument("Universe: empty atom name");
        if (!seen.insert(name).second)
            throw std::invalid_argument("Universe: duplicate atom name '" + name + "'");
    }
}

TupleSet Universe::none(int arity) const { return TupleSet(size(), arity); }

TupleSet Universe::all(int arity) const {
    TupleSet t(size(), arity);
    for (std::size_t i = 0; i < t.capacity(); ++i) t.add_index(i);
    return t;
}

TupleSet Universe::iden() const {
    TupleSet t(size(), 2);
    for (std::size_t i = 0; i < size(); ++i) t.add(i, i);
    return t;
}

}  // namespace mapsound::rel
