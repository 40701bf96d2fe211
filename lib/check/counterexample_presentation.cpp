// A confirmed counterexample made into what the user reads: its two litmus
// tests, their round trip through litmus mode, the pictures and the
// explanation of the violation (see checker_impl.hpp).  Nothing here
// searches.
#include <algorithm>

#include "check/checker_impl.hpp"
#include "check/cycle_explanation.hpp"
#include "check/execution_dot.hpp"
#include "check/execution_litmus.hpp"
#include "check/outcome.hpp"
#include "mapsound/litmus/print.hpp"

namespace mapsound::check {

namespace {

// The target's coherence order as the solver chose it (none if the target
// model has no co).
Pairs target_co(const Candidate& c) {
    auto it = c.target_witnesses.find("co");
    return it == c.target_witnesses.end() ? Pairs{} : it->second;
}

}  // namespace

void Checker::Impl::attach_litmus(Candidate& c, const std::string& axiom) const {
    const bool whole = axiom == kWholeModel || axiom.empty();
    const std::string name = whole ? definition.name : definition.name + "-" + axiom;
    const std::string about = whole ? "allowed by " + stem(definition.target_model) + ", forbidden by " +
                                          stem(definition.source_model)
                                    : "counterexample to " + axiom + " for " + definition.name;
    c.source_litmus = execution_litmus(c.source, c.source_rf, c.source_co, source_dialect, name,
                                       about + (whole ? "" : " (source)"));
    c.target_litmus = execution_litmus(c.compiled.target, c.target_rf, target_co(c), target_dialect, name,
                                       about + (whole ? "" : " (target)"));
}

RoundTrip Checker::Impl::round_trip(const Candidate& c, const std::string& axiom) const {
    std::vector<std::string> forbid;
    if (source_flags.count(axiom)) forbid.push_back(axiom);
    return RoundTrip{judge_litmus(c.source_litmus, source, forbid), judge_litmus(c.target_litmus, target, {})};
}

Counterexample Checker::Impl::present(Candidate c, const Shape& shape, const std::string& axiom) const {
    Counterexample x;
    x.events = shape.events();
    Shape placed = shape;
    placed.placement = c.source.threads;  // the solver's, with free placement
    x.shape = placed.to_string();
    const std::string name = c.source_litmus.name;
    x.round_trip = round_trip(c, axiom);
    x.source_litmus_text = litmus::print_litmus(c.source_litmus);
    x.target_litmus_text = litmus::print_litmus(c.target_litmus);
    x.source_litmus = std::move(c.source_litmus);
    x.target_litmus = std::move(c.target_litmus);
    // The violation drawn and told: the cycle in bold in the source
    // picture, the target events its events compiled to outlined.
    Emphasis source_emphasis, target_emphasis;
    std::map<std::string, Pairs> witnesses = c.source_witnesses;
    witnesses["co"] = c.source_co;
    try {
        const Violation v = explain_violation(source, c.source, c.source_rf, witnesses, axiom.empty() ? kWholeModel : axiom);
        x.explanation = v.text;
        if (v.found) {
            x.cycle = v.events;
            for (const auto& e : v.drawn) {
                source_emphasis.edges.push_back({e.from, e.to, e.relation});
                for (int event : {e.from, e.to})
                    if (std::find(x.cycle.begin(), x.cycle.end(), event) == x.cycle.end()) x.cycle.push_back(event);
            }
            source_emphasis.events = x.cycle;
            for (std::size_t t = 0; t < c.owner.size(); ++t)
                if (std::find(x.cycle.begin(), x.cycle.end(), c.owner[t]) != x.cycle.end())
                    target_emphasis.events.push_back(static_cast<int>(t));
        }
    } catch (const std::exception& e) {
        // Presentation only: the counterexample stands without it.
        x.explanation = "no explanation: " + std::string(e.what());
    }
    x.source_dot = execution_dot(c.source, c.source_rf, c.source_co, name + " (source)", source_emphasis);
    x.target_dot = execution_dot(c.compiled.target, c.target_rf, target_co(c), name + " (target)", target_emphasis);
    if (definition.race_free_flag)
        x.program_race_free = !racy_execution(c.source, source, *definition.race_free_flag).has_value();
    x.source = std::move(c.source);
    x.compiled = std::move(c.compiled);
    x.source_rf = std::move(c.source_rf);
    x.source_co = std::move(c.source_co);
    x.target_rf = std::move(c.target_rf);
    x.target_witnesses = std::move(c.target_witnesses);
    return x;
}

}  // namespace mapsound::check
