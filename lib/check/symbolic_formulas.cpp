// The formulas the search asks of one shape's problem (see symbolic.hpp):
// the lift, a violated axiom or a firing flag, the target-size cap, and the
// counterexample-guided refinements (a racy execution, a satisfying lift).
#include "check/symbolic.hpp"

#include <stdexcept>

#include "mapsound/check.hpp"

namespace mapsound::check {

using rel::Expr;
using rel::Formula;
using rel::Relation;
using rel::TupleSet;

namespace {

Expr witness_named(const model::ModelInstance& m, const char* name, const char* side) {
    for (const auto& w : m.witnesses)
        if (w.name == name) return w.relation;
    throw std::invalid_argument(std::string("the ") + side + " model has no witness '" + name +
                                "', which the lift of the check needs");
}

Expr definition_named(const model::ModelInstance& m, const char* name, const char* side) {
    auto it = m.definitions.find(name);
    if (it == m.definitions.end())
        throw std::invalid_argument(std::string("the ") + side + " model defines no '" + name +
                                    "', which the lift of the check needs");
    return it->second;
}

}  // namespace

rel::Formula SymbolicProblem::lifting(const model::ModelInstance& lifted) const {
    const Expr co_s = witness_named(lifted, "co", "source"), co_t = witness_named(target, "co", "target");
    if (lift_ == mapping::Lift::extends) {
        const Expr fr_s = definition_named(lifted, "fr", "source"), fr_t = definition_named(target, "fr", "target");
        const Expr back = map.transpose();
        return co_t.in(back.join(co_s).join(map)) && fr_t.in(back.join(fr_s).join(map));
    }
    return co_s.eq(map.join(co_t.closure() & target_vocabulary_.at("int")).join(map.transpose()));
}

namespace {

// The axiom or flag 'name' of the instance 'm' is violated (an axiom
// fails, a flag fires); for kWholeModel, some axiom fails.
Formula violated_in(const model::ModelInstance& m, const std::string& name) {
    if (name == kWholeModel) {
        Formula all = Formula::constant(true);
        for (const auto& a : m.axioms) all = all && a.holds;
        return !all;
    }
    for (const auto& a : m.axioms)
        if (a.name == name) return !a.holds;
    for (const auto& f : m.flags)
        if (f.name == name) return f.holds;
    std::string names;
    for (const auto& a : m.axioms) names += (names.empty() ? "" : ", ") + a.name;
    for (const auto& f : m.flags) names += (names.empty() ? "" : ", ") + f.name + " (flag)";
    throw std::invalid_argument("the source model has no axiom or flag '" + name + "'; it has " + names);
}

// Each witness of 'm' bound to its value in 'witnesses' (throws naming
// 'caller' when one has none), appended to 'constants'.
void bind_witnesses(const model::ModelInstance& m, const std::map<std::string, TupleSet>& witnesses,
                    const char* caller, std::vector<std::pair<Relation, TupleSet>>& constants) {
    for (const auto& w : m.witnesses) {
        auto found = witnesses.find(w.name);
        if (found == witnesses.end())
            throw std::invalid_argument(std::string(caller) + ": no value for the witness " + w.name);
        constants.emplace_back(w.relation, found->second);
    }
}

// The flag 'name' of the instance 'm' does not fire.
Formula flag_quiet_in(const model::ModelInstance& m, const std::string& name) {
    for (const auto& f : m.flags)
        if (f.name == name) return !f.holds;
    std::string names;
    for (const auto& f : m.flags) names += (names.empty() ? "" : ", ") + f.name;
    throw std::invalid_argument("the source model has no flag '" + name + "'; its flags: " +
                                (names.empty() ? std::string("none") : names));
}

}  // namespace

rel::Formula SymbolicProblem::violated(const std::string& name) const { return violated_in(source, name); }

rel::Formula SymbolicProblem::target_events_at_most(int m) const {
    // A sequential counter over the slots: at_least[k] says that k of the
    // slots seen so far are events.
    const std::size_t n = static_cast<std::size_t>(layout_.size);
    std::vector<Formula> at_least(static_cast<std::size_t>(m) + 2, Formula::constant(false));
    at_least[0] = Formula::constant(true);
    for (const auto& op : layout_.operations) {
        const Row& row = op.rmw ? lowering_.rmw : lowering_.single;
        for (int j = 0; j < row.size; ++j) {
            const Formula exists =
                rel::constant(TupleSet(n, 1).add(static_cast<std::size_t>(op.first_slot + j))).in(target_exists);
            for (std::size_t k = at_least.size() - 1; k >= 1; --k) at_least[k] = at_least[k] || (at_least[k - 1] && exists);
        }
    }
    return !at_least.back();
}

rel::Formula SymbolicProblem::not_racy_with(const model::Model& source_model, const TupleSet& rf,
                                            const std::map<std::string, TupleSet>& witnesses,
                                            const std::string& race_flag,
                                            std::vector<std::pair<Relation, TupleSet>>& constants) const {
    model::Vocabulary v = source_vocabulary_;
    const Expr rf_given = rel::constant(rf);
    v.insert_or_assign("rf", rf_given);
    const model::ModelInstance m = source_model.instantiate(v);
    bind_witnesses(m, witnesses, "not_racy_with", constants);
    // The given rf is a reads-from of this program: from writes to reads of
    // one location, and every read reads from some write.
    const Expr R = v.at("R"), W = v.at("W");
    const Formula reads_from = rf_given.in(W.product(R) & v.at("loc")) && R.in(v.at("_").join(rf_given));
    return !(reads_from && m.consistent() && !flag_quiet_in(m, race_flag));
}

rel::Formula SymbolicProblem::no_satisfying_lift(const model::Model& source_model,
                                                 const std::map<std::string, TupleSet>& witnesses,
                                                 const std::string& axiom, const std::optional<std::string>& race_flag,
                                                 std::vector<std::pair<Relation, TupleSet>>& constants) const {
    const model::ModelInstance m = source_model.instantiate(source_vocabulary_);
    bind_witnesses(m, witnesses, "no_satisfying_lift", constants);
    const Formula race_free = race_flag ? flag_quiet_in(m, *race_flag) : Formula::constant(true);
    return !(m.well_formed() && lifting(m) && race_free && !violated_in(m, axiom));
}

rel::Formula SymbolicProblem::flag_quiet(const std::string& name) const { return flag_quiet_in(source, name); }

}  // namespace mapsound::check
