// The AST node behind Expr and Formula (internal).
//
// One node type for expressions and formulas keeps traversals (printing,
// polarity analysis, translation, evaluation) to a single switch each.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "mapsound/rel/ast.hpp"

namespace mapsound::rel::detail {

enum class Kind {
    // Expressions.
    none, univ, iden, constant, relation, variable,
    union_, intersection, difference, join, product, transpose,
    closure, reflexive_closure, iden_on, domain_restrict, range_restrict,
    if_then_else, domain, range,
    recursion_variable, fixpoint,  // fixpoint: component 'index' of a fixpoint_system
    fixpoint_system,               // children: variables..., bodies... (neither expression nor formula)
    // Formulas.
    truth, subset, equal, no, some, one, lone,
    and_, or_, not_, implies, iff, forall, exists,
    acyclic, irreflexive,
};

bool is_formula(Kind kind);
// Leaves that are bound by an enclosing construct (quantifier, fixpoint).
bool is_bound_leaf(Kind kind);

struct Node {
    Kind kind;
    int arity = 0;                  // 1 or 2 for expressions, 0 for formulas
    std::vector<NodePtr> children;  // quantifiers: variable, domain, body
    std::optional<TupleSet> tuples; // constant
    std::string name;               // relation, variable
    std::uint64_t id = 0;           // relation, variable
    bool value = false;             // truth
    std::size_t index = 0;          // fixpoint: which component
    std::vector<std::uint64_t> free_variables;  // sorted ids
};

// Builds a node, checking nothing but computing free variables.
NodePtr make_node(Kind kind, int arity, std::vector<NodePtr> children);

}  // namespace mapsound::rel::detail
