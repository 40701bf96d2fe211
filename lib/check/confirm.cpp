// Confirming a candidate with the evaluator (see confirm.hpp).
#include "check/confirm.hpp"

#include <algorithm>
#include <functional>
#include <set>
#include <stdexcept>

#include "mapsound/exec.hpp"

namespace mapsound::check {

namespace {

using rel::TupleSet;

TupleSet tuples_of(const Pairs& pairs, std::size_t n) {
    TupleSet t(n, 2);
    for (auto [a, b] : pairs) t.add(static_cast<std::size_t>(a), static_cast<std::size_t>(b));
    return t;
}

const model::Axiom* find_named(const model::ModelInstance& m, const std::string& name, bool& is_flag) {
    for (const auto& a : m.axioms)
        if (a.name == name) {
            is_flag = false;
            return &a;
        }
    for (const auto& f : m.flags)
        if (f.name == name) {
            is_flag = true;
            return &f;
        }
    return nullptr;
}

}  // namespace

Judgement confirm(const Candidate& c, const model::Model& source_model, const model::Model& target_model,
                  const std::string& axiom, const std::optional<std::string>& race_flag, mapping::Lift lift) {
    Judgement j;
    // (1) The target execution.
    const exec::PreExecution& tx = c.compiled.target;
    const std::size_t nt = tx.events.size();
    exec::ExecutionQuery qt(target_model, tx);
    rel::Instance it(qt.bounds.universe());
    it.set(qt.rf, tuples_of(c.target_rf, nt));
    for (const auto& w : qt.instance.witnesses) {
        auto found = c.target_witnesses.find(w.name);
        it.set(w.relation, found == c.target_witnesses.end() ? TupleSet(nt, 2) : tuples_of(found->second, nt));
    }
    if (!rel::evaluate(qt.consistent(), it)) {
        j.reason = "the target execution is inconsistent under the target model";
        return j;
    }
    // Lifting target relations to the source through the owner function.
    auto lift_pairs = [&](const TupleSet& target_pairs) {
        Pairs out;
        for (std::size_t idx : target_pairs.indices())
            out.emplace_back(c.owner[idx / nt], c.owner[idx % nt]);
        return out;
    };
    const rel::Relation* co_target = nullptr;
    for (const auto& w : qt.instance.witnesses)
        if (w.name == "co") co_target = &w.relation;
    if (!co_target) throw std::invalid_argument("the target model has no witness 'co'");
    const TupleSet co_t = it.tuples(*co_target);

    // (2), (3) The source side.
    const exec::PreExecution& sx = c.source;
    const std::size_t ns = sx.events.size();
    exec::ExecutionQuery qs(source_model, sx);
    bool axiom_is_flag = false;
    const model::Axiom* tested = find_named(qs.instance, axiom, axiom_is_flag);
    if (!tested) throw std::invalid_argument("the source model has no axiom or flag '" + axiom + "'");
    const model::Axiom* race = nullptr;
    if (race_flag) {
        bool f = false;
        race = find_named(qs.instance, *race_flag, f);
        if (!race || !f) throw std::invalid_argument("the source model has no flag '" + *race_flag + "'");
    }
    const rel::Relation* co_s = nullptr;
    for (const auto& w : qs.instance.witnesses)
        if (w.name == "co") co_s = &w.relation;
    if (!co_s) throw std::invalid_argument("the source model has no witness 'co'");

    rel::Instance is(qs.bounds.universe());
    is.set(qs.rf, tuples_of(c.source_rf, ns));
    for (const auto& w : qs.instance.witnesses) is.set(w.relation, TupleSet(ns, 2));

    // Required inclusions of the lift (extends): co and fr of the target.
    const TupleSet lifted_co = tuples_of(lift_pairs(co_t), ns);
    TupleSet lifted_fr(ns, 2);
    if (lift == mapping::Lift::extends) {
        auto fr = qt.instance.definitions.find("fr");
        if (fr == qt.instance.definitions.end()) throw std::invalid_argument("the target model defines no 'fr'");
        lifted_fr = tuples_of(lift_pairs(rel::evaluate(fr->second, it)), ns);
    }
    auto admissible = [&](const rel::Instance& inst) {
        if (!rel::evaluate(qs.well_formed(), inst)) return false;
        if (lift == mapping::Lift::extends) {
            const TupleSet& co = inst.tuples(*co_s);
            if (!lifted_co.subset_of(co)) return false;
            auto fr = qs.instance.definitions.find("fr");
            if (fr == qs.instance.definitions.end()) throw std::invalid_argument("the source model defines no 'fr'");
            if (!lifted_fr.subset_of(rel::evaluate(fr->second, inst))) return false;
        }
        return true;
    };
    auto race_free = [&](const rel::Instance& inst) { return !race || !rel::evaluate(race->holds, inst); };
    auto satisfies = [&](const rel::Instance& inst) {
        const bool holds = rel::evaluate(tested->holds, inst);
        return axiom_is_flag ? !holds : holds;
    };

    // (2) The solver's own lift.
    is.set(*co_s, tuples_of(c.source_co, ns));
    if (!admissible(is) || !race_free(is) || satisfies(is))
        throw std::logic_error("the solver's lifted source execution does not violate '" + axiom +
                               "' by the evaluator (solver and evaluator disagree)");

    // (3) Every lift.
    if (lift == mapping::Lift::per_thread) {
        // co = map;(co_t^+ & int);map^-1: transitive closure of co_t, then same-thread pairs.
        TupleSet closure = co_t;
        for (bool grew = true; grew;) {
            grew = false;
            for (std::size_t a : closure.indices())
                for (std::size_t b : closure.indices())
                    if (a % nt == b / nt && !closure.contains(a / nt, b % nt)) {
                        closure.add(a / nt, b % nt);
                        grew = true;
                    }
        }
        Pairs co;
        for (std::size_t idx : closure.indices()) {
            const auto a = idx / nt, b = idx % nt;
            if (tx.events[a].thread >= 0 && tx.events[a].thread == tx.events[b].thread)
                co.emplace_back(c.owner[a], c.owner[b]);
        }
        is.set(*co_s, tuples_of(co, ns));
        ++j.lifts_tried;
        if (admissible(is) && race_free(is) && satisfies(is)) {
            j.reason = "the lifted execution satisfies '" + axiom + "'";
            return j;
        }
        j.genuine = true;
        return j;
    }
    // Lift::extends: every per-location total order with the initial write first.
    std::vector<std::vector<int>> writes(sx.locations.size());
    std::vector<int> initial(sx.locations.size(), -1);
    for (std::size_t e = 0; e < ns; ++e) {
        const auto& ev = sx.events[e];
        if (ev.kind != exec::EventKind::write) continue;
        if (ev.thread < 0)
            initial[static_cast<std::size_t>(ev.location)] = static_cast<int>(e);
        else
            writes[static_cast<std::size_t>(ev.location)].push_back(static_cast<int>(e));
    }
    TupleSet co(ns, 2);
    bool found = false;
    std::function<void(std::size_t, TupleSet)> choose = [&](std::size_t loc, TupleSet so_far) {
        if (found) return;
        if (loc == writes.size()) {
            is.set(*co_s, so_far);
            ++j.lifts_tried;
            if (admissible(is) && race_free(is) && satisfies(is)) found = true;
            return;
        }
        std::vector<int> order = writes[loc];
        std::sort(order.begin(), order.end());
        do {
            TupleSet t = so_far;
            std::vector<int> chain;
            if (initial[loc] >= 0) chain.push_back(initial[loc]);
            chain.insert(chain.end(), order.begin(), order.end());
            for (std::size_t a = 0; a < chain.size(); ++a)
                for (std::size_t b = a + 1; b < chain.size(); ++b)
                    t.add(static_cast<std::size_t>(chain[a]), static_cast<std::size_t>(chain[b]));
            // Prune: the lifted co of this location must be respected.
            bool respects = true;
            for (std::size_t idx : lifted_co.indices())
                if (sx.events[idx / ns].location == static_cast<int>(loc) && !t.contains(idx / ns, idx % ns))
                    respects = false;
            if (respects) choose(loc + 1, t);
        } while (!found && std::next_permutation(order.begin(), order.end()));
    };
    choose(0, co);
    if (found) {
        j.reason = "some coherence order of the source makes the lift satisfy '" + axiom + "'";
        return j;
    }
    j.genuine = true;
    return j;
}

}  // namespace mapsound::check
