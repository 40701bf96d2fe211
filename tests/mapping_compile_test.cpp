// Compiling source pre-executions through mapping files: the target events,
// their tags, the map relation, rmw pairs and dependencies; and, end to end
// on one program, the difference between a sound and an unsound mapping.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>

#include "exec_test_support.hpp"
#include "mapsound/compile.hpp"

using namespace mapsound;

namespace {

const std::filesystem::path root = MAPSOUND_SOURCE_DIR;

exec::Event event(exec::EventKind kind, int thread, int location, std::int64_t value, exec::Order order,
                  exec::Scope scope = exec::Scope::sys) {
    exec::Event e;
    e.kind = kind;
    e.thread = thread;
    e.location = location;
    e.value = value;
    e.order = order;
    e.scope = order == exec::Order::na ? exec::Scope::none : scope;
    return e;
}

// Store buffering with every access of the given order, threads in
// different CTAs: P0: x = 1; r0 = y (reads 0)   P1: y = 1; r1 = x (reads 0).
exec::PreExecution store_buffering(exec::Order order) {
    using K = exec::EventKind;
    exec::PreExecution x;
    x.locations = {"x", "y"};
    x.threads = {{0, 0}, {1, 0}};
    x.events = {event(K::write, -1, 0, 0, exec::Order::none, exec::Scope::none),
                event(K::write, -1, 1, 0, exec::Order::none, exec::Scope::none),
                event(K::write, 0, 0, 1, order), event(K::read, 0, 1, 0, order),
                event(K::write, 1, 1, 1, order), event(K::read, 1, 0, 0, order)};
    return x;
}

std::vector<int> targets_of(const mapping::Compiled& c, int source) {
    std::vector<int> out;
    for (auto [s, t] : c.map)
        if (s == source) out.push_back(t);
    return out;
}

}  // namespace

TEST_CASE("compile: SC accesses through seed 000 Fig. 11") {
    auto fig11 = mapping::load_mapping(root / "mappings/cxx-to-ptx.map");
    auto c = mapping::compile(store_buffering(exec::Order::sc), fig11);
    const auto& t = c.target.events;
    // Two initial writes, then per thread fence.sc; st.release; fence.sc; ld.acquire.
    REQUIRE(t.size() == 10);
    CHECK(t[2].kind == exec::EventKind::fence);
    CHECK(t[2].order == exec::Order::sc);
    CHECK(t[3].kind == exec::EventKind::write);
    CHECK(t[3].order == exec::Order::rel);
    CHECK(t[3].location == 0);
    CHECK(t[3].value == 1);
    CHECK(t[4].kind == exec::EventKind::fence);
    CHECK(t[5].kind == exec::EventKind::read);
    CHECK(t[5].order == exec::Order::acq);
    CHECK(t[5].scope == exec::Scope::sys);
    CHECK(t[6].thread == 1);
    CHECK(targets_of(c, 0) == std::vector<int>{0});
    CHECK(targets_of(c, 3) == std::vector<int>{4, 5});
}

TEST_CASE("compile: read-modify-writes keep their pair, dependencies follow") {
    using K = exec::EventKind;
    exec::PreExecution x;
    x.locations = {"x", "y"};
    x.threads = {{0, 0}};
    x.events = {event(K::write, -1, 0, 0, exec::Order::none, exec::Scope::none),
                event(K::write, -1, 1, 0, exec::Order::none, exec::Scope::none),
                event(K::read, 0, 0, 0, exec::Order::sc, exec::Scope::gpu),
                event(K::write, 0, 0, 5, exec::Order::sc, exec::Scope::gpu),
                event(K::write, 0, 1, 0, exec::Order::na)};
    x.rmw = {{2, 3}};
    x.data = {{2, 4}};
    auto c = mapping::compile(x, mapping::load_mapping(root / "mappings/cxx-to-ptx.map"));
    const auto& t = c.target.events;
    // fence.sc.gpu; atom.acq_rel.gpu (read, write); st.weak
    REQUIRE(t.size() == 6);
    CHECK(t[2].kind == K::fence);
    CHECK(t[3].kind == K::read);
    CHECK(t[4].kind == K::write);
    CHECK(t[4].value == 5);
    CHECK(t[3].order == exec::Order::acq_rel);
    CHECK(t[3].scope == exec::Scope::gpu);
    CHECK(t[5].order == exec::Order::weak);
    CHECK(t[5].scope == exec::Scope::none);
    CHECK(c.target.rmw == std::vector<std::pair<int, int>>{{3, 4}});
    CHECK(c.target.data == std::vector<std::pair<int, int>>{{3, 5}});
    CHECK(targets_of(c, 2) == std::vector<int>{2, 3});
    CHECK(targets_of(c, 3) == std::vector<int>{4});
    // The variant without .release lowers RMW.sc to fence.sc; atom.acquire.
    auto v = mapping::compile(x, mapping::load_mapping(root / "mappings/cxx-to-ptx-rmw-sc-no-release.map"));
    CHECK(v.target.events[3].order == exec::Order::acq);
    // A fence after the atom belongs to the RMW's write, one before it to
    // its read (lib/check/lowering.hpp's slots; the Coq rule says the same):
    // NVIDIA's ABI alternative fence.sc; atom.relaxed; fence.acquire.
    auto alt = mapping::compile(x, mapping::load_mapping(root / "mappings/nvidia-abi-current-alt.map"));
    const auto& a = alt.target.events;
    REQUIRE(a.size() == 7);
    CHECK(a[2].kind == K::fence);
    CHECK(a[5].kind == K::fence);
    CHECK(a[5].order == exec::Order::acq);
    CHECK(targets_of(alt, 2) == std::vector<int>{2, 3});
    CHECK(targets_of(alt, 3) == std::vector<int>{4, 5});
}

TEST_CASE("compile: errors name the mapping") {
    auto relaxed = mapping::load_mapping(root / "mappings/audala-to-ptx-relaxed.map");
    // An AuDaLa lowering has no rule for fences.
    exec::PreExecution x = store_buffering(exec::Order::na);
    x.events.push_back(event(exec::EventKind::fence, 0, -1, 0, exec::Order::sc));
    CHECK_THROWS_AS(mapping::compile(x, relaxed), mapping::MappingError);
    // `.$sco` on an event without a scope.
    auto fig11 = mapping::load_mapping(root / "mappings/cxx-to-ptx.map");
    exec::PreExecution y = store_buffering(exec::Order::rlx);
    y.events[2].scope = exec::Scope::none;
    try {
        mapping::compile(y, fig11);
        FAIL("no error");
    } catch (const mapping::MappingError& e) {
        CHECK(std::string(e.what()).find("passes through the scope") != std::string::npos);
    }
}

TEST_CASE("compile: store buffering tells the sound SC-load mapping from the unsound one") {
    auto rc11 = model::Model::load((root / "models/rc11-scoped.cat").string());
    auto ptx = model::Model::load((root / "models/ptx-6.0.cat").string());
    const exec::PreExecution sb = store_buffering(exec::Order::sc);
    CHECK_FALSE(exectest::allowed(rc11, sb));  // SC atomics forbid the SB outcome
    auto sound = mapping::compile(sb, mapping::load_mapping(root / "mappings/cxx-to-ptx.map"));
    CHECK_FALSE(exectest::allowed(ptx, sound.target));
    auto unsound = mapping::compile(sb, mapping::load_mapping(root / "mappings/cxx-to-ptx-sc-load-no-fence.map"));
    CHECK(exectest::allowed(ptx, unsound.target));  // the fence after the store is gone
    // Relaxed accesses: RC11 allows the outcome, and so does PTX.
    const exec::PreExecution rlx = store_buffering(exec::Order::rlx);
    CHECK(exectest::allowed(rc11, rlx));
    CHECK(exectest::allowed(ptx, mapping::compile(rlx, mapping::load_mapping(root / "mappings/cxx-to-ptx.map")).target));
}

// Power's acquire load `lwz ; cmpw ; bne ; isync` (LLVM): the branch on the
// loaded value makes every later event of the thread control-dependent on
// the load, the isync among them (ctrlisync); other loads carry no ctrl.
TEST_CASE("compile: a Power rule's branch on its load is ctrl to the rest of the thread") {
    const auto leading = mapping::load_mapping(root / "mappings/cxx-to-power-leading-sync.map");
    const mapping::Rule* acq = leading.rule_for(mapping::SourceKind::read, exec::Order::acq);
    REQUIRE(acq);
    CHECK(acq->branch_on_load);
    CHECK(acq->target_text() == "lwz ; cmpw ; bne ; isync");
    CHECK_FALSE(leading.rule_for(mapping::SourceKind::read, exec::Order::rlx)->branch_on_load);
    // P0: r0 = y (acquire); x = 1 (relaxed)   P1: y = 1 (relaxed); r1 = x
    using K = exec::EventKind;
    exec::PreExecution x;
    x.locations = {"x", "y"};
    x.threads = {{0, 0}, {1, 0}};
    x.events = {event(K::write, -1, 0, 0, exec::Order::none, exec::Scope::none),
                event(K::write, -1, 1, 0, exec::Order::none, exec::Scope::none),
                event(K::read, 0, 1, 0, exec::Order::acq), event(K::write, 0, 0, 1, exec::Order::rlx),
                event(K::write, 1, 1, 1, exec::Order::rlx), event(K::read, 1, 0, 0, exec::Order::rlx)};
    const auto c = mapping::compile(x, leading);
    const auto& t = c.target.events;
    // init x, init y; P0: lwz, isync, stw; P1: stw, lwz.
    REQUIRE(t.size() == 7);
    CHECK(t[2].kind == K::read);
    CHECK(t[3].kind == K::fence);
    CHECK(t[3].has(exec::Tag::isync));
    CHECK(t[4].kind == K::write);
    using P = std::pair<int, int>;
    CHECK(c.target.ctrl == std::vector<P>{{2, 3}, {2, 4}});
    // The trailing-sync seq_cst load has no branch: no ctrl.
    const auto trailing = mapping::load_mapping(root / "mappings/cxx-to-power-trailing-sync.map");
    CHECK(trailing.rule_for(mapping::SourceKind::read, exec::Order::sc)->target_text() == "lwz ; sync");
    x.events[2].order = exec::Order::sc;
    CHECK(mapping::compile(x, trailing).target.ctrl.empty());
}
