// Faithfulness of the Coq export: the exported model definitions mean what
// the engine means.  For every model in models/ (a model the exporter cannot
// translate is a failure, not a skip) and a sample of litmus tests in the
// dialect the model judges (its own for the CPU models; as `mapsound
// compare` guesses it for those that judge every dialect), every
// candidate execution of each pre-execution (rf and the model's witnesses,
// as the engine enumerates them, capped) is written to a Coq file that
// claims, per condition and for consistency, the engine's verdict, that the
// candidate is well-formed (MsExec.wf: it is one lib/exec built), and for
// every derived name of the execution vocabulary (MsVocabulary.v, from
// lib/exec/vocabulary.cat) the engine's value; coqc must prove every claim
// by computation.  Two controls show that a wrong export fails: a flipped
// claim, and a deliberately mutated model (PTX's no-thin-air without dep)
// checked against the real model's verdicts, must both be rejected by coqc.
//
//   coq_faithfulness SOURCE_DIR WORK_DIR
//
// Exit 0 when every expectation holds; 1 otherwise (also when coqc is
// missing: install the Debian package coq).
#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "instance.hpp"
#include "mapsound/exec.hpp"
#include "mapsound/litmus/dialects.hpp"
#include "mapsound/litmus/expand.hpp"
#include "mapsound/litmus/parse.hpp"
#include "mapsound/model.hpp"
#include "mapsound/rel/solver.hpp"
#include "model/parser.hpp"
#include "model_module.hpp"
#include "support.hpp"

namespace fs = std::filesystem;
using namespace mapsound;

namespace {

int failures = 0;

void fail(const std::string& what) {
    std::cerr << "FAIL: " << what << "\n";
    ++failures;
}

void write(const fs::path& p, const std::string& text) {
    std::ofstream(p, std::ios::binary) << text;
}

// The compiled support library and vocabulary, shared by every directory.
fs::path support_dir;

// coqc on one file in 'dir'; true when accepted.  Errors go to file.log.
bool coqc(const fs::path& dir, const std::string& file) {
    std::string cmd = "cd '" + dir.string() + "' && coqc -q";
    if (!support_dir.empty() && dir != support_dir) cmd += " -Q '" + support_dir.string() + "' Mapsound";
    cmd += " -Q . Mapsound " + file + " > '" + file + ".log' 2>&1";
    return std::system(cmd.c_str()) == 0;
}

std::string read(const fs::path& p) {
    std::ifstream in(p);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

// Copies the support library and the vocabulary into 'dir' and compiles
// them there; later directories read them from support_dir.
bool prepare_support(const fs::path& dir) {
    fs::create_directories(dir);
    std::vector<std::pair<std::string, std::string>> files;
    std::string facts;
    for (const auto& f : coq::support_files()) {
        if (f.name == "MsRefute.v") continue;  // refutations only
        if (f.name == "MsVocabFacts.v")
            facts = f.text;  // after the vocabulary it is about
        else
            files.emplace_back(f.name, f.text);
    }
    const coq::ModelModule& v = coq::vocabulary_module();
    files.emplace_back(v.module + ".v", v.definitions_text);
    files.emplace_back(v.module + "_dec.v", v.decision_text);
    files.emplace_back("MsVocabFacts.v", facts);
    for (const auto& [name, text] : files) {
        write(dir / name, text);
        if (!coqc(dir, name)) {
            fail(name + " does not compile:\n" + read(dir / (name + ".log")));
            return false;
        }
    }
    support_dir = dir;
    return true;
}

bool prepare(const fs::path& dir) {
    fs::create_directories(dir);
    return !support_dir.empty();
}

// The dialect whose programs a model reads: the first dialect it judges
// (litmus::dialects_of) that has a sample; for models that judge every
// dialect, as `mapsound compare` guesses it: PTX when it reads WEAK, C when
// it reads C++ orders, fences or read-modify-writes, AuDaLa otherwise.
std::string dialect_of(const model::Model& m, const std::set<std::string>& sampled) {
    const auto judged = litmus::dialects_of(m);
    if (judged.size() < litmus::all_dialects().size())
        for (litmus::Dialect d : judged)
            if (sampled.count(std::string(litmus::to_string(d)))) return std::string(litmus::to_string(d));
    exec::PreExecution none;
    const auto used = m.instantiate(exec::vocabulary_of(none, rel::Relation::binary("rf"))).vocabulary_used;
    if (used.count("WEAK")) return "ptx";
    for (const char* name : {"NA", "RLX", "ACQ", "REL", "ACQ_REL", "SC", "F", "RMW", "rmw"})
        if (used.count(name)) return "c";
    return "audala";
}

bool compile_module(const fs::path& dir, const coq::ModelModule& m) {
    write(dir / (m.module + ".v"), m.definitions_text);
    write(dir / (m.module + "_dec.v"), m.decision_text);
    for (const std::string& f : {m.module + ".v", m.module + "_dec.v"})
        if (!coqc(dir, f)) {
            fail(f + " does not compile:\n" + read(dir / (f + ".log")));
            return false;
        }
    return true;
}

struct Sample {
    std::size_t events = 0;
    std::vector<coq::InstanceCandidate> candidates;
    std::size_t consistent = 0, inconsistent = 0;
};

// The candidates of a litmus test under a model, as the engine judges them:
// for each pre-execution, the well-formed candidates the solver enumerates
// (at most 'per_pre'), a consistent one when none of those is, plus
// one with every witness empty (it breaks the
// witness requirements, so they are tested too).  All in one file need the
// same number of events, so only pre-executions of the first one's size.
// With an 'outcome' ("0:r0=1 1:r2=0"), only the pre-executions whose final
// registers are those: the outcome a test was written about, where the
// models it tells apart differ.
bool has_outcome(const litmus::Candidate& c, const std::string& outcome) {
    std::istringstream in(outcome);
    std::string item;
    while (in >> item) {
        const auto colon = item.find(':'), eq = item.find('=');
        const std::size_t thread = std::stoul(item.substr(0, colon));
        const std::string reg = item.substr(colon + 1, eq - colon - 1);
        if (thread >= c.registers.size()) return false;
        const auto r = c.registers[thread].find(reg);
        if (r == c.registers[thread].end() || r->second != std::stoll(item.substr(eq + 1))) return false;
    }
    return true;
}

Sample sample(const coq::ModelModule& module, const model::Model& model, const fs::path& test_file,
              std::size_t max_pre, std::size_t per_pre, const std::string& outcome = "") {
    Sample s;
    const litmus::LitmusTest test = litmus::parse_litmus_file(test_file);
    const auto pres = litmus::expand(test);
    std::size_t taken = 0;
    for (std::size_t p = 0; p < pres.size() && taken < max_pre; ++p) {
        if (!has_outcome(pres[p], outcome)) continue;
        const exec::PreExecution& x = pres[p].pre;
        if (s.events == 0) s.events = x.events.size();
        if (x.events.size() != s.events) continue;
        ++taken;
        exec::ExecutionQuery q(model, x);
        std::size_t k = 0;
        std::optional<rel::Instance> first;
        rel::enumerate(q.well_formed(), q.bounds, [&](const rel::Instance& inst) {
            if (!first) first = inst;
            auto c = coq::engine_candidate(module, x, q, inst);
            c.description = test.name + ", pre-execution " + std::to_string(p) + ", candidate " + std::to_string(k);
            s.candidates.push_back(std::move(c));
            return ++k < per_pre;
        });
        // A pre-execution that has a consistent execution contributes one,
        // so a test's allowed outcome is claimed consistent in Coq.
        const bool has_consistent = std::any_of(s.candidates.end() - static_cast<std::ptrdiff_t>(k),
                                                s.candidates.end(), [](const auto& c) { return c.consistent; });
        if (!has_consistent)
            if (const auto inst = rel::solve(q.consistent(), q.bounds)) {
                auto c = coq::engine_candidate(module, x, q, *inst);
                c.description = test.name + ", pre-execution " + std::to_string(p) + ", a consistent candidate";
                s.candidates.push_back(std::move(c));
            }
        if (first) {
            rel::Instance empty = *first;
            for (const auto& w : q.instance.witnesses)
                empty.set(w.relation, rel::TupleSet(x.events.size(), w.relation.arity()));
            auto c = coq::engine_candidate(module, x, q, empty);
            c.description = test.name + ", pre-execution " + std::to_string(p) + ", witnesses empty";
            s.candidates.push_back(std::move(c));
        }
    }
    if (s.candidates.empty())
        fail(test_file.string() + (outcome.empty() ? "" : " (outcome " + outcome + ")") + ": no candidates");
    for (const auto& c : s.candidates) (c.consistent ? s.consistent : s.inconsistent)++;
    return s;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 3) {
        std::cerr << "usage: coq_faithfulness SOURCE_DIR WORK_DIR\n";
        return 2;
    }
    const fs::path source = argv[1];
    const fs::path work = argv[2];
    if (std::system("coqc --version > /dev/null 2>&1") != 0) {
        fail("coqc is not installed (Debian package coq); the Coq tests cannot run");
        return 1;
    }
    fs::remove_all(work);
    const auto start = std::chrono::steady_clock::now();
    if (!prepare_support(fs::absolute(work) / "support")) return 1;

    // The sample of each dialect.
    // A test with an outcome: only its pre-executions of that outcome (the
    // tests of tests/litmus/models/ tell the models apart there).
    // A test that tells particular models apart runs under those only
    // ('models', by file stem; empty: every model of the dialect).
    struct SampleTest {
        std::string file;
        std::string outcome;
        std::set<std::string> models = {};
    };
    const std::set<std::string> scoped = {"rc11-scoped", "rc11-scoped-cxx20", "rc11-scoped-sc-per-scope",
                                          "rc11-scoped-sc-per-scope-cxx20"};
    const std::map<std::string, std::vector<SampleTest>> samples = {
        {"ptx",
         {{"seeds/000-fig5-MP.litmus", ""},
          {"seeds/000-fig6-SB-fence-sc.litmus", ""},
          {"seeds/000-fig8-LB-thin-air.litmus", ""},
          {"seeds/000-fig9a-CoRR.litmus", ""},
          {"seeds/001-fig6-co-not-total.litmus", ""},
          {"seeds/000-fig5-MP-cta-variant.litmus", ""},
          {"seeds/000-fig12b-ISA2-rmw-sc-no-release.litmus", ""},
          {"seeds/001-fig7-SB-dynamic-barrier.litmus", ""},
          // Atomicity of a relaxed atom against another thread's store.
          {"models/RMW-split-by-store-ptx.litmus", "0:r0=0 1:r0=1"},
          // PTX 7.5 proxies: surface, alias and texture accesses and
          // fences (allowed by ptx-7.5.cat, forbidden by ptx-6.0.cat).
          {"models/MP-proxies-no-texture-fence.litmus", "1:r0=1 1:r1=0"},
          // The cluster scope: .cluster release/acquire in one cluster
          // (CLUSTER, same-cluster, incl through [CLUSTER] ; scluster).
          {"models/MP+rel-acq-cluster-one-cluster.litmus", "1:r0=1 1:r1=0"}}},
        {"c",
         {{"seeds/classic-MP.litmus", ""},
          {"seeds/classic-SB.litmus", ""},
          {"seeds/classic-LB.litmus", ""},
          {"seeds/000-fig12a-ISA2-rmw-sc.litmus", ""},
          // SC per scope instance against scoped RC11 (allowed by one only).
          {"models/SB+sc-mixed-scopes-fig11.litmus", "0:r0=1 0:r1=0 1:r2=0", scoped},
          // C++20's release sequences against RC11's.
          {"models/MP+rel-rlx-same-thread.litmus", "1:r0=2 1:r1=0",
           {"rc11", "rc11-cxx20", "rc11-scoped", "rc11-scoped-cxx20"}},
          // Atomicity of read-modify-writes (sc, tso, rc11, c11 forbid it).
          {"models/RMW-split-by-store.litmus", "0:r0=0 1:r0=1"},
          // memory_scope_cluster in one cluster (sc-per-scope's sc-cluster).
          {"models/SB+sc-cluster-one-cluster.litmus", "0:r0=0 1:r0=0",
           {"rc11-scoped-sc-per-scope", "rc11-scoped-sc-per-scope-cxx20"}}}},
        {"audala", {{"audala/003-fig11c-r1-42-r2-42.litmus", ""}, {"audala/003-fig14.litmus", ""}}},
        // The CPU models on their own dialects, one test each (their
        // executions are large for coqc): barriers; an address dependency;
        // a control dependency with isync.
        {"x86", {{"models/SB+mfences-x86.litmus", ""}}},
        {"aarch64", {{"models/MP+dmb.sy+addr-aarch64.litmus", ""}}},
        {"ppc", {{"models/MP+lwsync+ctrlisync-ppc.litmus", ""}}},
        {"riscv", {{"models/MP+fence.w.w+addr-riscv.litmus", ""}}},
    };
    std::set<std::string> sampled;
    for (const auto& [d, tests] : samples) sampled.insert(d);
    std::vector<fs::path> models;
    for (const auto& entry : fs::directory_iterator(source / "models"))
        if (entry.is_regular_file() && entry.path().extension() == ".cat") models.push_back(entry.path());
    std::sort(models.begin(), models.end());
    if (models.empty()) fail("no models in " + (source / "models").string());
    std::size_t files = 0, claims_consistent = 0, claims_inconsistent = 0;
    std::vector<std::string> covered;
    for (const auto& model_file : models) {
        const std::string model_path = model_file.string();
        const std::string name = model_file.filename().string();
        const fs::path dir = work / model_file.stem();
        if (!prepare(dir)) return 1;
        std::optional<coq::ModelModule> module;
        try {
            module = coq::translate_model(model::parse_model_file(model_path), "faithfulness test");
        } catch (const std::exception& e) {
            fail(name + ": the Coq export cannot translate it: " + e.what());
            continue;
        }
        if (!compile_module(dir, *module)) continue;
        const model::Model model = model::Model::load(model_path);
        const std::string dialect = dialect_of(model, sampled);
        std::size_t consistent = 0, inconsistent = 0;
        bool all = true;
        for (const auto& [t, outcome, only] : samples.at(dialect)) {
            if (!only.empty() && !only.count(model_file.stem().string())) continue;
            // The two ISA2 variants have 10 and 11 events: fewer samples.
            const bool big = t.find("fig12") != std::string::npos;
            const Sample s =
                sample(*module, model, source / "tests" / "litmus" / t, big ? 2 : 3, big ? 3 : 5, outcome);
            const std::string file = "T_" + std::to_string(files++) + ".v";
            write(dir / file, coq::instance_file(*module, s.events, s.candidates, t + " under " + name));
            if (!coqc(dir, file)) {
                fail(name + ", " + t + ": coqc rejects the engine's verdicts (" + (dir / file).string() + "):\n" +
                     read(dir / (file + ".log")));
                all = false;
                continue;
            }
            consistent += s.consistent;
            inconsistent += s.inconsistent;
            std::cout << name << " " << t << ": " << s.candidates.size() << " candidates (" << s.consistent
                      << " consistent, " << s.inconsistent << " not): every verdict proved in Coq\n";
        }
        if (consistent == 0 || inconsistent == 0) {
            fail(name + ": the sample needs both consistent and inconsistent candidates");
            all = false;
        }
        if (all) covered.push_back(name + " (" + dialect + " tests)");
        claims_consistent += consistent;
        claims_inconsistent += inconsistent;
    }

    // Control 1: a flipped claim must be rejected.
    {
        const fs::path dir = work / "control-flip";
        if (!prepare(dir)) return 1;
        const std::string model_path = (source / "models" / "ptx-6.0.cat").string();
        const coq::ModelModule module = coq::translate_model(model::parse_model_file(model_path), "control");
        if (compile_module(dir, module)) {
            const model::Model model = model::Model::load(model_path);
            Sample s = sample(module, model, source / "tests/litmus/seeds/000-fig9a-CoRR.litmus", 1, 2);
            s.candidates.resize(1);
            write(dir / "Unflipped.v", coq::instance_file(module, s.events, s.candidates, "the claim as is"));
            if (!coqc(dir, "Unflipped.v")) fail("control: coqc rejects the unflipped claim");
            s.candidates[0].consistent = !s.candidates[0].consistent;
            write(dir / "Flipped.v", coq::instance_file(module, s.events, s.candidates, "a flipped claim"));
            if (coqc(dir, "Flipped.v")) fail("coqc accepted a flipped consistency claim");
            else std::cout << "control: a flipped claim is rejected by coqc\n";
        }
    }
    // Control 2: a mutated model (no-thin-air without dep) against the real
    // model's verdicts on load buffering with dependencies.
    {
        const fs::path dir = work / "control-mutant";
        if (!prepare(dir)) return 1;
        const std::string model_path = (source / "models" / "ptx-6.0.cat").string();
        std::string text = read(model_path);
        const std::string axiom = "acyclic rf | dep as no-thin-air";
        const auto at = text.find(axiom);
        if (at == std::string::npos) {
            fail("ptx-6.0.cat no longer has '" + axiom + "'; update the mutation control");
        } else {
            text.replace(at, axiom.size(), "acyclic rf as no-thin-air");
            const coq::ModelModule mutant = coq::translate_model(
                model::parse_model_text(text, model_path, (source / "models").string()), "mutant");
            if (compile_module(dir, mutant)) {
                const coq::ModelModule real = coq::translate_model(model::parse_model_file(model_path), "real");
                const model::Model model = model::Model::load(model_path);
                const Sample s = sample(real, model, source / "tests/litmus/seeds/000-fig8-LB-thin-air.litmus", 8, 4);
                const fs::path real_dir = work / "control-real";
                if (prepare(real_dir) && compile_module(real_dir, real)) {
                    write(real_dir / "Real.v", coq::instance_file(real, s.events, s.candidates, "real model"));
                    if (!coqc(real_dir, "Real.v")) fail("control: coqc rejects the real model's own verdicts");
                }
                write(dir / "Mutant.v", coq::instance_file(mutant, s.events, s.candidates, "mutated model"));
                if (coqc(dir, "Mutant.v")) fail("coqc accepted the real model's verdicts for a mutated model");
                else std::cout << "control: the mutated model is caught (coqc rejects the engine's verdicts)\n";
            }
        }
    }
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::cout << files << " instance files, " << claims_consistent << " consistent and " << claims_inconsistent
              << " inconsistent candidates proved, " << seconds << " s\nmodels covered:";
    for (const auto& c : covered) std::cout << " " << c;
    std::cout << "\n";
    if (failures) std::cerr << failures << " failure(s)\n";
    return failures ? 1 : 0;
}
