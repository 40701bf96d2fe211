// Seed litmus tests for the models built from seeds 003 and 004:
//   models/audala.cat       LEGAL_EXEC   (seed 003, Leemrijse 2023, section 4.2)
//   models/audala-star.cat  LEGAL_EXEC*  (seed 003, section 4.2)
//   models/gpu-rmo.cat      RMO per scope (seed 004, Alglave et al. ASPLOS 2015, Fig. 15, 16)
// Each execution is built by hand and gets the verdict its seed states.  An
// "allowed" verdict needs an execution found by the SAT solver and confirmed
// by the plain evaluator; a "forbidden" one needs the solver to find none,
// while candidate executions (rf and the model's witnesses, well formed)
// exist, so that the axioms and not the values decide.  Mutants of the model
// texts (an axiom dropped, a relation weakened) show each verdict rests on
// the part of the model that should decide it.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "mapsound/exec.hpp"
#include "mapsound/model.hpp"

using namespace mapsound;

namespace {

const std::filesystem::path models_dir = MAPSOUND_SOURCE_DIR "/models";

using exec::EventKind;
using exec::Order;
using exec::Scope;
using Pairs = std::vector<std::pair<int, int>>;

model::Model load(const std::string& file) { return model::Model::load((models_dir / file).string()); }

std::string read_file(const std::filesystem::path& path) {
    std::ifstream in(path);
    REQUIRE(in.good());
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

// 'text' with the first occurrence of 'from' replaced by 'to'; the
// occurrence must exist, so that a mutant really differs from the model.
std::string replaced(std::string text, const std::string& from, const std::string& to) {
    const auto at = text.find(from);
    REQUIRE_MESSAGE(at != std::string::npos, "not in the model text: " << from);
    text.replace(at, from.size(), to);
    return text;
}

model::Model parse_mutant(const std::string& text, const std::string& name) {
    return model::Model::parse(text, name, models_dir.string());
}

// A model file with 'from' replaced by 'to'; includes resolve in models/.
model::Model mutant(const std::string& file, const std::string& from, const std::string& to) {
    return parse_mutant(replaced(read_file(models_dir / file), from, to), "mutant of " + file);
}

rel::Formula pin_rf(const exec::PreExecution& x, const rel::Relation& rf, const Pairs& pairs) {
    rel::TupleSet t(x.events.size(), 2);
    for (auto [w, r] : pairs) t.add(static_cast<std::size_t>(w), static_cast<std::size_t>(r));
    return rf.eq(rel::constant(t));
}

// Whether some consistent execution of 'x' exists under the model (with rf
// exactly 'rf_pairs' when given).  A found execution is checked again by the
// evaluator, formula and axioms one by one.
bool allowed(const model::Model& m, const exec::PreExecution& x, const std::optional<Pairs>& rf_pairs = {}) {
    exec::ExecutionQuery q(m, x);
    rel::Formula f = q.consistent();
    if (rf_pairs) f = f && pin_rf(x, q.rf, *rf_pairs);
    auto found = rel::solve(f, q.bounds);
    if (found) {
        CHECK(rel::evaluate(f, *found));  // the second way to the answer
        for (const auto& a : q.instance.axioms) {
            CAPTURE(a.name);
            CHECK(rel::evaluate(a.holds, *found));
        }
    }
    return found.has_value();
}

// Whether a candidate execution exists: rf and witnesses well formed, no
// axiom asked.  A forbidden verdict means something only when this holds.
bool candidate_exists(const model::Model& m, const exec::PreExecution& x, const std::optional<Pairs>& rf_pairs = {}) {
    exec::ExecutionQuery q(m, x);
    rel::Formula f = q.well_formed();
    if (rf_pairs) f = f && pin_rf(x, q.rf, *rf_pairs);
    auto found = rel::solve(f, q.bounds);
    if (found) CHECK(rel::evaluate(f, *found));
    return found.has_value();
}

// Forbidden: candidates exist, none is consistent.
void check_forbidden(const model::Model& m, const exec::PreExecution& x, const std::optional<Pairs>& rf_pairs = {}) {
    CHECK(candidate_exists(m, x, rf_pairs));
    CHECK_FALSE(allowed(m, x, rf_pairs));
}

std::vector<std::string> names(const std::vector<model::Axiom>& axioms) {
    std::vector<std::string> out;
    for (const auto& a : axioms) out.push_back(a.name);
    return out;
}

exec::Event init(int loc, const std::string& label) {
    return {EventKind::write, -1, loc, 0, Order::none, Scope::none, -1, label};
}
exec::Event rd(int thread, int loc, std::int64_t value, const std::string& label, Order o = Order::none,
               Scope s = Scope::none) {
    return {EventKind::read, thread, loc, value, o, s, -1, label};
}
exec::Event wr(int thread, int loc, std::int64_t value, const std::string& label, Order o = Order::none,
               Scope s = Scope::none) {
    return {EventKind::write, thread, loc, value, o, s, -1, label};
}
exec::Event fence(int thread, Scope s, const std::string& label) {
    return {EventKind::fence, thread, -1, 0, Order::sc, s, -1, label};
}

// ---------------------------------------------------------------- seed 003

// Two instances communicating through gm.x and gm.y, both initially 0:
// events 0 and 1 are the initial writes, 'events' follow in order.
exec::PreExecution gm_xy(const std::vector<exec::Event>& events) {
    exec::PreExecution x;
    x.locations = {"gm.x", "gm.y"};
    x.threads = {{0, 0}, {0, 0}};
    x.events = {init(0, "init gm.x=0"), init(1, "init gm.y=0")};
    x.events.insert(x.events.end(), events.begin(), events.end());
    return x;
}

// Seed 003, Figure 11.  The figure is a picture; the text of section 4.2
// fixes it: instances communicate through gm.x and gm.y, both initially 0;
// the reads of the gm reference are left out; the outcomes are r1 = 0,
// r2 = 0 and r1 = 42, r2 = 0 (Fig. 11b), legal under LEGAL_EXEC, and
// r1 = r2 = 42 (Fig. 11c), illegal under LEGAL_EXEC and legal under
// LEGAL_EXEC*, with a sem cycle through dep; "the store of r2 to gm.x"
// would be removable "as it will be overwritten immediately with 42";
// Table 1 gives the counterexample 5 events; "the fr relation is empty".
// That is:
//   Inst1: gm.y := gm.x          Inst2: gm.x := gm.y; gm.x := 42
//   e2: R x = r1                 e4: R y = r2
//   e3: W y = r1  (data e2)      e5: W x = r2  (data e4)
//                                e6: W x = 42
// As in the seed's axiomatic model, the read of the old value that "Command
// Write Parameter I" spawns before each parameter write is not an event.
exec::PreExecution fig11(std::int64_t r1, std::int64_t r2) {
    exec::PreExecution x = gm_xy({
        rd(0, 0, r1, "Inst1: r1 := gm.x"),
        wr(0, 1, r1, "Inst1: gm.y := r1"),
        rd(1, 1, r2, "Inst2: r2 := gm.y"),
        wr(1, 0, r2, "Inst2: gm.x := r2"),
        wr(1, 0, 42, "Inst2: gm.x := 42"),
    });
    x.data = {{2, 3}, {4, 5}};
    return x;
}
const Pairs fig11b_rf = {{6, 2}, {1, 4}};  // r1 reads gm.x := 42, r2 the initial gm.y
const Pairs fig11c_rf = {{6, 2}, {3, 4}};  // r1 reads gm.x := 42, r2 reads gm.y := r1

// Seed 003, Figure 14, "the other counterexample found for Rlx", also a
// picture.  Section 4.5: "a sem cycle is formed because in Inst2 the second
// read connects the first read through a dep; fr/po_loc edge with the
// write", 5 events, allowed by PTX and so by LEGAL_EXEC* (Table 1, Rlx* has
// no counterexample) but not by LEGAL_EXEC.  Reconstructed from that text:
//   Inst1: gm.y := gm.x          Inst2: r2 := gm.y; r3 := gm.x (addr r2); gm.x := 42
//   e2: R x = 42                 e4: R y = 42
//   e3: W y = 42 (data e2)       e5: R x = 0 (addr e4; reads iota: fr_init to e6)
//                                e6: W x = 42
exec::PreExecution fig14() {
    exec::PreExecution x = gm_xy({
        rd(0, 0, 42, "Inst1: r1 := gm.x"),
        wr(0, 1, 42, "Inst1: gm.y := r1"),
        rd(1, 1, 42, "Inst2: r2 := gm.y"),
        rd(1, 0, 0, "Inst2: r3 := gm.x (address from r2)"),
        wr(1, 0, 42, "Inst2: gm.x := 42"),
    });
    x.data = {{2, 3}};
    x.addr = {{4, 5}};
    return x;
}

// Load buffering out of thin air: Inst1: gm.y := gm.x   Inst2: gm.x := gm.y,
// both reads returning 42, which nobody writes but the dependent stores.
exec::PreExecution lb_thin_air() {
    exec::PreExecution x = gm_xy({
        rd(0, 0, 42, "Inst1: r1 := gm.x"),
        wr(0, 1, 42, "Inst1: gm.y := r1"),
        rd(1, 1, 42, "Inst2: r2 := gm.y"),
        wr(1, 0, 42, "Inst2: gm.x := r2"),
    });
    x.data = {{2, 3}, {4, 5}};
    return x;
}

// One instance: events on gm.x only, given as (is_write, value) in program order.
exec::PreExecution one_instance(const std::vector<std::pair<bool, std::int64_t>>& ops) {
    exec::PreExecution x;
    x.locations = {"gm.x"};
    x.threads = {{0, 0}};
    x.events = {init(0, "init gm.x=0")};
    for (auto [is_write, v] : ops)
        x.events.push_back(is_write ? wr(0, 0, v, "gm.x := " + std::to_string(v))
                                    : rd(0, 0, v, "read gm.x = " + std::to_string(v)));
    return x;
}

// coRR across instances: Inst1: gm.x := 1   Inst2: reads gm.x twice, 1 then 0.
exec::PreExecution corr_instances() {
    exec::PreExecution x;
    x.locations = {"gm.x"};
    x.threads = {{0, 0}, {0, 0}};
    x.events = {
        init(0, "init gm.x=0"),
        wr(0, 0, 1, "Inst1: gm.x := 1"),
        rd(1, 0, 1, "Inst2: r1 := gm.x"),
        rd(1, 0, 0, "Inst2: r2 := gm.x"),
    };
    return x;
}

// ---------------------------------------------------------------- seed 004

// Seed 004, Figure 1 (coRR): init x = 0; T0: st.cg [x],1   T1: ld.cg r1,[x];
// ld.cg r2,[x]; threads intra-CTA; final r1 = 1, r2 = 0.  Every access is
// .cg; our IR has no cache operators, so they are plain weak accesses.
exec::PreExecution corr() {
    exec::PreExecution x;
    x.locations = {"x"};
    x.threads = {{0, 0}, {0, 0}};  // intra-CTA
    x.events = {
        init(0, "init x=0"),
        wr(0, 0, 1, "0.1 st.cg [x],1", Order::weak),
        rd(1, 0, 1, "1.1 ld.cg r1,[x]", Order::weak),
        rd(1, 0, 0, "1.2 ld.cg r2,[x]", Order::weak),
    };
    return x;
}

// Seed 004, Figure 14 (mp): init x = y = 0; T0: st.cg [x],1; membar.cta;
// st.cg [y],1   T1: ld.cg r0,[y]; membar.gl; ld.cg r2,[x]; final r0 = 1,
// r2 = 0.  The figure's threads are intra-CTA; 'same_cta' false puts them in
// two CTAs of one GPU.  The fences' scopes can be changed for variants.
exec::PreExecution mp(bool same_cta, Scope fence0 = Scope::cta, Scope fence1 = Scope::gpu) {
    exec::PreExecution x;
    x.locations = {"x", "y"};
    x.threads = {{0, 0}, {same_cta ? 0 : 1, 0}};
    auto membar = [](Scope s) {
        return s == Scope::cta ? std::string("membar.cta") : s == Scope::gpu ? std::string("membar.gl") : std::string("membar.sys");
    };
    x.events = {
        init(0, "init x=0"),
        init(1, "init y=0"),
        wr(0, 0, 1, "0.1 st.cg [x],1", Order::weak),   // a
        fence(0, fence0, "0.2 " + membar(fence0)),
        wr(0, 1, 1, "0.3 st.cg [y],1", Order::weak),   // b
        rd(1, 1, 1, "1.1 ld.cg r0,[y]", Order::weak),  // c
        fence(1, fence1, "1.2 " + membar(fence1)),
        rd(1, 0, 0, "1.3 ld.cg r2,[x]", Order::weak),  // d
    };
    return x;
}

// mp without fences (section 5.2.2: RMO allows the non-SC behaviour of mp).
exec::PreExecution mp_no_fences() {
    exec::PreExecution x = mp(true);
    x.events.erase(x.events.begin() + 6);
    x.events.erase(x.events.begin() + 3);
    return x;
}

}  // namespace

// ================================================================ seed 003

TEST_CASE("seed models: AuDaLa models elaborate with the seed's axioms") {
    const exec::PreExecution x = fig11(42, 42);
    model::ModelInstance legal = load("audala.cat").instantiate(exec::vocabulary_of(x, rel::Relation::binary("rf")));
    CHECK(names(legal.axioms) == std::vector<std::string>{"consistency"});
    model::ModelInstance star = load("audala-star.cat").instantiate(exec::vocabulary_of(x, rel::Relation::binary("rf")));
    CHECK(names(star.axioms) == std::vector<std::string>{"consistency-star", "no-thin-air"});
    for (const auto* inst : {&legal, &star}) {
        REQUIRE(inst->witnesses.size() == 1);
        CHECK(inst->witnesses[0].name == "co");
        CHECK(names(inst->requirements) ==
              std::vector<std::string>{"co-bound", "co-acyclic", "co-transitive", "co-total-per-location-instance"});
        CHECK(inst->flags.empty());
    }
    CHECK(load("audala.cat").title() == "AuDaLa LEGAL_EXEC");
    CHECK(load("audala-star.cat").title() == "AuDaLa LEGAL_EXEC*");
}

TEST_CASE("seed 003 Fig. 11: r1 = 0, r2 = 0 is legal under LEGAL_EXEC and LEGAL_EXEC*") {
    const model::Model legal = load("audala.cat"), star = load("audala-star.cat");
    CHECK(allowed(legal, fig11(0, 0)));
    CHECK(allowed(star, fig11(0, 0)));
    // Not every rf for it is legal: r1 reading gm.x := r2 while r2 reads
    // gm.y := r1 is a dependency cycle, even with the values 0.
    const Pairs cyclic = {{5, 2}, {3, 4}};
    check_forbidden(legal, fig11(0, 0), cyclic);
    check_forbidden(star, fig11(0, 0), cyclic);
}

TEST_CASE("seed 003 Fig. 11b: r1 = 42, r2 = 0 is legal under LEGAL_EXEC and LEGAL_EXEC*") {
    const model::Model legal = load("audala.cat"), star = load("audala-star.cat");
    CHECK(allowed(legal, fig11(42, 0), fig11b_rf));
    CHECK(allowed(star, fig11(42, 0), fig11b_rf));
    CHECK(allowed(legal, fig11(42, 0)));
}

TEST_CASE("seed 003 Fig. 11c: r1 = r2 = 42 is illegal under LEGAL_EXEC, legal under LEGAL_EXEC*") {
    const model::Model legal = load("audala.cat"), star = load("audala-star.cat");
    check_forbidden(legal, fig11(42, 42), fig11c_rf);
    check_forbidden(legal, fig11(42, 42));  // no other rf helps
    CHECK(allowed(star, fig11(42, 42), fig11c_rf));
    // r1 reading the dependent store gm.x := r2 instead is out of thin air:
    // LEGAL_EXEC* forbids it by NO_THIN_AIR.
    const Pairs thin_air = {{5, 2}, {3, 4}};
    check_forbidden(star, fig11(42, 42), thin_air);
    check_forbidden(legal, fig11(42, 42), thin_air);
}

TEST_CASE("seed 003 Fig. 11: r1 = 0, r2 = 42 has no candidate execution") {
    // gm.y := r1 writes 0, so nothing writes 42 to gm.y: not a verdict of
    // either model but of the values, hence no candidate at all.
    CHECK_FALSE(candidate_exists(load("audala.cat"), fig11(0, 42)));
    CHECK_FALSE(allowed(load("audala-star.cat"), fig11(0, 42)));
}

TEST_CASE("seed 003 Fig. 14 (reconstructed): illegal under LEGAL_EXEC, legal under LEGAL_EXEC*") {
    const model::Model legal = load("audala.cat"), star = load("audala-star.cat");
    check_forbidden(legal, fig14());
    CHECK(allowed(star, fig14()));
}

TEST_CASE("seed 003: reads of the initial value follow fr_init, not a co-first initial write") {
    const model::Model legal = load("audala.cat"), star = load("audala-star.cat");
    // Incoherent memory (section 3.3): an instance may read another
    // instance's write and then the initial value (Read External, then Read
    // Initial with an empty cache).  A co-first initial write would forbid it.
    CHECK(allowed(legal, corr_instances()));
    CHECK(allowed(star, corr_instances()));
    CHECK_FALSE(allowed(load("sc.cat"), corr_instances()));
    // Read Initial needs the instance's value cache empty: after its own
    // write to gm.x, an instance cannot read the initial gm.x (fr_init).
    const exec::PreExecution own = one_instance({{true, 1}, {false, 0}});
    check_forbidden(legal, own);
    check_forbidden(star, own);
    // Before its own write, it can.
    CHECK(allowed(legal, one_instance({{false, 0}, {true, 1}})));
    // Read Internal reads the cache, i.e. the last own write: reading an
    // overwritten own write is forbidden (fr_base = rfi^-1;co^+).
    const exec::PreExecution stale = one_instance({{true, 1}, {true, 2}, {false, 1}});
    check_forbidden(legal, stale);
    check_forbidden(star, stale);
    CHECK(allowed(legal, one_instance({{true, 1}, {true, 2}, {false, 2}})));
    // A read cannot read a po-later own write.
    check_forbidden(legal, one_instance({{false, 1}, {true, 1}}));
}

TEST_CASE("seed 003: load buffering out of thin air") {
    CHECK(candidate_exists(load("audala.cat"), lb_thin_air()));
    check_forbidden(load("audala.cat"), lb_thin_air());
    check_forbidden(load("audala-star.cat"), lb_thin_air());
}

TEST_CASE("seed 003 mutants: each verdict rests on the part of the model that should decide it") {
    // LEGAL_EXEC without dep in sem is CONSISTENCY*: Fig. 11c and Fig. 14
    // become legal.
    const model::Model no_dep = mutant("audala.cat", "let sem = po-loc | rf-cmd | co | fr | dep",
                                       "let sem = po-loc | rf-cmd | co | fr");
    CHECK(allowed(no_dep, fig11(42, 42), fig11c_rf));
    CHECK(allowed(no_dep, fig14()));
    // LEGAL_EXEC without CONSISTENCY allows Fig. 11c.
    const model::Model no_consistency = mutant("audala.cat", "acyclic sem as consistency", "");
    CHECK(no_consistency.instantiate(exec::vocabulary_of(fig11(0, 0), rel::Relation::binary("rf"))).axioms.empty());
    CHECK(allowed(no_consistency, fig11(42, 42), fig11c_rf));
    // LEGAL_EXEC* without NO_THIN_AIR allows load buffering out of thin air
    // and Fig. 11c's thin-air rf.
    const model::Model no_nta = mutant("audala-star.cat", "acyclic rf-cmd | dep as no-thin-air", "");
    CHECK(allowed(no_nta, lb_thin_air()));
    CHECK(allowed(no_nta, fig11(42, 42), Pairs{{5, 2}, {3, 4}}));
    // LEGAL_EXEC* without CONSISTENCY* lets an instance read a stale own write.
    const model::Model no_cstar = mutant("audala-star.cat", "acyclic po-loc | rf-cmd | co | fr as consistency-star", "");
    CHECK(allowed(no_cstar, one_instance({{true, 1}, {true, 2}, {false, 1}})));

    // The shared relations, inlined into audala.cat and mutated there.
    const std::string lib = read_file(models_dir / "lib" / "audala-relations.cat");
    const std::string legal_text = read_file(models_dir / "audala.cat");
    auto with_lib = [&](const std::string& lib_text) {
        return parse_mutant(replaced(legal_text, "include \"lib/audala-relations.cat\"", lib_text),
                            "audala.cat with mutated relations");
    };
    // The unmutated inlining gives the same verdicts.
    CHECK_FALSE(allowed(with_lib(lib), one_instance({{true, 1}, {false, 0}})));
    // Without fr_init, reading the initial value after an own write is legal.
    CHECK(allowed(with_lib(replaced(lib, "let fr = fr-base | fr-init", "let fr = fr-base")),
                  one_instance({{true, 1}, {false, 0}})));
    // Without fr_base, reading a stale own write is legal.
    CHECK(allowed(with_lib(replaced(lib, "let fr = fr-base | fr-init", "let fr = fr-init")),
                  one_instance({{true, 1}, {true, 2}, {false, 1}})));
    // With the conventional from-reads of a co-first initial write (every
    // write to the location, any instance), coRR across instances is no
    // longer legal: the seed's fr_init is what makes memory incoherent.
    CHECK_FALSE(allowed(with_lib(replaced(lib, "let fr-init = [R-init] ; (int & loc) ; [WrCmd]",
                                          "let fr-init = [R-init] ; loc ; [WrCmd]")),
                        corr_instances()));
}

// ================================================================ seed 004

TEST_CASE("seed models: gpu-rmo elaborates with the axioms of Fig. 15 and 16") {
    const exec::PreExecution x = mp(true);
    const model::Model m = load("gpu-rmo.cat");
    CHECK(m.title() == "GPU RMO per scope");
    model::ModelInstance inst = m.instantiate(exec::vocabulary_of(x, rel::Relation::binary("rf")));
    CHECK(names(inst.axioms) ==
          std::vector<std::string>{"sc-per-loc-llh", "no-thin-air", "cta-constraint", "gl-constraint", "sys-constraint"});
    REQUIRE(inst.witnesses.size() == 1);
    CHECK(inst.witnesses[0].name == "co");
    // Each membar of Fig. 14 orders its two accesses: a -> b and c -> d.
    rel::Instance none(exec::universe_of(x));
    const rel::TupleSet cta_fence = rel::evaluate(inst.definitions.at("cta-fence"), none);
    CHECK(cta_fence.contains(2, 4));
    CHECK(cta_fence.contains(5, 7));
    CHECK_FALSE(rel::evaluate(inst.definitions.at("gl-fence"), none).contains(2, 4));  // membar.cta
    CHECK(rel::evaluate(inst.definitions.at("gl-fence"), none).contains(5, 7));        // membar.gl
}

// The verdicts below are the model's (Fig. 15 and 16, as sections 5.2.2 and
// 5.3 state them), not the hardware columns (obs/100k) of Fig. 1.
TEST_CASE("seed 004 Fig. 1: coRR is allowed by gpu-rmo (sc-per-loc-llh exempts read-read pairs)") {
    const model::Model m = load("gpu-rmo.cat");
    // Section 5.2.2: "RMO allows the test coRR of Fig. 1"; "our model allows it".
    CHECK(allowed(m, corr(), Pairs{{1, 2}, {0, 3}}));
    // Mutant: SC per location with read-read pairs forbids it.
    const model::Model full_po_loc = mutant("gpu-rmo.cat", "acyclic po-loc-llh | com as sc-per-loc-llh",
                                            "acyclic po-loc | com as sc-per-loc-llh");
    check_forbidden(full_po_loc, corr());
    // And SC does too.
    CHECK_FALSE(allowed(load("sc.cat"), corr()));
}

TEST_CASE("seed 004 Fig. 14: mp with membar.cta and membar.gl, intra-CTA, is forbidden by cta-constraint") {
    const model::Model m = load("gpu-rmo.cat");
    // Section 5.3: "a cycle in the union of membar.cta, rfe, fr and
    // membar.gl, i.e. a cycle in rmo-cta.  Our model forbids this execution
    // by the constraint cta-constraint".
    check_forbidden(m, mp(true));
    // Mutant: without cta-constraint it is allowed.
    const model::Model no_cta = mutant("gpu-rmo.cat", "acyclic rmo-cta as cta-constraint", "");
    CHECK(allowed(no_cta, mp(true), Pairs{{4, 5}, {0, 7}}));
    // Mutant: membar.gl that orders nothing at CTA scope allows it too.
    const model::Model narrow = mutant("gpu-rmo.cat", "let cta-fence = membar-cta | gl-fence",
                                       "let cta-fence = membar-cta");
    CHECK(allowed(narrow, mp(true)));
}

TEST_CASE("seed 004: RMO per scope, the mp variants sections 5.2.2 and 5.3 describe") {
    const model::Model m = load("gpu-rmo.cat");
    // "RMO allows the non-SC behaviour of mp" without fences.
    CHECK(allowed(m, mp_no_fences()));
    // membar.cta "provides ordering within a CTA": across CTAs it orders
    // nothing at gl scope, and the cta-scope cycle needs both threads in
    // one CTA.  So mp across CTAs with membar.cta on the writer is allowed...
    CHECK(allowed(m, mp(false, Scope::cta, Scope::gpu)));
    // ...and with membar.gl on both threads forbidden by gl-constraint.
    check_forbidden(m, mp(false, Scope::gpu, Scope::gpu));
    const model::Model no_gl = mutant("gpu-rmo.cat", "acyclic rmo-gl as gl-constraint", "");
    CHECK(allowed(no_gl, mp(false, Scope::gpu, Scope::gpu)));
    // membar.sys orders at every scope.
    check_forbidden(m, mp(false, Scope::sys, Scope::sys));
    check_forbidden(m, mp(true, Scope::sys, Scope::cta));
}
