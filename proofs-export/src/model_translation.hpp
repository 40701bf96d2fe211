// What the translation of a model (model_module.cpp) hands to the writer of
// its Coq text (model_text.cpp): the items with, for each, its meaning as a
// Coq term, its boolean decision and the proof that the boolean reflects
// the meaning.
#pragma once

#include <map>
#include <string>

#include "model_module.hpp"

namespace mapsound::coq {

// Placeholders for the execution and the witness in meaning texts: the
// definitions module says `X` and `w`, the decision module's lemmas say the
// same names for their parameters.
inline const std::string kX = "\x01";
inline const std::string kW = "\x02";

// Replaces the placeholders.
std::string substitute(const std::string& text, const std::string& x, const std::string& w);

// A translated expression.  arity 0 is herd's polymorphic `0`.
struct Term {
    int arity = 0;
    std::string prop;     // its meaning (MsRel.v), over kX and kW
    std::string boolean;  // its decision (MsDecide.v), over fin, Xb, wb and the b_ of its dependencies
    std::string proof;    // that boolean reflects prop, over hX, hw and the h_ of its dependencies
    std::string mono;     // inside let rec: monotonicity in the recursion variable
    bool uses_var = false;
    bool reads_witness = false;
};

struct TranslatedLet {
    Term term;
    std::string lfp_var;  // recursive: the variable's id
};

struct TranslatedCondition {
    std::string prop, boolean, proof;
};

struct Translation {
    ModelModule module;  // items, witnesses, parts (texts still empty)
    std::map<std::string, TranslatedLet> lets;              // by id
    std::map<std::string, TranslatedCondition> conditions;  // by id
};

// The two files of a translated model (for the vocabulary: of the
// vocabulary, whose items the model's chains then include).
std::string definitions_text(const Translation& t, const std::string& note);
std::string decision_text(const Translation& t, const std::string& note);

}  // namespace mapsound::coq
