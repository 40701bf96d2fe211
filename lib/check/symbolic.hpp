// The mapping check for one program shape as one relational problem.
//
// Universe: the source program's initial writes (one per possible
// location) and events, then the target's initial writes and the slots of
// the lowering rows (lowering.hpp) of every source operation.  What the
// shape fixes is constant: source and target program order, rmw pairs,
// threads and scope tree, the map relation from source events to their
// slots.  What the solver chooses is a few small relations: the rule
// ("class": kind and memory order) of every source operation, its scope,
// its location, its dependencies, and the target execution (rf and the
// target model's witnesses) and the source's own witnesses.  Every base
// set and relation of both vocabularies is an expression over these, so
// the two models are instantiated once on this problem.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "check/lowering.hpp"
#include "check/shape.hpp"
#include "mapsound/mapping.hpp"
#include "mapsound/model.hpp"
#include "mapsound/rel.hpp"

namespace mapsound::check {

struct EncodingSettings {
    // Source events carry scopes and threads a place in the scope tree (the
    // source model reads the scope tree or the scope sets); otherwise every
    // atomic source event is system-scoped and every thread in CTA 0 of GPU 0.
    bool scoped = false;
    // With 'scoped': the scope tree has a cluster level between CTA and GPU
    // (a check's `scopes cta cluster gpu sys`), so threads sit in clusters
    // and atomics may be .cluster; otherwise a GPU's CTAs form one cluster.
    bool cluster = false;
    // With 'scoped': every thread on one GPU (a check's `scopes cta gpu`).
    bool one_gpu = false;
    // Dependencies are chosen by the solver (the source model reads
    // addr/data/ctrl); otherwise programs have none.
    bool dependencies = false;
    mapping::Lift lift = mapping::Lift::extends;
    // Order the contents of exchangeable threads (a symmetry of the shape).
    bool order_equal_threads = true;
    // The placement of threads into CTAs and GPUs is chosen by the solver
    // (same_cta, same_gpu) instead of fixed by the shape, whose placement
    // is then ignored: one problem covers every scope tree of its threads.
    bool free_placement = false;
};

// Where each part of a shape sits in the universe.
struct Layout {
    int locations = 0;  // possible locations: one per operation
    int source_size = 0;  // source atoms: initial writes, then events
    int target_iw = 0;    // first target initial write
    int size = 0;         // all atoms
    struct Operation {
        int thread = 0;
        bool rmw = false;
        int head = 0;         // source atom: the event, or the RMW's read
        int write = -1;       // source atom of the RMW's write
        int first_slot = 0;   // target atom of the row's first slot
    };
    std::vector<Operation> operations;  // in thread order, then program order
    // For each source atom: its thread (-1 for initial writes).
    std::vector<int> source_thread;
};

class SymbolicProblem {
public:
    // Throws std::invalid_argument when the models lack what the lift
    // needs (a source witness `co`, `fr` definitions, a target `co`), and
    // model::ModelError from instantiation.
    SymbolicProblem(const Shape& shape, const Lowering& lowering, const model::Model& source_model,
                    const model::Model& target_model, const EncodingSettings& settings);

    const Layout& layout() const { return layout_; }
    const Lowering& lowering() const { return lowering_; }
    // The vocabularies the two models are instantiated on: every primitive
    // and derived name, as expressions over the solver's choices.
    const model::Vocabulary& source_vocabulary() const { return source_vocabulary_; }
    const model::Vocabulary& target_vocabulary() const { return target_vocabulary_; }

    rel::Bounds bounds;
    model::ModelInstance source;
    model::ModelInstance target;

    // Well-formed programs of the shape (one rule per operation, scopes,
    // locations numbered by first use, dependencies from reads to later
    // accesses).
    rel::Formula program;
    // A consistent target execution: rf a function from target reads to
    // same-location writes, and every target requirement and axiom.
    rel::Formula target_consistent;
    // The lifted source execution: its witnesses well-formed, and the
    // lifting constraints of the check's Lift.
    rel::Formula source_lifted;

    // The source model's axiom or flag 'name' is violated (an axiom fails,
    // a flag fires); for kWholeModel, some axiom fails.  Throws std::invalid_argument naming the available
    // ones when the source model has neither.
    rel::Formula violated(const std::string& name) const;
    // The compiled program has at most 'm' events (initial writes not
    // counted): Alloy's `for N` bound on the target side.
    rel::Formula target_events_at_most(int m) const;
    // The formula that a given source execution, over source atoms (its
    // reads-from 'rf' and each source witness by name), is not a consistent
    // execution of the program that raises the flag 'race_flag'.  The model
    // is instantiated afresh on it: 'constants' receives each new witness
    // relation with its value, which the caller must bind as constants
    // (rel::Problem::add_constant) before adding the formula.
    rel::Formula not_racy_with(const model::Model& source_model, const rel::TupleSet& rf,
                               const std::map<std::string, rel::TupleSet>& witnesses, const std::string& race_flag,
                               std::vector<std::pair<rel::Relation, rel::TupleSet>>& constants) const;
    // The formula that a given choice of every source witness, over source
    // atoms, is not a lift of the candidate (witness requirements and the
    // lifting constraints against the symbolic target execution) that is
    // race-free under 'race_flag' and satisfies 'axiom' (kWholeModel: every
    // axiom; a flag: quiet).  A lift that confirm() found satisfying for one
    // candidate thereby excludes every candidate of the shape for which it is
    // one too, each of them spurious: counterexample-guided refinement of the
    // "every lift violates" side.  'constants' as for not_racy_with.
    rel::Formula no_satisfying_lift(const model::Model& source_model,
                                    const std::map<std::string, rel::TupleSet>& witnesses, const std::string& axiom,
                                    const std::optional<std::string>& race_flag,
                                    std::vector<std::pair<rel::Relation, rel::TupleSet>>& constants) const;
    // The source model's flag 'name' does not fire.  Throws as above.
    rel::Formula flag_quiet(const std::string& name) const;

    // The solver's choices, to read a program back from an instance.
    struct RuleClass {
        const PlacedRule* rule = nullptr;
        bool rmw = false;
        rel::Relation heads;  // the operations (their head atoms) lowered by this rule
    };
    std::vector<RuleClass> classes;
    std::optional<rel::Relation> scope_cta, scope_gpu, scope_sys;  // heads, when scoped
    std::optional<rel::Relation> scope_cluster;  // heads, when scoped with a cluster level
    rel::Relation location;   // head -> source initial write of its location
    std::optional<rel::Relation> dependency;  // read -> later head
    // With free placement: equivalences over the threads, each thread named
    // by the head atom of its first operation.
    std::optional<rel::Relation> same_cta, same_gpu;
    std::optional<rel::Relation> same_cluster;  // with a cluster level
    rel::Relation target_rf;
    rel::Expr target_exists;  // the slots that are events, and the target initial writes
    rel::Expr map;            // source event -> target event

private:
    // The lifting constraints of 'lift_' for a source instance over this
    // problem's vocabulary (its witnesses lifted from the target's).
    rel::Formula lifting(const model::ModelInstance& lifted) const;

    mapping::Lift lift_ = mapping::Lift::extends;
    model::Vocabulary source_vocabulary_, target_vocabulary_;
    Layout layout_;
    Lowering lowering_;
};

}  // namespace mapsound::check
