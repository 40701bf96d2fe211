// Judging one program by enumeration (see judge.hpp).
#include "oracle/judge.hpp"

#include "oracle/reads_from.hpp"

#include <stdexcept>

namespace mapsound::oracle {

namespace {

using rel::TupleSet;

const model::Axiom* find_axiom(const BoundModel& m, const std::string& name, bool& is_flag) {
    for (const auto& a : m.axioms())
        if (a.name == name) {
            is_flag = false;
            return &a;
        }
    for (const auto& f : m.flags())
        if (f.name == name) {
            is_flag = true;
            return &f;
        }
    return nullptr;
}

}  // namespace

// ---------------------------------------------------------------------------
// The source side

SourceSide::SourceSide(const model::Model& source, Question question) : model_(source), question_(std::move(question)) {
    const BoundModel& m = model_;
    co_ = model_.witness_index("co");
    if (question_.lift == mapping::Lift::extends && !m.definition("fr"))
        throw std::invalid_argument("the source model defines no 'fr'");
    for (const auto& name : question_.axioms) {
        if (name == kWholeModel) {
            std::vector<const model::Axiom*> all;
            for (const auto& a : m.axioms()) all.push_back(&a);
            axioms_.emplace_back(std::move(all), false);
            continue;
        }
        bool flag = false;
        const model::Axiom* a = find_axiom(m, name, flag);
        if (!a) throw std::invalid_argument("the source model has no axiom or flag '" + name + "'");
        axioms_.emplace_back(std::vector{a}, flag);
    }
    if (question_.race_flag) {
        bool flag = false;
        race_ = find_axiom(m, *question_.race_flag, flag);
        if (!race_ || !flag) throw std::invalid_argument("the source model has no flag '" + *question_.race_flag + "'");
    }
}

bool SourceSide::satisfies(std::size_t a, const rel::Instance& instance) const {
    const auto& [conjuncts, flag] = axioms_.at(a);
    if (flag) return !rel::evaluate(conjuncts.front()->holds, instance);  // a flag is violated where it fires
    for (const auto* axiom : conjuncts)
        if (!rel::evaluate(axiom->holds, instance)) return false;
    return true;
}

SourceTable::SourceTable(const SourceSide& side, const exec::PreExecution& program)
    : side_(&side), instance_(side.model().instance_for(program)), may_violate_(side.question().axioms.size(), false) {
    const BoundModel& m = side.model();
    const std::size_t n = program.events.size();
    read_position_.assign(n, -1);
    const auto reads = writers_of_reads(program);
    reads_ = reads.size();
    for (std::size_t i = 0; i < reads.size(); ++i) read_position_[static_cast<std::size_t>(reads[i].first)] = static_cast<int>(i);
    rel::Instance& inst = instance_;
    const auto& stages = m.requirements_by_stage();
    if (!all_hold(stages[0], inst)) return;
    const std::optional<rel::Expr> fr = m.definition("fr");
    std::vector<int> writers(reads.size());
    for_each_rf(reads, [&](const std::vector<std::size_t>& pick) {
        for (std::size_t i = 0; i < reads.size(); ++i) writers[i] = reads[i].second[pick[i]];
        auto& executions = by_rf_[writers];
        m.set_rf(inst, rf_of(reads, pick, n));
        if (!all_hold(stages[1], inst)) return true;
        auto choose = [&](auto&& self, std::size_t k) -> void {
            if (k == m.witnesses()) {
                SourceExecution e{inst.tuples(m.rf()),
                                  {},
                                  fr ? rel::evaluate(*fr, inst) : TupleSet(n, 2),
                                  {},
                                  std::nullopt};
                for (std::size_t w = 0; w < m.witnesses(); ++w) e.witnesses.push_back(inst.tuples(m.witness(w)));
                for (std::size_t a = 0; a < side.question().axioms.size(); ++a) e.satisfies.push_back(side.satisfies(a, inst));
                executions.push_back(std::move(e));
                return;
            }
            for (auto& candidate : m.witness_candidates(k, inst)) {
                m.set_witness(inst, k, std::move(candidate));
                if (all_hold(stages[2 + k], inst)) self(self, k + 1);
            }
        };
        choose(choose, 0);
        return true;
    });
    for (std::size_t a = 0; a < may_violate_.size(); ++a)
        for (const auto& [rf, executions] : by_rf_)
            for (const auto& e : executions)
                if (!may_violate_[a] && !e.satisfies[a] && !racy(e)) may_violate_[a] = true;
}

bool SourceTable::racy(const SourceExecution& e) const {
    if (!e.racy) {
        const model::Axiom* race = side_->race();
        if (!race) {
            e.racy = false;
        } else {
            const BoundModel& m = side_->model();
            m.set_rf(instance_, e.rf);
            for (std::size_t w = 0; w < m.witnesses(); ++w) m.set_witness(instance_, w, e.witnesses[w]);
            e.racy = rel::evaluate(race->holds, instance_);
        }
    }
    return *e.racy;
}

bool SourceTable::may_be_race_free() const {
    for (const auto& [rf, executions] : by_rf_)
        for (const auto& e : executions)
            if (!racy(e)) return true;
    return false;
}

const std::vector<SourceExecution>& SourceTable::executions(const std::vector<int>& writers) const {
    static const std::vector<SourceExecution> none;
    const auto it = by_rf_.find(writers);
    return it == by_rf_.end() ? none : it->second;
}

// ---------------------------------------------------------------------------
// The target side

TargetSide::TargetSide(const model::Model& target, mapping::Lift lift) : model_(target), lift_(lift) {
    co_ = model_.witness_index("co");
    if (lift_ == mapping::Lift::extends) {
        fr_ = model_.definition("fr");
        if (!fr_) throw std::invalid_argument("the target model defines no 'fr'");
        if (model_.stage_of(*fr_) > 2 + static_cast<int>(co_))
            throw std::invalid_argument("the target model's 'fr' reads a witness listed after 'co'");
    }
}

// ---------------------------------------------------------------------------
// One program

Judgement judge(const SourceSide& source, const SourceTable& table, const TargetSide& target,
                const exec::PreExecution& program, const mapping::Mapping& mapping, bool want_witness) {
    const std::size_t axioms = source.question().axioms.size();
    Judgement j;
    j.counterexample.assign(axioms, false);
    // Without a race-free source execution that violates an axiom (or, for
    // a witness, any race-free one), no lift can be one: nothing to do.
    std::vector<std::size_t> open;
    for (std::size_t a = 0; a < axioms; ++a)
        if (table.may_violate(a)) open.push_back(a);
    want_witness = want_witness && table.may_be_race_free();
    if (open.empty() && !want_witness) return j;

    j.compiled = true;
    const mapping::Compiled compiled = mapping::compile(program, mapping);
    const exec::PreExecution& tx = compiled.target;
    const std::size_t nt = tx.events.size(), ns = program.events.size();
    std::vector<int> owner(nt, -1);
    for (auto [s, t] : compiled.map) owner[static_cast<std::size_t>(t)] = s;
    for (std::size_t t = 0; t < nt; ++t)
        if (owner[t] < 0) throw std::logic_error("mapping::compile left a target event without a source event");

    const BoundModel& m = target.model();
    const auto& stages = m.consistency_by_stage();
    rel::Instance inst = m.instance_for(tx);
    if (!all_hold(stages[0], inst)) return j;
    const auto reads = writers_of_reads(tx);
    std::vector<int> writers(table.reads());
    if (reads.size() != table.reads()) throw std::logic_error("the target program has another number of reads");
    const auto map_pairs = [&](const TupleSet& pairs) {
        TupleSet out(ns, 2);
        for (std::size_t idx : pairs.indices())
            out.add(static_cast<std::size_t>(owner[idx / nt]), static_cast<std::size_t>(owner[idx % nt]));
        return out;
    };
    const auto done = [&]() { return open.empty() && !want_witness; };

    // What the current (rf, co) says: the race-free admissible lifts, and
    // which open axioms all of them violate.  Returns whether that is news.
    std::vector<std::size_t> news;
    const auto lift = [&](const std::vector<SourceExecution>& executions) {
        const TupleSet& co_t = inst.tuples(m.witness(target.co()));
        std::vector<const SourceExecution*> race_free;
        if (target.lift() == mapping::Lift::extends) {
            const TupleSet co = map_pairs(co_t), fr = map_pairs(rel::evaluate(target.fr(), inst));
            for (const auto& e : executions)
                if (co.subset_of(table.co(e)) && fr.subset_of(e.fr) && !table.racy(e)) race_free.push_back(&e);
        } else {
            TupleSet same_thread(nt, 2);
            for (std::size_t idx : co_t.closure().indices()) {
                const auto a = idx / nt, b = idx % nt;
                if (tx.events[a].thread >= 0 && tx.events[a].thread == tx.events[b].thread) same_thread.add(a, b);
            }
            const TupleSet co = map_pairs(same_thread);
            for (const auto& e : executions)
                if (table.co(e) == co && !table.racy(e)) race_free.push_back(&e);
        }
        news.clear();
        if (race_free.empty()) return false;
        for (std::size_t a : open) {
            bool all_violate = true;
            for (const auto* e : race_free) all_violate = all_violate && !e->satisfies[a];
            if (all_violate) news.push_back(a);
        }
        return !news.empty() || want_witness;
    };
    const auto apply = [&]() {
        want_witness = false;
        j.witness = true;
        for (std::size_t a : news) {
            j.counterexample[a] = true;
            std::erase(open, a);
        }
    };

    // Some choice of the witnesses from k on makes the execution consistent.
    const auto complete = [&](auto&& self, std::size_t k) -> bool {
        if (k == m.witnesses()) return true;
        for (auto& candidate : m.witness_candidates(k, inst)) {
            m.set_witness(inst, k, std::move(candidate));
            if (all_hold(stages[2 + k], inst) && self(self, k + 1)) return true;
        }
        return false;
    };
    const std::vector<SourceExecution>* executions = nullptr;
    // Every choice of the witnesses up to co; past co, one consistent
    // completion is enough (the lift reads rf and co only).
    const auto explore = [&](auto&& self, std::size_t k) -> void {
        for (auto& candidate : m.witness_candidates(k, inst)) {
            if (done()) return;
            m.set_witness(inst, k, std::move(candidate));
            if (!all_hold(stages[2 + k], inst)) continue;
            if (k < target.co()) {
                self(self, k + 1);
                continue;
            }
            if (!lift(*executions)) continue;
            ++j.target_executions;
            if (complete(complete, k + 1)) apply();
        }
    };
    for_each_rf(reads, [&](const std::vector<std::size_t>& pick) {
        // The source rf this target rf lifts to.
        for (std::size_t i = 0; i < reads.size(); ++i) {
            const auto r = static_cast<std::size_t>(owner[static_cast<std::size_t>(reads[i].first)]);
            writers[static_cast<std::size_t>(table.read_position()[r])] = owner[static_cast<std::size_t>(reads[i].second[pick[i]])];
        }
        executions = &table.executions(writers);
        bool useful = false;
        for (const auto& e : *executions) {
            bool matters = want_witness;
            for (std::size_t a : open) matters = matters || !e.satisfies[a];
            if (matters && !table.racy(e)) {
                useful = true;
                break;
            }
        }
        if (!useful) return true;
        m.set_rf(inst, rf_of(reads, pick, nt));
        if (all_hold(stages[1], inst)) explore(explore, 0);
        return !done();
    });
    return j;
}

}  // namespace mapsound::oracle
