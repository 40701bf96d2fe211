// The mapping checker's sweep over bounds and shapes, and its public calls
// (see mapsound/check.hpp and checker_impl.hpp).
#include <algorithm>
#include <atomic>
#include <chrono>
#include <exception>
#include <filesystem>
#include <mutex>
#include <set>
#include <stdexcept>
#include <thread>
#include <tuple>

#include "check/checker_impl.hpp"
#include "check/confirm.hpp"
#include "check/space.hpp"
#include "check/work_items.hpp"

namespace mapsound::check {

std::string to_string(Verdict v) {
    switch (v) {
        case Verdict::holds: return "holds";
        case Verdict::fails: return "fails";
        case Verdict::vacuous: return "vacuous";
        case Verdict::unknown: return "unknown";
    }
    return "unknown";
}

std::vector<mapping::SourceClass> SearchedSpace::unwitnessed() const {
    std::vector<mapping::SourceClass> out;
    for (const auto& c : classes)
        if (c.events == 0) out.push_back(c.source_class);
    return out;
}

std::string stem(const std::string& path) { return std::filesystem::path(path).stem().string(); }

bool uses_any(const model::ModelInstance& m, const std::vector<std::string>& names) {
    for (const auto& n : names)
        if (m.vocabulary_used.count(n)) return true;
    return false;
}

const std::vector<std::string> kDependencyNames = {"addr", "data", "ctrl"};

namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) {
    return std::chrono::duration<double>(Clock::now() - start).count();
}

// The part of a dialect's vocabulary the checker's programs set: memory
// orders and scope levels (the search chooses no tags and no barriers).
std::vector<std::string> searched_vocabulary(litmus::Dialect d) {
    static const std::set<std::string> levels{"CTA", "CLUSTER", "GPU", "SYS"};
    const auto& orders = litmus::order_names();
    // The tags the dialect's classes carry (OpenCL's memory regions).
    std::set<std::string> tags;
    for (const auto& c : mapping::dialect_classes(d))
        for (unsigned t = 0; t < exec::kTagCount; ++t)
            if ((c.regions >> t) & 1U) tags.insert(exec::tag_name(static_cast<exec::Tag>(t)));
    std::vector<std::string> out;
    for (const auto& n : litmus::dialect_vocabulary(d))
        if (levels.count(n) || tags.count(n) || std::find(orders.begin(), orders.end(), n) != orders.end())
            out.push_back(n);
    return out;
}

}  // namespace

std::vector<Shape> Checker::Impl::shapes_of(int n, const Options& options) const {
    const bool per_scope_tree = settings.scoped && options.scope_trees == Options::ScopeTrees::enumerated;
    std::vector<Shape> shapes = enumerate_shapes(n, lowering.has_rmw(), per_scope_tree, settings.cluster);
    if (settings.one_gpu)
        std::erase_if(shapes, [](const Shape& s) {
            return std::any_of(s.placement.begin(), s.placement.end(),
                               [](const exec::ThreadPlacement& p) { return p.gpu != 0; });
        });
    // Every single-operation class excluded: only shapes of RMWs have
    // programs.
    if (lowering.single.rules.empty())
        std::erase_if(shapes, [](const Shape& s) {
            return std::any_of(s.threads.begin(), s.threads.end(), [](const std::vector<bool>& t) {
                return std::find(t.begin(), t.end(), false) != t.end();
            });
        });
    if (options.cube_threads <= 0) return shapes;
    // The kinds some single-operation rule has, in a fixed order.
    std::vector<exec::EventKind> kinds;
    for (auto [kind, source] : {std::pair{exec::EventKind::read, mapping::SourceKind::read},
                                std::pair{exec::EventKind::write, mapping::SourceKind::write},
                                std::pair{exec::EventKind::fence, mapping::SourceKind::fence}})
        if (std::any_of(lowering.single.rules.begin(), lowering.single.rules.end(),
                        [&](const PlacedRule& r) { return r.kind == source; }))
            kinds.push_back(kind);
    return split_into_cubes(shapes, options.cube_threads, kinds);
}

rel::Formula Checker::Impl::admissible_candidate(const SymbolicProblem& p, const Options& run) const {
    rel::Formula f = p.program && p.target_consistent && p.source_lifted;
    if (definition.race_free_flag) f = f && p.flag_quiet(*definition.race_free_flag);
    if (run.target_events) f = f && p.target_events_at_most(*run.target_events);
    return f;
}

rel::Options Checker::Impl::solver_options(const Options& run) {
    rel::Options options;
    options.symmetry = rel::SymmetryBreaking::off;
    options.stop = run.stop;
    options.closure = run.closure;
    options.transitivity = run.transitivity;
    return options;
}

EncodingSettings Checker::Impl::encoding_for(const Options& run) const {
    EncodingSettings encoding = settings;
    encoding.free_placement = settings.scoped && run.scope_trees == Options::ScopeTrees::solver;
    encoding.order_equal_threads = run.order_equal_threads;
    return encoding;
}

std::vector<ClassWitness> Checker::Impl::witness_classes(int bound, const Options& run) const {
    std::vector<ClassWitness> out;
    for (const auto& c : classes) out.push_back(ClassWitness{c, 0});
    auto open = [&] {
        return std::any_of(out.begin(), out.end(), [](const ClassWitness& w) { return w.events == 0; });
    };
    for (int n = 1; n <= bound && open() && !run.stop.stop_requested(); ++n) {
        Options whole = run;
        whole.cube_threads = 0;
        for (const Shape& shape : shapes_of(n, whole)) {
            if (!open() || run.stop.stop_requested()) break;
            SymbolicProblem p(shape, lowering, source, target, encoding_for(run));
            rel::Problem problem(admissible_candidate(p, run), p.bounds, solver_options(run));
            for (auto& w : out) {
                if (w.events != 0) continue;
                const auto cls = std::find_if(p.classes.begin(), p.classes.end(), [&](const SymbolicProblem::RuleClass& r) {
                    return r.rule->kind == w.source_class.kind && r.rule->order == w.source_class.order &&
                           r.rule->regions == w.source_class.regions;
                });
                if (cls == p.classes.end()) continue;  // not in this shape's rows
                const std::vector<rel::Formula> present{cls->heads.some()};
                for (;;) {
                    const rel::Outcome o = problem.solve(present);
                    if (o != rel::Outcome::satisfiable) break;
                    Candidate c = read_back(p, shape, problem.instance(), mapping);
                    attach_litmus(c, "");
                    const Judgement j = confirm(c, source, target, "", definition.race_free_flag, definition.lift);
                    if (!j.genuine)
                        throw std::logic_error("a class witness of " + shape.to_string() +
                                               " is no execution by the evaluator: " + j.reason);
                    if (run.race_free_programs) {
                        if (auto racy = racy_execution(c.source, source, *definition.race_free_flag)) {
                            exclude_racy(p, problem, c, *racy);
                            continue;
                        }
                    }
                    // Every class the program shows is witnessed.
                    for (const auto& r : p.classes)
                        if (problem.instance().tuples(r.heads).size() > 0)
                            for (auto& other : out)
                                if (other.events == 0 && other.source_class.kind == r.rule->kind &&
                                    other.source_class.order == r.rule->order &&
                                    other.source_class.regions == r.rule->regions)
                                    other.events = n;
                    break;
                }
            }
        }
    }
    return out;
}

SearchedSpace Checker::Impl::space_of(const Options& run, const std::vector<ClassWitness>& witnesses) const {
    SearchedSpace space;
    space.dialect = source_dialect;
    space.classes = witnesses;
    space.excluded = definition.exclusions;
    space.race_free = !definition.race_free_flag ? "none" : run.race_free_programs ? "program" : "execution";
    space.target_events = run.target_events;
    return space;
}

ShapeResult Checker::Impl::search(const Shape& shape, const std::string& axiom, const Options& run) const {
    ShapeResult out;
    SymbolicProblem p(shape, lowering, source, target, encoding_for(run));
    rel::Problem problem(admissible_candidate(p, run) && p.violated(axiom), p.bounds, solver_options(run));
    const std::size_t enumerate = run.enumerate_programs;
    std::size_t programs_found = 0;
    // The least counterexample is looked for once a genuine one is in
    // hand: by then the exclusions of spurious candidates and racy
    // programs met on the way are constraints of the problem, and each
    // later candidate (spurious or racy ones below the least) costs a
    // descent, not each candidate of the whole search.  Exclusions remove
    // only what is no counterexample, so the least is the same either way.
    const bool least = run.least_counterexample && enumerate == 0;
    const std::vector<rel::Problem::Preference> order = least ? least_counterexample_order(p)
                                                              : std::vector<rel::Problem::Preference>{};
    bool descending = false;
    for (;;) {
        const rel::Outcome o = descending ? problem.solve_least(order) : problem.solve();
        ++out.statistics.solver_calls;
        if (o == rel::Outcome::unknown) {
            out.stopped = true;
            break;
        }
        if (o == rel::Outcome::unsatisfiable) {
            out.programs_complete = enumerate > 0;
            break;
        }
        Candidate c = read_back(p, shape, problem.instance(), mapping);
        attach_litmus(c, axiom);
        const Judgement j = confirm(c, source, target, axiom, definition.race_free_flag, definition.lift);
        if (!j.genuine || (confirm_outcomes && !round_trip(c, axiom).confirmed())) {
            ++out.statistics.spurious;
            if (!j.satisfying_lift.empty() && run.spurious_exclusion == Options::SpuriousExclusion::by_lift)
                exclude_by_lift(p, problem, c, j.satisfying_lift, axiom);
            problem.add(exclusion(p, problem.instance()));
            continue;
        }
        if (run.race_free_programs) {
            if (auto racy = racy_execution(c.source, source, *definition.race_free_flag)) {
                ++out.statistics.racy_programs;
                if (run.racy_exclusion == Options::RacyExclusion::by_program)
                    problem.add(program_exclusion(p, problem.instance()));
                else
                    exclude_racy(p, problem, c, *racy);
                continue;
            }
        }
        if (least && !descending) {
            descending = true;
            continue;
        }
        if (enumerate > 0) {
            out.programs.insert(canonical_program(c.source));
            ++programs_found;
            problem.add(program_exclusion(p, problem.instance()));
        }
        if (!out.counterexample) out.counterexample = std::move(c);
        if (programs_found >= enumerate) break;
    }
    const auto& s = problem.statistics();
    out.statistics.shapes = out.stopped ? 0 : 1;
    out.statistics.max_variables = s.variables;
    out.statistics.max_clauses = s.clauses;
    out.statistics.translation_seconds = s.translation_seconds;
    out.statistics.solve_seconds = s.solve_seconds;
    return out;
}

rel::TupleSet Checker::Impl::source_atoms(const SymbolicProblem& p, const Candidate& c, const Pairs& pairs) {
    rel::TupleSet t(static_cast<std::size_t>(p.layout().size), 2);
    for (auto [a, b] : pairs)
        t.add(static_cast<std::size_t>(c.source_atom[static_cast<std::size_t>(a)]),
              static_cast<std::size_t>(c.source_atom[static_cast<std::size_t>(b)]));
    return t;
}

void Checker::Impl::exclude_racy(const SymbolicProblem& p, rel::Problem& problem, const Candidate& c,
                                 const ProgramExecution& racy) const {
    std::map<std::string, rel::TupleSet> witnesses;
    for (const auto& [name, pairs] : racy.witnesses) witnesses.emplace(name, source_atoms(p, c, pairs));
    std::vector<std::pair<rel::Relation, rel::TupleSet>> constants;
    const rel::Formula refinement = p.not_racy_with(source, source_atoms(p, c, racy.rf), witnesses,
                                                    *definition.race_free_flag, constants);
    for (const auto& [relation, value] : constants) problem.add_constant(relation, value);
    problem.add(refinement);
}

void Checker::Impl::exclude_by_lift(const SymbolicProblem& p, rel::Problem& problem, const Candidate& c,
                                    const std::map<std::string, Pairs>& lift, const std::string& axiom) const {
    std::map<std::string, rel::TupleSet> witnesses;
    for (const auto& [name, pairs] : lift) witnesses.emplace(name, source_atoms(p, c, pairs));
    std::vector<std::pair<rel::Relation, rel::TupleSet>> constants;
    const rel::Formula refinement =
        p.no_satisfying_lift(source, witnesses, axiom, definition.race_free_flag, constants);
    for (const auto& [relation, value] : constants) problem.add_constant(relation, value);
    problem.add(refinement);
}

void Checker::Impl::add(Statistics& into, const Statistics& s) {
    into.shapes += s.shapes;
    into.solver_calls += s.solver_calls;
    into.spurious += s.spurious;
    into.racy_programs += s.racy_programs;
    into.max_variables = std::max(into.max_variables, s.max_variables);
    into.max_clauses = std::max(into.max_clauses, s.max_clauses);
    into.translation_seconds += s.translation_seconds;
    into.solve_seconds += s.solve_seconds;
}

AxiomResult Checker::Impl::sweep(const std::string& axiom, int bound, const Options& options) const {
    AxiomResult result;
    result.axiom = axiom;
    const auto start = Clock::now();
    const bool every_shape = options.every_shape || options.enumerate_programs > 0;
    bool complete = true;  // every bound searched to the end
    std::mutex lock;
    for (int n = 1; n <= bound; ++n) {
        const std::vector<Shape> shapes = shapes_of(n, options);
        // The smallest shape index with a counterexample; shapes after
        // it are skipped (unless every shape is searched), shapes before
        // it all finish: the answer does not depend on the number of
        // workers.
        std::atomic<std::size_t> next{0}, best{shapes.size()};
        std::atomic<bool> stopped{false}, failed{false};
        std::vector<std::optional<Candidate>> found(shapes.size());
        // Statistics per shape, summed up to the answer's shape only
        // (every shape's, when every shape is searched), so that they
        // too do not depend on the number of workers.
        std::vector<std::optional<Statistics>> statistics(shapes.size());
        // The first error (by shape index) is rethrown after the workers end.
        std::exception_ptr error;
        std::size_t error_at = shapes.size();
        std::size_t done = 0;
        auto worker = [&]() {
            for (;;) {
                const std::size_t i = next++;
                if (i >= shapes.size() || (!every_shape && i > best.load()) || failed ||
                    options.stop.stop_requested())
                    return;
                ShapeResult r;
                try {
                    r = search(shapes[i], axiom, options);
                } catch (...) {
                    std::lock_guard<std::mutex> g(lock);
                    if (i < error_at) {
                        error = std::current_exception();
                        error_at = i;
                    }
                    failed = true;
                    return;
                }
                std::lock_guard<std::mutex> g(lock);
                statistics[i] = r.statistics;
                if (r.stopped) stopped = true;
                if (options.on_shape) options.on_shape(outcome(r, shapes[i], axiom));
                if (r.counterexample) {
                    found[i] = std::move(r.counterexample);
                    if (i < best) best = i;
                }
                ++done;
                if (options.progress)
                    options.progress(Progress{axiom, n, done, shapes.size(), seconds_since(start)});
            }
        };
        if (options.workers) {
            RemoteBound remote = search_remotely(
                *options.workers, axiom, n, shapes, every_shape, options.stop, [&](std::size_t finished) {
                    if (options.progress)
                        options.progress(Progress{axiom, n, finished, shapes.size(), seconds_since(start)});
                });
            statistics = std::move(remote.statistics);
            stopped = remote.stopped;
            best = remote.best;
            if (remote.best < shapes.size()) {
                // The worker's counterexample, found again here: the
                // search of one shape is deterministic.
                ShapeResult again = search(shapes[remote.best], axiom, options);
                if (!again.counterexample)
                    throw std::logic_error("the search of " + shapes[remote.best].to_string() +
                                           " found no counterexample here where a worker found one");
                found[remote.best] = std::move(again.counterexample);
            }
        } else {
            const int jobs = std::max(1, options.jobs);
            std::vector<std::jthread> pool;
            for (int k = 1; k < jobs; ++k) pool.emplace_back(worker);
            worker();
            pool.clear();
        }
        if (error) std::rethrow_exception(error);
        BoundSearched searched{n, 0, "0"};
        const EncodingSettings encoding = encoding_for(options);
        for (std::size_t i = 0; i < shapes.size(); ++i)
            if (statistics[i] && (every_shape || i <= best)) {
                add(result.statistics, *statistics[i]);
                searched.racy_programs += statistics[i]->racy_programs;
                if (statistics[i]->shapes > 0) {
                    ++searched.shapes;
                    searched.programs = add_counts(searched.programs, count_programs(shapes[i], lowering, encoding));
                }
            }
        result.space.bounds.push_back(std::move(searched));
        if (best < shapes.size() && !result.counterexample) {
            result.verdict = Verdict::fails;
            result.events = n;
            result.counterexample = present(std::move(*found[best]), shapes[best], axiom);
            if (!every_shape) break;
        }
        if (stopped || options.stop.stop_requested()) {
            complete = false;
            if (!result.counterexample) result.events = n - 1;  // verdict unknown
            break;
        }
    }
    if (!result.counterexample && complete) {
        result.verdict = Verdict::holds;
        result.events = bound;
    }
    result.seconds = seconds_since(start);
    return result;
}

ShapeOutcome Checker::Impl::outcome(const ShapeResult& r, const Shape& shape, const std::string& axiom) {
    ShapeOutcome o;
    o.axiom = axiom;
    o.events = shape.events();
    o.layout = shape.layout();
    o.shape = shape.to_string();
    o.stopped = r.stopped;
    o.counterexample = r.counterexample.has_value();
    o.programs.assign(r.programs.begin(), r.programs.end());
    o.programs_complete = r.programs_complete;
    o.statistics = r.statistics;
    return o;
}

Checker::Checker(mapping::CheckDefinition definition) : impl_(std::make_unique<Impl>(std::move(definition))) {}

namespace {

// The identity mapping on a dialect's instructions: one rule per class of
// the dialect (mapping::dialect_classes), producing one event of the same
// kind and order ($sco for scoped ones).
mapping::Mapping identity_mapping(litmus::Dialect dialect) {
    using mapping::Instruction;
    using mapping::SourceKind;
    mapping::Mapping m;
    m.name = "identity-" + std::string(litmus::to_string(dialect));
    m.path = m.name;
    for (const auto& c : mapping::dialect_classes(dialect)) {
        mapping::Rule r;
        r.source = c.kind;
        if (c.order != exec::Order::none) r.order = c.order;
        mapping::TargetOp op;
        op.instruction = c.kind == SourceKind::read    ? Instruction::ld
                         : c.kind == SourceKind::write ? Instruction::st
                         : c.kind == SourceKind::rmw   ? Instruction::atom
                                                       : Instruction::fence;
        op.order = c.order;
        op.scope_from_source = exec::has_scope(c.order);
        op.tags = c.regions;
        r.regions = c.regions;
        r.targets.push_back(op);
        r.line = static_cast<int>(m.rules.size()) + 1;
        m.rules.push_back(r);
    }
    return m;
}

}  // namespace

Checker Checker::comparison(const std::string& a, const std::string& b, litmus::Dialect dialect, int events) {
    mapping::CheckDefinition d;
    d.name = stem(a) + "-vs-" + stem(b);
    d.path = d.name;
    d.source_model = a;
    d.target_model = b;
    d.events = events;
    d.lift = mapping::Lift::extends;
    d.axioms.push_back(mapping::AxiomExpectation{kWholeModel, mapping::Expectation::holds, true, std::nullopt, 0, {}});
    d.dialect = dialect;
    if (mapping::dialect_classes(dialect).empty())
        throw std::invalid_argument("model comparison does not generate " + litmus::dialect_title(dialect) +
                                    " programs yet (the search chooses no storage classes, availability or "
                                    "visibility)");
    mapping::Mapping m = identity_mapping(dialect);
    d.mapping = m.name;
    Checker c(std::make_unique<Impl>(std::move(d), std::move(m), dialect, true));
    // Programs vary in whatever either model reads.
    auto& settings = c.impl_->settings;
    exec::PreExecution empty;
    const auto b_reads = c.impl_->target.instantiate(exec::vocabulary_of(empty, rel::Relation::binary("rf")));
    settings.scoped = settings.scoped || uses_any(b_reads, exec::scope_names());
    settings.dependencies = settings.dependencies || uses_any(b_reads, kDependencyNames);
    c.impl_->confirm_outcomes = true;
    return c;
}

bool Checker::generates(litmus::Dialect d) { return !mapping::dialect_classes(d).empty(); }

std::optional<std::string> Checker::refusal(const model::Model& model, litmus::Dialect d) {
    return litmus::refusal(model, d, searched_vocabulary(d), "the checker's " + litmus::dialect_title(d) + " programs");
}

Checker::Checker(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
Checker::~Checker() = default;
Checker::Checker(Checker&&) noexcept = default;
Checker& Checker::operator=(Checker&&) noexcept = default;

const mapping::CheckDefinition& Checker::definition() const { return impl_->definition; }
litmus::Dialect Checker::source_dialect() const { return impl_->source_dialect; }
const std::vector<mapping::SourceClass>& Checker::searched_classes() const { return impl_->classes; }

std::vector<AxiomResult> Checker::run(const Options& options) const {
    const auto& d = impl_->definition;
    std::vector<std::string> selected;
    for (const auto& name : options.axioms) {
        if (std::none_of(d.axioms.begin(), d.axioms.end(), [&](const auto& a) { return a.name == name; })) {
            std::string names;
            for (const auto& a : d.axioms) names += (names.empty() ? "" : ", ") + a.name;
            throw std::invalid_argument("the check " + d.name + " has no axiom '" + name + "'; it has " + names);
        }
    }
    for (const auto& a : d.axioms)
        if (options.axioms.empty() ||
            std::find(options.axioms.begin(), options.axioms.end(), a.name) != options.axioms.end())
            selected.push_back(a.name);
    if (options.race_free_programs && !d.race_free_flag)
        throw std::invalid_argument("the check " + d.name + " has no race-free flag, so no race-free programs");
    const int bound = options.events.value_or(d.events);
    if (bound < 1) throw std::invalid_argument("the bound must be at least 1 event");
    if (options.workers && (options.on_shape || options.enumerate_programs > 0))
        throw std::invalid_argument("worker processes report no per-shape outcomes (on_shape, enumerate_programs)");
    // Which classes some program up to the bound can show in a
    // counterexample: the same for every axiom (the axiom plays no part).
    const std::vector<ClassWitness> witnesses = impl_->witness_classes(bound, options);
    std::vector<AxiomResult> results;
    for (const auto& axiom : selected) {
        AxiomResult r = impl_->sweep(axiom, bound, options);
        std::vector<BoundSearched> bounds = std::move(r.space.bounds);
        r.space = impl_->space_of(options, witnesses);
        r.space.bounds = std::move(bounds);
        if (r.verdict == Verdict::holds && r.space.vacuous()) r.verdict = Verdict::vacuous;
        results.push_back(std::move(r));
    }
    return results;
}

std::vector<WorkItem> Checker::work_items(const std::string& axiom, int bound, const Options& options) const {
    const std::vector<Shape> shapes = impl_->shapes_of(bound, options);
    std::vector<WorkItem> items;
    for (std::size_t i = 0; i < shapes.size(); ++i)
        items.push_back(WorkItem{axiom, bound, i, shapes.size(), shapes[i].to_string()});
    return items;
}

WorkResult Checker::search(const WorkItem& item, const Options& options) const {
    const auto& d = impl_->definition;
    if (std::none_of(d.axioms.begin(), d.axioms.end(), [&](const auto& a) { return a.name == item.axiom; }))
        throw std::invalid_argument("the check " + d.name + " has no axiom '" + item.axiom + "'");
    const std::vector<Shape> shapes = impl_->shapes_of(item.bound, options);
    if (item.shape >= shapes.size() || shapes.size() != item.shapes ||
        shapes[item.shape].to_string() != item.shape_text)
        throw std::invalid_argument("work item " + item.to_string() + " names no shape of this check (bound " +
                                    std::to_string(item.bound) + " has " + std::to_string(shapes.size()) +
                                    " shapes here)");
    WorkResult out;
    try {
        ShapeResult r = impl_->search(shapes[item.shape], item.axiom, options);
        out.stopped = r.stopped;
        out.counterexample = r.counterexample.has_value();
        out.statistics = r.statistics;
    } catch (const std::exception& e) {
        out.error = e.what();
    }
    return out;
}

}  // namespace mapsound::check
