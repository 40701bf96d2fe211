// mapsound check as the MPI driver (cli/mpi_check.hpp) uses it: the same
// command with its shape searches done by worker processes, and what a
// worker process needs to search the same shapes.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "mapsound/check.hpp"

namespace mapsound::cli {

// check_command (cli/commands.hpp) with check::Options::workers set: the
// same output, files and exit code.
int check_command(const std::vector<std::string>& args, std::shared_ptr<check::Workers> workers);

// The checker and options `mapsound check ARGS` searches with; nullopt when
// the arguments or the check file are bad (silently: the command itself
// reports that).
struct CheckSetup {
    check::Checker checker;
    check::Options options;
};
std::optional<CheckSetup> check_setup(const std::vector<std::string>& args);

}  // namespace mapsound::cli
