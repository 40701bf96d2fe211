// Looking for a racy execution of a program (see racy.hpp).
#include "check/racy.hpp"

#include <stdexcept>

namespace mapsound::check {

std::optional<ProgramExecution> racy_execution(const exec::PreExecution& x, const model::Model& model,
                                               const std::string& race_flag) {
    exec::PreExecution any = x;
    for (auto& e : any.events) e.value = 0;  // every write of a location is a candidate for its reads
    exec::ExecutionQuery q(model, any);
    rel::Formula racy = q.consistent();
    bool found = false;
    for (const auto& f : q.instance.flags)
        if (f.name == race_flag) {
            racy = racy && f.holds;
            found = true;
        }
    if (!found) throw std::invalid_argument("the source model has no flag '" + race_flag + "'");
    rel::Options o;
    o.symmetry = rel::SymmetryBreaking::off;
    const auto instance = rel::solve(racy, q.bounds, o);
    if (!instance) return std::nullopt;
    const std::size_t n = x.events.size();
    auto pairs = [&](const rel::TupleSet& t) {
        Pairs out;
        for (std::size_t idx : t.indices()) out.emplace_back(static_cast<int>(idx / n), static_cast<int>(idx % n));
        return out;
    };
    ProgramExecution e;
    e.rf = pairs(instance->tuples(q.rf));
    for (const auto& w : q.instance.witnesses) e.witnesses[w.name] = pairs(instance->tuples(w.relation));
    return e;
}

}  // namespace mapsound::check
