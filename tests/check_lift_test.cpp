// Every consistent target execution of the shipped checks' compiled
// programs has an admissible lift back into the source: source witnesses
// that meet the source model's requirements and the check's lifting
// constraints.  The search only looks at target executions together with
// such a lift (SymbolicProblem::source_lifted), so a target execution
// without one would silently never be a counterexample.  Checked here by
// enumeration, apart from the checker: every program of every shape up to
// a small bound (built here, compiled by mapping::compile), every
// consistent execution of the target (litmus mode's query, any write of a
// location readable), and one SAT question per execution on the concrete
// source.
#include <cstdlib>
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <algorithm>
#include <string>
#include <vector>

#include "check/lowering.hpp"
#include "check/shape.hpp"
#include "check/symbolic.hpp"
#include "check_test_programs.hpp"
#include "mapsound/check.hpp"
#include "mapsound/compile.hpp"

using namespace mapsound;

namespace {

const std::filesystem::path root = MAPSOUND_SOURCE_DIR;

using rel::TupleSet;

// What the checker varies programs in, read off the source model as
// Checker does: scopes and the scope tree, dependencies.
check::EncodingSettings settings_for(const model::Model& source, mapping::Lift lift) {
    exec::PreExecution empty;
    const auto probe = source.instantiate(exec::vocabulary_of(empty, rel::Relation::binary("rf")));
    auto reads = [&](const std::vector<std::string>& names) {
        for (const auto& n : names)
            if (probe.vocabulary_used.count(n)) return true;
        return false;
    };
    check::EncodingSettings s;
    s.scoped = reads(exec::scope_names());
    s.dependencies = reads({"addr", "data", "ctrl"});
    s.lift = lift;
    s.order_equal_threads = false;
    return s;
}

const rel::Relation& witness(const model::ModelInstance& m, const std::string& name) {
    for (const auto& w : m.witnesses)
        if (w.name == name) return w.relation;
    throw std::invalid_argument("no witness " + name);
}

struct Tally {
    std::size_t programs = 0, executions = 0, without_lift = 0;
    std::size_t listed = 0, stride = 1;  // programs of the space; every stride-th is checked
    std::string first_failure;
};

// Every consistent execution of the compiled program, each with one SAT
// question: does an admissible lift exist?
void check_lifts(const exec::PreExecution& source_program, const mapping::Compiled& compiled,
                 const model::Model& source_model, const model::Model& target_model, mapping::Lift lift, Tally& tally) {
    // Values play no part: any write of a location may be read.
    exec::PreExecution source = source_program, target = compiled.target;
    for (auto& e : source.events) e.value = 0;
    for (auto& e : target.events) e.value = 0;
    const std::size_t ns = source.events.size(), nt = target.events.size();
    std::vector<std::size_t> owner(nt, 0);
    for (auto [s, t] : compiled.map) owner[static_cast<std::size_t>(t)] = static_cast<std::size_t>(s);
    auto lifted = [&](const TupleSet& t) {
        TupleSet out(ns, 2);
        for (std::size_t idx : t.indices()) out.add(owner[idx / nt], owner[idx % nt]);
        return out;
    };
    ++tally.programs;
    const exec::ExecutionQuery qt(target_model, target), qs(source_model, source);
    const rel::Expr co_s = witness(qs.instance, "co");
    rel::Options options;
    options.symmetry = rel::SymmetryBreaking::off;
    rel::enumerate(qt.consistent(), qt.bounds, [&](const rel::Instance& execution) {
        ++tally.executions;
        const TupleSet co_t = execution.tuples(witness(qt.instance, "co"));
        rel::Formula admissible = qs.well_formed() && qs.rf.eq(rel::constant(lifted(execution.tuples(qt.rf))));
        if (lift == mapping::Lift::extends) {
            const TupleSet fr_t = rel::evaluate(qt.instance.definitions.at("fr"), execution);
            admissible = admissible && rel::constant(lifted(co_t)).in(co_s) &&
                         rel::constant(lifted(fr_t)).in(qs.instance.definitions.at("fr"));
        } else {
            // co = map;(co_t^+ & same thread);map^-1
            TupleSet closure = co_t;
            for (bool grew = true; grew;) {
                grew = false;
                for (std::size_t a : closure.indices())
                    for (std::size_t b : closure.indices())
                        if (a % nt == b / nt && !closure.contains(a / nt, b % nt)) {
                            closure.add(a / nt, b % nt);
                            grew = true;
                        }
            }
            TupleSet same_thread(nt, 2);
            for (std::size_t idx : closure.indices()) {
                const auto a = idx / nt, b = idx % nt;
                if (target.events[a].thread >= 0 && target.events[a].thread == target.events[b].thread)
                    same_thread.add(a, b);
            }
            admissible = admissible && co_s.eq(rel::constant(lifted(same_thread)));
        }
        if (!rel::solve(admissible, qs.bounds, options)) {
            ++tally.without_lift;
            if (tally.first_failure.empty()) {
                tally.first_failure = "target";
                for (const auto& e : target.events) tally.first_failure += " | " + std::to_string(e.thread) + ":" + e.label;
                tally.first_failure += "\n" + execution.to_string();
            }
        }
        return true;
    }, options);
}

// Every program of every shape of 1..bound events of the check, with
// 'mapping' in place of the check's own when given.
Tally every_program(const mapping::CheckDefinition& def, const mapping::Mapping& mapping, int bound) {
    const auto source_model = model::Model::load(def.source_model);
    const auto target_model = model::Model::load(def.target_model);
    const check::Lowering lowering = check::lay_out(mapping, check::Checker(def).searched_classes());
    const check::EncodingSettings settings = settings_for(source_model, def.lift);
    Tally tally;
    // Spaces past kMostPrograms (OpenCL's 34 classes with regions and
    // scopes: tens of thousands of programs at 2 events, each execution a
    // SAT question) are checked on every stride-th program in listing
    // order, the same programs on every run, and the message says so.
    constexpr std::size_t kMostPrograms = 2000;
    for (int pass = 0; pass < 2; ++pass) {
        std::size_t index = 0;
        for (int n = 1; n <= bound; ++n)
            for (const auto& shape : check::enumerate_shapes(n, lowering.has_rmw(), settings.scoped)) {
                const check::SymbolicProblem problem(shape, lowering, source_model, target_model, settings);
                check::testing::for_each_program(shape, problem.layout(), lowering, settings, [&](const check::testing::Program& p) {
                    if (pass == 0) {
                        ++tally.listed;
                        return;
                    }
                    if (index++ % tally.stride != 0) return;
                    const exec::PreExecution source = check::testing::source_of(p, problem.layout(), lowering);
                    check_lifts(source, mapping::compile(source, mapping), source_model, target_model, def.lift, tally);
                });
            }
        if (pass == 0) tally.stride = std::max<std::size_t>(1, (tally.listed + kMostPrograms - 1) / kMostPrograms);
    }
    return tally;
}

// C++ sources at up to 2 events (a few thousand programs per scoped
// check), AuDaLa at up to 3; one test case per shipped check.
void every_lift_admissible(const std::string& name) {
    const auto def = mapping::load_check(root / "checks" / (name + ".check"));
    const auto mapping = mapping::load_mapping(def.mapping);
    const int bound = def.lift == mapping::Lift::per_thread ? 3 : 2;
    const Tally t = every_program(def, mapping, bound);
    MESSAGE(def.name << ": " << t.programs << " programs"
                     << (t.stride > 1 ? " (every " + std::to_string(t.stride) + "th of " + std::to_string(t.listed) + ")" : "")
                     << ", " << t.executions << " consistent target executions up to " << bound << " events");
    CHECK(t.programs > 10);
    CHECK(t.executions >= t.programs);
    CHECK_MESSAGE(t.without_lift == 0, t.without_lift << " target executions without an admissible lift; first:\n"
                                                      << t.first_failure);
}

}  // namespace

// Every file in checks/ whose name sorts in [from, to), so that a new
// check is covered without a list to keep in step; two cases, so that
// ctest runs them side by side.
static void every_shipped_check(const std::string& from, const std::string& to) {
    std::vector<std::string> names;
    for (const auto& entry : std::filesystem::directory_iterator(root / "checks")) {
        const std::string name = entry.path().stem().string();
        if (entry.path().extension() == ".check" && name >= from && name < to) names.push_back(name);
    }
    // MAPSOUND_LIFT_ONLY=NAME: that check alone (for timing one check).
    if (const char* only = std::getenv("MAPSOUND_LIFT_ONLY")) names = {only};
    std::sort(names.begin(), names.end());
    REQUIRE(!names.empty());
    for (const auto& name : names) {
        CAPTURE(name);
        every_lift_admissible(name);
    }
}

TEST_CASE("admissible lifts: every shipped check from a to l") { every_shipped_check("a", "m"); }

TEST_CASE("admissible lifts: every shipped check from m to z") { every_shipped_check("m", "{"); }

TEST_CASE("admissible lifts: a target execution without one is found: per-thread lift into a total coherence") {
    // The control: a source model whose co must order the writes of every
    // thread to a location, under the per-thread lift, which orders only
    // each thread's own: two threads writing one location have no lift.
    const auto dir = std::filesystem::temp_directory_path() / "mapsound-lift-test";
    std::filesystem::create_directories(dir);
    std::ofstream(dir / "total-co.cat")
        << "\"total coherence\"\n"
           "witness co <= ((W * W) & loc) \\ id as \"coherence\"\n"
           "require acyclic co as co-acyclic\n"
           "require empty (((W \\ IW) * (W \\ IW)) & loc) \\ id \\ (co | co^-1) as co-total\n"
           "let fr = rf^-1 ; co\n"
           "acyclic po | rf | co | fr as sc\n";
    auto def = mapping::load_check(root / "checks" / "audala-ptx-relaxed.check");
    def.source_model = (dir / "total-co.cat").string();
    def.axioms = {mapping::AxiomExpectation{"sc", mapping::Expectation::holds, true, std::nullopt, 0, {}}};
    const Tally t = every_program(def, mapping::load_mapping(def.mapping), 2);
    CHECK(t.executions > 0);
    CHECK(t.without_lift > 0);
}
