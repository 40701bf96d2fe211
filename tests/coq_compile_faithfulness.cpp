// Faithfulness of the Coq compilation hypotheses: `compiled` (map_structure
// and one rule_* per mapping line, Mapping_<name>.v) says what
// mapping::compile does, and MsExec.wf what lib/exec builds.  For every
// mapping in mappings/ (a mapping the exporter cannot translate is a
// failure), small source programs that together use every rule of the
// mapping twice (threads in different CTAs and GPUs, every scope,
// read-modify-writes, address and data dependencies) are compiled with
// mapping::compile and each concrete (source, target, map) triple is written
// to Coq; coqc must prove wf of both executions and `compiled` by
// computation.  Each kind of mistake must
// be refuted, coqc proving `~ compiled`: a target event with the wrong order
// (a wrong rule), one with the wrong scope, a dropped fence, a thread placed
// in another CTA (so incl and the scope relations differ), an event mapped
// from the wrong source event, and the hypotheses of a mutated mapping file
// against the real compilation.  Malformed executions (program order not
// total on a thread, a read reading two writes, an initial write in a
// thread, a location that is not a function, scope levels not nested, two
// memory orders on one event, a read-modify-write whose events disagree on
// the order) must be refuted, coqc proving `~ wf`.
//
//   coq_compile_faithfulness SOURCE_DIR WORK_DIR
//
// Exit 0 when every expectation holds; 1 otherwise (also when coqc is
// missing: install the Debian package coq).
#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "concrete.hpp"
#include "mapping_module.hpp"
#include "mapsound/compile.hpp"
#include "mapsound/exec.hpp"
#include "mapsound/mapping.hpp"
#include "support.hpp"

namespace fs = std::filesystem;
using namespace mapsound;
using exec::EventKind;
using exec::Order;
using exec::Scope;
using Pairs = std::vector<std::pair<int, int>>;
using Facts = std::map<std::string, rel::TupleSet>;

namespace {

int failures = 0;
std::size_t proved = 0;

void fail(const std::string& what) {
    std::cerr << "FAIL: " << what << "\n";
    ++failures;
}

void write(const fs::path& p, const std::string& text) {
    std::ofstream(p, std::ios::binary) << text;
}

std::string read(const fs::path& p) {
    std::ifstream in(p);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

fs::path support_dir;

bool coqc(const fs::path& dir, const std::string& file) {
    std::string cmd = "cd '" + dir.string() + "' && coqc -q";
    if (!support_dir.empty() && dir != support_dir) cmd += " -Q '" + support_dir.string() + "' Mapsound";
    cmd += " -Q . Mapsound " + file + " > '" + file + ".log' 2>&1";
    return std::system(cmd.c_str()) == 0;
}

bool prepare_support(const fs::path& dir) {
    fs::create_directories(dir);
    for (const auto& f : coq::support_files()) {
        if (f.name != "MsRel.v" && f.name != "MsExec.v" && f.name != "MsBool.v" && f.name != "MsDecide.v") continue;
        write(dir / f.name, f.text);
        if (!coqc(dir, f.name)) {
            fail(f.name + " does not compile:\n" + read(dir / (f.name + ".log")));
            return false;
        }
    }
    support_dir = dir;
    return true;
}

bool is_atomic(Order o) {
    return o != Order::none && o != Order::na && o != Order::weak;
}

// Rules per sample program: the decisions cost a power of the number of
// events, so the rules are spread over several small programs.
constexpr std::size_t kRulesPerProgram = 6;

// A source program that uses the rules [first, first + kRulesPerProgram)
// of the mapping once each, spread over three threads (CTA 0 and 1 of GPU
// 0, CTA 0 of GPU 1), locations x and y in turn, scopes cta, gpu and sys in
// turn (rotated by 'variant', which also reverses the rules when odd), with
// an address and a data dependency from the first plain read of a thread.
exec::PreExecution program(const mapping::Mapping& m, std::size_t first, int variant) {
    exec::PreExecution x;
    x.locations = {"x", "y"};
    x.threads = {exec::ThreadPlacement{0, 0}, exec::ThreadPlacement{1, 0}, exec::ThreadPlacement{0, 1}};
    for (int l = 0; l < 2; ++l) {
        exec::Event e;
        e.kind = EventKind::write;
        e.location = l;
        x.events.push_back(e);
    }
    const Scope scopes[] = {Scope::cta, Scope::gpu, Scope::sys};
    std::vector<const mapping::Rule*> rules;
    for (std::size_t i = first; i < m.rules.size() && i < first + kRulesPerProgram; ++i) rules.push_back(&m.rules[i]);
    if (variant % 2 == 1) std::reverse(rules.begin(), rules.end());
    std::vector<std::vector<exec::Event>> threads(3);
    std::vector<Pairs> rmw(3);
    for (std::size_t i = 0; i < rules.size(); ++i) {
        const mapping::Rule& r = *rules[i];
        const std::size_t t = (i + static_cast<std::size_t>(variant)) % 3;
        exec::Event e;
        e.thread = static_cast<int>(t);
        e.order = r.order.value_or(Order::none);
        e.tags = r.regions;  // an OpenCL rule's regions (rule_for matches them exactly)
        e.scope = is_atomic(e.order) ? scopes[(i + static_cast<std::size_t>(variant)) % 3] : Scope::none;
        e.location = static_cast<int>(i % 2);
        e.value = static_cast<std::int64_t>(i + 1);
        switch (r.source) {
            case mapping::SourceKind::read:
                e.kind = EventKind::read;
                break;
            case mapping::SourceKind::write:
                e.kind = EventKind::write;
                break;
            case mapping::SourceKind::fence:
                e.kind = EventKind::fence;
                e.location = -1;
                break;
            case mapping::SourceKind::rmw: {
                e.kind = EventKind::read;
                threads[t].push_back(e);
                e.kind = EventKind::write;
                threads[t].push_back(e);
                rmw[t].emplace_back(static_cast<int>(threads[t].size()) - 2, static_cast<int>(threads[t].size()) - 1);
                continue;
            }
        }
        threads[t].push_back(e);
    }
    for (std::size_t t = 0; t < threads.size(); ++t) {
        const int base = static_cast<int>(x.events.size());
        std::vector<bool> in_rmw(threads[t].size(), false);
        for (auto [a, b] : rmw[t]) {
            x.rmw.emplace_back(base + a, base + b);
            in_rmw[static_cast<std::size_t>(a)] = in_rmw[static_cast<std::size_t>(b)] = true;
        }
        // Dependencies from the thread's first read (not into RMWs).
        int first_read = -1;
        for (std::size_t i = 0; i < threads[t].size(); ++i) {
            const auto& e = threads[t][i];
            if (first_read < 0 && e.kind == EventKind::read && !in_rmw[i]) {
                first_read = static_cast<int>(i);
                continue;
            }
            if (first_read < 0 || in_rmw[i]) continue;
            if (e.kind == EventKind::read && x.addr.empty())
                x.addr.emplace_back(base + first_read, base + static_cast<int>(i));
            if (e.kind == EventKind::write && x.data.empty())
                x.data.emplace_back(base + first_read, base + static_cast<int>(i));
        }
        for (auto& e : threads[t]) x.events.push_back(e);
    }
    // Threads without events are not threads of an execution.
    return x;
}

// Each read reads the initial write of its location.
rel::TupleSet initial_rf(const exec::PreExecution& x) {
    rel::TupleSet rf(x.events.size(), 2);
    for (std::size_t r = 0; r < x.events.size(); ++r) {
        if (x.events[r].kind != EventKind::read) continue;
        for (std::size_t w = 0; w < x.events.size(); ++w)
            if (x.events[w].thread < 0 && x.events[w].location == x.events[r].location) rf.add(w, r);
    }
    return rf;
}

struct Triple {
    exec::PreExecution source;
    mapping::Compiled compiled;
};

// Removes target event k, renumbering the map and the target's relations.
void drop_target_event(mapping::Compiled& c, int k) {
    auto& ev = c.target.events;
    ev.erase(ev.begin() + k);
    auto renumber = [k](Pairs& pairs, bool second_only) {
        Pairs out;
        for (auto [a, b] : pairs) {
            if ((!second_only && a == k) || b == k) continue;
            out.emplace_back(!second_only && a > k ? a - 1 : a, b > k ? b - 1 : b);
        }
        pairs = std::move(out);
    };
    renumber(c.map, true);
    renumber(c.target.rmw, false);
    renumber(c.target.addr, false);
    renumber(c.target.data, false);
    renumber(c.target.ctrl, false);
}

// What every claim of a mapping's module requires.
std::string claim_header(const std::string& mapping_module) {
    return "Require Import Coq.Lists.List Coq.Bool.Bool.\n"
           "Require Import Mapsound.MsRel Mapsound.MsExec Mapsound.MsDecide Mapsound." +
           mapping_module + " Mapsound." + mapping_module + "_dec.\nImport ListNotations.\n\n";
}

// The claims (definitions and lemmas) about one program, without the header.
std::string claim_body(const Triple& t, const Facts& source_facts, const Facts& target_facts, const std::string& title,
                       std::optional<bool> wf_source, std::optional<bool> wf_target, std::optional<bool> compiled) {
    std::ostringstream o;
    o << "(* " << title << " *)\n";
    o << coq::event_type_text("evs", "ev_s", t.source.events.size(), "fs")
      << coq::event_type_text("evt", "ev_t", t.compiled.target.events.size(), "ft");
    o << coq::bexecution_text("Sb", "evs", "ev_s", source_facts)
      << coq::bexecution_text("Tb", "evt", "ev_t", target_facts);
    o << "Definition mb : evs -> evt -> bool := " << coq::map_text(t.compiled.map, "ev_s", "ev_t") << ".\n"
      << "Definition map0 : evs -> evt -> Prop := fun e t => mb e t = true.\n"
      << "Lemma hm : reflectsM mb map0.\nProof. intros e t; reflexivity. Qed.\n\n";
    auto claim = [&](const std::string& name, bool holds, const std::string& prop, const std::string& ok) {
        o << "Lemma " << name << " : " << (holds ? "" : "~ ") << prop << ".\n";
        if (holds)
            o << "Proof. apply (" << ok << "); by_vm. Qed.\n";
        else
            o << "Proof. intro H; pose proof (proj2 (" << ok << ") H) as B; contradict_by_vm B. Qed.\n";
    };
    if (wf_source) claim("wf_S", *wf_source, "wf (exec_of Sb)", "wf_ok fs (exec_of_reflects Sb)");
    if (wf_target) claim("wf_T", *wf_target, "wf (exec_of Tb)", "wf_ok ft (exec_of_reflects Tb)");
    if (compiled)
        claim(
            "compiled_ST", *compiled, "compiled (exec_of Sb) (exec_of Tb) map0",
            "compiled_ok fs ft Sb Tb mb (exec_of Sb) (exec_of Tb) map0 (exec_of_reflects Sb) (exec_of_reflects Tb) hm");
    return o.str();
}

Facts facts_of(const exec::PreExecution& x) {
    return coq::primitive_facts(x, initial_rf(x));
}

// The claims every one of which coqc must accept, in batches: one coqc run
// per directory and mapping module, each claim a Module of its own (coqc's
// start and the Requires take longer than most claims).  A rejected batch
// is checked again claim by claim (each also written as a file of its
// own), so that the failure names the claim.
struct Claim {
    std::string file, body, what;
};
std::map<std::pair<fs::path, std::string>, std::vector<Claim>> batches;  // (dir, module) -> claims

void queue_claim(const fs::path& dir, const std::string& file, const std::string& mapping_module,
                 const std::string& body, const std::string& what) {
    write(dir / file, claim_header(mapping_module) + body);
    batches[{dir, mapping_module}].push_back({file, body, what});
}

void check_batches() {
    for (const auto& [key, claims] : batches) {
        const auto& [dir, module] = key;
        std::string text = claim_header(module);
        for (const auto& c : claims) {
            const std::string name = fs::path(c.file).stem().string();
            text += "Module " + name + ".\n" + c.body + "End " + name + ".\n\n";
        }
        const std::string file = "Claims_" + module + ".v";
        write(dir / file, text);
        if (coqc(dir, file)) {
            proved += claims.size();
            continue;
        }
        std::size_t rejected = 0;
        for (const auto& c : claims) {
            if (coqc(dir, c.file)) continue;
            ++rejected;
            fail(c.what + ": coqc rejects " + (dir / c.file).string() + ":\n" + read(dir / (c.file + ".log")));
        }
        if (!rejected) fail("coqc rejects " + (dir / file).string() + ":\n" + read(dir / (file + ".log")));
    }
}

// A target event of a thread matching 'p', or -1.
int find_target(const mapping::Compiled& c, const std::function<bool(const exec::Event&)>& p) {
    for (std::size_t i = 0; i < c.target.events.size(); ++i)
        if (c.target.events[i].thread >= 0 && p(c.target.events[i])) return static_cast<int>(i);
    return -1;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 3) {
        std::cerr << "usage: coq_compile_faithfulness SOURCE_DIR WORK_DIR\n";
        return 2;
    }
    const fs::path source = argv[1];
    const fs::path work = fs::absolute(argv[2]);
    if (std::system("coqc --version > /dev/null 2>&1") != 0) {
        fail("coqc is not installed (Debian package coq); the Coq tests cannot run");
        return 1;
    }
    fs::remove_all(work);
    const auto start = std::chrono::steady_clock::now();
    if (!prepare_support(work / "support")) return 1;

    std::vector<fs::path> mappings;
    for (const auto& entry : fs::directory_iterator(source / "mappings"))
        if (entry.is_regular_file() && entry.path().extension() == ".map") mappings.push_back(entry.path());
    std::sort(mappings.begin(), mappings.end());
    if (mappings.empty()) fail("no mappings in " + (source / "mappings").string());
    std::size_t mutations = 0, malformed = 0;
    std::map<std::string, std::size_t> refuted_kinds;  // mutation kind -> refutations
    std::set<std::string> malformed_done;
    for (const auto& path : mappings) {
        const std::string name = path.filename().string();
        const fs::path dir = work / path.stem();
        fs::create_directories(dir);
        mapping::Mapping m;
        coq::MappingModule mod;
        try {
            m = mapping::load_mapping(path);
            mod = coq::mapping_module(m, "compile faithfulness test");
        } catch (const std::exception& e) {
            fail(name + ": the Coq export cannot translate it: " + e.what());
            continue;
        }
        write(dir / (mod.module + ".v"), mod.definitions_text);
        write(dir / (mod.module + "_dec.v"), mod.decision_text);
        if (!coqc(dir, mod.module + ".v") || !coqc(dir, mod.module + "_dec.v")) {
            fail(name + ": its Coq module does not compile:\n" + read(dir / (mod.module + "_dec.v.log")) +
                 read(dir / (mod.module + ".v.log")));
            continue;
        }
        int file = 0;
        auto next = [&] { return "C_" + std::to_string(file++) + ".v"; };
        std::set<std::string> applied;  // mutation kinds applied to this mapping's programs
        for (std::size_t first = 0; first < m.rules.size(); first += kRulesPerProgram)
            for (int variant = 0; variant < 2; ++variant) {
                Triple t{program(m, first, variant), {}};
                try {
                    t.compiled = mapping::compile(t.source, m);
                } catch (const std::exception& e) {
                    fail(name + ": mapping::compile fails on the sample program: " + e.what());
                    continue;
                }
                const std::string what = name + " rules " + std::to_string(first + 1) + "-" +
                                         std::to_string(std::min(first + kRulesPerProgram, m.rules.size())) +
                                         " program " + std::to_string(variant);
                const Facts fs_ = facts_of(t.source);
                queue_claim(dir, next(), mod.module,
                            claim_body(t, fs_, facts_of(t.compiled.target), what, true, true, true),
                            what + ": wf and compiled");
                // Mutations of the compiled program: each must break `compiled`.
                struct Mutation {
                    std::string kind;
                    std::function<bool(Triple&)> apply;  // false: not applicable to this mapping
                };
                const std::vector<Mutation> kinds = {
                    {"a target event with another order (a wrong rule)",
                     [](Triple& x) {
                         const int k =
                             find_target(x.compiled, [](const exec::Event& e) { return e.order != Order::none; });
                         if (k < 0) return false;
                         auto& e = x.compiled.target.events[static_cast<std::size_t>(k)];
                         e.order = e.order == Order::rlx ? Order::acq : Order::rlx;
                         for (auto [r, w] : x.compiled.target.rmw)  // keep the rmw pair's events alike
                             if (r == k || w == k)
                                 x.compiled.target.events[static_cast<std::size_t>(r == k ? w : r)].order = e.order;
                         return true;
                     }},
                    {"a target event with another scope",
                     [](Triple& x) {
                         const int k =
                             find_target(x.compiled, [](const exec::Event& e) { return e.scope != Scope::none; });
                         if (k < 0) return false;
                         auto& e = x.compiled.target.events[static_cast<std::size_t>(k)];
                         e.scope = e.scope == Scope::cta ? Scope::gpu : Scope::cta;
                         for (auto [r, w] : x.compiled.target.rmw)
                             if (r == k || w == k)
                                 x.compiled.target.events[static_cast<std::size_t>(r == k ? w : r)].scope = e.scope;
                         return true;
                     }},
                    {"a dropped fence",
                     [](Triple& x) {
                         const int k =
                             find_target(x.compiled, [](const exec::Event& e) { return e.kind == EventKind::fence; });
                         if (k < 0) return false;
                         drop_target_event(x.compiled, k);
                         return true;
                     }},
                    {"a target thread in another CTA (incl and the scope relations differ)",
                     [](Triple& x) {
                         // Two threads with events in different CTAs: the first joins the second's.
                         std::vector<int> with_events;
                         for (const auto& e : x.compiled.target.events)
                             if (e.thread >= 0 &&
                                 std::find(with_events.begin(), with_events.end(), e.thread) == with_events.end())
                                 with_events.push_back(e.thread);
                         auto& th = x.compiled.target.threads;
                         for (int a : with_events)
                             for (int b : with_events)
                                 if (!th[static_cast<std::size_t>(a)].shares(th[static_cast<std::size_t>(b)],
                                                                             Scope::cta)) {
                                     th[static_cast<std::size_t>(a)] = th[static_cast<std::size_t>(b)];
                                     return true;
                                 }
                         return false;
                     }},
                    {"a target event mapped from another source event of its thread",
                     [](Triple& x) {
                         for (auto& [s, tt] : x.compiled.map) {
                             const auto& e = x.source.events[static_cast<std::size_t>(s)];
                             if (e.thread < 0) continue;
                             for (std::size_t o = 0; o < x.source.events.size(); ++o)
                                 if (static_cast<int>(o) != s && x.source.events[o].thread == e.thread) {
                                     s = static_cast<int>(o);
                                     (void)tt;
                                     return true;
                                 }
                         }
                         return false;
                     }},
                };
                for (const auto& mutation : kinds) {
                    if (applied.count(mutation.kind)) continue;  // once per mapping
                    Triple x = t;
                    if (!mutation.apply(x)) continue;
                    applied.insert(mutation.kind);
                    const std::string w = what + ", " + mutation.kind;
                    queue_claim(dir, next(), mod.module,
                                claim_body(x, fs_, facts_of(x.compiled.target), w, std::nullopt, std::nullopt, false),
                                w + ": ~ compiled");
                    ++mutations;
                    ++refuted_kinds[mutation.kind];
                }
            }
        // The hypotheses of a mutated mapping (its first rule's first
        // instruction with another order) against the real compilation.
        {
            mapping::Mapping wrong = m;
            wrong.name += "-mutant";
            mapping::Rule* rule = nullptr;
            for (auto& r : wrong.rules)
                if (!r.targets.empty() && !rule) rule = &r;
            if (!rule) {
                fail(name + ": no rule with instructions to mutate");
                continue;
            }
            auto& op = rule->targets.front();
            op.order = op.order == Order::rlx ? Order::acq : Order::rlx;
            if (op.instruction == mapping::Instruction::st && op.order == Order::acq) op.order = Order::rel;
            const coq::MappingModule wrong_mod = coq::mapping_module(wrong, "a mutated mapping");
            write(dir / (wrong_mod.module + ".v"), wrong_mod.definitions_text);
            write(dir / (wrong_mod.module + "_dec.v"), wrong_mod.decision_text);
            if (!coqc(dir, wrong_mod.module + ".v") || !coqc(dir, wrong_mod.module + "_dec.v")) {
                fail(name + ": the mutated mapping's module does not compile");
                continue;
            }
            Triple t{program(m, 0, 0), {}};
            t.compiled = mapping::compile(t.source, m);
            const std::string w = name + ", the rule " + rule->source_text() + " mutated in the mapping file";
            queue_claim(dir, next(), wrong_mod.module,
                        claim_body(t, facts_of(t.source), facts_of(t.compiled.target), w, std::nullopt, std::nullopt,
                                   false),
                        w + ": ~ compiled");
            ++mutations;
            ++refuted_kinds["a mutated mapping file"];
        }
        // Malformed executions: each kind once (wf does not depend on the
        // mapping), on the first program it applies to.
        for (std::size_t first = 0; first < m.rules.size(); first += kRulesPerProgram) {
            Triple t{program(m, first, 0), {}};
            t.compiled = mapping::compile(t.source, m);
            const Facts target = facts_of(t.compiled.target);
            const Facts good = facts_of(t.source);
            const std::size_t n = t.source.events.size();
            auto first_read = [&] {
                for (std::size_t i = 0; i < n; ++i)
                    if (good.at("R").contains(i)) return i;
                return n;
            };
            struct Malformed {
                std::string kind;
                std::function<bool(Facts&)> apply;
            };
            const std::vector<Malformed> broken = {
                {"program order not total on a thread",
                 [&](Facts& f) {
                     for (std::size_t i : f.at("po").indices()) {
                         f.at("po").remove(i / n, i % n);
                         return true;
                     }
                     return false;
                 }},
                {"a read reading two writes",
                 [&](Facts& f) {
                     const std::size_t r = first_read();
                     if (r == n) return false;
                     for (std::size_t w = 0; w < n; ++w)
                         if (f.at("W").contains(w) && !f.at("rf").contains(w, r) &&
                             t.source.events[w].location == t.source.events[r].location) {
                             f.at("rf").add(w, r);
                             return true;
                         }
                     return false;
                 }},
                {"an initial write in a thread",
                 [&](Facts& f) {
                     for (auto* rel : {&f.at("same-thread"), &f.at("same-sg"), &f.at("same-cta"), &f.at("same-cluster"),
                                       &f.at("same-qf"), &f.at("same-gpu")})
                         rel->add(0, 0);
                     return true;
                 }},
                {"a memory event at two initial writes",
                 [&](Facts& f) {
                     const std::size_t r = first_read();
                     if (r == n) return false;
                     f.at("at").add(r, 0).add(r, 1);
                     return true;
                 }},
                {"scope levels not nested (a subgroup across CTAs)",
                 [&](Facts& f) {
                     f.at("same-sg") = f.at("same-gpu");
                     return true;
                 }},
                {"two memory orders on one event",
                 [&](Facts& f) {
                     for (std::size_t i = 0; i < n; ++i)
                         if (t.source.events[i].thread >= 0 && !f.at("RMW").contains(i)) {
                             f.at("ACQ").add(i);
                             f.at("SC").add(i);
                             return true;
                         }
                     return false;
                 }},
                {"a read-modify-write whose events disagree on the order",
                 [&](Facts& f) {
                     for (std::size_t i : f.at("rmw").indices()) {
                         const std::size_t w = i % n;
                         for (const char* o : {"RLX", "ACQ", "REL", "ACQ_REL", "SC"})
                             if (f.at(o).contains(w)) {
                                 f.at(o).remove(w);
                                 f.at(std::string(o) == "RLX" ? "ACQ" : "RLX").add(w);
                                 return true;
                             }
                     }
                     return false;
                 }},
            };
            for (const auto& b : broken) {
                if (malformed_done.count(b.kind)) continue;
                Facts f = good;
                if (!b.apply(f)) continue;
                malformed_done.insert(b.kind);
                const std::string w = name + " rules " + std::to_string(first + 1) + "- with " + b.kind;
                queue_claim(dir, next(), mod.module, claim_body(t, f, target, w, false, std::nullopt, std::nullopt),
                            w + ": ~ wf");
                ++malformed;
                ++refuted_kinds[b.kind];
            }
        }
    }
    check_batches();
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::cout << mappings.size() << " mappings, " << proved << " claims proved (" << mutations
              << " mutated compilations and " << malformed << " malformed executions refuted), " << seconds << " s\n";
    // Every kind of mistake was made and refuted somewhere.
    for (const char* kind :
         {"a target event with another order (a wrong rule)", "a target event with another scope", "a dropped fence",
          "a target thread in another CTA (incl and the scope relations differ)",
          "a target event mapped from another source event of its thread", "a mutated mapping file",
          "program order not total on a thread", "a read reading two writes", "an initial write in a thread",
          "a memory event at two initial writes", "scope levels not nested (a subgroup across CTAs)",
          "two memory orders on one event", "a read-modify-write whose events disagree on the order"}) {
        std::cout << "  " << refuted_kinds[kind] << " x " << kind << "\n";
        if (refuted_kinds[kind] == 0) fail("no refutation of " + std::string(kind));
    }
    if (failures) std::cerr << failures << " failure(s)\n";
    return failures ? 1 : 0;
}
