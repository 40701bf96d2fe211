// The usage text of each command, in one place: `mapsound COMMAND --help`
// prints the command's, `mapsound --help` all of them.
#pragma once

#include <string>

namespace mapsound::cli {

// The synopsis and every option of 'command' ("litmus", "check", "compare",
// "export-coq"); empty for an unknown command.
std::string usage(const std::string& command);

// The synopsis line(s) alone, for usage errors.
std::string synopsis(const std::string& command);

// Every command with every option, and the exit codes.
std::string full_usage();

}  // namespace mapsound::cli
