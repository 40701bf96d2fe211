// The usage texts (see usage.hpp).
#include "cli/usage.hpp"

#include <string_view>

#include "cli/args.hpp"

namespace mapsound::cli {

namespace {

struct Command {
    std::string_view name, synopsis, summary, options;
    std::string_view exits;  // what each exit status means for this command
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
        "  --first-counterexample  report the first counterexample the solver finds, not the least one of\n"
        "                       its shape (faster at large bounds; same verdicts and sizes, another program)\n"
        "  --cubes K            split each shape by the kinds (read, write, fence) of the first operations\n"
        "                       of its first K threads (all, when fewer): up to 3^K smaller work items (for\n"
        "                       many ranks or jobs; same verdicts, the counterexample may differ)\n"
        "  --reference PART     use the plain reference encoding: closure, transitivity, scope-trees,\n"
        "                       thread-order, spurious or all (repeatable)\n"
        "  --progress           show the live progress line on stderr even when it is not a terminal\n"
        "                       (one line per second)\n"
        "  -h, --help           print this help\n";
    static const std::string compare_options =
        "  --events N           search programs of up to N events (default 4)\n"
        "  --dialect D          c, opencl, ptx, vulkan or audala (default: guessed from the sets the\n"
        "                       models read)\n" +
        jobs_line +
        "  --json               print the results as one JSON object\n"
        "  --output DIR         write each distinguishing test as a .litmus file and MANIFEST to DIR\n"
        "  --reference PART     use the plain reference encoding: closure, transitivity, scope-trees,\n"
        "                       thread-order, spurious or all (repeatable)\n"
        "  --progress           show the live progress line on stderr even when it is not a terminal\n"
        "                       (one line per second)\n"
        "  -h, --help           print this help\n";
    static const std::string export_options =
        "  -o, --output DIR     the Coq project's directory (required)\n"
        "  --events N           the bound of the check run (default: the check's bound)\n" +
        jobs_line +
        "  --race-free-programs search race-free programs only; the statements then assume the source\n"
        "                       program race-free (no consistent execution of it raises the race flag)\n"
        "  -h, --help           print this help\n";
    static const std::string report_options =
        "  -o, --output DIR     the report's directory (required): index.html, and per check its\n"
        "                       counterexamples' .litmus, .dot and .svg files\n"
        "  --events N           the bound of every check (default: each check's own)\n" +
        jobs_line + "  --progress           show the live progress line on stderr even when it is not a terminal\n"
        "                       (one line per second)\n" +
        "  -h, --help           print this help\n";
    static const Command commands[] = {
        {"litmus",
         "mapsound litmus --model MODEL [--model MODEL]... [--states] [--json] [--unroll N]\n"
         "                       [--forbid FLAG]... [--timeout SECONDS] [--max-executions N] [--progress]\n"
         "                       [--expected TABLE.csv]... [--graph DIR] TEST-OR-FOLDER...",
         "decide litmus tests (C, OpenCL, PTX, Vulkan, AuDaLa, x86, AArch64 and PPC dialects) under each model; folders are searched for *.litmus",
         "  --model MODEL        a memory model: a .cat file, or a shipped model's name (rc11, ptx-7.5, ...)\n"
         "                       looked up in $MAPSOUND_MODEL_PATH, the installed and the source models\n"
         "                       (required; repeatable: every test runs under each)\n"
         "  --states             with --json, list the distinct final states (text output always lists\n"
         "                       them, as herd7 does)\n"
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
         "  -h, --help           print this help\n",
         "0 every test was read and decided (with --expected: every verdict as the table says), 1 a\n"
         "  verdict differs from the table, 2 a test or model could not be read or was refused (a model\n"
         "  that cannot judge the test's dialect), a folder has no .litmus file, or a usage error,\n"
         "  3 a test ran out of budget (--timeout, --max-executions: Unknown)"},
        {"check",
         "mapsound check CHECK-FILE [--events N] [--target-events M] [--axiom NAME]... [--jobs K] [--json]\n"
         "                      [--output DIR] [--export-coq DIR] [--race-free-programs] [--first-counterexample]\n"
         "                      [--reference closure|transitivity|scope-trees|thread-order|spurious|all]...\n"
         "                      [--cubes K] [--progress]",
         "check a compiler mapping up to N source events, axiom by axiom", check_options,
         "0 every verdict as the check file expects, 1 a verdict differs from its expectation,\n"
         "  2 bad input (a malformed or refused check, mapping or model; a class without a rule; an output\n"
         "  directory that cannot be written) or a usage error, 3 a verdict is vacuous (the space misses\n"
         "  a class or a vocabulary name) or unknown (stopped)"},
        {"compare",
         "mapsound compare MODEL-A MODEL-B [--events N] [--dialect D] [--jobs K] [--json] [--output DIR]\n"
         "                 [--reference PART]... [--progress]",
         "smallest litmus tests that one model allows and the other forbids", compare_options,
         "0 the models agree up to N events, 1 they differ (the distinguishing tests are printed),\n"
         "  2 bad input (a model that cannot be read, a pair no dialect can judge) or a usage error,\n"
         "  3 a direction was not finished"},
        {"export-coq", "mapsound export-coq CHECK-FILE -o DIR [--events N] [--jobs K] [--race-free-programs]",
         "run the check and write its Coq proof obligations to DIR", export_options,
         "0 the project was written (whatever the verdicts: each is stated or refuted as it came out),\n"
         "  2 bad input, a statement the export cannot make, or a usage error, 3 a verdict is vacuous or\n"
         "  unknown (the project is written without its statement)"},
        {"report", "mapsound report CHECK-FILE... -o DIR [--events N] [--jobs K] [--progress]",
         "run checks and write a static HTML page of their verdicts and counterexamples (DIR/index.html)",
         report_options,
         "0 every check ran and every verdict is as its check file expects, 1 a verdict differs,\n"
         "  2 a check could not be read or run, or the page could not be written, or a usage error,\n"
         "  3 a verdict is vacuous or unknown"},
    };
    for (const auto& c : commands)
        if (c.name == name) return &c;
    return nullptr;
}

const char* const exit_codes =
    "exit codes: 0 as expected (check: every verdict as the check file expects; compare:\n"
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
    return synopsis(command) + std::string(c->summary) + "\noptions:\n" + std::string(c->options) +
           "exit statuses of " + std::string(c->name) + ": " + std::string(c->exits) + "; 130 stopped by SIGINT\n"
           "  (Ctrl-C), 143 by SIGTERM (what was finished is printed); when several apply, the first of\n"
           "  130/143, 2, 1, 3\n";
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
