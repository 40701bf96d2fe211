// First-order statements about executions, built three ways at once: the
// Prop (over S, T and map_), its boolean decision on finite executions
// (over the booleans Sb, Tb and mb and the finite types fs and ft), and the
// proof term that the boolean reflects the Prop (from hS : xreflects Sb S,
// hT and hm : reflectsM mb map_), as model_module.cpp does for model
// expressions.  Booleans use the lazy forms of MsBool.v (a conjunction
// stops at its first false part), so that quantifiers nested under guards
// cost little.
#pragma once

#include <string>
#include <vector>

namespace mapsound::coq::logic {

// One side of a compilation: its execution, booleans, reflection
// hypothesis, finite record and event type.
struct Side {
    std::string exec, bexec, hyp, fin, type;
};
extern const Side kSource;  // S, Sb, hS, fs, Es
extern const Side kTarget;  // T, Tb, hT, ft, Et

struct Formula {
    std::string prop, boolean, proof;
    // How the Prop is built, for parentheses: an application or negation
    // (binds tighter than every connective), a conjunction, a disjunction,
    // an implication, a quantifier, anything else (iff).
    enum class Shape { atom, conj, disj, impl, quant, other } shape = Shape::atom;
};

// A set or relation: its meaning, boolean and reflection proof.
struct Term {
    int arity = 2;
    std::string prop, boolean, proof;
};

// ---- atoms
Term field(const Side& s, const std::string& primitive);  // a primitive of the vocabulary: "R", "same-cta", "at"
Formula holds(const Term& set, const std::string& x);
Formula holds(const Term& relation, const std::string& x, const std::string& y);
Formula mapped(const std::string& e, const std::string& t);  // map_ e t
Formula equal(const Side& s, const std::string& x, const std::string& y);
// order_is, scope_is: the MsExec.v option constant, "None" or "(Some O_ACQ)".
Formula order_is(const Side& s, const std::string& x, const std::string& order);
Formula scope_is(const Side& s, const std::string& x, const std::string& level);
Formula atomic(const Side& s, const std::string& x);
Formula thread_event(const Side& s, const std::string& x);
Formula memory_event(const Side& s, const std::string& x);
// The family set of a variable bound over Ord, Lvl, Tag: order_set S o x.
Formula order_set(const Side& s, const std::string& o, const std::string& x);
Formula scope_set(const Side& s, const std::string& l, const std::string& x);
Formula tag_set(const Side& s, const std::string& g, const std::string& x);
Formula truth();
Formula falsity();

// ---- connectives (conj and disj of none: True, False)
Formula conj(const std::vector<Formula>& parts);
Formula disj(const std::vector<Formula>& parts);
Formula implies(const Formula& a, const Formula& b);
Formula iff(const Formula& a, const Formula& b);
Formula negation(const Formula& a);

// ---- quantifiers over a side's events, and over MsExec.v's enumerations
Formula forall_events(const Side& s, const std::string& var, const Formula& body);
Formula exists_events(const Side& s, const std::string& var, const Formula& body);
// family: "Ord", "Lvl" or "Tag".
Formula forall_in(const std::string& family, const std::string& var, const Formula& body);

// ---- relational properties over one side
Formula same_rel(const Side& s, const Term& a, const Term& b);
Formula at_most(const Side& s, const std::string& n, const Term& set);
Formula same_count(const Side& s, const Term& a, const Term& b);
Term set_diff(const Term& a, const Term& b);
Term set_inter(const Term& a, const Term& b);
Term thread_events(const Side& s);
Term lifted(const Term& target_relation);  // through map_, to the source

// A statement's Prop laid out for reading: the line breaks it has (after
// connectives of long parts) indented by their depth of parentheses, plus
// 'indent'.
std::string layout(const std::string& prop, int indent);

}  // namespace mapsound::coq::logic
