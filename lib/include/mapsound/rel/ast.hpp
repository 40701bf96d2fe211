// Relational expressions and formulas (the AST of mapsound's relational logic).
//
// Expressions denote sets (arity 1) or binary relations (arity 2); formulas
// denote truth values.  Values are immutable and cheap to copy (they share
// their nodes).  Building a term with operands of the wrong arity throws
// std::invalid_argument at once, naming the operator.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "mapsound/rel/universe.hpp"

namespace mapsound::rel {

namespace detail {
struct Node;
}
using NodePtr = std::shared_ptr<const detail::Node>;

class Formula;

class Expr {
public:
    // 1 (a set) or 2 (a binary relation).
    int arity() const;
    // Printed in the model-language syntax, for messages.
    std::string to_string() const;
    const NodePtr& node() const { return node_; }
    explicit Expr(NodePtr node) : node_(std::move(node)) {}

    // Relational algebra.
    Expr join(const Expr& other) const;        // this ; other (composition)
    Expr product(const Expr& other) const;     // this x other, both sets
    Expr transpose() const;                    // this^-1
    Expr closure() const;                      // this^+
    Expr reflexive_closure() const;            // this^*
    Expr optional() const;                     // this? = this | iden
    Expr domain() const;                       // { a | a->b in this }
    Expr range() const;                        // { b | a->b in this }

    // Formulas about this expression.
    Formula in(const Expr& other) const;       // subset
    Formula eq(const Expr& other) const;       // equality
    Formula no() const;                        // empty
    Formula some() const;                      // non-empty
    Formula one() const;                       // exactly one tuple
    Formula lone() const;                      // at most one tuple

private:
    NodePtr node_;
};

Expr operator|(const Expr& a, const Expr& b);  // union
Expr operator&(const Expr& a, const Expr& b);  // intersection
Expr operator-(const Expr& a, const Expr& b);  // difference

// A free relation, given values by Bounds.  Each call to unary()/binary()
// makes a new relation, distinct from all others even if names coincide.
class Relation : public Expr {
public:
    static Relation unary(const std::string& name);
    static Relation binary(const std::string& name);
    const std::string& name() const;
    // Unique per relation; orders relations by creation.
    std::uint64_t id() const;

private:
    using Expr::Expr;
};

// A first-order variable, bound by forall/exists to one atom at a time.
class Variable : public Expr {
public:
    static Variable unary(const std::string& name);
    const std::string& name() const;
    std::uint64_t id() const;

private:
    using Expr::Expr;
};

// A recursion variable: names one component of a least fixpoint inside the
// bodies of that fixpoint (see least_fixpoint).
class RecursionVariable : public Expr {
public:
    static RecursionVariable unary(const std::string& name);
    static RecursionVariable binary(const std::string& name);
    const std::string& name() const;

private:
    using Expr::Expr;
};

// The least solution of the system x_i = bodies[i] (i = 0..k-1), one
// expression per component.  Every body must have the arity of its variable
// and be monotone in every variable (no variable under the right operand of
// a difference or inside a formula); otherwise throws std::invalid_argument
// saying which variable occurs where.  A recursion variable used outside the
// bodies of its system is an error when the formula is translated.
std::vector<Expr> least_fixpoint(const std::vector<RecursionVariable>& variables, const std::vector<Expr>& bodies);

// Constants.
Expr none(int arity);
Expr univ();                                   // every atom
Expr iden();                                   // {(a, a)}
Expr constant(const TupleSet& tuples);
// [S]: the identity restricted to set S.
Expr iden_on(const Expr& set);
// S <: r  and  r :> S : domain and range restriction.
Expr domain_restrict(const Expr& set, const Expr& relation);
Expr range_restrict(const Expr& relation, const Expr& set);
// cond ? then : otherwise (both branches of one arity).
Expr if_then_else(const Formula& cond, const Expr& then, const Expr& otherwise);

class Formula {
public:
    std::string to_string() const;
    const NodePtr& node() const { return node_; }
    explicit Formula(NodePtr node) : node_(std::move(node)) {}

    static Formula constant(bool value);

private:
    NodePtr node_;
};

Formula operator&&(const Formula& a, const Formula& b);
Formula operator||(const Formula& a, const Formula& b);
Formula operator!(const Formula& a);
Formula implies(const Formula& a, const Formula& b);
Formula iff(const Formula& a, const Formula& b);
// all v: domain | body  and  some v: domain | body.  'domain' must be a set;
// grounded over the upper bound of 'domain' when translated.
Formula forall(const Variable& v, const Expr& domain, const Formula& body);
Formula exists(const Variable& v, const Expr& domain, const Formula& body);

// The forms memory models are written in.
Formula acyclic(const Expr& r);                // no cycle: no (r^+ & iden)
Formula irreflexive(const Expr& r);            // no (r & iden)
Formula transitive(const Expr& r);             // r;r in r
// r is a strict total order on set s: r in s x s, irreflexive, transitive,
// and any two distinct elements of s are related one way or the other.
Formula strict_total_order(const Expr& r, const Expr& s);
// r is a total function from set a to set b.
Formula function(const Expr& r, const Expr& a, const Expr& b);
// r is injective: no two elements are related to the same element.
Formula injective(const Expr& r);

}  // namespace mapsound::rel
