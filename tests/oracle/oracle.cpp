// The oracle's sweep over bounds, layouts and programs (see oracle.hpp).
#include "oracle/oracle.hpp"

#include <algorithm>
#include <chrono>
#include <exception>
#include <mutex>
#include <thread>

namespace mapsound::oracle {

namespace {

using Clock = std::chrono::steady_clock;

double since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

// What one worker found in one layout, per mapping.
struct WorkerResult {
    std::vector<LayoutVerdicts> verdicts;
    std::vector<double> seconds;
    std::vector<std::uint64_t> lifts, compiled;
    double source_seconds = 0;
};

}  // namespace

OracleRun run_oracle(const model::Model& source, const model::Model& target, const Question& question,
                     const SpaceSettings& space, const std::vector<MappingUnderTest>& mappings,
                     const OracleOptions& options) {
    const auto start = Clock::now();
    const SourceSide source_side(source, question);
    const TargetSide target_side(target, question.lift);
    const std::size_t axioms = question.axioms.size();
    const int jobs = std::max(1, options.jobs);
    OracleRun run;
    for (const auto& m : mappings) {
        MappingOutcome o;
        o.name = m.name;
        o.smallest.assign(axioms, 0);
        o.witnessed_at.assign(space.classes.size(), 0);
        run.mappings.push_back(std::move(o));
    }
    bool rmw = false;
    for (const auto& c : space.classes) rmw = rmw || c.kind == mapping::SourceKind::rmw;
    std::mutex lock;  // guards witnessed_at and the first error

    for (int n = 1; n <= options.events; ++n) {
        BoundCount bound;
        bound.events = n;
        for (const ProgramLayout& layout : layouts(n, rmw)) {
            if (n == options.events && !options.last_bound_layouts.empty() &&
                !options.last_bound_layouts.count(layout.key()))
                continue;
            ++bound.layouts;
            std::vector<WorkerResult> results(static_cast<std::size_t>(jobs));
            std::vector<LayoutCount> counts(static_cast<std::size_t>(jobs));
            std::exception_ptr error;
            auto work = [&](int id) {
                WorkerResult& mine = results[static_cast<std::size_t>(id)];
                mine.verdicts.assign(mappings.size(), LayoutVerdicts{n, std::vector<bool>(axioms, false),
                                                                      std::vector<std::set<std::string>>(axioms)});
                mine.seconds.assign(mappings.size(), 0);
                mine.lifts.assign(mappings.size(), 0);
                mine.compiled.assign(mappings.size(), 0);
                std::uint64_t index = 0;
                try {
                    counts[static_cast<std::size_t>(id)] =
                        for_each_program(layout, space, [&](const exec::PreExecution& program) {
                            if (index++ % static_cast<std::uint64_t>(jobs) != static_cast<std::uint64_t>(id)) return true;
                            auto t0 = Clock::now();
                            const SourceTable table(source_side, program);
                            mine.source_seconds += since(t0);
                            const auto classes = classes_of(program);
                            for (std::size_t m = 0; m < mappings.size(); ++m) {
                                // A class witness is looked for only while some class of
                                // the program has none at a smaller size (or this one).
                                std::vector<std::size_t> unwitnessed;
                                {
                                    std::lock_guard<std::mutex> g(lock);
                                    for (std::size_t c = 0; c < space.classes.size(); ++c)
                                        if (run.mappings[m].witnessed_at[c] == 0 &&
                                            std::find(classes.begin(), classes.end(), space.classes[c]) != classes.end())
                                            unwitnessed.push_back(c);
                                }
                                t0 = Clock::now();
                                const Judgement j = judge(source_side, table, target_side, program, mappings[m].mapping,
                                                          !unwitnessed.empty());
                                mine.seconds[m] += since(t0);
                                mine.lifts[m] += j.target_executions;
                                mine.compiled[m] += j.compiled ? 1 : 0;
                                if (j.witness) {
                                    std::lock_guard<std::mutex> g(lock);
                                    for (std::size_t c : unwitnessed)
                                        if (run.mappings[m].witnessed_at[c] == 0) run.mappings[m].witnessed_at[c] = n;
                                }
                                for (std::size_t a = 0; a < axioms; ++a)
                                    if (j.counterexample[a]) {
                                        mine.verdicts[m].counterexample[a] = true;
                                        mine.verdicts[m].programs[a].insert(options.name ? options.name(program) : "");
                                    }
                            }
                            return true;
                        });
                } catch (...) {
                    std::lock_guard<std::mutex> g(lock);
                    if (!error) error = std::current_exception();
                }
            };
            if (jobs == 1) {
                work(0);
            } else {
                std::vector<std::jthread> threads;
                for (int id = 0; id < jobs; ++id) threads.emplace_back(work, id);
            }
            if (error) std::rethrow_exception(error);
            // Every worker walks the whole layout (and judges every jobs-th
            // program), so each count is the layout's.
            bound.labelled += counts[0].labelled;
            bound.visited += counts[0].visited;
            for (std::size_t m = 0; m < mappings.size(); ++m) {
                LayoutVerdicts merged{n, std::vector<bool>(axioms, false), std::vector<std::set<std::string>>(axioms)};
                for (const auto& r : results) {
                    for (std::size_t a = 0; a < axioms; ++a) {
                        merged.counterexample[a] = merged.counterexample[a] || r.verdicts[m].counterexample[a];
                        merged.programs[a].insert(r.verdicts[m].programs[a].begin(), r.verdicts[m].programs[a].end());
                    }
                    run.mappings[m].seconds += r.seconds[m];
                    run.mappings[m].lifts_judged += r.lifts[m];
                    run.mappings[m].programs_compiled += r.compiled[m];
                }
                for (std::size_t a = 0; a < axioms; ++a)
                    if (merged.counterexample[a] && run.mappings[m].smallest[a] == 0) run.mappings[m].smallest[a] = n;
                run.mappings[m].layouts[layout.key()] = std::move(merged);
            }
            for (const auto& r : results) run.source_seconds += r.source_seconds;
            if (options.progress)
                options.progress("bound " + std::to_string(n) + " layout [" + layout.key() + "]: " +
                                 std::to_string(counts[0].visited) + " programs judged of " +
                                 std::to_string(counts[0].labelled) + ", " + std::to_string(since(start)) + " s");
        }
        run.bounds.push_back(bound);
    }
    run.seconds = since(start);
    return run;
}

}  // namespace mapsound::oracle
