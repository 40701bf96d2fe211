// Coq identifiers from .cat names (the rule is documented in
// proofs-export/README.md, "Names").
#pragma once

#include <set>
#include <string>
#include <string_view>

namespace mapsound::coq {

// The base form of a name: every character outside [A-Za-z0-9_'] becomes
// '_', a leading digit or quote, or a prefix the generated code uses for
// its own families of names (b_, r_, h_, a_, wb_, mono_, rule_, ev_,
// internal_, c<digits>_), gets the prefix "x_", and a Coq keyword or
// a name the support library, the execution record or the generated code
// uses itself gets a trailing '_'.
std::string coq_identifier(std::string_view name);

// Hands out identifiers unique within one Coq module: the base form, then
// "_2", "_3", ... for names already handed out (including the <id>_f and
// <id>_fok that the decision module derives from each).
class IdentifierScope {
public:
    std::string fresh(std::string_view name);

private:
    std::set<std::string> used_;
};

}  // namespace mapsound::coq
