// The mapping checker's sweep over bounds and shapes (see mapsound/check.hpp).
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

#include "check/candidate.hpp"
#include "check/confirm.hpp"
#include "check/cycle_explanation.hpp"
#include "check/execution_dot.hpp"
#include "check/execution_litmus.hpp"
#include "check/lowering.hpp"
#include "check/outcome.hpp"
#include "check/racy.hpp"
#include "check/shape.hpp"
#include "check/space.hpp"
#include "check/symbolic.hpp"
#include "check/work_items.hpp"
#include "mapsound/check.hpp"
#include "mapsound/litmus/dialects.hpp"
#include "mapsound/litmus/print.hpp"

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

namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) {
    return std::chrono::duration<double>(Clock::now() - start).count();
}

// What one shape's search found.
struct ShapeResult {
    bool stopped = false;
    std::optional<Candidate> counterexample;  // the first one found
    // With Options::enumerate_programs: every counterexample program found.
    std::set<std::string> programs;
    bool programs_complete = false;
    Statistics statistics;
};

// "models/rc11.cat" -> "rc11", for names and descriptions.
std::string stem(const std::string& path) { return std::filesystem::path(path).stem().string(); }

// The target's coherence order as the solver chose it (none if the target
// model has no co).
Pairs target_co(const Candidate& c) {
    auto it = c.target_witnesses.find("co");
    return it == c.target_witnesses.end() ? Pairs{} : it->second;
}

bool uses_any(const model::ModelInstance& m, const std::vector<std::string>& names) {
    for (const auto& n : names)
        if (m.vocabulary_used.count(n)) return true;
    return false;
}

// The vocabulary names through which a model can see dependencies.
const std::vector<std::string> kDependencyNames = {"addr", "data", "ctrl"};

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

bool has_scope(exec::Order o) { return o != exec::Order::none && o != exec::Order::na && o != exec::Order::weak; }

std::string class_list(const std::vector<mapping::SourceClass>& classes) {
    std::string out;
    for (const auto& c : classes) out += (out.empty() ? "" : ", ") + c.to_string();
    return out;
}

// The dialects the checker can generate source programs of, for checks
// whose file names none, in the order it tries them.
const std::vector<litmus::Dialect> kCheckSourceDialects = {litmus::Dialect::c, litmus::Dialect::opencl,
                                                           litmus::Dialect::audala};

}  // namespace

struct Checker::Impl {
    mapping::CheckDefinition definition;
    model::Model source, target;
    mapping::Mapping mapping;
    litmus::Dialect source_dialect = litmus::Dialect::c;
    litmus::Dialect target_dialect = litmus::Dialect::ptx;
    // The classes of source events searched: the source dialect's, less the
    // check's exclusions; each has a rule.
    std::vector<mapping::SourceClass> classes;
    Lowering lowering;
    EncodingSettings settings;
    // Candidates must also be confirmed by litmus mode (model comparison).
    bool confirm_outcomes = false;
    bool generated_target_ = false;
    std::set<std::string> source_flags;  // the source model's flag names

    explicit Impl(mapping::CheckDefinition d) : Impl(d, mapping::load_mapping(d.mapping)) {}
    Impl(mapping::CheckDefinition d, mapping::Mapping m) : Impl(std::move(d), m, m.target, false) {}

    // 'target_language': the dialect the mapping's instructions are in (the
    // mapping's `target`; the compared dialect for model comparison).
    // 'generated_target': the target programs are generated by the search
    // (model comparison), so the target model is asked about the search's
    // programs, not about every program of the dialect a rule could write.
    Impl(mapping::CheckDefinition d, mapping::Mapping m, litmus::Dialect target_language, bool generated_target)
        : definition(std::move(d)),
          source(model::Model::load(definition.source_model)),
          target(model::Model::load(definition.target_model)),
          mapping(std::move(m)),
          target_dialect(target_language),
          generated_target_(generated_target) {
        source_dialect = resolve_dialects();
        classes = searched_classes();
        lowering = lay_out(mapping, classes);
        // What the source model reads decides what the programs vary in.  A
        // source that reads no scopes runs every thread in one CTA of one
        // GPU (one device: the AuDaLa and de-scoped C++ settings), even if
        // the mapping gives instructions a narrower scope than .sys.
        exec::PreExecution empty;
        const auto probe = source.instantiate(exec::vocabulary_of(empty, rel::Relation::binary("rf")));
        settings.scoped = uses_any(probe, exec::scope_names());
        settings.cluster = settings.scoped && definition.cluster_level;
        settings.one_gpu = settings.scoped && definition.one_gpu;
        settings.dependencies = uses_any(probe, kDependencyNames);
        for (const auto& f : probe.flags) source_flags.insert(f.name);
        settings.lift = definition.lift;
        // No axiom line: every axiom and flag of the source model (but the
        // race-free flag), with no expectation.
        if (definition.axioms.empty()) {
            for (const auto* list : {&probe.axioms, &probe.flags})
                for (const auto& a : *list)
                    if (a.name != definition.race_free_flag.value_or(""))
                        definition.axioms.push_back(
                            mapping::AxiomExpectation{a.name, mapping::Expectation::holds, false, std::nullopt, 0, {}});
            if (definition.axioms.empty())
                throw mapping::MappingError(at(definition.source_at), "the source model " + definition.source_model +
                                                                          " has no axiom to check");
        }
        validate(probe);
    }

    mapping::Position at(const mapping::Position& p) const {
        return p.file.empty() ? mapping::Position{definition.path, 0, 0} : p;
    }

    // The source programs' dialect: the check's, or the first the checker
    // can generate that the source model judges; and both models must judge
    // the programs they are given (litmus/dialects.hpp), or the search would
    // answer for programs that lack what a model is about.
    litmus::Dialect resolve_dialects() const {
        const auto& d = definition;
        auto refusal_of = [](const model::Model& m, litmus::Dialect x) { return Checker::refusal(m, x); };
        // The compiled programs are the dialect's, whatever tags the rules
        // choose; generated ones are the search's.
        const auto target_refusal =
            generated_target_ ? refusal_of(target, target_dialect) : litmus::refusal(target, target_dialect);
        if (auto why = target_refusal)
            throw mapping::MappingError(at(d.target_at), "the target model cannot judge the compiled programs: " +
                                                             *why + " (the mapping's rules write " +
                                                             litmus::dialect_title(target_dialect) +
                                                             " instructions: its `target` line says which dialect)");
        litmus::Dialect chosen = litmus::Dialect::c;
        if (d.dialect) {
            chosen = *d.dialect;
            if (mapping::dialect_classes(chosen).empty())
                throw mapping::MappingError(at(d.dialect_at), "the checker does not generate " +
                                                                  litmus::dialect_title(chosen) + " programs yet");
            if (auto why = refusal_of(source, chosen))
                throw mapping::MappingError(at(d.dialect_at), "the source model cannot judge " +
                                                                  litmus::dialect_title(chosen) + " programs: " + *why);
        } else {
            std::string reasons;
            bool found = false;
            for (litmus::Dialect x : kCheckSourceDialects) {
                const auto why = refusal_of(source, x);
                if (!why) {
                    chosen = x;
                    found = true;
                    break;
                }
                reasons += (reasons.empty() ? "" : "; ") + *why;
            }
            if (!found)
                throw mapping::MappingError(at(d.source_at),
                                            "the source model judges none of the dialects the checker generates "
                                            "programs of (c, opencl, audala): " + reasons);
        }
        return chosen;
    }

    // The source dialect's classes less the exclusions, each with a rule;
    // a class without one, a rule for no class, an exclusion of no class
    // and a `$sco` that meets a class without scope are errors, so that the
    // search never leaves out what the user did not say it may.
    std::vector<mapping::SourceClass> searched_classes() const {
        const auto& d = definition;
        const std::string title = litmus::dialect_title(source_dialect);
        const std::vector<mapping::SourceClass> all = mapping::dialect_classes(source_dialect);
        auto in = [](const std::vector<mapping::SourceClass>& list, const mapping::SourceClass& c) {
            return std::find(list.begin(), list.end(), c) != list.end();
        };
        std::vector<mapping::SourceClass> excluded;
        for (const auto& e : d.exclusions) {
            bool any = false;
            for (const auto& c : all)
                if (e.covers(c)) {
                    any = true;
                    if (!in(excluded, c)) excluded.push_back(c);
                }
            if (!any)
                throw mapping::MappingError(e.where, "'exclude " + e.text + "': " + title +
                                                         " programs have no class it covers (their classes: " +
                                                         class_list(all) + ")");
        }
        const bool ordered = std::any_of(all.begin(), all.end(),
                                         [](const mapping::SourceClass& c) { return c.order != exec::Order::none; });
        for (const auto& rule : mapping.rules) {
            const bool applies = std::any_of(all.begin(), all.end(),
                                             [&](const mapping::SourceClass& c) { return rule.matches(c.kind, c.order, c.regions); });
            if (applies) continue;
            const mapping::Position where{mapping.path, rule.line, 1};
            if (!ordered && rule.order)
                throw mapping::MappingError(where, "rule " + rule.source_text() + ": " + title +
                                                       " events carry no memory order, so the rule never applies "
                                                       "(write '" + mapping::to_string(rule.source) + " -> ...')");
            throw mapping::MappingError(where, "rule " + rule.source_text() + ": " + title +
                                                   " programs have no such events (their classes: " +
                                                   class_list(all) + ")");
        }
        std::vector<mapping::SourceClass> searched, missing;
        for (const auto& c : all) {
            if (in(excluded, c)) continue;
            const mapping::Rule* rule = mapping.rule_for(c.kind, c.order, c.regions);
            if (!rule) {
                missing.push_back(c);
                continue;
            }
            for (const auto& op : rule->targets)
                if (op.scope_from_source && !has_scope(c.order))
                    throw mapping::MappingError(
                        op.where, "'" + op.to_string() + "' passes the source event's scope ($sco) on, but the rule " +
                                      rule->source_text() + " also covers " + c.to_string() +
                                      ", whose events have no scope: give the instruction a fixed scope, or write a "
                                      "rule of its own for " + c.to_string());
            searched.push_back(c);
        }
        if (!missing.empty()) {
            const std::string first = missing.front().to_string();
            throw mapping::MappingError(
                at(d.mapping_at),
                "the mapping " + d.mapping + " has no rule for " + title + " events of class " + class_list(missing) +
                    ", so the search would leave every program with one out: add a rule for each (" + first +
                    " -> ...) or exclude the class in the check file ('exclude " + first + "  # why')");
        }
        return searched;
    }

    // What the search needs from the files the check names, reported at the
    // check file's line and column that names them (before any search, so
    // that no later stage meets it unpositioned).
    void validate(const model::ModelInstance& probe) const {
        const auto& d = definition;
        std::string names;
        for (const auto* list : {&probe.axioms, &probe.flags})
            for (const auto& a : *list) names += (names.empty() ? "" : ", ") + a.name;
        for (const auto& a : d.axioms) {
            const bool found = a.name == kWholeModel || source_flags.count(a.name) ||
                               std::any_of(probe.axioms.begin(), probe.axioms.end(),
                                           [&](const model::Axiom& x) { return x.name == a.name; });
            if (!found)
                throw mapping::MappingError(at(a.where), "the source model " + d.source_model +
                                                             " has no axiom or flag '" + a.name + "'; it has " + names);
        }
        if (d.race_free_flag && !source_flags.count(*d.race_free_flag)) {
            std::string flags;
            for (const auto& f : probe.flags) flags += (flags.empty() ? "" : ", ") + f.name;
            throw mapping::MappingError(at(d.race_free_at), "the source model " + d.source_model + " has no flag '" +
                                                                *d.race_free_flag + "' (its flags: " +
                                                                (flags.empty() ? "none" : flags) + ")");
        }
        // The lift reads both models' coherence, and with `extends` their fr.
        exec::PreExecution empty;
        const auto target_probe = target.instantiate(exec::vocabulary_of(empty, rel::Relation::binary("rf")));
        for (const auto& [model, side, where, path] :
             {std::tuple{&probe, "source", d.source_at, d.source_model},
              std::tuple{&target_probe, "target", d.target_at, d.target_model}}) {
            const bool co = std::any_of(model->witnesses.begin(), model->witnesses.end(),
                                        [](const model::Witness& w) { return w.name == "co"; });
            if (!co)
                throw mapping::MappingError(at(where), std::string("the ") + side + " model " + path +
                                                           " has no 'witness co', which the lift of the check needs");
            if (d.lift == mapping::Lift::extends && !model->definitions.count("fr"))
                throw mapping::MappingError(at(where), std::string("the ") + side + " model " + path +
                                                           " defines no 'fr', which the lift 'extends' needs");
        }
    }

    // The shapes (or cubes) of bound n, in the order the sweep searches them.
    std::vector<Shape> shapes_of(int n, const Options& options) const {
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

    EncodingSettings encoding_for(const Options& run) const {
        EncodingSettings encoding = settings;
        encoding.free_placement = settings.scoped && run.scope_trees == Options::ScopeTrees::solver;
        encoding.order_equal_threads = run.order_equal_threads;
        return encoding;
    }

    // For each class searched, the fewest events of a program up to
    // 'bound' in which an event of the class is part of a consistent target
    // execution with an admissible, race-free lift (a race-free program with
    // race_free_programs): what a counterexample with the class needs at
    // least.  Every class a solution shows is witnessed by it; each is
    // re-checked by the evaluator (confirm with no axiom).
    std::vector<ClassWitness> witness_classes(int bound, const Options& run) const {
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
                rel::Formula f = p.program && p.target_consistent && p.source_lifted;
                if (definition.race_free_flag) f = f && p.flag_quiet(*definition.race_free_flag);
                if (run.target_events) f = f && p.target_events_at_most(*run.target_events);
                rel::Options options;
                options.symmetry = rel::SymmetryBreaking::off;
                options.stop = run.stop;
                options.closure = run.closure;
                rel::Problem problem(f, p.bounds, options);
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

    // The searched space of a run, but for its bounds (filled by sweep).
    SearchedSpace space_of(const Options& run, const std::vector<ClassWitness>& witnesses) const {
        SearchedSpace space;
        space.dialect = source_dialect;
        space.classes = witnesses;
        space.excluded = definition.exclusions;
        space.race_free = !definition.race_free_flag ? "none" : run.race_free_programs ? "program" : "execution";
        space.target_events = run.target_events;
        return space;
    }

    ShapeResult search(const Shape& shape, const std::string& axiom, const Options& run) const {
        ShapeResult out;
        SymbolicProblem p(shape, lowering, source, target, encoding_for(run));
        rel::Formula f = p.program && p.target_consistent && p.source_lifted && p.violated(axiom);
        if (definition.race_free_flag) f = f && p.flag_quiet(*definition.race_free_flag);
        if (run.target_events) f = f && p.target_events_at_most(*run.target_events);
        rel::Options options;
        options.symmetry = rel::SymmetryBreaking::off;
        options.stop = run.stop;
        options.closure = run.closure;
        rel::Problem problem(f, p.bounds, options);
        const std::size_t enumerate = run.enumerate_programs;
        std::size_t programs_found = 0;
        for (;;) {
            const rel::Outcome o = problem.solve();
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

    // Pairs of the candidate's source events as pairs of the problem's atoms.
    static rel::TupleSet source_atoms(const SymbolicProblem& p, const Candidate& c, const Pairs& pairs) {
        rel::TupleSet t(static_cast<std::size_t>(p.layout().size), 2);
        for (auto [a, b] : pairs)
            t.add(static_cast<std::size_t>(c.source_atom[static_cast<std::size_t>(a)]),
                  static_cast<std::size_t>(c.source_atom[static_cast<std::size_t>(b)]));
        return t;
    }

    // Excludes, by the racy execution found, every program of the shape in
    // which it is consistent and racy too (counterexample-guided, as one
    // blocking clause per program would be far too many).
    void exclude_racy(const SymbolicProblem& p, rel::Problem& problem, const Candidate& c,
                      const ProgramExecution& racy) const {
        std::map<std::string, rel::TupleSet> witnesses;
        for (const auto& [name, pairs] : racy.witnesses) witnesses.emplace(name, source_atoms(p, c, pairs));
        std::vector<std::pair<rel::Relation, rel::TupleSet>> constants;
        const rel::Formula refinement = p.not_racy_with(source, source_atoms(p, c, racy.rf), witnesses,
                                                        *definition.race_free_flag, constants);
        for (const auto& [relation, value] : constants) problem.add_constant(relation, value);
        problem.add(refinement);
    }

    // Excludes, by a lift that satisfies the axiom for the spurious
    // candidate 'c', every candidate of the shape for which that lift is
    // admissible and satisfying too (without it, each target execution of
    // each program whose source witnesses the solver chose badly is
    // excluded alone).
    void exclude_by_lift(const SymbolicProblem& p, rel::Problem& problem, const Candidate& c,
                         const std::map<std::string, Pairs>& lift, const std::string& axiom) const {
        std::map<std::string, rel::TupleSet> witnesses;
        for (const auto& [name, pairs] : lift) witnesses.emplace(name, source_atoms(p, c, pairs));
        std::vector<std::pair<rel::Relation, rel::TupleSet>> constants;
        const rel::Formula refinement =
            p.no_satisfying_lift(source, witnesses, axiom, definition.race_free_flag, constants);
        for (const auto& [relation, value] : constants) problem.add_constant(relation, value);
        problem.add(refinement);
    }

    // The candidate's two litmus tests, named and described as they are
    // printed.
    void attach_litmus(Candidate& c, const std::string& axiom) const {
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

    // The candidate's litmus tests printed, parsed back and decided by
    // litmus mode: the source model (the axiom read as an axiom when it is
    // a flag) and the target model.
    RoundTrip round_trip(const Candidate& c, const std::string& axiom) const {
        std::vector<std::string> forbid;
        if (source_flags.count(axiom)) forbid.push_back(axiom);
        return RoundTrip{judge_litmus(c.source_litmus, source, forbid), judge_litmus(c.target_litmus, target, {})};
    }

    static void add(Statistics& into, const Statistics& s) {
        into.shapes += s.shapes;
        into.solver_calls += s.solver_calls;
        into.spurious += s.spurious;
        into.racy_programs += s.racy_programs;
        into.max_variables = std::max(into.max_variables, s.max_variables);
        into.max_clauses = std::max(into.max_clauses, s.max_clauses);
        into.translation_seconds += s.translation_seconds;
        into.solve_seconds += s.solve_seconds;
    }

    Counterexample present(Candidate c, const Shape& shape, const std::string& axiom) const {
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

    AxiomResult sweep(const std::string& axiom, int bound, const Options& options) const {
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

    static ShapeOutcome outcome(const ShapeResult& r, const Shape& shape, const std::string& axiom) {
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
};

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
        op.scope_from_source = has_scope(c.order);
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
