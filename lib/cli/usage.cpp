// The usage texts (see usage.hpp).
#include "cli/usage.hpp"

#include <string_view>

#include "cli/args.hpp"

namespace mapsound::cli {

namespace {

struct Command {
    std::string_view name, synopsis, summary, options;
};

const std::string jobs_line = "  --jobs K             worker threads, 1 to " + std::to_string(kMaxJobs) + " (default 1)\n";

const Command* find(const std::string& name) {
    static const std::string check_options =
        "  --events N           search programs of up to N source events (default: the check's bound)\n"
        "  --target-events M    only programs that compile to at most M target events\n"
        "  --axiom NAME         check this axiom or flag only (repeatable; default: every one the check lists)\n" +
        jobs_line +
        "  --json               print the results as one JSON object (counterexample files are written too)\n"
        "  --output DIR         write counterexamples (.litmus, .dot, .svg) and MANIFEST to DIR\n"
        "                       (default mapsound-out/CHECK-NAME)\n"
        "  --export-coq DIR     after the run, write the Coq proof obligations of the axioms that held to DIR\n"
        "  --race-free-programs a counterexample must be a race-free program, not only a race-free execution\n"
        "  --cubes K            split each shape by the kinds (read, write, fence) of the first operations\n"
        "                       of its first K threads (all, when fewer): up to 3^K smaller work items (for\n"
        "                       many ranks or jobs; same verdicts, the counterexample may differ)\n"
        "  --reference PART     use the plain reference encoding: closure, scope-trees, thread-order, spurious\n"
        "                       or all (repeatable)\n"
        "  --progress           show the live progress line on stderr even when it is not a terminal\n"
        "                       (one line per second)\n"
        "  -h, --help           print this help\n";
    static const std::string compare_options =
        "  --events N           search programs of up to N events (default 4)\n"
        "  --dialect D          c, ptx or audala (default: guessed from the sets the models read)\n" +
        jobs_line +
        "  --json               print the results as one JSON object\n"
        "  --output DIR         write each distinguishing test as a .litmus file and MANIFEST to DIR\n"
        "  --reference PART     use the plain reference encoding: closure, scope-trees, thread-order, spurious\n"
        "                       or all (repeatable)\n"
        "  -h, --help           print this help\n";
    static const std::string export_options =
        "  -o, --output DIR     the Coq project's directory (required)\n"
        "  --events N           the bound of the check run (default: the check's bound)\n" +
        jobs_line + "  -h, --help           print this help\n";
    static const std::string report_options =
        "  -o, --output DIR     the report's directory (required): index.html, and per check its\n"
        "                       counterexamples' .litmus, .dot and .svg files\n"
        "  --events N           the bound of every check (default: each check's own)\n" +
        jobs_line + "  -h, --help           print this help\n";
    static const Command commands[] = {
        {"litmus",
         "mapsound litmus --model MODEL [--model MODEL]... [--states] [--json] [--unroll N]\n"
         "                       [--forbid FLAG]... [--timeout SECONDS] [--max-executions N] [--progress]\n"
         "                       [--expected TABLE.csv]... [--graph DIR] TEST-OR-FOLDER...",
         "decide litmus tests (PTX, C and AuDaLa dialects) under each model; folders are searched for *.litmus",
         "  --model MODEL        a memory model: a .cat file, or a shipped model's name (rc11, ptx-7.5, ...)\n"
         "                       looked up in $MAPSOUND_MODEL_PATH, the installed and the source models\n"
         "                       (required; repeatable: every test runs under each)\n"
         "  --states             list the distinct final states\n"
         "  --json               print one JSON object per test and model\n"
         "  --unroll N           run loops at most N times (default 1)\n"
         "  --forbid FLAG        an execution that raises the model's flag FLAG is not consistent (repeatable)\n"
         "  --timeout SECONDS    stop a test that runs longer under one model (reported Unknown)\n"
         "  --max-executions N   at most N pre-executions, paths through one thread and consistent executions\n"
         "                       per test (default 1000000; more: Unknown)\n"
         "  --progress           show the live progress line on stderr even when it is not a terminal\n"
         "  --expected TABLE.csv compare the verdicts with a test,model,expected table and print a\n"
         "                       conformance summary per model (repeatable)\n"
         "  --graph DIR          per test and model, draw one consistent execution that satisfies the\n"
         "                       condition (else one that does not, and say so on stderr) as\n"
         "                       DIR/TEST-MODEL.dot, and .svg when Graphviz's dot is installed\n"
         "  -h, --help           print this help\n"},
        {"check",
         "mapsound check CHECK-FILE [--events N] [--target-events M] [--axiom NAME]... [--jobs K] [--json]\n"
         "                      [--output DIR] [--export-coq DIR] [--race-free-programs]\n"
         "                      [--reference closure|scope-trees|thread-order|spurious|all]... [--cubes K]\n"
         "                      [--progress]",
         "check a compiler mapping up to N source events, axiom by axiom", check_options},
        {"compare",
         "mapsound compare MODEL-A MODEL-B [--events N] [--dialect c|ptx|audala] [--jobs K] [--json] [--output DIR]\n"
         "                 [--reference PART]...",
         "smallest litmus tests that one model allows and the other forbids", compare_options},
        {"export-coq", "mapsound export-coq CHECK-FILE -o DIR [--events N] [--jobs K]",
         "run the check and write its Coq proof obligations to DIR", export_options},
        {"report", "mapsound report CHECK-FILE... -o DIR [--events N] [--jobs K]",
         "run checks and write a static HTML page of their verdicts and counterexamples (DIR/index.html)",
         report_options},
    };
    for (const auto& c : commands)
        if (c.name == name) return &c;
    return nullptr;
}

const char* const exit_codes =
    "exit codes (every command): 0 as expected (check: every verdict as the check file expects; compare:\n"
    "            the models agree), 1 a verdict differs or the models differ, 2 bad input or usage (a file\n"
    "            that is malformed, refused or cannot be written, a missing argument), 3 a verdict is\n"
    "            vacuous or unknown (a space that misses a class, a budget that ran out), 130 stopped by\n"
    "            SIGINT (Ctrl-C), 143 by SIGTERM (a stopped command prints, and with --json emits, what it\n"
    "            finished); when several apply, the first of 130/143, 2, 1, 3\n";

}  // namespace

std::string synopsis(const std::string& command) {
    const Command* c = find(command);
    return c ? "usage: " + std::string(c->synopsis) + "\n" : std::string();
}

std::string usage(const std::string& command) {
    const Command* c = find(command);
    if (!c) return {};
    return synopsis(command) + std::string(c->summary) + "\noptions:\n" + std::string(c->options) + exit_codes;
}

std::string full_usage() {
    std::string out = "usage: mapsound <command> [options]   (mapsound <command> --help: that command only)\n";
    for (const char* name : {"litmus", "check", "compare", "export-coq", "report"}) {
        const Command* c = find(name);
        out += "\n" + std::string(c->synopsis) + "\n  " + std::string(c->summary) + "\n" + std::string(c->options);
    }
    out += "\nmapsound version   print the version\nmapsound help [COMMAND]   print this help, or a command's\n\n";
    return out + exit_codes;
}

}  // namespace mapsound::cli
