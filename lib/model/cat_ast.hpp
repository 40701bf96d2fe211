// The syntax tree of a model file (.cat), as parsed, before names are
// resolved.  Every node keeps its source position for error messages.
#pragma once

#include <memory>
#include <string>
#include <vector>

namespace mapsound::model {

struct SourcePos {
    std::string file;  // as given to the parser (after include resolution)
    int line = 0;      // 1-based
    int column = 0;    // 1-based
};

struct CatExpr;
using CatExprPtr = std::shared_ptr<const CatExpr>;

struct CatExpr {
    enum class Kind {
        name,          // a name: a definition, a base relation/set, or _ / 0 / id
        empty,         // 0
        universe,      // _
        union_,        // a | b
        intersection,  // a & b
        difference,    // a \ b
        sequence,      // a ; b
        product,       // a * b   (cartesian product of two sets)
        inverse,       // a^-1
        plus,          // a+
        star,          // a*
        optional,      // a?
        identity_on,   // [a]
        complement,    // ~a
        call,          // f(args): domain(r), range(r), or a user function
    };
    Kind kind;
    SourcePos pos;
    std::string name;                  // name, call
    std::vector<CatExprPtr> operands;  // in source order
};

struct CatBinding {
    std::string name;
    std::vector<std::string> parameters;  // non-empty for `let f(x, y) = ...`
    CatExprPtr body;
    SourcePos pos;
};

struct CatStatement {
    enum class Kind {
        let,        // let a = e [and b = e ...]   (non-recursive)
        let_rec,    // let rec a = e [and b = e ...]
        axiom,      // [flag] [~]acyclic|irreflexive|empty e [as name]
        include,    // include "file.cat"  (resolved by the parser; kept for reference)
        witness,    // witness name <= e  [as text]
        require,    // require acyclic|irreflexive|empty e [as name]  (well-formedness)
        show,       // show/unshow ... (herd display directives; ignored)
        needs,      // needs NAME, ... [as "text"]: vocabulary the programs' dialect must set
        ignores,    // ignores NAME, ... [as "text"]: dialect vocabulary the model deliberately reads not
    };
    enum class Test { acyclic, irreflexive, empty };
    Kind kind;
    SourcePos pos;
    std::vector<CatBinding> bindings;  // let, let_rec
    // axiom / require
    Test test = Test::empty;
    bool negated = false;  // ~empty
    bool flag = false;     // `flag ...`: reported, not a constraint
    CatExprPtr expr;       // axiom, require: the tested expression; witness: the upper bound
    std::string name;      // `as name` (axiom/require), witness name, include path
    std::string description;  // witness: the `as "..."` text (empty when absent)
    SourcePos name_pos;       // witness, axiom, require: of the name (or the expression that names it)
    // needs, ignores: the vocabulary names declared, with their positions
    // (the `as "..."` text is in 'description').
    std::vector<std::string> names;
    std::vector<SourcePos> name_positions;
};

// The name an axiom, flag or requirement goes by: its `as` name; else the
// tested expression's when it is a name (`acyclic hb` is "hb"); else the
// test and line ("acyclic@12").
inline std::string statement_name(const CatStatement& st) {
    if (!st.name.empty()) return st.name;
    static const char* const tests[] = {"acyclic", "irreflexive", "empty"};
    if (st.expr && st.expr->kind == CatExpr::Kind::name) return st.expr->name;
    return std::string(tests[static_cast<int>(st.test)]) + "@" + std::to_string(st.pos.line);
}

struct CatModel {
    std::string title;  // the optional quoted or bare title on the first line
    std::string path;
    std::vector<CatStatement> statements;  // includes already spliced in place
};

}  // namespace mapsound::model
