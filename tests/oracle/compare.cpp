// The oracle against the checker (see compare.hpp).
#include "oracle/compare.hpp"

#include <algorithm>
#include <chrono>
#include <mutex>
#include <stdexcept>

#include "mapsound/exec.hpp"

namespace mapsound::oracle {

namespace {

bool reads_any(const model::ModelInstance& m, const std::vector<std::string>& names) {
    for (const auto& n : names)
        if (m.vocabulary_used.count(n)) return true;
    return false;
}

std::string oracle_verdict(const MappingOutcome& o, std::size_t a) {
    if (o.smallest[a] > 0) return "fails at " + std::to_string(o.smallest[a]);
    const bool vacuous =
        o.witnessed_at.empty() || std::find(o.witnessed_at.begin(), o.witnessed_at.end(), 0) != o.witnessed_at.end();
    return vacuous ? "vacuous" : "holds";
}

std::string checker_verdict(const CheckerAxiom& c) {
    switch (c.verdict) {
        case check::Verdict::fails: return "fails at " + std::to_string(c.events);
        case check::Verdict::holds: return "holds";
        case check::Verdict::vacuous: return "vacuous";
        case check::Verdict::unknown: return "unknown";
    }
    return "unknown";
}

}  // namespace

Problem problem_of(const mapping::CheckDefinition& check, const check::Checker& checker) {
    Problem p;
    for (const auto& c : mapping::dialect_classes(checker.source_dialect())) {
        bool excluded = false;
        for (const auto& e : check.exclusions) excluded = excluded || e.covers(c);
        if (!excluded) p.space.classes.push_back(c);
    }
    if (p.space.classes != checker.searched_classes())
        throw std::logic_error("the checker searches other classes than the dialect's less the exclusions");
    // What the source model reads decides what programs vary in.
    const model::Model source = model::Model::load(check.source_model);
    const auto probe = source.instantiate(exec::vocabulary_of(exec::PreExecution{}, rel::Relation::binary("rf")));
    p.space.scoped = reads_any(probe, exec::scope_names());
    p.space.cluster = p.space.scoped && check.cluster_level;
    p.space.dependencies = reads_any(probe, {"addr", "data", "ctrl"});
    p.space.one_gpu = p.space.scoped && check.one_gpu;
    for (const auto& a : check.axioms) p.question.axioms.push_back(a.name);
    // No axiom line: every axiom, then every flag, of the source model but
    // the race-free flag (README "Mapping checks", checks/README.md).
    if (check.axioms.empty())
        for (const auto* list : {&probe.axioms, &probe.flags})
            for (const auto& a : *list)
                if (a.name != check.race_free_flag.value_or("")) p.question.axioms.push_back(a.name);
    p.question.race_flag = check.race_free_flag;
    p.question.lift = check.lift;
    return p;
}

CheckerRun run_checker(const check::Checker& checker, int events, std::size_t cap, int jobs) {
    CheckerRun run;
    std::mutex lock;
    std::map<std::string, CheckerAxiom> by_axiom;
    check::Options o;
    o.events = events;
    o.jobs = jobs;
    o.every_shape = true;
    o.enumerate_programs = cap;
    o.on_shape = [&](const check::ShapeOutcome& s) {
        std::lock_guard<std::mutex> g(lock);
        CheckerLayout& l = by_axiom[s.axiom].layouts[layout_key(s.layout)];
        l.events = s.events;
        l.counterexample = l.counterexample || s.counterexample;
        l.programs.insert(s.programs.begin(), s.programs.end());
        l.complete = l.complete && s.programs_complete && !s.stopped;
    };
    const auto start = std::chrono::steady_clock::now();
    for (const auto& r : checker.run(o)) {
        CheckerAxiom& a = by_axiom[r.axiom];
        a.axiom = r.axiom;
        a.verdict = r.verdict;
        a.events = r.events;
        a.space = r.space;
        run.axioms.push_back(std::move(a));
    }
    run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return run;
}

std::vector<Row> compare(const Question& question, const SpaceSettings& space, const MappingOutcome& oracle,
                         const std::vector<BoundCount>& counts, const CheckerRun& checker, bool restricted) {
    std::vector<Row> rows;
    const int last = counts.empty() ? 0 : counts.back().events;
    for (std::size_t a = 0; a < question.axioms.size(); ++a) {
        const std::string& axiom = question.axioms[a];
        const auto found = std::find_if(checker.axioms.begin(), checker.axioms.end(),
                                        [&](const CheckerAxiom& c) { return c.axiom == axiom; });
        if (found == checker.axioms.end()) {
            rows.push_back({"verdict", axiom, "", 0, oracle_verdict(oracle, a), "", false, "the checker gave no result"});
            continue;
        }
        const CheckerAxiom& c = *found;
        Row verdict{"verdict", axiom, "", oracle.smallest[a], oracle_verdict(oracle, a), checker_verdict(c), false, ""};
        verdict.agree = verdict.oracle == verdict.checker;
        const bool decided_below = c.verdict == check::Verdict::fails && c.events < last;
        if (!restricted || decided_below || (oracle.smallest[a] > 0 && oracle.smallest[a] < last)) rows.push_back(verdict);

        // Per layout.
        std::set<std::string> keys;
        for (const auto& [k, v] : oracle.layouts) keys.insert(k);
        for (const auto& [k, v] : c.layouts)
            if (!restricted || v.events < last || oracle.layouts.count(k)) keys.insert(k);
        for (const auto& key : keys) {
            Row row{"layout", axiom, key, 0, "", "", false, ""};
            const auto o = oracle.layouts.find(key);
            const auto k = c.layouts.find(key);
            if (o == oracle.layouts.end() || k == c.layouts.end()) {
                row.events = o == oracle.layouts.end() ? k->second.events : o->second.events;
                row.note = std::string("only the ") + (o == oracle.layouts.end() ? "checker" : "oracle") +
                           " has this layout";
                rows.push_back(row);
                continue;
            }
            const LayoutVerdicts& ov = o->second;
            const CheckerLayout& cv = k->second;
            row.events = ov.events;
            row.oracle = ov.counterexample[a] ? std::to_string(ov.programs[a].size()) + " programs" : "none";
            row.checker = cv.counterexample ? std::to_string(cv.programs.size()) + " programs" + (cv.complete ? "" : " (incomplete)")
                                            : "none";
            row.agree = ov.counterexample[a] == cv.counterexample;
            if (!row.agree) row.note = "counterexample against none";
            if (cv.complete && ov.programs[a] != cv.programs) {
                row.agree = false;
                std::size_t only_oracle = 0, only_checker = 0;
                std::string example;
                for (const auto& p : ov.programs[a])
                    if (!cv.programs.count(p)) {
                        if (example.empty()) example = "oracle only: " + p;
                        ++only_oracle;
                    }
                for (const auto& p : cv.programs)
                    if (!ov.programs[a].count(p)) {
                        if (example.empty()) example = "checker only: " + p;
                        ++only_checker;
                    }
                row.note += std::string(row.note.empty() ? "" : "; ") + "programs differ (" + std::to_string(only_oracle) +
                            " oracle only, " + std::to_string(only_checker) + " checker only; " + example + ")";
            } else if (!cv.complete) {
                row.note = "the checker's enumeration is incomplete: programs not compared";
            }
            rows.push_back(row);
        }

        // Per class: the smallest witness.
        for (std::size_t k = 0; k < space.classes.size(); ++k) {
            Row row{"class", axiom, space.classes[k].to_string(), 0, std::to_string(oracle.witnessed_at[k]), "", false, ""};
            for (const auto& w : c.space.classes)
                if (w.source_class == space.classes[k]) row.checker = std::to_string(w.events);
            row.agree = row.oracle == row.checker;
            const int checker_at = row.checker.empty() ? 0 : std::stoi(row.checker);
            const bool below = (checker_at > 0 && checker_at < last) || (oracle.witnessed_at[k] > 0 && oracle.witnessed_at[k] < last);
            if (!restricted || below) rows.push_back(row);
        }
    }
    // Programs per bound (the same for every axiom: the first one's).
    if (!checker.axioms.empty())
        for (const auto& b : counts) {
            if (restricted && b.events == last) continue;
            Row row{"count", "", std::to_string(b.events), b.events, std::to_string(b.labelled), "", false, ""};
            for (const auto& s : checker.axioms.front().space.bounds)
                if (s.events == b.events) row.checker = s.programs;
            row.agree = row.oracle == row.checker;
            row.note = std::to_string(b.visited) + " judged (one per orbit), " + std::to_string(b.layouts) + " layouts";
            rows.push_back(row);
        }
    return rows;
}

}  // namespace mapsound::oracle
