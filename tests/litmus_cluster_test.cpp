// The cluster scope level (PTX ISA 7.8, sm_90; libcu++ thread_scope_cluster)
// in litmus mode: PTX's .cluster qualifier on every instruction that takes
// a scope, C's memory_scope_cluster, the optional "cluster N" of a thread
// placement, the IR they parse into, printing back, the errors that list
// the scopes, and the events and placements they expand into.  The models'
// verdicts on cluster tests are tests/litmus/models/*cluster*.litmus
// (litmus_model_test.cpp).
#include <string>

#include <doctest/doctest.h>

#include "litmus_test_support.hpp"
#include "mapsound/exec.hpp"
#include "mapsound/litmus/expand.hpp"

namespace {

using namespace litmustest;
using EScope = mapsound::exec::Scope;

template <class I>
const I& at(const Thread& t, std::size_t i) {
    REQUIRE(i < t.code.size());
    REQUIRE(std::holds_alternative<I>(t.code[i]));
    return std::get<I>(t.code[i]);
}

// Every PTX form that takes a scope, at .cluster; P1 names its cluster
// before its CTA (any order is accepted), P2 names none.
const char* const kPtx = R"(PTX cluster-forms
{
x=0;
y=0;
s @ surface aliases x;
}
 P0@cta 0,cluster 1,gpu 0   | P1@cluster 2, cta 1, gpu 0 | P2@cta 0,gpu 0 ;
 ld.acquire.cluster r0, x   | st.release.cluster y, 1    | fence.cluster ;
 ld.relaxed.cluster r1, y   | st.relaxed.cluster x, 2    | fence.sc.cluster ;
 atom.acq_rel.cluster.add r2, x, 1 | red.release.cluster.add y, 1 | fence.acq_rel.cluster ;
 atom.cluster.exch r3, y, 5 | atom.relaxed.cluster.cas r4, x, 0, 1 | fence.acquire.cluster ;
 suld.relaxed.cluster r5, s | sust.release.cluster s, 3  | fence.release.cluster ;
exists (P0:r0 == 2)
)";

}  // namespace

TEST_CASE("cluster: PTX .cluster on loads, stores, RMWs and fences, and cluster placements") {
    const LitmusTest t = parse_litmus(kPtx, "t.litmus");
    REQUIRE(t.threads.size() == 3);
    CHECK(t.threads[0].placement == Placement{0, 0, 0, 1, 0});
    CHECK(t.threads[1].placement == Placement{1, 0, 0, 2, 0});
    CHECK(t.threads[2].placement == Placement{0, 0, 0, 0, 0});  // no cluster named: cluster 0

    const Thread& p0 = t.threads[0];
    CHECK(at<Load>(p0, 0).order == MemoryOrder::acquire);
    CHECK(at<Load>(p0, 0).scope == Scope::cluster);
    CHECK(at<Load>(p0, 1).scope == Scope::cluster);
    CHECK(at<Rmw>(p0, 2).order == MemoryOrder::acq_rel);
    CHECK(at<Rmw>(p0, 2).scope == Scope::cluster);
    CHECK(at<Rmw>(p0, 3).order == MemoryOrder::relaxed);  // PTX's default semantics
    CHECK(at<Rmw>(p0, 3).scope == Scope::cluster);
    CHECK(at<Load>(p0, 4).qualifiers.proxy == Qualifiers::Proxy::surface);
    CHECK(at<Load>(p0, 4).scope == Scope::cluster);

    const Thread& p1 = t.threads[1];
    CHECK(at<Store>(p1, 0).scope == Scope::cluster);
    CHECK(at<Store>(p1, 1).scope == Scope::cluster);
    CHECK_FALSE(at<Rmw>(p1, 2).dest.has_value());  // red
    CHECK(at<Rmw>(p1, 2).scope == Scope::cluster);
    CHECK(at<Rmw>(p1, 3).op == RmwOp::cas);
    CHECK(at<Rmw>(p1, 3).scope == Scope::cluster);
    CHECK(at<Store>(p1, 4).scope == Scope::cluster);

    const Thread& p2 = t.threads[2];
    const MemoryOrder fences[] = {MemoryOrder::acq_rel, MemoryOrder::seq_cst, MemoryOrder::acq_rel,
                                  MemoryOrder::acquire, MemoryOrder::release};
    for (std::size_t i = 0; i < 5; ++i) {
        CAPTURE(i);
        CHECK(at<Fence>(p2, i) == Fence{FenceKind::fence, fences[i], Scope::cluster, {}});
    }
    check_round_trip(t);
}

TEST_CASE("cluster: the printer writes a cluster only when it is not 0") {
    const std::string printed = print_litmus(parse_litmus(kPtx, "t.litmus"));
    CHECK(printed.find("P0@cta 0,cluster 1,gpu 0") != std::string::npos);
    CHECK(printed.find("P1@cta 1,cluster 2,gpu 0") != std::string::npos);
    CHECK(printed.find("P2@cta 0,gpu 0") != std::string::npos);
    CHECK(printed.find("ld.acquire.cluster r0, x") != std::string::npos);
    CHECK(printed.find("fence.sc.cluster") != std::string::npos);
    // "cluster 0" written out reads as no cluster: the same test, printed
    // as tests without clusters always were.
    const LitmusTest zero = parse_litmus("PTX z\n{}\n P0@cta 1,cluster 0,gpu 0 ;\n st.relaxed.cluster x, 1 ;\n",
                                         "t.litmus");
    CHECK(zero.threads[0].placement == Placement{1, 0, 0, 0, 0});
    CHECK(print_litmus(zero).find("P0@cta 1,gpu 0 ") != std::string::npos);
    check_round_trip(zero);
}

TEST_CASE("cluster: C memory_scope_cluster and cluster placements") {
    const LitmusTest t = parse_litmus(R"(C cluster-c
{ [x] = 0; [y] = 0; }
P0@cta 0,cluster 1,gpu 0 (atomic_int* x, atomic_int* y) {
  atomic_store_explicit(x, 1, memory_order_release, memory_scope_cluster);
  int r0 = atomic_fetch_add_explicit(y, 1, memory_order_acq_rel, memory_scope_cluster);
  atomic_thread_fence(memory_order_seq_cst, memory_scope_cluster);
}
P1@cta 1,gpu 0 (atomic_int* x, atomic_int* y) {
  int r0 = atomic_load_explicit(x, memory_order_acquire, memory_scope_cluster);
  int r1 = 0;
  atomic_compare_exchange_strong_explicit(y, &r1, 2, memory_order_seq_cst, memory_order_relaxed, memory_scope_cluster);
}
exists (1:r0 = 1)
)",
                                      "t.litmus");
    REQUIRE(t.threads.size() == 2);
    CHECK(t.threads[0].placement == Placement{0, 0, 0, 1, 0});
    CHECK(t.threads[1].placement == Placement{1, 0, 0, 0, 0});
    CHECK(at<Store>(t.threads[0], 0).scope == Scope::cluster);
    CHECK(at<Rmw>(t.threads[0], 1).scope == Scope::cluster);
    CHECK(at<Fence>(t.threads[0], 2).scope == Scope::cluster);
    CHECK(at<Load>(t.threads[1], 0).scope == Scope::cluster);
    bool cas = false;
    for (const Instruction& i : t.threads[1].code)
        if (const auto* c = std::get_if<CompareExchange>(&i)) {
            CHECK(c->scope == Scope::cluster);
            cas = true;
        }
    CHECK(cas);
    const std::string printed = print_litmus(t);
    CHECK(printed.find("P0@cta 0,cluster 1,gpu 0 (") != std::string::npos);
    CHECK(printed.find("P1@cta 1,gpu 0 (") != std::string::npos);
    CHECK(printed.find("memory_order_release, memory_scope_cluster)") != std::string::npos);
    check_round_trip(t);
}

TEST_CASE("cluster: errors list the cluster, membar and OpenCL have none") {
    struct Case {
        const char* text;
        const char* message;
    };
    const Case cases[] = {
        {"PTX t\n{}\nP0@cta 0 ;\n", "t.litmus:3:10: expected 'cluster' or 'gpu', found ';'"},
        {"PTX t\n{}\nP0@foo 0 ;\n", "t.litmus:3:4: expected 'cta', 'cluster' or 'gpu', found 'foo'"},
        // A level at most once: after "cluster 1", only 'gpu' is missing.
        {"PTX t\n{}\nP0@cta 0,cluster 1,cluster 2,gpu 0 ;\n", "t.litmus:3:20: expected 'gpu', found 'cluster'"},
        {"PTX t\n{}\nP0@cta 0,gpu 0,cluster x ;\n",
         "t.litmus:3:24: expected a non-negative cluster id, found 'x'"},
        // A comma after the last pair is not the placement's.
        {"PTX t\n{}\nP0@cta 0,gpu 0, ;\n", "t.litmus:3:15: expected '|' or ';' in the thread header row, found ','"},
        {"PTX t\n{}\nP0 ;\n st.release x, 1 ;\n",
         "t.litmus:4:2: expected a scope qualifier (.cta, .cluster, .gpu, .sys) on 'st.release', found 'st.release'"},
        {"PTX t\n{}\nP0 ;\n fence.sc x ;\n",
         "t.litmus:4:2: expected a scope qualifier (.cta, .cluster, .gpu, .sys) on 'fence.sc', found 'fence.sc'"},
        {"PTX t\n{}\nP0 ;\n ld.weak.cluster r0, x ;\n",
         "t.litmus:4:9: expected no scope on a .weak access (it has none), found '.cluster'"},
        {"PTX t\n{}\nP0 ;\n ld.acquire.cta.cluster r0, x ;\n",
         "t.litmus:4:16: expected at most one scope qualifier on 'ld', found '.cluster'"},
        // The PTX ISA has no membar.cluster.
        {"PTX t\n{}\nP0 ;\n membar.cluster ;\n",
         "t.litmus:4:8: expected a membar scope (.cta, .gl, .gpu, .sys), found '.cluster'"},
        {"C t\n{}\nP0@cta 0 (atomic_int* x) { }\n", "t.litmus:3:10: expected 'cluster' or 'gpu', found '('"},
        // OpenCL has no cluster: neither the scope nor the placement level.
        {"OPENCL t\n{}\nP0 (global atomic_int* x) {\n"
         "  atomic_store_explicit(x, 1, memory_order_relaxed, memory_scope_cluster);\n}\n",
         "t.litmus:4:53: expected a memory scope (memory_scope_work_item, memory_scope_work_group, "
         "memory_scope_device, memory_scope_all_svm_devices), found 'memory_scope_cluster'"},
        {"OPENCL t\n{}\nP0@wg 0, cluster 0 (global atomic_int* x) { }\n",
         "t.litmus:3:10: expected 'dev', found 'cluster'"},
    };
    for (const Case& c : cases) {
        INFO("source:\n" << c.text);
        CHECK(error_of(c.text) == c.message);
    }
}

TEST_CASE("cluster: the OpenCL printer refuses a cluster placement") {
    LitmusTest t = parse_litmus("OPENCL t\n{}\nP0@wg 0, dev 0 (global atomic_int* x) { }\n", "t.litmus");
    t.threads[0].placement->cluster = 1;
    CHECK_THROWS_AS(print_litmus(t), std::invalid_argument);
}

TEST_CASE("cluster: expansion puts .cluster events and cluster numbers into the pre-execution") {
    const auto cs = expand(parse_litmus(R"(PTX mp
{ x=0; y=0; }
 P0@cta 0,cluster 0,gpu 0 | P1@cta 1,cluster 0,gpu 0 | P2@cta 0,cluster 1,gpu 0 | P3@cta 1,gpu 0 ;
 st.release.cluster y, 1  | ld.acquire.cluster r0, y | ld.acquire.cluster r1, y | ld.acquire.cta r2, y ;
exists (P1:r0 == 1)
)",
                                        "t.litmus"));
    REQUIRE_FALSE(cs.empty());
    const auto& pre = cs[0].pre;
    REQUIRE(pre.threads.size() == 4);
    CHECK(pre.threads[0].cluster == 0);
    CHECK(pre.threads[2].cluster == 1);
    CHECK(pre.threads[3].cluster == 0);  // no cluster named: cluster 0
    // P0 and P1: two CTAs of one cluster; P2: another cluster of the GPU;
    // P3 shares P1's CTA.
    CHECK(pre.threads[0].shares(pre.threads[1], EScope::cluster));
    CHECK_FALSE(pre.threads[0].shares(pre.threads[1], EScope::cta));
    CHECK_FALSE(pre.threads[0].shares(pre.threads[2], EScope::cluster));
    CHECK(pre.threads[0].shares(pre.threads[2], EScope::gpu));
    CHECK(pre.threads[1].shares(pre.threads[3], EScope::cta));
    int cluster_events = 0;
    for (const auto& e : pre.events)
        if (e.thread >= 0 && e.thread < 3) {
            CHECK(e.scope == EScope::cluster);
            ++cluster_events;
        }
    CHECK(cluster_events == 3);
}
