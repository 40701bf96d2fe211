// Judging one source program of a mapping check by enumeration: the
// oracle's definition of a counterexample, written from README's "Mapping
// checks" and apart from lib/check.
//
// A program P is a counterexample for axiom A (or a flag, violated where it
// fires) when its compiled program (mapping::compile) has a consistent
// target execution X (every read reads exactly one write of its location;
// the target model's witnesses chosen among their candidates; every
// requirement and axiom of the target model holds) whose lifts are
// race-free and violate A:
//   - the lifts of X are the source executions with rf = map;rf_X;map^-1
//     and source witnesses meeting the source model's requirements, and
//       extends:    co_X ⊆ map^-1;co;map and fr_X ⊆ map^-1;fr;map
//       per-thread: co = map;(co_X^+ & same thread);map^-1
//   - among them, the race-free ones (the check's race-free flag does not
//     fire) must be at least one, and none may satisfy A.
// The question "*" (README: `axiom *`, the source model as a whole) is
// the conjunction of every axiom of the source model, flags not among
// them: a counterexample's race-free lifts each violate some axiom.
// A program is a class witness when some consistent target execution has
// a race-free lift at all: the least a counterexample needs.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "mapsound/compile.hpp"
#include "mapsound/exec.hpp"
#include "mapsound/mapping.hpp"
#include "mapsound/model.hpp"
#include "oracle/bound_model.hpp"

namespace mapsound::oracle {

// README's name of the whole source model as a question.
inline constexpr const char* kWholeModel = "*";

// The question of one check, apart from its mapping.
struct Question {
    std::vector<std::string> axioms;  // axioms or flags of the source model, or kWholeModel
    std::optional<std::string> race_flag;
    mapping::Lift lift = mapping::Lift::extends;
};

// The source model with the question's axioms and flags resolved.
class SourceSide {
public:
    // Throws std::invalid_argument for a name the source model lacks, or a
    // model without the witness co (and, for extends, the definition fr).
    SourceSide(const model::Model& source, Question question);
    const BoundModel& model() const { return model_; }
    const Question& question() const { return question_; }
    std::size_t co() const { return co_; }
    const model::Axiom* race() const { return race_; }
    // Whether the execution in 'instance' satisfies axiom number a.
    bool satisfies(std::size_t a, const rel::Instance& instance) const;

private:
    BoundModel model_;
    Question question_;
    std::size_t co_ = 0;
    const model::Axiom* race_ = nullptr;
    // Per question: (the axioms that must all hold, or the one flag; is a flag).
    std::vector<std::pair<std::vector<const model::Axiom*>, bool>> axioms_;
};

// One well-formed source execution of a program for one rf: its rf and
// witnesses, its fr, and which of the question's axioms it satisfies.
// Whether it is racy is evaluated when first asked (SourceTable::racy):
// only executions that could matter to a verdict are asked.
struct SourceExecution {
    rel::TupleSet rf;
    std::vector<rel::TupleSet> witnesses;  // in the model's order
    rel::TupleSet fr;
    std::vector<bool> satisfies;
    mutable std::optional<bool> racy;
};

// Every well-formed source execution of one program, by rf.  The rf is
// written as the writer of each read (event indices, reads in event order).
class SourceTable {
public:
    SourceTable(const SourceSide& side, const exec::PreExecution& program);
    const std::vector<SourceExecution>& executions(const std::vector<int>& writers) const;
    const rel::TupleSet& co(const SourceExecution& e) const { return e.witnesses[side_->co()]; }
    // Whether the race-free flag fires on the execution (false without one).
    bool racy(const SourceExecution& e) const;
    // Some rf has a race-free execution that violates axiom a: without
    // one, the program is no counterexample for a.
    bool may_violate(std::size_t a) const { return may_violate_.at(a); }
    // Some rf has a race-free execution.
    bool may_be_race_free() const;
    // Positions of each read event among the reads (-1 for other events).
    const std::vector<int>& read_position() const { return read_position_; }
    std::size_t reads() const { return reads_; }

private:
    const SourceSide* side_;
    mutable rel::Instance instance_;  // set to an execution when racy() asks
    std::map<std::vector<int>, std::vector<SourceExecution>> by_rf_;
    std::vector<bool> may_violate_;
    std::vector<int> read_position_;
    std::size_t reads_ = 0;
};

// The target model with what the lift reads resolved.
class TargetSide {
public:
    // Throws std::invalid_argument for a target model without the witness
    // co or, for extends, a definition fr that reads rf and co only.
    TargetSide(const model::Model& target, mapping::Lift lift);
    const BoundModel& model() const { return model_; }
    std::size_t co() const { return co_; }
    const rel::Expr& fr() const { return *fr_; }  // extends only
    mapping::Lift lift() const { return lift_; }

private:
    BoundModel model_;
    std::size_t co_ = 0;
    std::optional<rel::Expr> fr_;
    mapping::Lift lift_;
};

struct Judgement {
    std::vector<bool> counterexample;  // per axiom of the question
    bool witness = false;              // valid only when asked for
    bool compiled = false;  // the source side left something to decide: compiled and enumerated
    // Target (rf, co) pairs whose lifts could change the judgement, and so
    // were searched for a consistent choice of the later witnesses.
    std::size_t target_executions = 0;
};

// Judges 'program' (whose source table is 'table') under 'mapping'.  With
// 'want_witness' false the witness bit is not looked for.
Judgement judge(const SourceSide& source, const SourceTable& table, const TargetSide& target,
                const exec::PreExecution& program, const mapping::Mapping& mapping, bool want_witness);

}  // namespace mapsound::oracle
