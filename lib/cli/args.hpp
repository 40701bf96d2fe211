// Reading command-line arguments shared by the commands: one number parser
// (so that every numeric option rejects "5x" alike) and option values.
#pragma once

#include <climits>
#include <optional>
#include <string>
#include <vector>

#include "mapsound/check.hpp"

namespace mapsound::cli {

// The most worker threads --jobs accepts.  Each job is a thread with its own
// SAT solver and encodings; beyond the machine's cores more jobs gain nothing
// and cost memory, and tens of thousands fail to start at all.
inline constexpr int kMaxJobs = 256;

// The value of 'text' when all of it is a decimal integer from 1 to 'max'
// (no sign, blanks or trailing characters); nullopt otherwise ("3x", "0",
// "-1", "", " 2", "99999999999").
std::optional<int> positive_number(const std::string& text, int max = INT_MAX);

// The value after the option args[i] (i moves onto it) as a positive
// number up to 'max'.  On a missing or bad value, prints
//   mapsound COMMAND: OPTION takes a whole number from 1 to MAX, not 'TEXT'
// (and 'why' when the number is above 'max') to stderr and returns nullopt.
std::optional<int> number_option(const std::vector<std::string>& args, std::size_t& i, const std::string& command,
                                 int max = INT_MAX, const std::string& why = "");

// --jobs K: number_option capped at kMaxJobs, saying why.
std::optional<int> jobs_option(const std::vector<std::string>& args, std::size_t& i, const std::string& command);

// The value after the option args[i] (i moves onto it); when there is none,
// prints "mapsound COMMAND: OPTION needs a value" and returns nullopt.
std::optional<std::string> text_option(const std::vector<std::string>& args, std::size_t& i,
                                       const std::string& command);

// --reference PART: the value after args[i] (i moves onto it) selects the
// plain reference encoding of one optimisation in 'options' (closure,
// scope-trees, thread-order, spurious, or all of them).  On a missing or
// unknown part, prints why to stderr and returns false.
bool reference_option(const std::vector<std::string>& args, std::size_t& i, const std::string& command,
                      check::Options& options);

// 'path' as a user reads it in the output: relative to the working
// directory when it lies below it ("models/rc11.cat"), else as given.
std::string display_path(const std::string& path);

// Whether args asks for help (-h or --help anywhere).
bool asks_for_help(const std::vector<std::string>& args);

}  // namespace mapsound::cli
