// mapsound compare: the mapping checker with the identity mapping, as a
// model comparison; both directions, a smallest distinguishing litmus test
// for each.
#include <filesystem>
#include <iostream>
#include <optional>
#include <sstream>
#include <string>
#include <variant>
#include <vector>

#include "cli/args.hpp"
#include "cli/model_path.hpp"
#include "cli/commands.hpp"
#include "cli/interrupts.hpp"
#include "cli/exit_status.hpp"
#include "cli/json.hpp"
#include "cli/space_report.hpp"
#include "cli/search_progress.hpp"
#include "cli/usage.hpp"
#include "mapsound/check.hpp"
#include "mapsound/litmus/dialects.hpp"
#include "mapsound/model.hpp"
#include "output/output_directory.hpp"

namespace mapsound::cli {

namespace {

// The dialect both models judge the search's programs of (the first of
// c, opencl, ptx, audala: the dialects model comparison generates), or why
// none.
std::variant<litmus::Dialect, std::string> choose_dialect(const std::vector<model::Model>& models,
                                                          std::optional<litmus::Dialect> asked) {
    std::string reasons;
    const std::vector<litmus::Dialect> candidates =
        asked ? std::vector<litmus::Dialect>{*asked}
              : std::vector<litmus::Dialect>{litmus::Dialect::c, litmus::Dialect::opencl, litmus::Dialect::ptx,
                                             litmus::Dialect::audala};
    for (litmus::Dialect d : candidates) {
        std::string why;
        if (!check::Checker::generates(d)) {
            why = "model comparison does not generate " + litmus::dialect_title(d) + " programs yet";
        } else {
            for (const auto& m : models)
                if (auto r = check::Checker::refusal(m, d)) {
                    why = *r;
                    break;
                }
        }
        if (why.empty()) return d;
        reasons += (reasons.empty() ? "" : "; ") + why;
    }
    if (asked) return "--dialect " + std::string(litmus::to_string(*asked)) + ": " + reasons;
    return "no dialect whose programs model comparison generates can express both models (" + reasons +
           "); name one with --dialect if another should";
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
    bool json = false, progress_requested = false;
    std::optional<std::filesystem::path> output;
    check::Options reference;  // the encoding choices (--reference)
    int usage_status = 0;
    auto parse_arguments = [&]() -> bool {
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (a == "--events" || a == "--jobs") {
            const auto n = a == "--events" ? number_option(args, i, cmd) : jobs_option(args, i, cmd);
            if (!n) return false;
            (a == "--events" ? events : jobs) = *n;
        } else if (a == "--dialect") {
            const auto d = text_option(args, i, cmd);
            if (!d) return false;
            dialect = litmus::dialect_named(*d);
            if (!dialect) {
                std::cerr << "mapsound compare: --dialect takes c, opencl, ptx, vulkan or audala, not '" << *d << "'\n";
                return false;
            }
        } else if (a == "--reference") {
            if (!reference_option(args, i, cmd, reference)) return false;
        } else if (a == "--json") {
            json = true;
        } else if (a == "--progress") {
            progress_requested = true;
        } else if (a == "--output") {
            const auto value = text_option(args, i, cmd);
            if (!value) return false;
            output = *value;
        } else if (!a.empty() && a[0] == '-') {
            std::cerr << "mapsound compare: unknown option '" << a << "'\n" << synopsis(cmd);
            return false;
        } else {
            paths.push_back(a);
        }
    }
    if (paths.size() != 2) {
        std::cerr << "mapsound compare: two model files, please\n" << synopsis(cmd);
        return false;
    }
    return true;
    };
    const std::string usage_text = capture_stderr([&] { usage_status = parse_arguments() ? 0 : 2; });
    if (usage_status != 0) {
        if (wants_json(args)) print_json_error(cmd, usage_text, usage_status);
        return usage_status;
    }
    auto bad_input = [&](const std::string& message) {
        std::cerr << "mapsound compare: " << message << "\n";
        if (json) print_json_error(cmd, message, kBadInput);
        return kBadInput;
    };

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
        for (auto& path : paths) path = resolve_model(path);  // a file, or a shipped model's name
        const std::vector<model::Model> models{model::Model::load(paths[0]), model::Model::load(paths[1])};
        const auto chosen = choose_dialect(models, dialect);
        if (const auto* why = std::get_if<std::string>(&chosen)) return bad_input(*why);
        used = std::get<litmus::Dialect>(chosen);
        // Tried before the search, not after it.
        if (output) out.emplace(*output, "compare " + name_of(paths[0]) + " " + name_of(paths[1]));
    } catch (const std::exception& e) {
        return bad_input(e.what());
    }
    try {
        // Checker::comparison(a, b): what b allows and a forbids.
        for (auto [forbidding, allowing] : {std::pair{0, 1}, std::pair{1, 0}}) {
            const auto checker = check::Checker::comparison(paths[static_cast<std::size_t>(forbidding)],
                                                            paths[static_cast<std::size_t>(allowing)], used, events);
            check::Options o = reference;
            o.jobs = jobs;
            o.stop = interrupts.token();
            const SearchProgress progress(progress_requested, json);
            progress.attach(o);
            Direction d{name_of(paths[static_cast<std::size_t>(allowing)]),
                        name_of(paths[static_cast<std::size_t>(forbidding)]), checker.run(o).front(), {}};
            progress.clear();
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

    bool differ = false, unknown = false;
    for (const auto& d : directions) {
        differ = differ || d.result.counterexample.has_value();
        unknown = unknown || (!d.result.counterexample && d.result.verdict != check::Verdict::holds);
    }
    const int code = interrupts.interrupted() ? interrupts.exit_code() : exit_status(!errors.empty(), differ, unknown);
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
              << (d.result.counterexample                        ? "found"
                  : d.result.verdict == check::Verdict::holds   ? "none"
                  : d.result.verdict == check::Verdict::vacuous ? "vacuous"
                                                                : "unknown")
              << "\", \"events\": " << d.result.events << ", \"seconds\": " << d.result.seconds
              << ", \"statistics\": " << statistics_json(d.result.statistics)
              << ", \"space\": " << space_json(d.result.space);
            if (d.result.counterexample) o << ", \"litmus\": " << json_string(d.result.counterexample->source_litmus_text);
            if (out) o << ", \"files\": " << json_strings(d.files);
            o << "}";
        }
        o << "]";
        if (!errors.empty()) o << ", \"errors\": " << json_strings(errors);
        o << ", \"interrupted\": " << (interrupts.interrupted() ? "true" : "false");
        if (interrupts.interrupted()) o << ", \"signal\": \"" << interrupts.signal_name() << "\"";
        o << ", \"exit_status\": " << code << "}\n";
        std::cout << o.str() << std::flush;
    } else {
        std::cout << "compare " << display_path(paths[0]) << " and " << display_path(paths[1]) << ": " << litmus::to_string(used)
                  << " programs up to " << events << " events\n";
        for (const auto& d : directions) {
            std::cout << "allowed by " << d.allows << ", forbidden by " << d.forbids << ": ";
            if (d.result.counterexample)
                std::cout << "smallest test has " << d.result.events << " events (" << seconds(d.result.seconds) << ")\n\n"
                          << d.result.counterexample->source_litmus_text << "\n";
            else if (d.result.verdict == check::Verdict::holds)
                std::cout << "none up to " << d.result.events << " events (" << seconds(d.result.seconds) << ")\n";
            else if (d.result.verdict == check::Verdict::vacuous)
                std::cout << "VACUOUS: none up to " << d.result.events << " events, but " << space_text(d.result.space)
                          << "\n";
            else
                std::cout << "unknown (searched up to " << d.result.events << " events)\n";
            for (const auto& f : d.files) std::cout << "  wrote " << f << "\n";
        }
        if (interrupts.interrupted())
            std::cout << "interrupted by " << interrupts.signal_name() << ": the results above are what was finished\n";
    }
    return code;
}

}  // namespace mapsound::cli
