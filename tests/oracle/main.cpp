// mapsound-oracle: the independent small-bound oracle (issue 26) against
// `mapsound check`, shape by shape (bench/README.md, "Independent oracle").
//
//   mapsound-oracle --out DIR [--events N] [--checks NAME,...|all] [--mutants BASE,...] [--sweeping | --composite]
//                   [--whole-model] [--mutant-stride S] [--layouts KEY;...] [--jobs K] [--checker-jobs K] [--cap C]
//
// For each check named (checks/NAME.check), and for every weakening of the
// mapping of each BASE check (bench/differential/mutants.hpp; with
// --mutant-stride S every S-th; with --sweeping the sweeping weakenings
// instead of the one-step ones, with --composite the composite ones; with
// --whole-model each check asks `axiom *` instead of its axiom lines), the oracle enumerates every program up to
// N events and judges it (tests/oracle/oracle.hpp); the checker runs with
// every shape searched and every counterexample program enumerated (at
// most C per shape); the two are compared per axiom, layout, class and
// bound (tests/oracle/compare.hpp).  With --layouts (keys such as
// "11,11;2,2") the oracle sweeps only those layouts of the last bound
// (whose whole space does not fit), and the comparison is restricted
// accordingly (compare.hpp).  Writes DIR/rows.csv (every
// comparison), DIR/runs.csv (one line per check or mutant: times and
// counts), DIR/mutants.csv, DIR/mappings/ and DIR/summary.txt; exit status
// 1 when some comparison disagrees, 2 on usage errors.
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <set>
#include <stdexcept>
#include <sstream>
#include <string>
#include <vector>

#include "differential/mutants.hpp"
#include "differential/text.hpp"
#include "mapsound/check.hpp"
#include "oracle/compare.hpp"

using namespace mapsound;

namespace {

using differential::csv;
using differential::split;

const char* usage =
    "usage: mapsound-oracle --out DIR [--events N] [--checks NAME,...|all] [--mutants BASE,...] [--sweeping | --composite]\n"
    "                       [--whole-model] [--mutant-stride S] [--layouts KEY;...] [--jobs K] [--checker-jobs K] [--cap C]\n";

struct Totals {
    std::size_t rows = 0, disagreements = 0, layouts = 0, programs_compared = 0, runs = 0;
    std::uint64_t programs_judged = 0;
};

}  // namespace

int main(int argc, char** argv) {
    const std::filesystem::path root = MAPSOUND_SOURCE_DIR;
    std::filesystem::path out_dir;
    int events = 3, jobs = 1, checker_jobs = 1;
    std::size_t cap = 1000000, stride = 1;
    auto family = differential::Family::one_step;
    int family_flags = 0;  // --sweeping and --composite exclude each other
    bool whole_model = false;
    std::vector<std::string> checks, bases;
    std::set<std::string> last_layouts;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        auto value = [&]() -> std::string {
            if (i + 1 >= argc) {
                std::cerr << "mapsound-oracle: " << a << " needs a value\n" << usage;
                std::exit(2);
            }
            return argv[++i];
        };
        auto number = [&]() -> std::size_t {
            const std::string v = value();
            if (!v.empty() && v.find_first_not_of("0123456789") == std::string::npos && v.size() < 10) {
                const auto n = std::stoul(v);
                if (n >= 1) return n;
            }
            std::cerr << "mapsound-oracle: " << a << " takes a number from 1, not '" << v << "'\n";
            std::exit(2);
        };
        if (a == "--out") out_dir = value();
        else if (a == "--events") events = static_cast<int>(number());
        else if (a == "--jobs") jobs = static_cast<int>(number());
        else if (a == "--checker-jobs") checker_jobs = static_cast<int>(number());
        else if (a == "--cap") cap = number();
        else if (a == "--mutant-stride") stride = number();
        else if (a == "--checks") checks = split(value());
        else if (a == "--mutants") bases = split(value());
        else if (a == "--sweeping") {
            family = differential::Family::sweeping;
            ++family_flags;
        }
        else if (a == "--composite") {
            family = differential::Family::composite;
            ++family_flags;
        }
        else if (a == "--whole-model") whole_model = true;
        else if (a == "--layouts") {
            std::stringstream in(value());
            for (std::string key; std::getline(in, key, ';');)
                if (!key.empty()) last_layouts.insert(key);
        }
        else {
            std::cerr << "mapsound-oracle: unknown argument '" << a << "'\n" << usage;
            return 2;
        }
    }
    // The check NAME; with --whole-model asking `axiom *` instead of its
    // axiom lines (no expectation: the file states none for it).
    auto load = [&](const std::string& name) {
        auto d = mapping::load_check(root / "checks" / (name + ".check"));
        if (whole_model) {
            mapping::AxiomExpectation a;
            a.name = oracle::kWholeModel;
            a.stated = false;
            d.axioms = {a};
        }
        return d;
    };
    if (out_dir.empty() || (checks.empty() && bases.empty()) || family_flags > 1) {
        std::cerr << usage;
        return 2;
    }
    if (checks.size() == 1 && checks[0] == "all") {
        checks.clear();
        for (const auto& e : std::filesystem::directory_iterator(root / "checks"))
            if (e.path().extension() == ".check") checks.push_back(e.path().stem().string());
        std::sort(checks.begin(), checks.end());
    }
    std::filesystem::create_directories(out_dir / "mappings");
    std::ofstream rows_file(out_dir / "rows.csv"), runs_file(out_dir / "runs.csv"), mutants_file(out_dir / "mutants.csv");
    rows_file << "check,mapping,what,axiom,item,events,oracle,checker,agree,note\n";
    runs_file << "check,mapping,events,oracle_sweep_seconds,oracle_judge_seconds,oracle_source_seconds,checker_seconds,"
                 "programs_labelled,programs_judged,programs_compiled,lifts_judged,rows,disagreements\n";
    mutants_file << "check,mutant,change\n";
    Totals totals;
    const auto start = std::chrono::steady_clock::now();

    // One oracle sweep over several mappings of one problem (sharing the
    // programs and their source executions), then the checker on each
    // mapping, then the comparison.
    struct Entry {
        mapping::CheckDefinition check;  // with the mapping to judge
        std::string mapping_name;        // the mapping's, or the mutant's
    };
    auto run = [&](const std::vector<Entry>& entries) {
        const mapping::CheckDefinition& base = entries.front().check;
        const check::Checker first(base);
        const oracle::Problem problem = oracle::problem_of(base, first);
        std::vector<oracle::MappingUnderTest> under_test;
        for (const auto& e : entries) under_test.push_back({e.mapping_name, mapping::load_mapping(e.check.mapping)});
        oracle::OracleOptions options;
        options.events = events;
        options.jobs = jobs;
        options.last_bound_layouts = last_layouts;
        options.name = [](const exec::PreExecution& p) { return check::canonical_program(p); };
        options.progress = [&](const std::string& line) { std::cerr << "  " << base.name << ": " << line << "\n"; };
        const model::Model source = model::Model::load(base.source_model), target = model::Model::load(base.target_model);
        const oracle::OracleRun sweep = oracle::run_oracle(source, target, problem.question, problem.space, under_test, options);
        std::uint64_t labelled = 0, visited = 0;
        for (const auto& b : sweep.bounds) {
            labelled += b.labelled;
            visited += b.visited;
        }
        totals.programs_judged += visited;
        for (std::size_t m = 0; m < entries.size(); ++m) {
            const mapping::CheckDefinition& d = entries[m].check;
            const check::Checker checker(d);
            const oracle::Problem own = oracle::problem_of(d, checker);
            if (own.space.classes != problem.space.classes || own.space.scoped != problem.space.scoped ||
                own.space.cluster != problem.space.cluster || own.space.dependencies != problem.space.dependencies ||
                own.space.one_gpu != problem.space.one_gpu ||
                own.question.axioms != problem.question.axioms)
                throw std::logic_error(d.name + " was grouped with " + base.name + " but poses another problem");
            const oracle::CheckerRun checked = oracle::run_checker(checker, events, cap, checker_jobs);
            const auto rows = oracle::compare(problem.question, problem.space, sweep.mappings[m], sweep.bounds, checked,
                                              !last_layouts.empty());
            std::size_t disagreements = 0;
            const std::string& name = entries[m].mapping_name;
            for (const auto& r : rows) {
                ++totals.rows;
                if (r.what == "layout") {
                    ++totals.layouts;
                    if (r.note.find("not compared") == std::string::npos) ++totals.programs_compared;
                }
                if (!r.agree) {
                    ++disagreements;
                    std::cerr << "DISAGREEMENT " << d.name << " " << name << " " << r.what << " " << r.axiom << " " << r.item
                              << ": oracle " << r.oracle << ", checker " << r.checker << " (" << r.note << ")\n";
                }
                rows_file << d.name << "," << name << "," << r.what << "," << r.axiom << "," << csv(r.item) << ","
                          << r.events << "," << csv(r.oracle) << "," << csv(r.checker) << "," << r.agree << ","
                          << csv(r.note) << "\n";
            }
            totals.disagreements += disagreements;
            ++totals.runs;
            runs_file << d.name << "," << name << "," << events << "," << sweep.seconds << "," << sweep.mappings[m].seconds
                      << "," << sweep.source_seconds << "," << checked.seconds << "," << labelled << "," << visited << ","
                      << sweep.mappings[m].programs_compiled << "," << sweep.mappings[m].lifts_judged << "," << rows.size()
                      << "," << disagreements << "\n";
            rows_file.flush();
            runs_file.flush();
            std::cerr << d.name << " " << name << ": " << rows.size() << " comparisons, " << disagreements
                      << " disagreements; oracle " << sweep.mappings[m].seconds << " s judging (sweep " << sweep.seconds
                      << " s for " << entries.size() << " mappings), checker " << checked.seconds << " s; "
                      << std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() << " s so far\n";
        }
    };

    // Checks that pose the same problem (source and target model, race
    // flag, lift, scope levels, exclusions, axioms: everything but the
    // mapping) share one sweep.
    std::map<std::string, std::vector<Entry>> groups;
    std::vector<std::string> group_order;
    for (const auto& name : checks) {
        const auto d = load(name);
        std::string key = d.source_model + "|" + d.target_model + "|" + d.race_free_flag.value_or("") + "|" +
                          std::to_string(static_cast<int>(d.lift)) + "|" + std::to_string(d.cluster_level) + "|" +
                          (d.dialect ? std::to_string(static_cast<int>(*d.dialect)) : "-") + "|";
        for (const auto& e : d.exclusions) key += e.text + ",";
        key += "|";
        for (const auto& a : d.axioms) key += a.name + ",";
        if (!groups.count(key)) group_order.push_back(key);
        groups[key].push_back({d, mapping::load_mapping(d.mapping).name});
    }
    for (const auto& key : group_order) run(groups[key]);
    for (const auto& name : bases) {
        const auto d = load(name);
        const auto original = mapping::load_mapping(d.mapping);
        std::vector<Entry> entries;
        const auto all = differential::mutants_of(original, family, d.cluster_level);
        for (std::size_t k = 0; k < all.size(); k += stride) {
            // One folder per base check (see mapsound-differential).
            std::filesystem::create_directories(out_dir / "mappings" / name);
            const auto path =
                std::filesystem::absolute(out_dir / "mappings" / name / (all[k].name + ".map")).lexically_normal();
            std::ofstream(path) << "# " << all[k].description << "\n" << differential::mapping_text(all[k].mapping);
            mutants_file << name << "," << all[k].name << "," << csv(all[k].description) << "\n";
            mapping::CheckDefinition m = d;
            m.name = d.name + "@" + all[k].name;
            m.mapping = path.string();
            entries.push_back({m, all[k].name});
        }
        mutants_file.flush();
        if (!entries.empty()) run(entries);
    }
    std::ostringstream summary;
    summary << "runs (check or mutant): " << totals.runs << ", up to " << events << " events\n"
            << "comparisons: " << totals.rows << ", disagreements: " << totals.disagreements << "\n"
            << "layout comparisons: " << totals.layouts << ", with the counterexample programs compared: "
            << totals.programs_compared << "\n"
            << "programs judged by the oracle (one per orbit, over the sweeps): " << totals.programs_judged << "\n"
            << "settings: jobs " << jobs << ", checker jobs " << checker_jobs << ", cap " << cap << ", mutant stride "
            << stride << (last_layouts.empty() ? "" : ", last bound's layouts restricted") << "\n"
            << "seconds: " << std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() << "\n";
    std::ofstream(out_dir / "summary.txt") << summary.str();
    std::ofstream(out_dir / "summary.json")
        << "{\"events\": " << events << ", \"runs\": " << totals.runs << ", \"comparisons\": " << totals.rows
        << ", \"disagreements\": " << totals.disagreements << ", \"layout_comparisons\": " << totals.layouts
        << ", \"programs_compared\": " << totals.programs_compared << ", \"programs_judged\": " << totals.programs_judged
        << ", \"jobs\": " << jobs << ", \"seconds\": "
        << std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() << "}\n";
    std::cout << summary.str();
    return totals.disagreements == 0 ? 0 : 1;
}
