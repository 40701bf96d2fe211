// Common subterms of a model's formulas, evaluated once per execution.
//
// A model's `let` names are inlined by elaboration into one DAG: RC11's hb
// occurs six times in psc, PTX's cause in three axioms, and the plain
// evaluator, which keeps no memo, evaluates each occurrence anew.  Here
// every expression node that occurs more than once and is closed (no
// quantified or recursion variable in it) becomes a fresh relation, the
// formulas are rebuilt to read it, and its value is evaluated (by
// rel::evaluate, on its own definition rebuilt the same way) whenever what
// it reads changes: the vocabulary (stage 0), rf (stage 1) or witness k
// (stage 2 + k).  The rebuilt formulas have the values of the originals
// on every instance (tests/oracle_test.cpp checks it on random
// executions); only the work differs.
#pragma once

#include <cstdint>
#include <functional>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "mapsound/rel.hpp"

namespace mapsound::oracle {

class SharedTerms {
public:
    // 'roots': every formula and expression that will be evaluated.
    // 'leaf_stage': the stage of a free relation (by id).
    SharedTerms(const std::vector<rel::NodePtr>& roots, const std::function<int(std::uint64_t)>& leaf_stage,
                int stages);

    // A root rebuilt to read the shared terms.
    rel::Formula rebuilt(const rel::Formula& f) const { return rel::Formula(rebuilt(f.node())); }
    rel::Expr rebuilt(const rel::Expr& e) const { return rel::Expr(rebuilt(e.node())); }
    // The stage of a root, original or rebuilt: the latest stage of a
    // relation it reads.
    int stage_of(const rel::NodePtr& root) const;

    // Evaluates the shared terms of 'stage', in order, into 'instance'
    // (everything they read must be set there).
    void evaluate(int stage, rel::Instance& instance) const;
    std::size_t size() const { return count_; }
    // Whether a rebuilt root or a shared term's definition reads the free
    // relation 'id' (a relation no evaluation here needs can stay unset).
    bool reads(std::uint64_t id) const { return read_.count(id) > 0; }

private:
    rel::NodePtr rebuilt(const rel::NodePtr& node) const;
    std::unordered_map<const void*, rel::NodePtr> rebuilt_;  // original node -> rebuilt (a leaf when shared)
    std::unordered_map<const void*, int> stage_;  // of original and rebuilt nodes
    std::vector<std::vector<std::pair<rel::Relation, rel::Expr>>> by_stage_;  // definitions, children first
    std::unordered_set<std::uint64_t> read_;
    std::size_t count_ = 0;
};

}  // namespace mapsound::oracle
