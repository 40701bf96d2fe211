#include <mapsound/rel.hpp>
#include <iostream>

int main() {
    using namespace mapsound::rel;
    Universe u(5);
    Relation r = Relation::binary("r");
    Bounds b(u);
    b.bound(r, u.none(2), u.all(2));                        // lower, upper
    std::cout << count_solutions(acyclic(r), b) << "\n";    // 29281
}
