// The mapsound command-line tool: dispatches to one command per file.
#include <iostream>
#include <string>
#include <vector>

#include "cli/commands.hpp"

int main(int argc, char** argv) {
    std::vector<std::string> args(argv + 1, argv + argc);
    const std::string command = args.empty() ? "help" : args.front();
    if (!args.empty()) args.erase(args.begin());
    if (command == "litmus") return mapsound::cli::litmus_command(args);
    if (command == "check") return mapsound::cli::check_command(args);
    if (command == "compare") return mapsound::cli::compare_command(args);
    if (command == "export-coq") return mapsound::cli::export_coq_command(args);
    if (command == "--version" || command == "version") {
        std::cout << "mapsound " << mapsound::cli::version << "\n";
        return 0;
    }
    const bool asked = command == "help" || command == "--help" || command == "-h";
    (asked ? std::cout : std::cerr) << "usage: mapsound <command> [options]\n"
                                       "commands:\n"
                                       "  litmus --model FILE.cat [--states] [--json] [--unroll N] [--forbid FLAG]... TEST...\n"
                                       "            decide litmus tests (PTX, C and AuDaLa dialects) under a model\n"
                                       "  check CHECK-FILE [--events N] [--axiom NAME]... [--jobs K] [--json] [--output DIR]\n"
                                       "            check a compiler mapping up to N source events, axiom by axiom\n"
                                       "  compare A.cat B.cat [--events N] [--dialect c|ptx|audala] [--jobs K] [--json] [--output DIR]\n"
                                       "            smallest litmus tests that one model allows and the other forbids\n"
                                       "  export-coq CHECK-FILE -o DIR [--events N] [--jobs K]\n"
                                       "            run the check and write its Coq proof obligations to DIR\n"
                                       "  version   print the version\n";
    return asked ? 0 : 2;
}
