// Coq identifiers from .cat names (the rule is documented in
// proofs-export/README.md, "Names").
#pragma once

#include <set>
#include <string>
#include <string_view>

namespace mapsound::coq {

// The base form of a name: every character outside [A-Za-z0-9_'] becomes
// '_', a leading digit or quote, or a prefix the generated code uses for
// its own families of names (b_, r_, h_, a_, wb_, wr_, xr_, ok_, mono_,
// rule_, ev_, internal_, c<digits>_), gets the prefix "x_", and a Coq
// keyword or a name the support library, the execution vocabulary
// (primitives and derived names) or the generated code uses itself gets a
// trailing '_'.
std::string coq_identifier(std::string_view name);

// The Coq name of a name of the execution vocabulary (lib/exec/vocabulary.cat):
// its base form, with a trailing '_' for a Coq keyword ('at' is at_).  The
// vocabulary's names are reserved for it in models (coq_identifier).
std::string vocabulary_identifier(std::string_view name);

// Hands out identifiers unique within one Coq module: the base form, then
// "_2", "_3", ... for names already handed out (including the <id>_f,
// <id>_fok, <id>_c and <id>_cok that the decision module derives from
// each).
class IdentifierScope {
public:
    std::string fresh(std::string_view name);
    // Marks an identifier (and its derived names) as taken without handing
    // it out: names another module of the same project defines.
    void reserve(const std::string& id);

private:
    std::set<std::string> used_;
};

}  // namespace mapsound::coq
