// The violating cycle of a counterexample and the relations that explain
// it (lib/check/cycle_explanation), on small executions whose cycles are
// known by hand: SB and MP under RC11.
#include <doctest/doctest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "check/cycle_explanation.hpp"
#include "mapsound/model.hpp"

using namespace mapsound;
using exec::EventKind;
using exec::Order;
using Pairs = std::vector<std::pair<int, int>>;

namespace {

const std::filesystem::path root = MAPSOUND_SOURCE_DIR;

// x and y initially 0 (e0, e1), then the events given, per thread.
exec::PreExecution two_threads(const std::vector<std::tuple<int, EventKind, int, int, Order>>& events) {
    exec::PreExecution x;
    x.threads = {{0, 0}, {1, 0}};
    x.locations = {"x", "y"};
    for (int l = 0; l < 2; ++l) {
        exec::Event e;
        e.kind = EventKind::write;
        e.thread = -1;
        e.location = l;
        x.events.push_back(e);
    }
    for (const auto& [thread, kind, location, value, order] : events) {
        exec::Event e;
        e.kind = kind;
        e.thread = thread;
        e.location = location;
        e.value = value;
        e.order = order;
        x.events.push_back(e);
    }
    return x;
}

// The steps of 'd' as "e2 -po-> e3 ..." for comparisons.
std::string text_of(const std::vector<check::NamedStep>& steps) {
    std::string out;
    for (const auto& s : steps)
        out += "e" + std::to_string(s.from) + " -" + s.relation + "-> e" + std::to_string(s.to) + " ";
    return out;
}

// The details of one edge: "name: steps | ...".
std::string details_of(const check::CycleEdge& edge) {
    std::string out;
    for (const auto& [step, inner] : edge.details) out += step.relation + ": " + text_of(inner) + "| ";
    return out;
}

}  // namespace

TEST_CASE("check_cycle: SB with sc accesses violates RC11's sc by the cycle po, fr, po, fr") {
    const model::Model rc11 = model::Model::load((root / "models/rc11.cat").string());
    // P0: W x=1 (e2); R y=0 (e3).  P1: W y=1 (e4); R x=0 (e5).
    const auto x = two_threads({{0, EventKind::write, 0, 1, Order::sc},
                                {0, EventKind::read, 1, 0, Order::sc},
                                {1, EventKind::write, 1, 1, Order::sc},
                                {1, EventKind::read, 0, 0, Order::sc}});
    const Pairs rf = {{1, 3}, {0, 5}};
    const Pairs co = {{0, 2}, {1, 4}};
    const check::Violation v = check::explain_violation(rc11, x, rf, {{"co", co}}, "sc");
    INFO(v.text);
    REQUIRE(v.found);
    CHECK(v.axiom == "sc");
    // The only cycle of psc, started at its smallest event.
    CHECK(v.events == std::vector<int>{2, 3, 4, 5});
    REQUIRE(v.edges.size() == 4);
    for (const auto& e : v.edges) CHECK(e.relation == "psc-base");  // both ends SC: psc-base, not psc-F
    CHECK(v.edges[0].from == 2);
    CHECK(v.edges[0].to == 3);
    CHECK(v.edges[3].from == 5);
    CHECK(v.edges[3].to == 2);
    // psc-base = [E-SC] ; scb ; [E-SC]: the filters drop out, scb stays,
    // and scb is taken apart into the base relation that holds the pair.
    CHECK(text_of(v.edges[0].steps) == "e2 -scb-> e3 ");
    CHECK(details_of(v.edges[0]) == "scb: e2 -po-> e3 | ");
    CHECK(details_of(v.edges[1]) == "scb: e3 -fr-> e4 | ");
    CHECK(details_of(v.edges[2]) == "scb: e4 -po-> e5 | ");
    CHECK(details_of(v.edges[3]) == "scb: e5 -fr-> e2 | ");
    CHECK(v.text.find("sc fails: cycle of psc: e2 -psc-base-> e3 -psc-base-> e4 -psc-base-> e5 -psc-base-> e2.") == 0);
    CHECK(v.text.find("e3->e4 is in psc-base: e3 -scb-> e4 (scb: e3 -fr-> e4).") != std::string::npos);

    // The whole model: the first axiom that fails is sc.
    CHECK(check::explain_violation(rc11, x, rf, {{"co", co}}, "*").axiom == "sc");

    // The outcome where P1 sees P0's write is consistent: nothing to show.
    const check::Violation fine = check::explain_violation(rc11, x, {{1, 3}, {2, 5}}, {{"co", co}}, "sc");
    CHECK_FALSE(fine.found);
    CHECK(fine.edges.empty());
    CHECK(fine.text == "sc holds on this execution");
    CHECK_THROWS_AS(check::explain_violation(rc11, x, rf, {{"co", co}}, "no-such-axiom"), std::invalid_argument);
}

TEST_CASE("check_cycle: MP with relaxed flag read breaks coherence through hb: po then sw") {
    const model::Model rc11 = model::Model::load((root / "models/rc11.cat").string());
    // P0: W x=1 (e2); W.rel y=1 (e3).  P1: R.acq y=1 (e4); R x=0 (e5).
    const auto x = two_threads({{0, EventKind::write, 0, 1, Order::na},
                                {0, EventKind::write, 1, 1, Order::rel},
                                {1, EventKind::read, 1, 1, Order::acq},
                                {1, EventKind::read, 0, 0, Order::na}});
    const Pairs rf = {{3, 4}, {0, 5}};
    const Pairs co = {{0, 2}, {1, 3}};
    const check::Violation v = check::explain_violation(rc11, x, rf, {{"co", co}}, "coherence");
    INFO(v.text);
    REQUIRE(v.found);
    // irreflexive hb ; eco?: e2 -hb-> e5 -fr-> e2; the witness is one
    // event and the pair (e, e).
    REQUIRE(v.events.size() == 1);
    REQUIRE(v.edges.size() == 1);
    const auto& e = v.edges[0];
    CHECK(e.from == e.to);
    CHECK(e.from == 2);  // the write x=1: hb to the stale read, which reads before it
    CHECK(text_of(e.steps) == "e2 -hb-> e5 e5 -eco-> e2 ");
    const std::string details = details_of(e);
    CHECK(details.find("hb: e2 -po-> e3 e3 -sw-> e4 e4 -po-> e5 ") != std::string::npos);
    CHECK(details.find("eco: e5 -fr-> e2 ") != std::string::npos);
    // irreflexive: the picture draws the steps, not a loop on e2.
    CHECK(text_of(v.drawn) == "e2 -hb-> e5 e5 -eco-> e2 ");
}

TEST_CASE("check_cycle: LB raises RC11-scoped's flag thin-air by the cycle po, rf, po, rf") {
    const model::Model scoped = model::Model::load((root / "models/rc11-scoped.cat").string());
    // P0: R x=1 (e2); W y=1 (e3).  P1: R y=1 (e4); W x=1 (e5).
    const auto x = two_threads({{0, EventKind::read, 0, 1, Order::rlx},
                                {0, EventKind::write, 1, 1, Order::rlx},
                                {1, EventKind::read, 1, 1, Order::rlx},
                                {1, EventKind::write, 0, 1, Order::rlx}});
    const Pairs rf = {{5, 2}, {3, 4}};
    const Pairs co = {{0, 5}, {1, 3}};
    const check::Violation v = check::explain_violation(scoped, x, rf, {{"co", co}}, "thin-air");
    INFO(v.text);
    REQUIRE(v.found);  // a flag `~acyclic r`: raised when r has a cycle
    CHECK(v.events == std::vector<int>{2, 3, 4, 5});
    REQUIRE(v.edges.size() == 4);
    CHECK(v.edges[0].relation == "po");
    CHECK(v.edges[1].relation == "rf");
    CHECK(v.edges[2].relation == "po");
    CHECK(v.edges[3].relation == "rf");
    CHECK(v.text.find("thin-air fails: cycle of po | rf: e2 -po-> e3 -rf-> e4 -po-> e5 -rf-> e2.") == 0);

    // Without the cycle (P0 reads the initial x) the flag is quiet.
    const check::Violation quiet = check::explain_violation(scoped, x, {{0, 2}, {3, 4}}, {{"co", co}}, "thin-air");
    CHECK_FALSE(quiet.found);
    CHECK(quiet.text == "thin-air is not raised on this execution");
}

TEST_CASE("check_cycle: a write between an RMW's read and write breaks atomicity: fr then co, not just rmw") {
    const model::Model rc11 = model::Model::load((root / "models/rc11.cat").string());
    // P0: RMW on x reading 0 (e2, e3).  P1: W x=2 (e4), co between them.
    auto x = two_threads({{0, EventKind::read, 0, 0, Order::rlx},
                          {0, EventKind::write, 0, 1, Order::rlx},
                          {1, EventKind::write, 0, 2, Order::rlx}});
    x.rmw = {{2, 3}};
    const Pairs rf = {{0, 2}};
    const Pairs co = {{0, 4}, {4, 3}, {0, 3}};
    const check::Violation v = check::explain_violation(rc11, x, rf, {{"co", co}}, "atomicity");
    INFO(v.text);
    REQUIRE(v.found);
    CHECK(v.events == std::vector<int>{2, 3});
    REQUIRE(v.edges.size() == 1);
    // The model's own operand of the intersection is followed, not the
    // vocabulary's rmw: the pair is in fr ; co.
    CHECK(v.edges[0].relation == "rmw & (fr ; co)");
    CHECK(text_of(v.edges[0].steps) == "e2 -fr-> e4 e4 -co-> e3 ");
    // empty: the picture draws the pair's own steps.
    CHECK(text_of(v.drawn) == "e2 -fr-> e4 e4 -co-> e3 ");
    CHECK(v.text.find("atomicity fails: (e2, e3) is in rmw & (fr ; co).") == 0);
}
