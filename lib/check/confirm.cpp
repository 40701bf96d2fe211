// Confirming a candidate with the evaluator (see confirm.hpp).
#include "check/confirm.hpp"

#include <algorithm>
#include <functional>
#include <set>
#include <stdexcept>
#include <tuple>

#include "check/outcome.hpp"
#include "mapsound/check.hpp"
#include "mapsound/exec.hpp"

namespace mapsound::check {

namespace {

using rel::TupleSet;

TupleSet tuples_of(const Pairs& pairs, std::size_t n) {
    TupleSet t(n, 2);
    for (auto [a, b] : pairs) t.add(static_cast<std::size_t>(a), static_cast<std::size_t>(b));
    return t;
}

Pairs pairs_of(const TupleSet& tuples, std::size_t n) {
    Pairs out;
    for (std::size_t idx : tuples.indices()) out.emplace_back(static_cast<int>(idx / n), static_cast<int>(idx % n));
    return out;
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

// "e3 T1 R.acq x=1 | rf e0->e3 | co ...", for messages.
std::string describe(const exec::PreExecution& x, const Pairs& rf, const Pairs& co) {
    std::string out;
    for (std::size_t e = 0; e < x.events.size(); ++e) {
        const auto& ev = x.events[e];
        out += (e ? "; e" : "e") + std::to_string(e) + " T" + std::to_string(ev.thread) + " " + ev.label;
        if (ev.thread >= 0) {
            const auto& p = x.threads[static_cast<std::size_t>(ev.thread)];
            out += " @cta" + std::to_string(p.cta) + (p.cluster ? ",cluster" + std::to_string(p.cluster) : "") + ",gpu" +
                   std::to_string(p.gpu);
        }
    }
    for (auto [name, pairs] : {std::pair{"rf", &rf}, std::pair{"co", &co}}) {
        out += std::string(" | ") + name;
        for (auto [a, b] : *pairs) out += " e" + std::to_string(a) + "->e" + std::to_string(b);
    }
    return out;
}

// Empty when 'rf' is a reads-from of x: each pair a write and a read of
// the same location, every read reading exactly one write; else why not.
std::string reads_from_mismatch(const exec::PreExecution& x, const Pairs& rf) {
    const auto n = static_cast<int>(x.events.size());
    std::vector<int> sources(x.events.size(), 0);
    for (auto [w, r] : rf) {
        const std::string pair = "(e" + std::to_string(w) + ", e" + std::to_string(r) + ")";
        if (w < 0 || r < 0 || w >= n || r >= n) return "the pair " + pair + " names no event";
        const auto& we = x.events[static_cast<std::size_t>(w)];
        const auto& re = x.events[static_cast<std::size_t>(r)];
        if (we.kind != exec::EventKind::write || re.kind != exec::EventKind::read)
            return "the pair " + pair + " is not a write and a read";
        if (we.location != re.location) return "the pair " + pair + " relates two locations";
        ++sources[static_cast<std::size_t>(r)];
    }
    for (std::size_t e = 0; e < x.events.size(); ++e)
        if (x.events[e].kind == exec::EventKind::read && sources[e] != 1)
            return "the read e" + std::to_string(e) + " reads from " + std::to_string(sources[e]) + " writes";
    return {};
}

}  // namespace

Judgement confirm(const Candidate& c, const model::Model& source_model, const model::Model& target_model,
                  const std::string& axiom, const std::optional<std::string>& race_flag, mapping::Lift lift) {
    Judgement j;
    const exec::PreExecution& tx = c.compiled.target;
    const std::size_t nt = tx.events.size();
    // What the solver's bounds alone ensured: both rf are reads-from
    // relations, one the other through the map.
    for (const auto& [side, x, rf] : {std::tuple{"target", &tx, &c.target_rf}, std::tuple{"source", &c.source, &c.source_rf}}) {
        const std::string why = reads_from_mismatch(*x, *rf);
        if (!why.empty()) throw std::logic_error(std::string("the solver's ") + side + " rf is no reads-from: " + why);
    }
    {
        std::set<std::pair<int, int>> through_map, source_rf(c.source_rf.begin(), c.source_rf.end());
        for (auto [w, r] : c.target_rf)
            through_map.emplace(c.owner.at(static_cast<std::size_t>(w)), c.owner.at(static_cast<std::size_t>(r)));
        if (through_map != source_rf) throw std::logic_error("the solver's source rf is not its target rf through the map");
    }
    // The litmus tests state this outcome.
    auto co_of = [](const std::map<std::string, Pairs>& witnesses) {
        auto it = witnesses.find("co");
        return it == witnesses.end() ? Pairs{} : it->second;
    };
    for (const auto& [side, test, x, rf, co] :
         {std::tuple{"source", &c.source_litmus, &c.source, &c.source_rf, c.source_co},
          std::tuple{"target", &c.target_litmus, &tx, &c.target_rf, co_of(c.target_witnesses)}}) {
        const std::string why = outcome_mismatch(*test, *x, *rf, co);
        if (!why.empty())
            throw std::logic_error(std::string("the ") + side + " litmus test " + test->name +
                                   " does not state the candidate's outcome: " + why);
    }
    // (1) The target execution.
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
    const bool whole_model = axiom == kWholeModel;
    const bool witness_only = axiom.empty();
    const model::Axiom* tested =
        whole_model || witness_only ? nullptr : find_named(qs.instance, axiom, axiom_is_flag);
    if (!tested && !whole_model && !witness_only) throw std::invalid_argument("the source model has no axiom or flag '" + axiom + "'");
    rel::Formula every_axiom = rel::Formula::constant(true);
    for (const auto& a : qs.instance.axioms) every_axiom = every_axiom && a.holds;
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
        if (whole_model) return rel::evaluate(every_axiom, inst);
        const bool holds = rel::evaluate(tested->holds, inst);
        return axiom_is_flag ? !holds : holds;
    };

    // Lift::per_thread: co = map;(co_t^+ & int);map^-1, the transitive
    // closure of co_t, then same-thread pairs.
    auto per_thread_co = [&]() {
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
        return tuples_of(co, ns);
    };

    // (2) The solver's own lift, every witness as the solver chose it.
    for (const auto& w : qs.instance.witnesses) {
        auto found = c.source_witnesses.find(w.name);
        if (found != c.source_witnesses.end()) is.set(w.relation, tuples_of(found->second, ns));
    }
    is.set(*co_s, tuples_of(c.source_co, ns));
    if (witness_only) {
        if (!admissible(is) || !race_free(is))
            throw std::logic_error("the solver's lifted source execution of a class witness is not an admissible, "
                                   "race-free lift by the evaluator (solver and evaluator disagree): " +
                                   describe(sx, c.source_rf, c.source_co));
        j.genuine = true;
        return j;
    }
    if (!admissible(is) || !race_free(is) || satisfies(is))
        throw std::logic_error("the solver's lifted source execution does not violate '" + axiom +
                               "' by the evaluator (solver and evaluator disagree): " + describe(sx, c.source_rf, c.source_co) +
                               (admissible(is) ? "" : " [not admissible]") + (race_free(is) ? "" : " [racy]"));

    // (3) Every lift.  A source model with witnesses besides co (an SC
    // order, say) has too many lifts to list: one SAT question on this
    // concrete execution instead, separate from the symbolic problem.
    if (qs.instance.witnesses.size() > 1) {
        TupleSet fixed_co(ns, 2);
        if (lift == mapping::Lift::per_thread) fixed_co = per_thread_co();
        rel::Formula lifted = qs.well_formed() && qs.rf.eq(rel::constant(tuples_of(c.source_rf, ns)));
        if (lift == mapping::Lift::extends) {
            lifted = lifted && rel::constant(lifted_co).in(*co_s) &&
                     rel::constant(lifted_fr).in(qs.instance.definitions.at("fr"));
        } else {
            lifted = lifted && co_s->eq(rel::constant(fixed_co));
        }
        if (race) lifted = lifted && !race->holds;
        rel::Formula satisfied = whole_model ? every_axiom : axiom_is_flag ? !tested->holds : tested->holds;
        rel::Options o;
        o.symmetry = rel::SymmetryBreaking::off;
        if (const auto found = rel::solve(lifted && satisfied, qs.bounds, o)) {
            j.reason = "some choice of the source's witnesses makes the lift satisfy '" + axiom + "'";
            for (const auto& w : qs.instance.witnesses) j.satisfying_lift[w.name] = pairs_of(found->tuples(w.relation), ns);
            return j;
        }
        j.genuine = true;
        return j;
    }
    if (lift == mapping::Lift::per_thread) {
        is.set(*co_s, per_thread_co());
        if (admissible(is) && race_free(is) && satisfies(is)) {
            j.reason = "the lifted execution satisfies '" + axiom + "'";
            j.satisfying_lift["co"] = pairs_of(is.tuples(*co_s), ns);
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
        j.satisfying_lift["co"] = pairs_of(is.tuples(*co_s), ns);
        return j;
    }
    j.genuine = true;
    return j;
}

}  // namespace mapsound::check
