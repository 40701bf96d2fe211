// Differential testing of the checker's encodings (see differential.hpp).
#include "differential/differential.hpp"

#include <mutex>

namespace mapsound::differential {

std::vector<Encoding> encodings() {
    std::vector<Encoding> out;
    out.push_back({"default", {}});
    for (const auto& name : check::reference_names()) {
        Encoding e{name, {}};
        check::select_reference(name, e.options);
        // Not a reference but an option (whole shapes are its reference):
        // shapes split into cubes must give every layout the same outcome.
        if (name == "all") {
            Encoding cubes{"cubes", {}};
            cubes.options.cube_threads = 1;
            out.push_back(std::move(cubes));
        }
        out.push_back(std::move(e));
    }
    return out;
}

std::vector<Encoding> race_free_encodings() {
    Encoding fast{"race-free", {}};
    fast.options.race_free_programs = true;
    Encoding reference{"race-free-by-program", {}};
    reference.options.race_free_programs = true;
    reference.options.racy_exclusion = check::Options::RacyExclusion::by_program;
    return {fast, reference};
}

std::map<std::string, LayoutOutcome> outcomes_by_layout(const check::Checker& checker, const std::string& axiom,
                                                        int events, const Encoding& encoding, std::size_t cap,
                                                        int jobs) {
    std::map<std::string, LayoutOutcome> out;
    std::mutex lock;
    check::Options o = encoding.options;
    o.events = events;
    o.axioms = {axiom};
    o.jobs = jobs;
    o.every_shape = true;
    o.enumerate_programs = cap;
    o.on_shape = [&](const check::ShapeOutcome& s) {
        std::lock_guard<std::mutex> g(lock);
        LayoutOutcome& l = out[s.layout];
        l.events = s.events;
        ++l.shapes;
        l.counterexample = l.counterexample || s.counterexample;
        l.programs.insert(s.programs.begin(), s.programs.end());
        l.programs_complete = l.programs_complete && cap > 0 && s.programs_complete;
        l.stopped = l.stopped || s.stopped;
    };
    checker.run(o);
    return out;
}

std::vector<Comparison> compare(const std::map<std::string, LayoutOutcome>& fast,
                                const std::map<std::string, LayoutOutcome>& reference) {
    std::vector<Comparison> out;
    std::set<std::string> layouts;
    for (const auto& [layout, o] : fast) layouts.insert(layout);
    for (const auto& [layout, o] : reference) layouts.insert(layout);
    for (const auto& layout : layouts) {
        Comparison c;
        c.layout = layout;
        auto f = fast.find(layout), r = reference.find(layout);
        if (f == fast.end() || r == reference.end()) {
            c.events = (f == fast.end() ? r : f)->second.events;
            c.note = std::string("the layout was searched by the ") + (f == fast.end() ? "reference" : "default") +
                     " encoding only";
            out.push_back(c);
            continue;
        }
        c.events = f->second.events;
        c.fast_counterexample = f->second.counterexample;
        c.reference_counterexample = r->second.counterexample;
        if (f->second.stopped || r->second.stopped) {
            c.note = "a search was stopped";
            out.push_back(c);
            continue;
        }
        c.agree = c.fast_counterexample == c.reference_counterexample;
        if (!c.agree) c.note = "SAT against UNSAT";
        if (f->second.programs_complete && r->second.programs_complete) {
            c.programs_compared = true;
            c.fast_programs = f->second.programs.size();
            c.reference_programs = r->second.programs.size();
            if (f->second.programs != r->second.programs) {
                c.agree = false;
                c.note += std::string(c.note.empty() ? "" : "; ") + "different counterexample programs";
            }
        } else if (c.note.empty()) {
            c.note = "programs not compared: an enumeration reached its cap";
        }
        out.push_back(c);
    }
    return out;
}

}  // namespace mapsound::differential
