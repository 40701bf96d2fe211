// Memory models as data: `.cat` model files loaded at run time and turned
// into relational expressions and formulas over an execution's vocabulary.
//
// A model is elaborated against a vocabulary: the base sets and relations of
// an execution (R, W, po, rf, loc, ...; see README "Execution vocabulary"),
// each given as a relational expression.  The same model can be instantiated
// on many executions, and on two sides of a mapping check at once.
#pragma once

#include <map>
#include <memory>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "mapsound/rel.hpp"

namespace mapsound::model {

// A position in a model file, for messages.
struct Location {
    std::string file;
    int line = 0;    // 1-based
    int column = 0;  // 1-based
    std::string to_string() const;  // "file:line:col"
};

// Any problem with a model file: syntax, an undefined name, an arity error,
// a non-monotone recursive definition.  what() is "file:line:col: message".
class ModelError : public std::runtime_error {
public:
    ModelError(Location where, const std::string& message);
    const Location& where() const { return where_; }

private:
    Location where_;
};

// The base names of an execution, each a set or a binary relation.  The
// optional entry "_" says what the model's universe `_` (and so complement
// `~r` and the default `id`) denotes; without it, every atom.  A vocabulary
// for one side of a two-sided problem gives "_" as that side's events.
using Vocabulary = std::map<std::string, rel::Expr>;

// One checked condition of a model.
struct Axiom {
    enum class Test { acyclic, irreflexive, empty };
    std::string name;     // the `as` name, or one derived from the source line
    Test test;
    bool negated = false; // `~empty r` and the like
    rel::Expr tested;     // the expression under test
    rel::Formula holds;   // the formula that says the test passes
    Location where;
};

// A relation the model asks the solver to choose (`witness co <= e`).
struct Witness {
    std::string name;
    rel::Relation relation;  // fresh per instantiation; bound it within upper
    rel::Expr upper;         // the declared upper bound (also a requirement)
    std::string description;
    Location where;
};

// A model instantiated on one vocabulary.
struct ModelInstance {
    std::map<std::string, rel::Expr> definitions;  // every `let`, last one per name
    std::vector<Witness> witnesses;
    std::vector<Axiom> requirements;  // well-formedness of the witnesses
    std::vector<Axiom> axioms;        // the model's constraints, in file order
    std::vector<Axiom> flags;         // reported conditions (`flag ...`)
    // The vocabulary names the model's text reads (through any definition),
    // e.g. {"po", "rf", "loc", ...}; a base name the model never mentions
    // cannot change its verdicts.
    std::set<std::string> vocabulary_used;

    // Requirements and every axiom: the execution is consistent.
    rel::Formula consistent() const;
    // Requirements only.
    rel::Formula well_formed() const;
    // Throws std::out_of_range naming the available axioms.
    const Axiom& axiom(const std::string& name) const;
};

// A model's word on the vocabulary a dialect sets (README, "Models"):
// `needs NAME, ...` — programs must be able to set each name, or the model
// has nothing to judge them by; `ignores NAME, ...` — names a dialect may set
// that the model deliberately gives no meaning (sc.cat ignores memory
// orders).  One entry per name, in file order.
struct DeclaredName {
    std::string name;         // a primitive name of the execution vocabulary
    std::string description;  // the declaration's `as "..."` text, or empty
    Location where;           // of the name
};

// The folders an `include "file.cat"` is looked up in, in order, when the
// file is not beside the model that includes it (herd7's libdir, so that
// herd7 models' `include "cos.cat"` and `include "stdlib.cat"` work).
// Process-wide; set it before loading models.  Empty by default; the
// command-line tool sets it to the `lib/` folders of the model search path.
void set_include_library(std::vector<std::string> folders);

class Model {
public:
    // Parses a model file (and its includes).  Throws ModelError.
    static Model load(const std::string& path);
    // Parses model text; includes are resolved relative to include_dir.
    static Model parse(const std::string& text, const std::string& name_for_messages,
                       const std::string& include_dir = ".");

    const std::string& title() const;
    const std::string& path() const;
    // The `needs` and `ignores` declarations (includes spliced in).  The
    // names are checked when the model is instantiated.
    std::vector<DeclaredName> needs() const;
    std::vector<DeclaredName> ignores() const;
    // Every name the model's expressions mention (vocabulary names,
    // definitions, functions), read off the text: a superset of what
    // ModelInstance::vocabulary_used reports, known without instantiating.
    const std::set<std::string>& names_mentioned() const;

    // Elaborates every definition and axiom on 'vocabulary'.  Throws
    // ModelError for undefined names (listing the names in scope), arity
    // errors and non-monotone recursive definitions.
    ModelInstance instantiate(const Vocabulary& vocabulary) const;

    ~Model();
    Model(const Model&);
    Model& operator=(const Model&);
    Model(Model&&) noexcept;
    Model& operator=(Model&&) noexcept;

private:
    struct Impl;
    explicit Model(std::unique_ptr<Impl> impl);
    std::unique_ptr<Impl> impl_;
};

}  // namespace mapsound::model
