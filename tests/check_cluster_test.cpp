// The cluster level of the mapping checker's scope tree (a check's `scopes
// cta cluster gpu sys`): shapes against known counts of nested set
// partitions, and a search that can only fail through the cluster level,
// found by the default encoding and by the one-problem-per-scope-tree
// reference alike, and confirmed by litmus mode.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <string>
#include <tuple>

#include "check/shape.hpp"
#include "mapsound/check.hpp"
#include "mapsound/litmus/litmus.hpp"
#include "mapsound/litmus/run.hpp"

using namespace mapsound;

namespace {

const std::filesystem::path root = MAPSOUND_SOURCE_DIR;

std::string read_file(const std::filesystem::path& p) {
    std::ifstream in(p, std::ios::binary);
    REQUIRE(in);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

void write_file(const std::filesystem::path& p, const std::string& text) {
    std::ofstream out(p, std::ios::binary);
    out << text;
    REQUIRE(out);
}

}  // namespace

TEST_CASE("shapes with a cluster level: chains of three nested set partitions, up to renaming equal threads") {
    // Threads that differ from each other: threads into CTAs into clusters
    // into GPUs, OEIS A000307 (e.g.f. exp(exp(exp(exp(x)-1)-1)-1)): 1, 4,
    // 22 for k = 1, 2, 3.  Threads that are all equal: the Euler transform
    // of the two-level counts A001970, OEIS A001971: 1, 4, 10, 30, 75.
    const std::size_t labelled[] = {1, 4, 22};
    const std::size_t unlabelled[] = {1, 4, 10, 30, 75};
    for (int n = 1; n <= 5; ++n) {
        std::size_t singles = 0;
        std::map<std::vector<std::size_t>, std::size_t> per_sizes;
        std::set<std::string> texts;
        for (const auto& s : check::enumerate_shapes(n, false, true, true)) {
            std::vector<std::size_t> sizes;
            for (const auto& t : s.threads) sizes.push_back(t.size());
            ++per_sizes[sizes];
            if (s.threads.size() == static_cast<std::size_t>(n)) ++singles;
            // Nested: threads of one CTA share its cluster, of one cluster its GPU.
            for (const auto& a : s.placement)
                for (const auto& b : s.placement) {
                    if (a.cta == b.cta) CHECK(a.cluster == b.cluster);
                    if (a.cluster == b.cluster) CHECK(a.gpu == b.gpu);
                }
            CHECK(texts.insert(s.to_string()).second);  // distinct shapes print distinctly
        }
        CHECK(singles == unlabelled[n - 1]);
        if (n == 5) {
            CHECK(per_sizes[{5}] == labelled[0]);
            CHECK(per_sizes[{4, 1}] == labelled[1]);
        }
    }
    std::map<std::vector<std::size_t>, std::size_t> six;
    for (const auto& s : check::enumerate_shapes(6, false, true, true)) {
        std::vector<std::size_t> sizes;
        for (const auto& t : s.threads) sizes.push_back(t.size());
        ++six[sizes];
    }
    CHECK(six[{3, 2, 1}] == labelled[2]);
    // Without the level every thread is in cluster 0, and the shapes are
    // those of the two-level tree.
    for (int n = 1; n <= 4; ++n) {
        const auto two = check::enumerate_shapes(n, true, true);
        const auto three = check::enumerate_shapes(n, true, true, false);
        REQUIRE(two.size() == three.size());
        for (std::size_t i = 0; i < two.size(); ++i) {
            CHECK(two[i].to_string() == three[i].to_string());
            for (const auto& p : two[i].placement) CHECK(p.cluster == 0);
        }
    }
}

TEST_CASE("the cluster level: a PTX whose .cluster synchronises only inside a CTA breaks Fig. 11, found only with clusters") {
    // A mutant of ptx-6.0.cat in which a .cluster operation's scope holds
    // only its own CTA.  Fig. 11 passes C++ scopes through ($sco), so a
    // program with thread_scope_cluster operations in two CTAs of one
    // cluster is forbidden by scoped RC11 and allowed by the mutant.  With
    // the cluster level the checker must find such a program; without it
    // the source has no cluster scopes and the same bound holds.
    const auto dir = std::filesystem::temp_directory_path() / "mapsound-cluster-test";
    std::filesystem::create_directories(dir);
    std::string model = read_file(root / "models" / "ptx-6.0.cat");
    const std::string strong_incl = "[strong] ; incl ; [strong]";
    const auto at = model.find(strong_incl);
    REQUIRE(at != std::string::npos);
    model.replace(at, strong_incl.size(), "[strong] ; incl-cluster-as-cta ; [strong]");
    const auto first_let = model.find("\nlet ");
    REQUIRE(first_let != std::string::npos);
    model.insert(first_let + 1,
                 "let contains-cluster-as-cta = int | (IW * _) | (_ * IW) | ([CTA | CLUSTER] ; scta) | ([GPU] ; sgpu)"
                 " | (SYS * _)\n"
                 "let incl-cluster-as-cta = contains-cluster-as-cta & contains-cluster-as-cta^-1\n");
    write_file(dir / "ptx-cluster-as-cta.cat", model);
    auto check_file = [&](bool cluster) {
        const auto path = dir / (cluster ? "with-clusters.check" : "without-clusters.check");
        write_file(path, "check cluster-mutant\n"
                         "source " + (root / "models" / "rc11-scoped.cat").string() + "\n"
                         "target " + (dir / "ptx-cluster-as-cta.cat").string() + "\n"
                         "mapping " + (root / "mappings" / "cxx-to-ptx.map").string() + "\n"
                         "events 4\nrace-free data-race\n" + (cluster ? "scopes cta cluster gpu sys\n" : "") +
                         "axiom coherence fails\n");
        return mapping::load_check(path);
    };
    check::Options o;
    o.events = 4;
    o.axioms = {"coherence"};
    const auto without = check::Checker(check_file(false)).run(o).front();
    CHECK(without.verdict == check::Verdict::holds);

    const auto with_def = check_file(true);
    const auto fast = check::Checker(with_def).run(o).front();
    REQUIRE(fast.verdict == check::Verdict::fails);
    REQUIRE(fast.counterexample);
    const auto& c = *fast.counterexample;
    CHECK(c.round_trip.confirmed());
    // The counterexample is about clusters: a thread_scope_cluster access,
    // and two CTAs of one cluster.
    CHECK(c.source_litmus_text.find("memory_scope_cluster") != std::string::npos);
    CHECK(c.target_litmus_text.find(".cluster") != std::string::npos);
    bool two_ctas_one_cluster = false;
    for (const auto& a : c.source.threads)
        for (const auto& b : c.source.threads)
            two_ctas_one_cluster = two_ctas_one_cluster || (a.cta != b.cta && a.cluster == b.cluster && a.gpu == b.gpu);
    CHECK(two_ctas_one_cluster);
    // Litmus mode decides the written tests as the checker did.
    const auto src = litmus::parse_litmus(c.source_litmus_text, "source");
    const auto tgt = litmus::parse_litmus(c.target_litmus_text, "target");
    CHECK_FALSE(litmus::run_litmus(src, model::Model::load(with_def.source_model)).ok);
    CHECK(litmus::run_litmus(tgt, model::Model::load(with_def.target_model)).ok);
    // The reference (one problem per scope tree, every thread order) finds
    // a counterexample of the same size.
    check::Options reference = o;
    reference.scope_trees = check::Options::ScopeTrees::enumerated;
    reference.order_equal_threads = false;
    const auto slow = check::Checker(with_def).run(reference).front();
    CHECK(slow.verdict == check::Verdict::fails);
    CHECK(slow.events == fast.events);
    REQUIRE(slow.counterexample);
    CHECK(slow.counterexample->round_trip.confirmed());
    std::filesystem::remove_all(dir);
}

TEST_CASE("the cluster level: Fig. 11 keeps its verdicts up to 4 events, by both encodings") {
    // Fig. 11 passes every scope through, and ptx-6.0.cat gives .cluster
    // the cluster's threads: coherence, atomicity and SC hold with the
    // cluster level as without it (SC fails at 5 either way).
    const auto def = mapping::load_check(root / "checks" / "cxx-to-ptx-cluster.check");
    REQUIRE(def.cluster_level);
    for (const char* axiom : {"coherence", "atomicity", "sc"}) {
        CAPTURE(axiom);
        check::Options o;
        o.events = 4;
        o.axioms = {axiom};
        CHECK(check::Checker(def).run(o).front().verdict == check::Verdict::holds);
        o.scope_trees = check::Options::ScopeTrees::enumerated;
        CHECK(check::Checker(def).run(o).front().verdict == check::Verdict::holds);
    }
}
