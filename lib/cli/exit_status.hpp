// The exit statuses every command shares, and how a command that fails
// before its report says so with --json (README, "The command line").
#pragma once

#include <functional>
#include <string>
#include <vector>

namespace mapsound::cli {

// 0: every verdict as expected (the check file's, --expected's; compare:
//    the models agree); 1: a verdict differs from what was expected (the
//    models differ); 2: bad input or usage, or an error that ended the run
//    (a file that cannot be read or written, a model that cannot judge the
//    programs); 3: a verdict is vacuous or unknown (a space that misses a
//    class, a budget that ran out).  After SIGINT and SIGTERM, 130 and 143.
//    When several apply, the first of 130/143, 2, 1, 3 wins.
enum ExitStatus : int { kAsExpected = 0, kDiffers = 1, kBadInput = 2, kVacuousOrUnknown = 3 };

// The status of a run from what it found.
int exit_status(bool bad_input, bool differs, bool vacuous_or_unknown);

// Whether the command line asks for JSON output.
bool wants_json(const std::vector<std::string>& args);

// Runs 'parse' with standard error captured and returns what it wrote
// (a usage error's message) beside the result, so that a --json caller can
// put the message in its document; the text is written to standard error
// too.
std::string capture_stderr(const std::function<void()>& body);

// Prints the one JSON object of a command that failed before its report:
// {"command", "error", "exit_status"} (the message's first line first,
// every line kept).
void print_json_error(const std::string& command, const std::string& message, int status);

}  // namespace mapsound::cli
