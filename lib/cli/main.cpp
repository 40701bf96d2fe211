// The mapsound command-line tool: dispatches to one command per file.
#include <filesystem>
#include <exception>
#include <iostream>
#include <string>
#include <utility>
#include <vector>

#include "cli/model_path.hpp"
#include "mapsound/model.hpp"
#include "cli/args.hpp"
#include "cli/commands.hpp"
#ifdef MAPSOUND_WITH_MPI
#include "cli/mpi_check.hpp"
#endif
#include "cli/usage.hpp"

namespace {

int run(const std::string& command, const std::vector<std::string>& args) {
    using namespace mapsound::cli;
    if (command == "--version" || command == "version") {
        std::cout << "mapsound " << version << "\n";
        return 0;
    }
    if (command == "help" || command == "--help" || command == "-h") {
        if (!args.empty() && !usage(args.front()).empty()) {
            std::cout << usage(args.front());
            return 0;
        }
        std::cout << full_usage();
        return args.empty() ? 0 : 2;
    }
    if (!usage(command).empty() && asks_for_help(args)) {
        std::cout << usage(command);
        return 0;
    }
    if (command == "litmus") return litmus_command(args);
#ifdef MAPSOUND_WITH_MPI
    if (command == "check" && started_by_mpirun_with_ranks()) return mpi_check_command(args);
#endif
    if (command == "check") return check_command(args);
    if (command == "compare") return compare_command(args);
    if (command == "export-coq") return export_coq_command(args);
    if (command == "report") return report_command(args);
    std::cerr << "mapsound: unknown command '" << command << "'\n" << full_usage();
    return 2;
}

}  // namespace

int main(int argc, char** argv) {
    std::vector<std::string> args(argv + 1, argv + argc);
    const std::string command = args.empty() ? "help" : args.front();
    if (!args.empty()) args.erase(args.begin());
    // herd7's habit: `--model=FILE` is `--model FILE`, for every option.
    std::vector<std::string> split;
    for (const auto& a : args) {
        const auto eq = a.find('=');
        if (a.rfind("--", 0) == 0 && eq != std::string::npos && eq > 2) {
            split.push_back(a.substr(0, eq));
            split.push_back(a.substr(eq + 1));
        } else {
            split.push_back(a);
        }
    }
    args = std::move(split);
    // herd7's libdir: models' includes not found beside them are looked up
    // in the model search path's lib/ folders (models/lib/cos.cat, ...).
    std::vector<std::string> library;
    for (const auto& dir : mapsound::cli::model_search_path()) {
        std::error_code ec;
        const auto lib = std::filesystem::path(dir) / "lib";
        if (std::filesystem::is_directory(lib, ec)) library.push_back(lib.lexically_normal().string());
    }
    mapsound::model::set_include_library(std::move(library));
    // The commands report their own errors; this is the last line, so that
    // no error ends in std::terminate.
    try {
        return run(command, args);
    } catch (const std::exception& e) {
        std::cerr << "mapsound " << command << ": " << e.what() << "\n";
    } catch (...) {
        std::cerr << "mapsound " << command << ": an unknown error\n";
    }
    // An error no command caught ended the run: bad input (exit_status.hpp).
    return 2;
}
