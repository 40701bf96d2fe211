// mapsound compare: the mapping checker with the identity mapping, as a
// model comparison; both directions, a smallest distinguishing litmus test
// for each.
#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "cli/args.hpp"
#include "cli/commands.hpp"
#include "cli/json.hpp"
#include "mapsound/check.hpp"
#include "mapsound/model.hpp"

namespace mapsound::cli {

namespace {

const char* usage =
    "usage: mapsound compare A.cat B.cat [--events N] [--dialect c|ptx|audala] [--jobs K] [--json] [--output DIR]\n";

// The dialect whose programs the two models read: PTX when a model reads
// WEAK, C when one reads C++ orders, fences or read-modify-writes, AuDaLa
// (plain reads and writes) otherwise.
litmus::Dialect guess_dialect(const std::vector<model::Model>& models) {
    bool ptx = false, c = false;
    exec::PreExecution none;
    for (const auto& m : models) {
        const auto used = m.instantiate(exec::vocabulary_of(none, rel::Relation::binary("rf"))).vocabulary_used;
        ptx = ptx || used.count("WEAK");
        for (const char* name : {"NA", "RLX", "ACQ", "REL", "ACQ_REL", "SC", "F", "RMW", "rmw"})
            c = c || used.count(name);
    }
    return ptx ? litmus::Dialect::ptx : c ? litmus::Dialect::c : litmus::Dialect::audala;
}

std::string name_of(const std::string& path) { return std::filesystem::path(path).stem().string(); }

std::string seconds(double s) {
    std::ostringstream o;
    o.precision(2);
    o << std::fixed << s << " s";
    return o.str();
}

}  // namespace

int compare_command(const std::vector<std::string>& args) {
    std::vector<std::string> paths;
    int events = 4, jobs = 1;
    std::optional<litmus::Dialect> dialect;
    bool json = false;
    std::optional<std::filesystem::path> output;
    auto positive = [&](std::size_t& i, int& into) {
        const auto value = i + 1 < args.size() ? positive_number(args[++i]) : std::nullopt;
        if (value) into = *value;
        return value.has_value();
    };
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (a == "--events" || a == "--jobs") {
            if (!positive(i, a == "--events" ? events : jobs)) {
                std::cerr << "mapsound compare: " << a << " takes a positive number\n";
                return 2;
            }
        } else if (a == "--dialect" && i + 1 < args.size()) {
            const std::string d = args[++i];
            if (d == "c") dialect = litmus::Dialect::c;
            else if (d == "ptx") dialect = litmus::Dialect::ptx;
            else if (d == "audala") dialect = litmus::Dialect::audala;
            else {
                std::cerr << "mapsound compare: --dialect takes c, ptx or audala, not '" << d << "'\n";
                return 2;
            }
        } else if (a == "--json") {
            json = true;
        } else if (a == "--output" && i + 1 < args.size()) {
            output = args[++i];
        } else if (!a.empty() && a[0] == '-') {
            std::cerr << "mapsound compare: unknown option '" << a << "'\n" << usage;
            return 2;
        } else {
            paths.push_back(a);
        }
    }
    if (paths.size() != 2) {
        std::cerr << "mapsound compare: two model files, please\n" << usage;
        return 2;
    }

    struct Direction {
        std::string allows, forbids;
        check::AxiomResult result;
    };
    std::vector<Direction> directions;
    litmus::Dialect used = litmus::Dialect::c;
    try {
        std::vector<model::Model> models{model::Model::load(paths[0]), model::Model::load(paths[1])};
        used = dialect.value_or(guess_dialect(models));
        // Checker::comparison(a, b): what b allows and a forbids.
        for (auto [forbidding, allowing] : {std::pair{0, 1}, std::pair{1, 0}}) {
            const auto checker = check::Checker::comparison(paths[static_cast<std::size_t>(forbidding)],
                                                            paths[static_cast<std::size_t>(allowing)], used, events);
            check::Options o;
            o.jobs = jobs;
            directions.push_back(Direction{name_of(paths[static_cast<std::size_t>(allowing)]),
                                           name_of(paths[static_cast<std::size_t>(forbidding)]),
                                           checker.run(o).front()});
        }
    } catch (const std::exception& e) {
        std::cerr << "mapsound compare: " << e.what() << "\n";
        return 1;
    }

    bool differ = false;
    for (const auto& d : directions) differ = differ || d.result.counterexample.has_value();
    if (output) {
        std::filesystem::create_directories(*output);
        for (const auto& d : directions)
            if (d.result.counterexample) {
                std::ofstream(*output / ("allowed-by-" + d.allows + "-forbidden-by-" + d.forbids + ".litmus"))
                    << d.result.counterexample->source_litmus_text;
            }
    }
    if (json) {
        std::ostringstream o;
        o << "{\"models\": [" << json_string(paths[0]) << ", " << json_string(paths[1]) << "], \"dialect\": \""
          << litmus::to_string(used) << "\", \"events\": " << events << ", \"differences\": [";
        for (std::size_t i = 0; i < directions.size(); ++i) {
            const auto& d = directions[i];
            o << (i ? ", " : "") << "{\"allowed_by\": " << json_string(d.allows)
              << ", \"forbidden_by\": " << json_string(d.forbids) << ", \"verdict\": \""
              << (d.result.counterexample ? "found" : d.result.verdict == check::Verdict::holds ? "none" : "unknown")
              << "\", \"events\": " << d.result.events << ", \"seconds\": " << d.result.seconds;
            if (d.result.counterexample) o << ", \"litmus\": " << json_string(d.result.counterexample->source_litmus_text);
            o << "}";
        }
        o << "]}\n";
        std::cout << o.str();
    } else {
        std::cout << "compare " << paths[0] << " and " << paths[1] << ": " << litmus::to_string(used)
                  << " programs up to " << events << " events\n";
        for (const auto& d : directions) {
            std::cout << "allowed by " << d.allows << ", forbidden by " << d.forbids << ": ";
            if (d.result.counterexample)
                std::cout << "smallest test has " << d.result.events << " events (" << seconds(d.result.seconds) << ")\n\n"
                          << d.result.counterexample->source_litmus_text << "\n";
            else if (d.result.verdict == check::Verdict::holds)
                std::cout << "none up to " << d.result.events << " events (" << seconds(d.result.seconds) << ")\n";
            else
                std::cout << "unknown (searched up to " << d.result.events << " events)\n";
        }
    }
    return differ ? 1 : 0;
}

}  // namespace mapsound::cli
