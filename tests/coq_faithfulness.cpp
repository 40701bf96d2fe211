// Faithfulness of the Coq export: the exported model definitions mean what
// the engine means.  For a sample of litmus tests under each shipped model,
// every candidate execution of each pre-execution (rf and the model's
// witnesses, as the engine enumerates them, capped) is written to a Coq file
// that claims, per condition and for consistency, the engine's verdict;
// coqc must prove every claim by computation.  Two controls show that a
// wrong export fails: a flipped claim, and a deliberately mutated model
// (PTX's no-thin-air without dep) checked against the real model's verdicts,
// must both be rejected by coqc.
//
//   coq_faithfulness SOURCE_DIR WORK_DIR
//
// Exit 0 when every expectation holds; 1 otherwise (also when coqc is
// missing: install the Debian package coq).
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "instance.hpp"
#include "mapsound/exec.hpp"
#include "mapsound/litmus/expand.hpp"
#include "mapsound/litmus/parse.hpp"
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

// coqc on one file in 'dir'; true when accepted.  Errors go to file.log.
bool coqc(const fs::path& dir, const std::string& file) {
    const std::string cmd = "cd '" + dir.string() + "' && coqc -q -Q . Mapsound " + file + " > '" + file +
                            ".log' 2>&1";
    return std::system(cmd.c_str()) == 0;
}

std::string read(const fs::path& p) {
    std::ifstream in(p);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

// Copies the support library and compiles it.
bool prepare(const fs::path& dir) {
    fs::create_directories(dir);
    for (const auto& f : coq::support_files()) {
        write(dir / f.name, f.text);
        if (!coqc(dir, f.name)) {
            fail("the support library " + f.name + " does not compile:\n" + read(dir / (f.name + ".log")));
            return false;
        }
    }
    return true;
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
// (at most 'per_pre'), plus one with every witness empty (it breaks the
// witness requirements, so they are tested too).  All in one file need the
// same number of events, so only pre-executions of the first one's size.
Sample sample(const coq::ModelModule& module, const model::Model& model, const fs::path& test_file,
              std::size_t max_pre, std::size_t per_pre) {
    Sample s;
    const litmus::LitmusTest test = litmus::parse_litmus_file(test_file);
    const auto pres = litmus::expand(test);
    std::size_t taken = 0;
    for (std::size_t p = 0; p < pres.size() && taken < max_pre; ++p) {
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
        if (first) {
            rel::Instance empty = *first;
            for (const auto& w : q.instance.witnesses)
                empty.set(w.relation, rel::TupleSet(x.events.size(), w.relation.arity()));
            auto c = coq::engine_candidate(module, x, q, empty);
            c.description = test.name + ", pre-execution " + std::to_string(p) + ", witnesses empty";
            s.candidates.push_back(std::move(c));
        }
    }
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

    struct Case {
        std::string model;
        std::vector<std::string> tests;
    };
    const std::vector<Case> cases = {
        {"ptx-6.0.cat",
         {"seeds/000-fig5-MP.litmus", "seeds/000-fig6-SB-fence-sc.litmus", "seeds/000-fig8-LB-thin-air.litmus",
          "seeds/000-fig9a-CoRR.litmus", "seeds/001-fig6-co-not-total.litmus", "seeds/000-fig5-MP-cta-variant.litmus",
          "seeds/000-fig12b-ISA2-rmw-sc-no-release.litmus"}},
        {"rc11-scoped.cat", {"seeds/classic-MP.litmus", "seeds/classic-SB.litmus", "seeds/classic-LB.litmus",
                             "seeds/000-fig12a-ISA2-rmw-sc.litmus"}},
        {"audala.cat", {"audala/003-fig11c-r1-42-r2-42.litmus", "audala/003-fig14.litmus"}},
        {"audala-star.cat", {"audala/003-fig11c-r1-42-r2-42.litmus", "audala/003-fig14.litmus"}},
    };
    std::size_t files = 0, claims_consistent = 0, claims_inconsistent = 0;
    for (const auto& c : cases) {
        const std::string model_path = (source / "models" / c.model).string();
        const fs::path dir = work / fs::path(c.model).stem();
        if (!prepare(dir)) return 1;
        const coq::ModelModule module = coq::translate_model(model::parse_model_file(model_path), "faithfulness test");
        if (!compile_module(dir, module)) continue;
        const model::Model model = model::Model::load(model_path);
        std::size_t consistent = 0, inconsistent = 0;
        for (const auto& t : c.tests) {
            // The two ISA2 variants have 10 and 11 events: fewer samples.
            const bool big = t.find("fig12") != std::string::npos;
            const Sample s = sample(module, model, source / "tests" / "litmus" / t, big ? 2 : 4, big ? 4 : 6);
            const std::string name = "T_" + std::to_string(files++) + ".v";
            write(dir / name, coq::instance_file(module, s.events, s.candidates, t + " under " + c.model));
            if (!coqc(dir, name)) {
                fail(c.model + ", " + t + ": coqc rejects the engine's verdicts (" + (dir / name).string() + "):\n" +
                     read(dir / (name + ".log")));
                continue;
            }
            consistent += s.consistent;
            inconsistent += s.inconsistent;
            std::cout << c.model << " " << t << ": " << s.candidates.size() << " candidates (" << s.consistent
                      << " consistent, " << s.inconsistent << " not): every verdict proved in Coq\n";
        }
        if (consistent == 0 || inconsistent == 0)
            fail(c.model + ": the sample needs both consistent and inconsistent candidates");
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
              << " inconsistent candidates proved, " << seconds << " s\n";
    if (failures) std::cerr << failures << " failure(s)\n";
    return failures ? 1 : 0;
}
