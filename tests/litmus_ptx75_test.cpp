// PTX 7.5 proxies (seed 001 Fig. 4 and 5, section 4.1): proxy aliases in the
// init block, suld/sust/tld/cold and fence.proxy.*, the IR they parse into,
// printing back, errors with file:line:col, the events they expand into
// (proxy tags, virtual locations), and models/ptx-7.5.cat's verdicts on
// seed 001's Figure 5 and its variants, derived by hand from the figure's
// rules.  The suite-wide agreement with Dartagnan is the conformance test's.
#include <optional>
#include <string>

#include <doctest/doctest.h>

#include "litmus_test_support.hpp"
#include "mapsound/exec.hpp"
#include "mapsound/litmus/expand.hpp"

namespace {

using namespace litmustest;
using Proxy = Qualifiers::Proxy;

template <class I>
const I& at(const Thread& t, std::size_t i) {
    REQUIRE(i < t.code.size());
    REQUIRE(std::holds_alternative<I>(t.code[i]));
    return std::get<I>(t.code[i]);
}

// Seed 001 Figure 5 (message passing across proxies), with P1's generic
// read of x and the flag written at .sys so that the test reads as the
// figure's text describes it: ~exists holds.
std::string figure5(const std::string& p0_fences, const std::string& p1_fences) {
    return "PTX fig5\n{\nx = 0;\nflag = 0;\ny @ generic aliases x;\ns @ surface aliases x;\n"
           "t @ texture aliases y;\n}\n"
           " P0@cta 0,gpu 0 | P1@cta 0,gpu 0 ;\n"
           " sust.weak s, 1 | ld.acquire.sys r0, flag ;\n" +
           p0_fences + " st.release.sys flag, 1 | ;\n" + p1_fences +
           " | tld.weak r1, t ;\n"
           "~exists (P1:r0 == 1 /\\ P1:r1 != 1)\n";
}

const std::string kBothFences = figure5(" fence.proxy.surface | fence.proxy.alias ;\n", " | fence.proxy.texture ;\n");

bool holds(const std::string& text) {
    static const mapsound::model::Model model =
        mapsound::model::Model::load(std::string(MAPSOUND_SOURCE_DIR) + "/models/ptx-7.5.cat");
    return run_litmus(parse_litmus(text, "t.litmus"), model).ok;
}

}  // namespace

TEST_CASE("ptx 7.5: aliases and proxy instructions parse into the expected IR") {
    const LitmusTest t = parse_litmus(kBothFences, "t.litmus");
    CHECK(t.aliases == std::vector<ProxyAlias>{{"y", Proxy::generic, "x"},
                                               {"s", Proxy::surface, "x"},
                                               {"t", Proxy::texture, "y"}});
    // Aliases are not locations: only x and flag have memory.
    REQUIRE(t.locations.size() == 2);
    CHECK(t.locations[0].name == "x");
    CHECK(t.locations[1].name == "flag");
    const Store& st = at<Store>(t.threads[0], 0);
    CHECK(st.addr.location == "s");
    CHECK(st.order == MemoryOrder::weak);
    CHECK(st.qualifiers.proxy == Proxy::surface);
    const Fence& surface = at<Fence>(t.threads[0], 1);
    CHECK(surface.kind == FenceKind::proxy);
    CHECK(surface.qualifiers.proxy == Proxy::surface);
    CHECK(at<Fence>(t.threads[1], 1).kind == FenceKind::proxy_alias);
    const Load& tld = at<Load>(t.threads[1], 3);
    CHECK(tld.qualifiers.proxy == Proxy::texture);
    CHECK(tld.addr.location == "t");
    check_round_trip(t);

    // An alias may name an alias declared after it, or a location that
    // nothing declares (which starts at 0, as undeclared locations do).
    const LitmusTest f = parse_litmus("PTX f\n{ t @ texture aliases y; y @ generic aliases x; }\n P0@cta 0,gpu 0 ;\n"
                                      " tld.weak r0, t ;\nexists (P0:r0 == 0)\n",
                                      "f.litmus");
    REQUIRE(f.locations.size() == 1);
    CHECK(f.locations[0].name == "x");
    check_round_trip(f);
    CHECK(run_litmus(f, mapsound::model::Model::load(std::string(MAPSOUND_SOURCE_DIR) + "/models/ptx-7.5.cat")).ok);

    // The constant proxy: cold and ld.const are one instruction.
    const char* constant = "PTX c\n{ x = 0; c @ constant aliases x; }\n P0@cta 0,gpu 0 ;\n cold.weak r0, c ;\n"
                           " ld.const.weak r1, c ;\n suld.weak r2, x ;\nexists (P0:r0 == 0)\n";
    const LitmusTest c = parse_litmus(constant, "c.litmus");
    CHECK(at<Load>(c.threads[0], 0).qualifiers.proxy == Proxy::constant);
    CHECK(at<Load>(c.threads[0], 1).qualifiers.proxy == Proxy::constant);
    CHECK(at<Load>(c.threads[0], 2).qualifiers.proxy == Proxy::surface);
    check_round_trip(c);
}

TEST_CASE("ptx 7.5: bad input names file:line:col and what was expected") {
    auto alias_error = [](const std::string& item) {
        return error_of("PTX e\n{ x = 0;\n" + item + "\n}\n P0@cta 0,gpu 0 ;\n st.weak x, 1 ;\nexists (x == 1)\n");
    };
    CHECK(alias_error("y @ shared aliases x;") ==
          "t.litmus:3:5: expected a proxy (generic, surface, texture, constant), found 'shared'");
    CHECK(alias_error("y @ generic alias x;") == "t.litmus:3:13: expected 'aliases', found 'alias'");
    CHECK(alias_error("y @ generic aliases y;") ==
          "t.litmus:3:21: expected a location or an alias other than 'y' itself, found 'y'");
    CHECK(alias_error("y @ generic aliases z;\nz @ surface aliases y;") ==
          "t.litmus:4:21: expected a location or an alias that does not alias 'z', found 'y'");
    CHECK(alias_error("x @ generic aliases x;") == "t.litmus:3:1: expected a name not declared before, found 'x'");
    CHECK(error_of("PTX e\n{ x = 0; }\n P0@cta 0,gpu 0 ;\n fence.proxy.global ;\nexists (x == 1)\n") ==
          "t.litmus:4:13: expected 'alias', 'surface', 'texture' or 'constant' after 'fence.proxy', found "
          "'.global'");
    CHECK(error_of("PTX e\n{ x = 0; }\n P0@cta 0,gpu 0 ;\n fence.proxy ;\nexists (x == 1)\n") ==
          "t.litmus:4:2: expected 'alias', 'surface', 'texture' or 'constant' after 'fence.proxy', found "
          "'fence.proxy'");
    // An alias is a name, not a location: it cannot also be initialized.
    CHECK(alias_error("y @ generic aliases x;\ny = 1;") == "t.litmus:4:1: expected a location not initialized "
                                                           "before, found 'y'");
}

TEST_CASE("ptx 7.5: the printer refuses what PTX cannot say") {
    LitmusTest t = parse_litmus(kBothFences, "t.litmus");
    std::get<Load>(t.threads[1].code[3]).qualifiers.proxy = Proxy::generic;
    std::get<Store>(t.threads[0].code[0]).qualifiers.proxy = Proxy::texture;  // there is no texture store
    CHECK_THROWS_AS(print_litmus(t), std::invalid_argument);
    LitmusTest c = parse_litmus(kBothFences, "t.litmus");
    c.dialect = Dialect::c;
    CHECK_THROWS_AS(print_litmus(c), std::invalid_argument);
}

TEST_CASE("ptx 7.5: expansion tags proxies and names virtual locations") {
    const LitmusTest t = parse_litmus(kBothFences, "t.litmus");
    std::optional<mapsound::exec::PreExecution> any;
    for (const Candidate& c : expand(t)) {
        any = c.pre;
        break;
    }
    REQUIRE(any);
    using mapsound::exec::EventKind;
    using mapsound::exec::Tag;
    const auto& ev = any->events;
    const auto& locs = any->locations;
    auto event = [&](int thread, int k) -> const mapsound::exec::Event& {
        for (const auto& e : ev)
            if (e.thread == thread && k-- == 0) return e;
        FAIL("no event " << k << " of P" << thread);
        return ev.front();
    };
    // Two cells only: aliases have none of their own.
    CHECK(locs == std::vector<std::string>{"x", "flag"});
    const auto& sust = event(0, 0);
    CHECK(sust.kind == EventKind::write);
    CHECK(locs.at(static_cast<std::size_t>(sust.location)) == "x");
    CHECK(sust.has(Tag::sur));
    CHECK(sust.virtual_location == -1);  // a surface alias of x: x's virtual address
    CHECK(event(0, 1).kind == EventKind::fence);
    CHECK(event(0, 1).has(Tag::sur));
    CHECK_FALSE(event(0, 1).has(Tag::alias));
    CHECK(event(1, 1).has(Tag::alias));
    const auto& tld = event(1, 3);
    CHECK(tld.kind == EventKind::read);
    CHECK(tld.has(Tag::tex));
    CHECK(locs.at(static_cast<std::size_t>(tld.location)) == "x");
    // t is a texture alias of y, a generic alias of x: y's virtual address,
    // which is none of the cells'.
    CHECK(tld.virtual_location >= static_cast<int>(locs.size()));
}

// Figure 5's reasoning (seed 001 section 4.1): the surface fence carries
// the surface write into the generic proxy, the alias fence carries it from
// x to its alias y, the texture fence from y into the texture proxy.  Each
// fence is needed; without proxies (all generic, one name) release/acquire
// alone suffices.
TEST_CASE("ptx 7.5 model: seed 001 Figure 5 needs every proxy fence") {
    CHECK(holds(kBothFences));
    CHECK_FALSE(holds(figure5(" fence.proxy.alias ;\n", " | fence.proxy.texture ;\n")));
    CHECK_FALSE(holds(figure5(" fence.proxy.surface ;\n", " | fence.proxy.texture ;\n")));
    CHECK_FALSE(holds(figure5(" fence.proxy.surface | fence.proxy.alias ;\n", "")));
    const char* generic = "PTX mp\n{ x = 0; flag = 0; }\n P0@cta 0,gpu 0 | P1@cta 0,gpu 0 ;\n"
                          " st.weak x, 1 | ld.acquire.sys r0, flag ;\n st.release.sys flag, 1 | ld.weak r1, x ;\n"
                          "~exists (P1:r0 == 1 /\\ P1:r1 != 1)\n";
    CHECK(holds(generic));
}
