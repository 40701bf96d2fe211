// The parser of the .cat model language (herd7's, a subset, plus witness
// and require): a model file to the syntax tree of model/cat_ast.hpp.
//
// Statements:
//   [title]                      a bare name or "string" as the first token
//   let [rec] a = e [and b = e]...     let f(x, y) = e defines a function
//   [flag] [~]acyclic|irreflexive|empty e [as name]
//   require [~]acyclic|irreflexive|empty e [as name]
//   witness name <= e [as "description"]
//   include "file.cat"           relative to the including file's directory,
//                                else in the include library (model_files.hpp)
//   procedure p(x, ...) = statements end      herd7's procedures, and
//   call p(e, ...) [as name]     calls, expanded (model/procedures.hpp)
//   show ... / unshow ...        kept as CatStatement::Kind::show, ignored
//
// Expressions, by increasing precedence (herd7's):
//   a | b      union          right associative
//   a ; b      sequence       right associative
//   a \ b      difference     left associative
//   a & b      intersection   right associative
//   a * b      product        not associative: `A * B * C` is an error
//   ~a         complement     prefix
//   a^-1 a+ a* a?             postfix, any chain (`r^-1+`)
//   name  0  _  (e)  [e]  f(e, ...)
// `*` is binary when the token after it can start an operand (a name, `(`,
// `[`, `0`, `_` or `~`), and postfix (reflexive-transitive closure)
// otherwise: `A * B` is a product, `r*;s`, `(r*)`, `r*` at the end of a let
// are closures.  A name directly followed by `(` is always a call.
//
// Positions: a binary or postfix node is at its operator, `~a` at the `~`,
// `[e]` at the `[`, a name or call at the name; a statement is at its first
// token, a binding at its name.
//
// Limits that keep hostile input from exhausting the stack (here or in any
// recursive walk of the tree): parentheses, brackets and calls nest at most
// kMaxNesting deep, and no expression tree is deeper than kMaxExprDepth
// (a chain `a | b | ...` counts one level per operator).  At most
// kMaxIncludedFiles files are read per model.
//
// Errors throw ParseError with "file:line:col: expected <what>, found
// '<token>'" (or another precise description).
#pragma once

#include <string>

#include "model/cat_ast.hpp"
#include "model/parse_error.hpp"

namespace mapsound::model {

inline constexpr int kMaxNesting = 256;
inline constexpr int kMaxExprDepth = 1000;
inline constexpr int kMaxIncludedFiles = 1000;

// Parses the model in file `path`; includes are resolved relative to its
// directory, and positions name files as given (path, then dir/file.cat).
CatModel parse_model_file(const std::string& path);

// Parses a model given as text; `name_for_messages` stands for the file in
// positions and errors, and `include_dir` is where its includes are looked
// up (empty: the current directory).
CatModel parse_model_text(const std::string& text, const std::string& name_for_messages,
                          const std::string& include_dir);

}  // namespace mapsound::model
