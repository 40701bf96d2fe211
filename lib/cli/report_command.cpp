// mapsound report: run checks and write what they found as one static HTML
// page (index.html) with its files, a folder that can be shared as it is.
//
// The page needs no JavaScript and no network: per check its files and
// bound, a table of the axioms (verdict, what the check file expects,
// seconds, shapes), and for each counterexample the command that
// reproduces it, the litmus round trip's verdicts, why the source
// execution violates the axiom (its cycle, explained), both litmus tests
// and both execution graphs inline as SVG (Graphviz's dot; without it the
// .dot sources are linked instead, and the page says so), and which target
// events each source event compiled to.
#include <algorithm>
#include <cctype>
#include <filesystem>
#include <iostream>
#include <optional>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include "cli/args.hpp"
#include "cli/commands.hpp"
#include "cli/counterexample_files.hpp"
#include "cli/exit_status.hpp"
#include "cli/expectation.hpp"
#include "cli/html.hpp"
#include "cli/search_progress.hpp"
#include "cli/space_report.hpp"
#include "cli/verdict_matrix.hpp"
#include "cli/interrupts.hpp"
#include "cli/usage.hpp"
#include "check/execution_dot.hpp"
#include "mapsound/check.hpp"
#include "output/output_directory.hpp"

namespace mapsound::cli {

namespace {

// An SVG document as an element to inline: without its XML prolog and
// doctype, which are not allowed inside HTML, and with every id (and every
// reference to one) prefixed by 'prefix', since Graphviz numbers the ids of
// each picture from the same start (graph0, node1, ...) and one page holds
// many pictures.
std::string inline_svg(const std::string& svg, const std::string& prefix) {
    const auto at = svg.find("<svg");
    if (at == std::string::npos) return {};
    std::string out = svg.substr(at);
    for (const std::string& attribute : {std::string(" id=\""), std::string("href=\"#"), std::string("url(#")}) {
        for (std::size_t p = out.find(attribute); p != std::string::npos; p = out.find(attribute, p)) {
            p += attribute.size();
            out.insert(p, prefix + "-");
            p += prefix.size() + 1;
        }
    }
    return out;
}

std::string seconds_text(double s) {
    std::ostringstream o;
    o.setf(std::ios::fixed);
    o.precision(2);
    o << s;
    return o.str();
}

// Which target events each source event compiled to, one row per source
// event; the rows of the violating cycle's events marked (class "cycle").
std::string map_table(const check::Counterexample& c) {
    std::ostringstream o;
    o << "<table class=\"map\"><caption>Compiled: each source event and the target events it maps to"
      << (c.cycle.empty() ? "" : " (the cycle's events marked)") << "</caption>\n"
      << "<tr><th>source event</th><th>target events</th></tr>\n";
    for (std::size_t s = 0; s < c.source.events.size(); ++s) {
        const bool in_cycle = std::find(c.cycle.begin(), c.cycle.end(), static_cast<int>(s)) != c.cycle.end();
        o << "<tr" << (in_cycle ? " class=\"cycle\"" : "") << "><td>e" << s << ": "
          << html(check::event_label(c.source, s)) << "</td><td>";
        bool first = true;
        for (auto [source, target] : c.compiled.map)
            if (source == static_cast<int>(s)) {
                o << (first ? "" : "<br>") << "e" << target << ": "
                  << html(check::event_label(c.compiled.target, static_cast<std::size_t>(target)));
                first = false;
            }
        o << "</td></tr>\n";
    }
    o << "</table>\n";
    return o.str();
}

struct ReportArguments {
    std::vector<std::string> checks;
    std::filesystem::path output;
    check::Options options;
    bool progress = false;
};

std::optional<ReportArguments> parse(const std::vector<std::string>& args, int& usage_code) {
    const std::string cmd = "report";
    ReportArguments a;
    std::optional<std::string> output;
    usage_code = 2;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& arg = args[i];
        if (arg == "--events") {
            const auto n = number_option(args, i, cmd);
            if (!n) return std::nullopt;
            a.options.events = *n;
        } else if (arg == "--jobs") {
            const auto n = jobs_option(args, i, cmd);
            if (!n) return std::nullopt;
            a.options.jobs = *n;
        } else if (arg == "--progress") {
            a.progress = true;
        } else if (arg == "-o" || arg == "--output") {
            output = text_option(args, i, cmd);
            if (!output) return std::nullopt;
        } else if (!arg.empty() && arg[0] == '-') {
            std::cerr << "mapsound report: unknown option '" << arg << "'\n" << synopsis(cmd);
            return std::nullopt;
        } else {
            a.checks.push_back(arg);
        }
    }
    if (a.checks.empty() || !output) {
        std::cerr << "mapsound report: " << (a.checks.empty() ? "no check file" : "no output directory (-o DIR)")
                  << "\n"
                  << synopsis(cmd);
        return std::nullopt;
    }
    a.output = *output;
    return a;
}

const char* const kStyle =
    "body{font-family:sans-serif;max-width:80em;margin:1em auto;padding:0 1em}"
    "table{border-collapse:collapse}td,th{border:1px solid #999;padding:.2em .5em;text-align:left}"
    "pre{background:#f4f4f4;padding:.5em;overflow-x:auto}.fails{color:#a00}.holds{color:#060}"
    ".different{background:#fdd}.pictures{display:flex;flex-wrap:wrap;gap:1em}"
    ".pictures figure{margin:0}.pictures svg{max-width:38em;height:auto}"
    ".explanation{border-left:4px solid #c0c;padding-left:.5em}tr.cycle td{background:#fce}"
    ".map{margin-top:1em}caption{text-align:left;font-style:italic}";

}  // namespace

int report_command(const std::vector<std::string>& args) {
    int usage_code = 2;
    auto parsed = parse(args, usage_code);
    if (!parsed) return usage_code;
    ReportArguments& a = *parsed;

    Interrupts interrupts;
    a.options.stop = interrupts.token();
    const SearchProgress progress(a.progress, false);
    progress.attach(a.options);
    VerdictMatrix matrix;
    std::optional<output::OutputDirectory> out;
    try {
        out.emplace(a.output, "report");
    } catch (const std::exception& e) {
        std::cerr << "mapsound report: " << e.what() << "\n";
        return kBadInput;
    }

    bool error = false, different = false, vacuous_or_unknown = false, no_dot = false;
    std::ostringstream index, body;
    body << "<h1>mapsound report</h1>\n<p>mapsound " << version << ". Each check searched every source program up to "
         << "the bound shown; a counterexample is confirmed on the concrete executions and by litmus mode.</p>\n";
    std::ostringstream contents;
    contents << "<ul>\n";
    for (const std::string& path : a.checks) {
        std::optional<check::Checker> checker;
        try {
            checker.emplace(mapping::load_check(path));
        } catch (const std::exception& e) {
            std::cerr << "mapsound report: " << e.what() << "\n";
            body << "<h2>" << html(path) << "</h2>\n<p class=\"fails\">not read: " << html(e.what()) << "</p>\n";
            error = true;
            continue;
        }
        const auto& def = checker->definition();
        const int bound = a.options.events.value_or(def.events);
        const std::string dir = output::safe_file_name(def.name);
        std::cout << "report: check " << def.name << " up to " << bound << " events\n" << std::flush;
        contents << "<li><a href=\"#" << html(dir) << "\">" << html(def.name) << "</a></li>\n";
        body << "<section id=\"" << html(dir) << "\">\n<h2>" << html(def.name) << "</h2>\n<p>source <code>"
             << html(def.source_model) << "</code>, target <code>" << html(def.target_model) << "</code>, mapping <code>"
             << html(def.mapping) << "</code>; every program up to " << bound << " source events"
             << (def.race_free_flag ? ", race-free executions (flag <code>" + html(*def.race_free_flag) + "</code> quiet)" : "")
             << ".</p>\n<table><tr><th>axiom</th><th>verdict</th><th>expected</th><th>agreement</th><th>seconds</th>"
             << "<th>shapes</th></tr>\n";
        std::vector<check::AxiomResult> results;
        try {
            results = checker->run(a.options);
            progress.clear();
        } catch (const std::exception& e) {
            progress.clear();
            std::cerr << "mapsound report: " << def.name << ": " << e.what() << "\n";
            body << "</table>\n<p class=\"fails\">the search failed: " << html(e.what()) << "</p>\n</section>\n";
            error = true;
            continue;
        }
        std::ostringstream details;
        for (const auto& r : results) {
            const ExpectationCheck e = compare_with_expectation(def, r, bound, false);
            matrix.add(def.name, dir, r, e.agreement == Agreement::different);
            different = different || e.agreement == Agreement::different;
            vacuous_or_unknown = vacuous_or_unknown || r.verdict == check::Verdict::vacuous ||
                                 r.verdict == check::Verdict::unknown;
            const std::string verdict =
                (r.verdict == check::Verdict::fails     ? "fails at " + std::to_string(r.events)
                 : r.verdict == check::Verdict::holds   ? "holds up to " + std::to_string(r.events)
                 : r.verdict == check::Verdict::vacuous ? "VACUOUS up to " + std::to_string(r.events)
                                                        : std::string("unknown")) +
                exclusion_suffix(r.space);
            std::cout << "  " << r.axiom << ": " << verdict << ", expected " << expected_text(def, r.axiom) << ": "
                      << to_string(e.agreement) << "\n";
            const std::string anchor = dir + "-" + output::safe_file_name(r.axiom);
            body << "<tr" << (e.agreement == Agreement::different ? " class=\"different\"" : "") << "><td>"
                 << (r.counterexample ? "<a href=\"#" + html(anchor) + "\">" + html(r.axiom) + "</a>" : html(r.axiom))
                 << "</td><td class=\"" << check::to_string(r.verdict) << "\">" << html(verdict) << "</td><td>"
                 << html(expected_text(def, r.axiom)) << "</td><td>" << html(to_string(e.agreement))
                 << (e.note.empty() ? "" : " (" + html(e.note) + ")") << "</td><td>" << seconds_text(r.seconds)
                 << "</td><td>" << r.statistics.shapes << "</td></tr>\n";
            if (!r.counterexample) continue;
            const auto& c = *r.counterexample;
            const std::string name = dir + "/" + output::safe_file_name(r.axiom);
            details << "<article id=\"" << html(anchor) << "\" class=\"counterexample\">\n<h3>" << html(r.axiom)
                    << ": counterexample of " << c.events << " source events</h3>\n"
                    << "<p>Reproduce: <code>mapsound check " << html(path) << " --events " << c.events
                    << " --axiom " << html(r.axiom) << "</code>. Shape " << html(c.shape) << ".";
            if (c.program_race_free)
                details << (*c.program_race_free ? " The program is race-free."
                                                 : " The program is not race-free (another execution races).");
            details << " Litmus mode: the source model " << (c.round_trip.source.ok ? "allows" : "forbids")
                    << " the outcome, the target model " << (c.round_trip.target.ok ? "allows" : "forbids") << " it ("
                    << (c.round_trip.confirmed() ? "confirmed" : "not confirmed at the level of outcomes")
                    << ").</p>\n";
            details << "<p class=\"explanation\" id=\"" << html(anchor) << "-why\"><strong>Why:</strong> "
                    << html(c.explanation) << "</p>\n";
            try {
                out->write(name + "-source.litmus", c.source_litmus_text);
                out->write(name + "-target.litmus", c.target_litmus_text);
                out->write(name + "-explanation.txt", c.explanation + "\n");
                details << "<div class=\"pictures\">\n";
                for (const auto& [side, text, graph] :
                     {std::tuple{"source", &c.source_litmus_text, &c.source_dot},
                      std::tuple{"target", &c.target_litmus_text, &c.target_dot}}) {
                    out->write(name + "-" + side + ".dot", *graph);
                    details << "<figure><figcaption>" << side << " (<a href=\"" << html(name) << "-" << side
                            << ".litmus\">litmus</a>, <a href=\"" << html(name) << "-" << side
                            << ".dot\">dot</a>)</figcaption>\n<pre>" << html(*text) << "</pre>\n";
                    if (const auto svg = render_svg(*graph)) {
                        out->write(name + "-" + side + ".svg", *svg);
                        std::string prefix;  // letters, digits and '-' only: a valid id prefix
                        for (char ch : name + "-" + side)
                            prefix += std::isalnum(static_cast<unsigned char>(ch)) ? ch : '-';
                        details << inline_svg(*svg, prefix) << "\n";
                    } else {
                        no_dot = true;
                        details << "<p>(no picture: Graphviz's dot did not run)</p>\n";
                    }
                    details << "</figure>\n";
                }
                details << "</div>\n" << map_table(c);
            } catch (const std::exception& ex) {
                std::cerr << "mapsound report: " << ex.what() << "\n";
                error = true;
            }
            details << "</article>\n";
        }
        if (!results.empty())
            body << "</table>\n<p class=\"space\">Searched: " << html(space_text(results.front().space)) << ".</p>\n"
                 << details.str() << "</section>\n";
        else
            body << "</table>\n" << details.str() << "</section>\n";
        if (interrupts.interrupted()) break;
    }
    contents << "</ul>\n";
    index << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>mapsound report</title>\n"
          << "<style>" << kStyle << "</style>\n</head>\n<body>\n"
          << body.str().substr(0, body.str().find("</p>\n") + 5) << contents.str() << matrix.html()
          << body.str().substr(body.str().find("</p>\n") + 5)
          << (no_dot ? "<p>Pictures are missing where Graphviz's <code>dot</code> did not run; the .dot files are "
                       "linked.</p>\n"
                     : "")
          << "</body>\n</html>\n";
    try {
        out->write("index.html", index.str());
        out->finish(interrupts.interrupted() ? output::RunStatus::interrupted
                    : error                  ? output::RunStatus::failed
                                             : output::RunStatus::complete);
    } catch (const std::exception& e) {
        std::cerr << "mapsound report: " << e.what() << "\n";
        return kBadInput;
    }
    std::cout << matrix.text();
    std::cout << "report: wrote " << display_path((out->path() / "index.html").string()) << "\n";
    if (interrupts.interrupted()) return interrupts.exit_code();
    return exit_status(error, different, vacuous_or_unknown);
}

}  // namespace mapsound::cli
