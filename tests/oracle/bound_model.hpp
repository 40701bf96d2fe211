// A memory model made ready for judging many small executions with the
// plain evaluator (rel::evaluate) and nothing else.
//
// The model is instantiated once, on a vocabulary of free relations named
// after the execution vocabulary's names (README, "Execution vocabulary"),
// so that every formula is a tree over those relations, rf and the model's
// witnesses.  Per pre-execution the primitive names' values are computed
// (vocabulary_facts.hpp), the derived names' evaluated from their one
// definition (exec::derive_vocabulary), and all set in an instance; rf and
// the witnesses are then set candidate by candidate (set_rf, set_witness).
// Instantiating once per model rather than once per program is only a
// saving, as is evaluating repeated subterms once (shared_terms.hpp): the
// formulas have the same values (tests/oracle_test.cpp compares them with
// the model instantiated on exec::vocabulary_of, on random executions).
//
// Formulas are sorted into stages by the free relations they read: stage 0
// the vocabulary only, stage 1 also rf, stage 2 + k also witness k
// (declaration order).  A formula is evaluated as soon as its stage is
// set, so that a bad rf or coherence order is dropped before later
// witnesses are listed.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "mapsound/exec.hpp"
#include "mapsound/model.hpp"
#include "mapsound/rel.hpp"
#include "oracle/shared_terms.hpp"

namespace mapsound::oracle {

class BoundModel {
public:
    // 'definitions': the `let` names whose values will be asked for
    // (definition()), such as "fr".  Throws std::invalid_argument for a
    // model this oracle cannot judge with: a witness whose upper bound
    // reads itself or a later witness.
    explicit BoundModel(const model::Model& model, const std::vector<std::string>& definitions = {"fr"});
    // The stage lists point into the model's own formulas: not copyable.
    BoundModel(const BoundModel&) = delete;
    BoundModel& operator=(const BoundModel&) = delete;

    // The model as instantiated on the free vocabulary (names, witnesses).
    const model::ModelInstance& instance() const { return instance_; }
    const rel::Relation& rf() const { return rf_; }
    std::size_t witnesses() const { return instance_.witnesses.size(); }
    const rel::Relation& witness(std::size_t k) const { return instance_.witnesses.at(k).relation; }
    // The index of the witness named 'name'; throws std::invalid_argument.
    std::size_t witness_index(const std::string& name) const;

    // The requirements, axioms and flags as evaluated here (rebuilt on the
    // shared terms), in the model's order.
    const std::vector<model::Axiom>& requirements() const { return requirements_; }
    const std::vector<model::Axiom>& axioms() const { return axioms_; }
    const std::vector<model::Axiom>& flags() const { return flags_; }
    // A definition named at construction, as evaluated here; nullopt when
    // the model has none of that name.
    std::optional<rel::Expr> definition(const std::string& name) const;
    int stage_of(const rel::Formula& f) const { return shared_->stage_of(f.node()); }
    int stage_of(const rel::Expr& e) const { return shared_->stage_of(e.node()); }

    // An instance for 'x': every vocabulary relation set to its value on x
    // and the stage-0 shared terms evaluated; rf and witnesses not yet set.
    rel::Instance instance_for(const exec::PreExecution& x) const;
    // Set rf or witness k (rf and the earlier witnesses set), and evaluate
    // what depends on it and nothing later.
    void set_rf(rel::Instance& instance, rel::TupleSet rf) const;
    void set_witness(rel::Instance& instance, std::size_t k, rel::TupleSet value) const;

    // Requirements, then axioms, grouped by stage (0 .. 1 + witnesses()):
    // what a consistent execution satisfies.
    const std::vector<std::vector<const model::Axiom*>>& consistency_by_stage() const { return consistency_; }
    // Requirements only, by stage: what a candidate execution satisfies.
    const std::vector<std::vector<const model::Axiom*>>& requirements_by_stage() const { return requirements_by_stage_; }

    // The candidate values of witness k on 'instance' (rf and the earlier
    // witnesses set): strict partial orders within its upper bound when
    // the model requires it to be one (total on the bound when the model
    // requires that too), else every subset of the bound.
    std::vector<rel::TupleSet> witness_candidates(std::size_t k, const rel::Instance& instance) const;
    bool is_partial_order(std::size_t k) const { return partial_order_.at(k); }
    bool is_total_on_bound(std::size_t k) const { return total_on_bound_.at(k); }

private:
    model::ModelInstance instance_;
    rel::Relation rf_;
    std::map<std::string, rel::Relation> primitive_relation_;  // every primitive name but rf
    std::vector<std::pair<rel::Relation, rel::Expr>> derived_;       // a derived name, its definition
    std::unique_ptr<SharedTerms> shared_;
    std::vector<model::Axiom> requirements_, axioms_, flags_;
    std::vector<rel::Expr> uppers_;
    std::vector<std::pair<std::string, rel::Expr>> definitions_;
    std::vector<std::vector<const model::Axiom*>> consistency_, requirements_by_stage_;
    std::vector<bool> partial_order_, total_on_bound_;
};

// Whether every formula in 'conditions' holds in 'instance'.
bool all_hold(const std::vector<const model::Axiom*>& conditions, const rel::Instance& instance);

}  // namespace mapsound::oracle
