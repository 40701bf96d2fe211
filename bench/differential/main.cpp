// mapsound-differential: the default encoding of the mapping checker
// against every reference, shape by shape, on mutants of the shipped
// mappings (bench/README.md, "Differential testing").
//
//   mapsound-differential --out DIR [--events N] [--count-events K] [--race-free-events M] [--cap C] [--jobs K]
//                         [--checks NAME,...] [--axioms NAME,...] [--mutants K] [--stride S] [--sweeping]
//                         [--composite] [--references NAME,...]
//
// For each base check (cxx-to-ptx, audala-ptx-acqrel, audala-ptx-relaxed,
// audala-ptx-relaxed-star), its mapping unchanged and every weakening of it
// (differential/mutants.hpp; --mutants K: the first K only; --stride S:
// the unchanged mapping and every S-th weakening; --sweeping: the
// sweeping weakenings instead of the one-step ones; --composite: the
// composite ones), and each axiom of the
// check (--axioms: these only): every shape of 1
// to N source events is searched with the default encoding and with each
// reference (--references: these only, named as differential::encodings
// names them), and with the race-free refinement and its per-program
// reference up to M events (checks with a race-free flag); the
// counterexample programs of shapes of up to K events (at most C per
// shape) are enumerated and compared too.  Writes DIR/comparisons.csv (one
// row per mutant, axiom, reference and layout), DIR/mutants.csv,
// DIR/mappings/CHECK/*.map and DIR/summary.txt; exit status 1 when some
// comparison disagrees, 2 on usage errors.
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "differential/differential.hpp"
#include "differential/mutants.hpp"
#include "differential/text.hpp"

using namespace mapsound;

namespace {

using differential::csv;
using differential::split;

const char* usage =
    "usage: mapsound-differential --out DIR [--events N] [--count-events K] [--race-free-events M] [--cap C]\n"
    "                             [--jobs K] [--checks NAME,...] [--axioms NAME,...] [--mutants K] [--stride S]\n"
    "                             [--sweeping | --composite] [--references NAME,...]\n";

int run(int argc, char** argv) {
    std::filesystem::path out_dir, root = MAPSOUND_SOURCE_DIR;
    int events = 5, count_events = 4, race_free_events = 4, jobs = 1;
    std::size_t cap = 100, max_mutants = 0, stride = 1;
    auto family = differential::Family::one_step;
    int family_flags = 0;  // --sweeping and --composite exclude each other
    std::vector<std::string> checks = {"cxx-to-ptx", "audala-ptx-acqrel", "audala-ptx-relaxed",
                                       "audala-ptx-relaxed-star"};
    std::set<std::string> axioms_wanted, references_wanted;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        auto value = [&]() -> std::string {
            if (i + 1 >= argc) {
                std::cerr << "mapsound-differential: " << a << " needs a value\n" << usage;
                std::exit(2);
            }
            return argv[++i];
        };
        auto number = [&]() {
            const std::string v = value();
            try {
                const long n = std::stol(v);
                if (n >= 0) return static_cast<std::size_t>(n);
            } catch (const std::exception&) {
            }
            std::cerr << "mapsound-differential: " << a << " takes a number, not '" << v << "'\n";
            std::exit(2);
        };
        if (a == "--out") out_dir = value();
        else if (a == "--events") events = static_cast<int>(number());
        else if (a == "--count-events") count_events = static_cast<int>(number());
        else if (a == "--race-free-events") race_free_events = static_cast<int>(number());
        else if (a == "--cap") cap = number();
        else if (a == "--jobs") jobs = std::max(1, static_cast<int>(number()));
        else if (a == "--checks") checks = split(value());
        else if (a == "--axioms") for (const auto& x : split(value())) axioms_wanted.insert(x);
        else if (a == "--mutants") max_mutants = number();
        else if (a == "--stride") stride = std::max<std::size_t>(1, number());
        else if (a == "--sweeping") {
            family = differential::Family::sweeping;
            ++family_flags;
        }
        else if (a == "--composite") {
            family = differential::Family::composite;
            ++family_flags;
        }
        else if (a == "--references") for (const auto& x : split(value())) references_wanted.insert(x);
        else {
            std::cerr << "mapsound-differential: unknown argument '" << a << "'\n" << usage;
            return 2;
        }
    }
    for (const auto& name : references_wanted) {
        bool known = false;
        for (const auto& e : differential::encodings()) known = known || (e.name == name && e.name != "default");
        if (!known) {
            std::cerr << "mapsound-differential: --references: no reference '" << name << "'\n" << usage;
            return 2;
        }
    }
    if (out_dir.empty() || family_flags > 1) {
        std::cerr << usage;
        return 2;
    }
    std::filesystem::create_directories(out_dir / "mappings");
    std::ofstream rows(out_dir / "comparisons.csv"), mutants_file(out_dir / "mutants.csv");
    rows << "check,mutant,axiom,reference,layout,events,default_counterexample,reference_counterexample,"
            "programs_compared,default_programs,reference_programs,agree,note,default_seconds,reference_seconds\n";
    mutants_file << "check,mutant,change\n";

    // (check, mutant, axiom, layout) -> whether every reference agreed.
    std::map<std::tuple<std::string, std::string, std::string, std::string>, bool> triples;
    std::map<std::tuple<std::string, std::string, std::string, std::string>, int> triple_events;
    std::size_t comparisons = 0, disagreements = 0, programs_compared = 0, mutants_failing = 0, pairs = 0;
    const auto start = std::chrono::steady_clock::now();
    using Clock = std::chrono::steady_clock;

    for (const auto& check_name : checks) {
        const auto base = mapping::load_check(root / "checks" / (check_name + ".check"));
        const auto original = mapping::load_mapping(base.mapping);
        std::vector<differential::Mutant> all;
        all.push_back({original.name, "unchanged", original});
        for (auto& m : differential::mutants_of(original, family, base.cluster_level))
            all.push_back(std::move(m));
        if (max_mutants > 0 && all.size() > max_mutants + 1) all.resize(max_mutants + 1);
        for (std::size_t index = 0; index < all.size(); index += stride) {
            const auto& mutant = all[index];
            // One folder per check: a check with a cluster level numbers its
            // mutants differently from another check of the same mapping.
            std::filesystem::create_directories(out_dir / "mappings" / check_name);
            const auto path = out_dir / "mappings" / check_name / (mutant.name + ".map");
            std::ofstream(path) << "# " << mutant.description << "\n" << differential::mapping_text(mutant.mapping);
            mutants_file << check_name << "," << mutant.name << "," << csv(mutant.description) << "\n";
            mapping::CheckDefinition d = base;
            d.name = check_name + "@" + mutant.name;
            d.mapping = std::filesystem::absolute(path).lexically_normal().string();
            const check::Checker checker(d);
            for (const auto& a : base.axioms) {
                if (!axioms_wanted.empty() && !axioms_wanted.count(a.name)) continue;
                ++pairs;
                // Programs enumerated up to count_events; beyond, up to
                // 'bound', SAT against UNSAT only.
                auto timed = [&](const differential::Encoding& e, int bound) {
                    const auto t0 = Clock::now();
                    // count_events 0: no programs counted, SAT against
                    // UNSAT only (a bound of 0 has no shapes to search).
                    const int counted = std::min(bound, count_events);
                    decltype(differential::outcomes_by_layout(checker, a.name, 1, e, cap, jobs)) r;
                    if (counted >= 1) r = differential::outcomes_by_layout(checker, a.name, counted, e, cap, jobs);
                    if (bound > counted)
                        for (auto& [layout, o] : differential::outcomes_by_layout(checker, a.name, bound, e, 0, jobs))
                            if (o.events > counted) r[layout] = std::move(o);
                    return std::pair{std::move(r), std::chrono::duration<double>(Clock::now() - t0).count()};
                };
                std::vector<std::tuple<std::string, std::vector<differential::Comparison>, double, double>> runs;
                const auto encodings = differential::encodings();
                const auto [fast, fast_s] = timed(encodings[0], events);
                bool fails = false;
                for (const auto& [layout, o] : fast) fails = fails || o.counterexample;
                if (fails) ++mutants_failing;
                for (std::size_t k = 1; k < encodings.size(); ++k) {
                    if (!references_wanted.empty() && !references_wanted.count(encodings[k].name)) continue;
                    const auto [ref, ref_s] = timed(encodings[k], events);
                    runs.emplace_back(encodings[k].name, differential::compare(fast, ref), fast_s, ref_s);
                }
                if (base.race_free_flag && race_free_events > 0) {
                    const auto rf = differential::race_free_encodings();
                    const auto [f, f_s] = timed(rf[0], race_free_events);
                    const auto [r, r_s] = timed(rf[1], race_free_events);
                    runs.emplace_back(rf[1].name, differential::compare(f, r), f_s, r_s);
                }
                for (const auto& [reference, cs, f_s, r_s] : runs)
                    for (const auto& c : cs) {
                        ++comparisons;
                        if (!c.agree) ++disagreements;
                        if (c.programs_compared) ++programs_compared;
                        const auto key = std::tuple{check_name, mutant.name, a.name, c.layout};
                        auto [it, fresh] = triples.try_emplace(key, true);
                        it->second = it->second && c.agree;
                        triple_events[key] = c.events;
                        rows << check_name << "," << mutant.name << "," << a.name << "," << reference << ","
                             << csv(c.layout) << "," << c.events << "," << c.fast_counterexample << ","
                             << c.reference_counterexample << "," << c.programs_compared << ","
                             << (c.fast_programs ? std::to_string(*c.fast_programs) : "") << ","
                             << (c.reference_programs ? std::to_string(*c.reference_programs) : "") << ","
                             << c.agree << "," << csv(c.note) << "," << f_s << "," << r_s << "\n";
                        if (!c.agree)
                            std::cerr << "DISAGREEMENT " << check_name << " " << mutant.name << " " << a.name << " "
                                      << reference << " " << c.layout << ": " << c.note << "\n";
                    }
                rows.flush();
                std::cerr << check_name << " " << mutant.name << " " << a.name << ": "
                          << (fails ? "fails" : "holds") << " up to " << events << " events, "
                          << std::chrono::duration<double>(Clock::now() - start).count() << " s so far\n";
            }
        }
    }
    std::size_t triples_3_to_5 = 0, agreeing_3_to_5 = 0;
    for (const auto& [key, agree] : triples)
        if (triple_events[key] >= 3 && triple_events[key] <= 5) {
            ++triples_3_to_5;
            if (agree) ++agreeing_3_to_5;
        }
    std::ostringstream summary;
    summary << "(mutant, axiom) pairs: " << pairs << ", of which " << mutants_failing << " fail within " << events
            << " events\n"
            << "(mutant, axiom, layout) triples: " << triples.size() << ", at 3-5 events: " << triples_3_to_5
            << ", agreeing with every reference at 3-5 events: " << agreeing_3_to_5 << "\n"
            << "comparisons (triple x reference): " << comparisons << ", disagreements: " << disagreements
            << ", with counterexample programs compared: " << programs_compared << "\n"
            << "settings: events " << events << " (programs enumerated up to " << count_events
            << "), race-free events " << race_free_events << ", cap " << cap
            << " programs per shape, jobs " << jobs << "\n"
            << "seconds: " << std::chrono::duration<double>(Clock::now() - start).count() << "\n";
    std::ofstream(out_dir / "summary.txt") << summary.str();
    std::cout << summary.str();
    return disagreements == 0 ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
    // A mapping the mutants cannot be written back for (the mapping
    // language writes PTX instructions only), or an unreadable check, is a
    // usage error with its message, not an abort.
    try {
        return run(argc, argv);
    } catch (const std::exception& e) {
        std::cerr << "mapsound-differential: " << e.what() << "\n";
        return 2;
    }
}
