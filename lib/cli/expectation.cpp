// A check result against the check file's expectation (see expectation.hpp).
#include "cli/expectation.hpp"

#include <optional>

namespace mapsound::cli {

namespace {

std::optional<mapping::AxiomExpectation> expectation_of(const mapping::CheckDefinition& d, const std::string& axiom) {
    for (const auto& a : d.axioms)
        if (a.name == axiom) return a;
    return std::nullopt;
}

std::string events(int n) { return std::to_string(n) + (n == 1 ? " event" : " events"); }

}  // namespace

std::string expected_text(const mapping::CheckDefinition& d, const std::string& axiom) {
    const auto e = expectation_of(d, axiom);
    if (!e || !e->stated) return "none";
    if (e->expected == mapping::Expectation::holds) return "holds up to " + std::to_string(d.events);
    return e->smallest ? "fails at " + std::to_string(*e->smallest) : "fails within " + events(d.events);
}

std::string to_string(Agreement a) {
    switch (a) {
        case Agreement::ok: return "ok";
        case Agreement::different: return "different";
        case Agreement::untested: return "untested";
        case Agreement::vacuous: return "vacuous";
        case Agreement::stopped: return "stopped";
    }
    return "untested";
}

ExpectationCheck compare_with_expectation(const mapping::CheckDefinition& d, const check::AxiomResult& r, int bound,
                                          bool restricted) {
    const auto e = expectation_of(d, r.axiom);
    if (!e || !e->stated) return {Agreement::untested, "no expectation stated"};
    if (r.verdict == check::Verdict::unknown) return {Agreement::stopped, "stopped before a verdict"};
    if (r.verdict == check::Verdict::vacuous) {
        std::string missing;
        for (const auto& c : r.space.unwitnessed()) missing += (missing.empty() ? "" : ", ") + c.to_string();
        return {Agreement::vacuous, r.space.classes.empty()
                                        ? "no class of source events is searched"
                                        : "no program up to " + events(bound) + " shows " + missing +
                                              " in a consistent target execution with a race-free lift"};
    }
    const int limit = d.events;  // the bound the expectation speaks of
    const bool fails = r.verdict == check::Verdict::fails;
    const std::string restriction = "a search restricted by --target-events or --race-free-programs";

    if (e->expected == mapping::Expectation::holds) {
        if (fails && r.events <= limit) return {Agreement::different, ""};
        if (fails)
            return {Agreement::untested, "a counterexample of " + events(r.events) + ", beyond the check's bound of " +
                                             events(limit) + " that the expectation speaks of"};
        if (restricted) return {Agreement::untested, restriction + " cannot confirm it"};
        return {Agreement::ok, ""};
    }

    // Expected to fail, at a known smallest size or within the bound.
    const int smallest = e->smallest.value_or(0);
    if (fails) {
        if (smallest ? r.events == smallest : r.events <= limit) return {Agreement::ok, ""};
        // A restricted search reaches the smallest counterexample late, never
        // early: one of more events agrees with the expectation.
        if (restricted && (smallest ? r.events > smallest : r.events > limit))
            return {Agreement::untested, restriction + " found a larger counterexample first"};
        return {Agreement::different, ""};
    }
    if (restricted) return {Agreement::untested, restriction + " may leave the expected counterexample out"};
    const int needed = smallest ? smallest : limit;
    if (bound < needed)
        return {Agreement::untested, "not testable at " + events(bound) + ": the expected counterexample has " +
                                         (smallest ? "" : "up to ") + events(needed)};
    return {Agreement::different, ""};
}

}  // namespace mapsound::cli
