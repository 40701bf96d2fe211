// mapsound compare: the mapping checker with the identity mapping, as a
// model comparison; both directions, a smallest distinguishing litmus test
// for each.
#include <filesystem>
#include <iostream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "cli/args.hpp"
#include "cli/commands.hpp"
#include "cli/interrupts.hpp"
#include "cli/json.hpp"
#include "cli/usage.hpp"
#include "mapsound/check.hpp"
#include "mapsound/model.hpp"
#include "output/output_directory.hpp"

namespace mapsound::cli {

namespace {

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
    const std::string cmd = "compare";
    std::vector<std::string> paths;
    int events = 4, jobs = 1;
    std::optional<litmus::Dialect> dialect;
    bool json = false;
    std::optional<std::filesystem::path> output;
    check::Options reference;  // the encoding choices (--reference)
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (a == "--events" || a == "--jobs") {
            const auto n = a == "--events" ? number_option(args, i, cmd) : jobs_option(args, i, cmd);
            if (!n) return 2;
            (a == "--events" ? events : jobs) = *n;
        } else if (a == "--dialect") {
            const auto d = text_option(args, i, cmd);
            if (!d) return 2;
            if (*d == "c") dialect = litmus::Dialect::c;
            else if (*d == "ptx") dialect = litmus::Dialect::ptx;
            else if (*d == "audala") dialect = litmus::Dialect::audala;
            else {
                std::cerr << "mapsound compare: --dialect takes c, ptx or audala, not '" << *d << "'\n";
                return 2;
            }
        } else if (a == "--reference") {
            if (!reference_option(args, i, cmd, reference)) return 2;
        } else if (a == "--json") {
            json = true;
        } else if (a == "--output") {
            const auto value = text_option(args, i, cmd);
            if (!value) return 2;
            output = *value;
        } else if (!a.empty() && a[0] == '-') {
            std::cerr << "mapsound compare: unknown option '" << a << "'\n" << synopsis(cmd);
            return 2;
        } else {
            paths.push_back(a);
        }
    }
    if (paths.size() != 2) {
        std::cerr << "mapsound compare: two model files, please\n" << synopsis(cmd);
        return 2;
    }

    // SIGINT and SIGTERM stop the search; the finished directions are reported.
    Interrupts interrupts;
    struct Direction {
        std::string allows, forbids;
        check::AxiomResult result;
        std::vector<std::string> files;
    };
    std::vector<Direction> directions;
    std::vector<std::string> errors;
    auto report_error = [&](const std::string& message) {
        std::cerr << "mapsound compare: " << message << "\n";
        errors.push_back(message);
    };
    litmus::Dialect used = litmus::Dialect::c;
    std::optional<output::OutputDirectory> out;
    try {
        std::vector<model::Model> models{model::Model::load(paths[0]), model::Model::load(paths[1])};
        used = dialect.value_or(guess_dialect(models));
        // Tried before the search, not after it.
        if (output) out.emplace(*output, "compare " + name_of(paths[0]) + " " + name_of(paths[1]));
        // Checker::comparison(a, b): what b allows and a forbids.
        for (auto [forbidding, allowing] : {std::pair{0, 1}, std::pair{1, 0}}) {
            const auto checker = check::Checker::comparison(paths[static_cast<std::size_t>(forbidding)],
                                                            paths[static_cast<std::size_t>(allowing)], used, events);
            check::Options o = reference;
            o.jobs = jobs;
            o.stop = interrupts.token();
            Direction d{name_of(paths[static_cast<std::size_t>(allowing)]),
                        name_of(paths[static_cast<std::size_t>(forbidding)]), checker.run(o).front(), {}};
            if (out && d.result.counterexample) {
                const std::string name = "allowed-by-" + output::safe_file_name(d.allows) + "-forbidden-by-" +
                                         output::safe_file_name(d.forbids) + ".litmus";
                try {
                    d.files.push_back(out->write(name, d.result.counterexample->source_litmus_text).string());
                } catch (const std::exception& e) {
                    report_error(e.what());
                }
            }
            directions.push_back(std::move(d));
            if (interrupts.interrupted()) break;
        }
    } catch (const std::exception& e) {
        report_error(e.what());
        if (directions.empty() && !interrupts.interrupted()) return 1;
    }
    if (out) {
        try {
            out->finish(interrupts.interrupted() ? output::RunStatus::interrupted
                        : errors.empty()        ? output::RunStatus::complete
                                                : output::RunStatus::failed);
        } catch (const std::exception& e) {
            report_error(e.what());
        }
    }

    bool differ = false;
    for (const auto& d : directions) differ = differ || d.result.counterexample.has_value();
    if (json) {
        std::ostringstream o;
        o << "{\"models\": [" << json_string(paths[0]) << ", " << json_string(paths[1]) << "], \"dialect\": \""
          << litmus::to_string(used) << "\", \"events\": " << events;
        if (out) o << ", \"output_directory\": " << json_string(out->path().string());
        o << ", \"differences\": [";
        for (std::size_t i = 0; i < directions.size(); ++i) {
            const auto& d = directions[i];
            o << (i ? ", " : "") << "{\"allowed_by\": " << json_string(d.allows)
              << ", \"forbidden_by\": " << json_string(d.forbids) << ", \"verdict\": \""
              << (d.result.counterexample ? "found" : d.result.verdict == check::Verdict::holds ? "none" : "unknown")
              << "\", \"events\": " << d.result.events << ", \"seconds\": " << d.result.seconds
              << ", \"statistics\": " << statistics_json(d.result.statistics);
            if (d.result.counterexample) o << ", \"litmus\": " << json_string(d.result.counterexample->source_litmus_text);
            if (out) o << ", \"files\": " << json_strings(d.files);
            o << "}";
        }
        o << "]";
        if (!errors.empty()) o << ", \"errors\": " << json_strings(errors);
        o << ", \"interrupted\": " << (interrupts.interrupted() ? "true" : "false");
        if (interrupts.interrupted()) o << ", \"signal\": \"" << interrupts.signal_name() << "\"";
        o << "}\n";
        std::cout << o.str() << std::flush;
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
            for (const auto& f : d.files) std::cout << "  wrote " << f << "\n";
        }
        if (interrupts.interrupted())
            std::cout << "interrupted by " << interrupts.signal_name() << ": the results above are what was finished\n";
    }
    if (interrupts.interrupted()) return interrupts.exit_code();
    return differ || !errors.empty() ? 1 : 0;
}

}  // namespace mapsound::cli
