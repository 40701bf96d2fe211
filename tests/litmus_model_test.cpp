// The model litmus corpus (tests/litmus/models/): tests that tell the
// shipped models apart where their definitions differ, each with the
// verdict its source states or that follows from the source's definitions
// by hand (every file's comment gives the source and the reasoning):
//   - C11 (Batty, Donaldson, Wickerson, POPL 2016; c11.cat) against RC11
//     (Lahav et al., PLDI 2017): SC fences, release sequences;
//   - atomic read-modify-writes under SC and TSO (herd7's sc.cat and
//     x86tso.cat), RC11, C11 and PTX;
//   - scoped RC11 with Fig. 10's SC axiom against the per-scope-instance
//     repair (rc11-scoped-sc-per-scope.cat);
//   - RC11's release sequence against C++20's (P0982R1; the *-cxx20.cat
//     models).
//   - the cluster scope (PTX ISA 7.8, thread_scope_cluster): two CTAs of
//     one cluster against two clusters, in PTX (ptx-6.0, ptx-7.5) and
//     scoped RC11.
//   - RISC-V's RVTSO (the ISA manual's Ztso chapter; riscv-ztso.cat)
//     against RVWMO (riscv.cat) on the classic shapes.
// Mutants of the model texts show that each distinguishing verdict rests
// on the part of the model that should decide it.
#include <doctest/doctest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "mapsound/litmus/parse.hpp"
#include "mapsound/litmus/run.hpp"
#include "mapsound/model.hpp"

#include "litmus_test_support.hpp"
#include "mapsound/litmus/expand.hpp"
#include "test_skip.hpp"

namespace {

namespace fs = std::filesystem;
using namespace mapsound;

const fs::path corpus_dir = fs::path(MAPSOUND_SOURCE_DIR) / "tests" / "litmus" / "models";
const fs::path models_dir = fs::path(MAPSOUND_SOURCE_DIR) / "models";

std::string read_file(const fs::path& path) {
    std::ifstream in(path);
    REQUIRE(in.good());
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

// models/<file> with the first occurrence of 'from' replaced by 'to' (which
// must occur, so that the mutant differs); includes resolve in models/.
model::Model mutant(const std::string& file, const std::string& from, const std::string& to) {
    std::string text = read_file(models_dir / file);
    const auto at = text.find(from);
    REQUIRE_MESSAGE(at != std::string::npos, "not in " << file << ": " << from);
    text.replace(at, from.size(), to);
    return model::Model::parse(text, "mutant of " + file, models_dir.string());
}

model::Model load(const std::string& file) { return model::Model::load((models_dir / file).string()); }

// Whether the test's own condition holds (herd7's Ok), cross-checked by the
// evaluator.
bool ok(const std::string& test, const model::Model& m) {
    litmus::RunOptions options;
    options.cross_check = true;
    return litmus::run_litmus(litmus::parse_litmus_file(corpus_dir / test), m, options).ok;
}

}  // namespace

TEST_CASE("model litmus corpus: expected.csv and the test files agree") {
    litmustest::check_listing(litmustest::read_expected(corpus_dir), corpus_dir,
                              [](const fs::path& file) { CHECK_NOTHROW(litmus::parse_litmus_file(file)); });
}

TEST_CASE("model litmus corpus: verdicts") {
    for (const auto& r : litmustest::read_expected(corpus_dir)) {
        SUBCASE((r.test + " under " + r.model).c_str()) {
            const fs::path model_path = models_dir / (r.model + ".cat");
            REQUIRE_MESSAGE(fs::exists(model_path), "no model " << model_path.string());
            litmustest::check_verdict(r, corpus_dir, model_path, /*require_candidates=*/true);
        }
    }
}

TEST_CASE("c11 mutants: IRIW with SC fences is allowed because fences order only through sb and one mo/fr edge") {
    // With RC11's fence edge (hb ; eco ; hb between SC fences) added to the
    // S edges, IRIW+sc-fences becomes forbidden, as in RC11.
    CHECK(ok("IRIW+sc-fences.litmus", load("c11.cat")));
    const auto with_psc_f = mutant("c11.cat", "let S-edges = [SC] ; (fsb? ; (hb | mo | fr) ; sbf?) ; [SC]",
                                   "let S-edges = ([SC] ; (fsb? ; (hb | mo | fr) ; sbf?) ; [SC])"
                                   " | ([F & SC] ; hb ; (rf | mo | fr)+ ; hb ; [F & SC])");
    CHECK_FALSE(ok("IRIW+sc-fences.litmus", with_psc_f));
    // Without the mo/fr edges, SB with SC fences and SB with SC accesses
    // lose their cycles.
    const auto hb_only = mutant("c11.cat", "(fsb? ; (hb | mo | fr) ; sbf?)", "hb");
    CHECK(ok("SB+sc-fences.litmus", hb_only));
    CHECK(ok("SB+sc.litmus", hb_only));
    CHECK_FALSE(ok("SB+sc-fences.litmus", load("c11.cat")));
}

TEST_CASE("c11 mutants: the release sequence is mo-contiguous") {
    // RC11's release sequence (the head's thread's later writes in sb,
    // whatever mo puts between) makes the interrupted sequence synchronize.
    CHECK(ok("MP+rel-rs-interrupted.litmus", load("c11.cat")));
    const auto rc11_rs = mutant("c11.cat", "let rs = (mo & rs-member) \\ ((mo \\ rs-member) ; mo)",
                                "let rs = ([W] ; (sb & loc)? ; [W & A] ; (rf ; rmw)*) \\ id");
    CHECK_FALSE(ok("MP+rel-rs-interrupted.litmus", rc11_rs));
}

TEST_CASE("sc and tso mutants: the RMW verdicts rest on the atomicity axiom") {
    for (const char* file : {"sc.cat", "tso.cat"}) {
        CAPTURE(file);
        CHECK_FALSE(ok("RMW-split-by-store.litmus", load(file)));
        CHECK_FALSE(ok("RMW-split-by-store-ptx.litmus", load(file)));
        const auto no_atomicity = mutant(file, "empty rmw & (fre ; coe) as atomicity", "");
        CHECK(ok("RMW-split-by-store.litmus", no_atomicity));
        CHECK(ok("RMW-split-by-store-ptx.litmus", no_atomicity));
    }
}

TEST_CASE("scoped RC11: the per-scope SC axiom needs each level's clause") {
    // SB at .gpu scope across two CTAs is forbidden by the GPU-level clause
    // alone; SB at .cta inside one CTA by the CTA-level clause alone; SB at
    // system scope across GPUs by the system-level clause alone; SB at
    // .cluster across two CTAs of one cluster by the cluster-level clause
    // alone.  A test without clusters puts a GPU's CTAs in one cluster,
    // where the cluster clause says what the GPU clause says: the GPU case
    // drops both.
    const std::string sb = R"(C SB-scoped
{
[x] = 0;
[y] = 0;
}

P0@cta 0,gpu 0 (atomic_int* x, atomic_int* y) {
  atomic_store_explicit(x, 1, memory_order_seq_cst, memory_scope_SCOPE);
  int r0 = atomic_load_explicit(y, memory_order_seq_cst, memory_scope_SCOPE);
}

P1@cta CTA1,gpu GPU1 (atomic_int* x, atomic_int* y) {
  atomic_store_explicit(y, 1, memory_order_seq_cst, memory_scope_SCOPE);
  int r0 = atomic_load_explicit(x, memory_order_seq_cst, memory_scope_SCOPE);
}

exists (0:r0=0 /\ 1:r0=0)
)";
    struct Case {
        const char* scope;
        const char* cta1;
        const char* gpu1;
        std::vector<const char*> clauses;
    };
    const Case cases[] = {{"cta", "0", "0", {"as sc-cta"}},
                          {"cluster", "1", "0", {"as sc-cluster"}},
                          {"gpu", "1", "0", {"as sc-cluster", "as sc-gpu"}},
                          {"sys", "1", "1", {"as sc-sys"}}};
    const std::string lib = read_file(models_dir / "lib" / "sc-per-scope.cat");
    for (const auto& c : cases) {
        CAPTURE(c.scope);
        std::string text = sb;
        for (const auto& [from, to] : {std::pair<std::string, std::string>{"SCOPE", c.scope},
                                       {"CTA1", c.cta1},
                                       {"GPU1", c.gpu1}})
            for (auto at = text.find(from); at != std::string::npos; at = text.find(from))
                text.replace(at, from.size(), to);
        const auto test = litmus::parse_litmus(text, "SB-scoped.litmus");
        CHECK_FALSE(litmus::run_litmus(test, load("rc11-scoped-sc-per-scope.cat")).ok);
        CHECK_FALSE(litmus::run_litmus(test, load("rc11-scoped.cat")).ok);
        // The model with this level's clause dropped (the others kept)
        // allows the cycle.
        std::string weakened = lib;
        for (const std::string clause : c.clauses) {
            const auto at = weakened.find(clause);
            REQUIRE(at != std::string::npos);
            const auto begin = weakened.rfind("\nacyclic", at);
            REQUIRE(begin != std::string::npos);
            weakened.erase(begin + 1, at + clause.size() - begin - 1);
        }
        const auto without_clause =
            mutant("rc11-scoped-sc-per-scope.cat", "include \"lib/sc-per-scope.cat\"", weakened);
        CHECK(litmus::run_litmus(test, without_clause).ok);
    }
}

TEST_CASE("ptx mutants: per-scope coherence orders the .cluster writes of one cluster") {
    // CoRR2+cluster-one-cluster is forbidden because co-scoped's cluster
    // clause makes coherence order the two .cluster writes; without the
    // clause it is allowed, as it is with the writers in two clusters.
    // Neither the CTA clause (the writers' CTAs differ) nor the GPU clause
    // (the writes are not .gpu) can stand in for it.
    const std::string clause =
        "\n              | (((W & (CLUSTER | GPU | SYS)) * (W & (CLUSTER | GPU | SYS))) & scluster)";
    for (const char* file : {"ptx-6.0.cat", "ptx-7.5.cat"}) {
        CAPTURE(file);
        CHECK_FALSE(ok("CoRR2+cluster-one-cluster.litmus", load(file)));
        CHECK(ok("CoRR2+cluster-two-clusters.litmus", load(file)));
        const auto no_cluster_clause = mutant(file, clause, "");
        CHECK(ok("CoRR2+cluster-one-cluster.litmus", no_cluster_clause));
        // The message-passing tests do not rest on coherence's clause but
        // on morally strong (incl): the mutant keeps their verdicts.
        CHECK_FALSE(ok("MP+rel-acq-cluster-one-cluster.litmus", no_cluster_clause));
        CHECK(ok("MP+rel-acq-cluster-two-clusters.litmus", no_cluster_clause));
    }
}

// Free reads (ExpandOptions::free_reads), which litmus mode falls back to
// when a test has more than a few hundred pre-executions, against every
// value enumerated: on every test of the development suite that has a
// load whose register nothing reads, under the model its expected table
// names, the same verdict, the same numbers of executions on each side of
// the condition and the same final states (a free read's register then
// holds the value of the write it reads from).  Of the AArch64, Power and
// RISC-V suites (5218, 1587 and 4595 tests) every 20th, every 10th and
// every 20th; mixed-size AArch64 tests, which the expansion refuses, have
// nothing to compare.
TEST_CASE("free reads: the same verdicts, execution counts and final states as every value enumerated") {
    const auto found = litmustest::suite_dir();
    if (!found) return litmustest::skip_without_suite();
    const fs::path suite = *found;
    std::map<std::string, model::Model> models;
    std::size_t compared = 0, beyond = 0;
    for (const auto& table : fs::directory_iterator(suite)) {
        const std::string name = table.path().filename().string();
        if (name.rfind("expected-", 0) != 0 || table.path().extension() != ".csv") continue;
        std::ifstream in(table.path());
        std::string line;
        // The CPU suites are sampled (their every test: the conformance
        // runs, bench/conformance-cpu.sh); RISC-V's tests are the slowest
        // to enumerate value by value.
        const std::size_t stride = name == "expected-riscv.csv"     ? 60
                                   : name == "expected-aarch64.csv" ? 20
                                   : name == "expected-power.csv"   ? 10
                                                                    : 1;
        std::size_t row = 0;
        while (std::getline(in, line)) {
            const auto c1 = line.find(','), c2 = line.rfind(',');
            if (c1 == std::string::npos || c1 == c2 || line.rfind("test,", 0) == 0) continue;
            if (row++ % stride != 0) continue;
            const std::string test_file = line.substr(0, c1), model_name = line.substr(c1 + 1, c2 - c1 - 1);
            if (!fs::exists(models_dir / (model_name + ".cat"))) continue;
            litmus::LitmusTest test;
            try {
                test = litmus::parse_litmus_file(suite / test_file);
            } catch (const litmus::ParseError&) {
                if (stride > 1) continue;  // refused by the CPU front ends (known-differences.csv)
                throw;
            }
            // Mixed-size programs: the expansion refuses them (known-differences.csv).
            if (!litmus::has_free_reads(test) || litmus::mixed_size_access(test)) continue;
            CAPTURE(test_file);
            CAPTURE(model_name);
            auto it = models.find(model_name);
            if (it == models.end()) it = models.emplace(model_name, load(model_name + ".cat")).first;
            litmus::RunOptions explicit_values;
            explicit_values.method = litmus::RunOptions::Method::enumerate;  // counts compared
            explicit_values.states = true;
            explicit_values.free_reads_fallback = false;
            // Over this, the test is not compared (the xf-barrier tests).
            explicit_values.expand.budget.max_executions = 500;
            litmus::Verdict every;
            try {
                every = litmus::run_litmus(test, it->second, explicit_values);
            } catch (const litmus::BudgetExceeded&) {
                ++beyond;
                continue;
            }
            litmus::RunOptions free = explicit_values;
            free.free_reads_fallback = true;
            free.expand.free_reads = true;
            free.expand.budget.max_executions = 0;
            const litmus::Verdict v = litmus::run_litmus(test, it->second, free);
            CHECK(v.ok == every.ok);
            CHECK(v.positive == every.positive);
            CHECK(v.negative == every.negative);
            CHECK(v.states == every.states);
            CHECK(v.candidates <= every.candidates);
            ++compared;
        }
    }
    CHECK(compared > 100);
    MESSAGE(compared << " (test, model) pairs compared, " << beyond << " over the explicit budget");
}

TEST_CASE("free reads: a test decided by the second run reports the time of both runs") {
    // P1's and P2's five loads of x each read no register: with every
    // value enumerated, 2^5 runs of each (0 or 1 per load) and 2^10
    // pre-executions, of which the first run solves 500 before it stops;
    // then the test is run again with free reads, in one pre-execution.
    // Coherence (the loads are morally strong) leaves 6 executions per
    // thread, 36 in all, so nearly all the time is the first run's 500
    // translations; Verdict::seconds once counted only the second run's
    // (VULKAN/Manual/xf-barrier-cbar-rlx-3: 0.045 s of 5.7 s).
    std::string text = "PTX free-loads\n{ x=0; }\n P0@cta 0,gpu 0 | P1@cta 0,gpu 0 | P2@cta 0,gpu 0 ;\n";
    for (int i = 0; i < 5; ++i)
        text += std::string(i == 0 ? " st.relaxed.gpu x, 1" : "") + " | ld.relaxed.gpu r" + std::to_string(i) +
                ", x | ld.relaxed.gpu r" + std::to_string(i) + ", x ;\n";
    text += "exists (P1:r0 == 1 /\\ P2:r4 == 0)\n";
    const litmus::LitmusTest test = litmus::parse_litmus(text, "t.litmus");
    REQUIRE(litmus::has_free_reads(test));
    const auto model = load("ptx-6.0.cat");
    const auto started = std::chrono::steady_clock::now();
    const litmus::Verdict v = litmus::run_litmus(test, model);
    const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    CHECK(v.ok);  // P1 may read the store first while P2 reads only the initial value
    CHECK(v.candidates == 1);  // decided by the run with free reads
    CHECK(v.positive + v.negative == 36);
    CAPTURE(wall);
    CAPTURE(v.seconds);
    CHECK(v.seconds <= wall);
    CHECK(v.seconds >= 0.9 * wall);  // the first run's 500 pre-executions included
}

TEST_CASE("riscv-ztso mutants: RVTSO's verdicts rest on the annotations the Ztso chapter adds") {
    // Every load acquire: without it, the reader of message passing is
    // unordered again; load buffering stays forbidden, each load being
    // ordered before the later store by the store's release (rule 6).
    const auto no_load_acquire = mutant("riscv-ztso.cat", "let AQ = AQ-annotated | R", "let AQ = AQ-annotated");
    CHECK(ok("MP-riscv.litmus", no_load_acquire));
    CHECK_FALSE(ok("LB-riscv.litmus", no_load_acquire));
    CHECK_FALSE(ok("2+2W-riscv.litmus", no_load_acquire));
    // Every store release: without it, the writer's stores are unordered.
    const auto no_store_release = mutant("riscv-ztso.cat", "let RL = RL-annotated | W", "let RL = RL-annotated");
    CHECK(ok("MP-riscv.litmus", no_store_release));
    CHECK(ok("2+2W-riscv.litmus", no_store_release));
    CHECK_FALSE(ok("LB-riscv.litmus", no_store_release));
    // Without both, load buffering is allowed, as under RVWMO.
    CHECK(ok("LB-riscv.litmus", mutant("riscv-ztso.cat", "let AQ = AQ-annotated | R\nlet RL = RL-annotated | W",
                                       "let AQ = AQ-annotated\nlet RL = RL-annotated")));
    const auto rvtso = load("riscv-ztso.cat");
    CHECK_FALSE(ok("MP-riscv.litmus", rvtso));
    CHECK(ok("SB-riscv.litmus", rvtso));
}
