// Tests that cannot run here say so: a test case whose data is absent calls
// skip() and returns, and is reported as skipped, never as passed.
//
//   if (!fs::is_directory(dir)) return mapsound::testing::skip("no litmus suite at " + dir.string());
//
// The runner (tests/main.cpp) then exits with kSkipReturnCode when every
// test case it ran skipped (ctest runs one case per process and shows it
// as "Skipped"), and fails every case that ran to the end without a
// single assertion and without skipping.
#pragma once

#include <string>

namespace mapsound::testing {

// ctest's SKIP_RETURN_CODE for the doctest executables.
inline constexpr int kSkipReturnCode = 77;

// Marks the running test case as skipped and prints why.
void skip(const std::string& reason);

}  // namespace mapsound::testing
