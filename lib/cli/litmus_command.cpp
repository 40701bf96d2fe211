// mapsound litmus: decide litmus tests under a model, herd7-style output.
#include <cstdio>
#include <iostream>
#include <optional>

#include "cli/args.hpp"
#include "cli/commands.hpp"
#include "cli/json.hpp"
#include "cli/usage.hpp"
#include "mapsound/litmus/litmus.hpp"
#include "mapsound/litmus/run.hpp"
#include "mapsound/model.hpp"

namespace mapsound::cli {

namespace {

void print_text(const litmus::Verdict& v, bool states) {
    std::cout << "Test " << v.test << " " << (v.ok ? "Ok" : "No") << "\n";
    if (states) {
        std::cout << "States " << v.states.size() << "\n";
        for (const auto& s : v.states) std::cout << s << "\n";
    }
    std::cout << "Observation " << v.test << " " << (v.positive == 0 ? "Never" : v.negative == 0 ? "Always" : "Sometimes")
              << " " << v.positive << " " << v.negative << "\n";
    char time[32];
    std::snprintf(time, sizeof time, "%.4f", v.seconds);
    std::cout << "Time " << v.test << " " << time << "\n\n";
}

std::string json_of(const litmus::Verdict& v) {
    char seconds[32];
    std::snprintf(seconds, sizeof seconds, "%.6f", v.seconds);
    return "{\"test\": " + json_string(v.test) + ", \"file\": " + json_string(v.file) +
           ", \"model\": " + json_string(v.model) + ", \"verdict\": \"" + (v.ok ? "Ok" : "No") +
           "\", \"positive\": " + std::to_string(v.positive) + ", \"negative\": " + std::to_string(v.negative) +
           ", \"seconds\": " + seconds + "}";
}

}  // namespace

int litmus_command(const std::vector<std::string>& args) {
    std::optional<std::string> model_path;
    bool json = false, states = false;
    litmus::RunOptions options;
    std::vector<std::string> tests;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (a == "--model" && i + 1 < args.size()) {
            model_path = args[++i];
        } else if (a == "--forbid" && i + 1 < args.size()) {
            options.forbidden_flags.push_back(args[++i]);
        } else if (a == "--json") {
            json = true;
        } else if (a == "--states") {
            states = true;
        } else if (a == "--unroll") {
            const auto n = number_option(args, i, "litmus");
            if (!n) return 2;
            options.expand.unroll = *n;
        } else if (!a.empty() && a[0] == '-') {
            std::cerr << "mapsound litmus: unknown option '" << a << "'\n";
            return 2;
        } else {
            tests.push_back(a);
        }
    }
    if (!model_path || tests.empty()) {
        std::cerr << synopsis("litmus");
        return 2;
    }
    options.states = states;
    std::optional<model::Model> model;
    try {
        model = model::Model::load(*model_path);
    } catch (const model::ModelError& e) {
        std::cerr << e.what() << "\n";
        return 1;
    }
    int status = 0;
    bool first = true;
    if (json) std::cout << "[";
    for (const auto& path : tests) {
        std::string entry;
        try {
            litmus::LitmusTest test = litmus::parse_litmus_file(path);
            litmus::Verdict v = litmus::run_litmus(test, *model, options);
            if (json)
                entry = json_of(v);
            else
                print_text(v, states);
        } catch (const std::exception& e) {
            status = 1;
            if (json)
                entry = "{\"test\": " + json_string(path) + ", \"file\": " + json_string(path) +
                        ", \"error\": " + json_string(e.what()) + "}";
            else
                std::cerr << e.what() << "\n";
        }
        if (json && !entry.empty()) {
            std::cout << (first ? "" : ",") << "\n  " << entry;
            first = false;
        }
    }
    if (json) std::cout << "\n]\n";
    return status;
}

}  // namespace mapsound::cli
