// Counterexample output as Graphviz pictures: nodes, thread clusters, the
// edges of each relation (po and co reduced, fr derived), a cycle's
// emphasis, and that Graphviz accepts the result.  Split from
// check_output_test.cpp (the litmus half); both build executions with
// check_output_builder.hpp.
#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>

#include "check/execution_dot.hpp"
#include "check_output_builder.hpp"

using namespace mapsound;
using namespace outputtest;
using exec::Order;

// ---------------------------------------------------------------------------
// Pictures

TEST_CASE("check_output/dot: nodes, clusters and edges of a small execution") {
    using S = exec::Scope;
    Builder b({{"x", 0}, {"y", 0}}, {{0, 0}, {1, 0}});
    const int wx = b.write(0, "x", 1, Order::na);                    // e2
    const int wy = b.write(0, "y", 1, Order::rel, S::gpu);           // e3
    const int ry = b.read(1, "y", 1, Order::acq, S::gpu);            // e4
    const int r = b.rmw(1, "x", 1, 2, Order::rlx, S::gpu);           // e5, e6
    const int wx3 = b.write(1, "x", 3, Order::rlx, S::gpu);          // e7
    b.x.events[static_cast<std::size_t>(wx)].label = "W.na \"x\"=1";
    b.x.data = {{ry, r + 1}};
    b.x.addr = {{ry, r}, {ry, r + 1}};
    b.x.ctrl = {{ry, wx3}};
    const Pairs rf = {{wy, ry}, {wx, r}};
    // Not transitively reduced, and not sorted.
    const Pairs co = {{r + 1, wx3}, {0, wx}, {wx, r + 1}, {0, r + 1}, {wx, wx3}, {0, wx3}};
    const std::string dot = check::execution_dot(b.x, rf, co, "MP \"demo\"");
    INFO(dot);
    CHECK(contains(dot, "digraph \"MP \\\"demo\\\"\" {"));
    CHECK(contains(dot, "subgraph init {\n    rank=same;\n    e0 [label=\"e0: init x=0\"];\n    e1 [label=\"e1: init y=0\"];\n    e0 -> e1 [style=invis];\n  }"));
    CHECK(contains(dot, "subgraph cluster_P1 {\n    label=\"P1 (cta 1, gpu 0)\";"));
    CHECK(contains(dot, "e2 [label=\"e2: W.na \\\"x\\\"=1\"];"));  // the event's own label, escaped
    CHECK(contains(dot, "e3 [label=\"e3: W.rel.gpu y=1\"];"));
    CHECK(contains(dot, "e5 [label=\"e5: R.rlx.gpu x=1\"];"));
    // po: immediate successors only.
    CHECK(contains(dot, "e2 -> e3 [color=black];"));
    CHECK(contains(dot, "e4 -> e5 [color=black];"));
    CHECK(contains(dot, "e5 -> e6 [color=black];"));
    CHECK(contains(dot, "e6 -> e7 [color=black];"));
    CHECK_FALSE(contains(dot, "e4 -> e6 [color=black]"));
    CHECK(contains(dot, "e3 -> e4 [color=red, fontcolor=red, label=\"rf\", constraint=false];"));
    CHECK(contains(dot, "e2 -> e5 [color=red, fontcolor=red, label=\"rf\", constraint=false];"));
    // co: the reduction 0 -> 2 -> 6 -> 7.
    CHECK(contains(dot, "e0 -> e2 [color=blue, fontcolor=blue, label=\"co\"];"));
    CHECK(contains(dot, "e2 -> e6 [color=blue, fontcolor=blue, label=\"co\", constraint=false];"));
    CHECK(contains(dot, "e6 -> e7 [color=blue, fontcolor=blue, label=\"co\", constraint=false];"));
    CHECK_FALSE(contains(dot, "e0 -> e6 [color=blue"));
    CHECK_FALSE(contains(dot, "e2 -> e7 [color=blue"));
    CHECK_FALSE(contains(dot, "e0 -> e7 [color=blue"));
    // fr: e5 reads e2, which co orders before e6 and e7; e4 reads y's last write.
    CHECK(contains(dot, "e5 -> e6 [color=orange, fontcolor=orange, label=\"fr\", constraint=false];"));
    CHECK(contains(dot, "e5 -> e7 [color=orange, fontcolor=orange, label=\"fr\", constraint=false];"));
    CHECK_FALSE(contains(dot, "e5 -> e2 [color=orange"));
    CHECK_FALSE(contains(dot, "e4 -> e3 [color=orange"));
    CHECK_FALSE(contains(dot, "class=\"cycle\""));  // nothing emphasised unless asked
    CHECK(contains(dot, "e5 -> e6 [style=dashed, label=\"rmw\"];"));
    CHECK(contains(dot, "e4 -> e5 [color=green, fontcolor=green, style=dotted, label=\"addr\"];"));
    CHECK(contains(dot, "e4 -> e6 [color=green, fontcolor=green, style=dotted, label=\"data\"];"));
    CHECK(contains(dot, "e4 -> e7 [color=green, fontcolor=green, style=dotted, label=\"ctrl\"];"));

    // Deterministic: the same picture whatever order the pairs come in.
    Pairs co_reversed(co.rbegin(), co.rend());
    Pairs rf_reversed(rf.rbegin(), rf.rend());
    CHECK(check::execution_dot(b.x, rf_reversed, co_reversed, "MP \"demo\"") == dot);

    CHECK_THROWS_AS(check::execution_dot(b.x, {{0, 99}}, {}, "bad"), std::invalid_argument);

    // Emphasis: a cycle's edges drawn again in bold with an id and a class,
    // its events outlined.
    check::Emphasis cycle;
    cycle.edges = {{ry, wx, "hb"}, {wx, ry, "psc \"x\""}};
    cycle.events = {wx, ry};
    const std::string bold = check::execution_dot(b.x, rf, co, "MP", cycle);
    INFO(bold);
    CHECK(contains(bold, "e4 -> e2 [id=\"cycle-0\", class=\"cycle\", color=magenta, fontcolor=magenta, penwidth=3, label=\"hb\", constraint=false];"));
    CHECK(contains(bold, "e2 -> e4 [id=\"cycle-1\", class=\"cycle\", color=magenta, fontcolor=magenta, penwidth=3, label=\"psc \\\"x\\\"\", constraint=false];"));
    CHECK(contains(bold, "e2 [label=\"e2: W.na \\\"x\\\"=1\", class=\"cycle\", color=magenta, penwidth=3];"));
    CHECK(contains(bold, "e4 [label=\"e4: R.acq.gpu y=1\", class=\"cycle\", color=magenta, penwidth=3];"));
    CHECK(contains(bold, "e3 [label=\"e3: W.rel.gpu y=1\"];"));
    check::Emphasis stray;
    stray.events = {99};
    CHECK_THROWS_AS(check::execution_dot(b.x, rf, co, "bad", stray), std::invalid_argument);

    // Graphviz accepts it, where it is installed.
    if (std::system("command -v dot >/dev/null 2>&1") == 0) {
        const auto dir = std::filesystem::temp_directory_path() / "mapsound-check-output-test";
        std::filesystem::create_directories(dir);
        const auto in = dir / "execution.dot";
        const auto out = dir / "execution.svg";
        std::ofstream(in) << dot;
        const std::string command = "dot -Tsvg '" + in.string() + "' -o '" + out.string() + "' 2>&1";
        CHECK(std::system(command.c_str()) == 0);
        CHECK(std::filesystem::file_size(out) > 0);
        std::filesystem::remove_all(dir);
    } else {
        MESSAGE("dot is not on PATH: the Graphviz check is skipped");
    }
}
