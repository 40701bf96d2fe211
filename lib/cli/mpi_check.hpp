// `mpirun -np K mapsound check ...`: the check's shape searches spread over
// K processes (Open MPI).  Built only when CMake finds MPI
// (MAPSOUND_WITH_MPI).
//
// Rank 0 runs `mapsound check` as a single process would and prints and
// writes the same (verdicts, smallest sizes, counterexample files); the
// other ranks are workers: rank 0 hands them work items (one shape at one
// bound, check::WorkItem) as they become idle, in the canonical shape
// order, and gathers what they found.  --jobs is ignored with K > 1: each
// worker searches one item at a time (start one rank per core).
#pragma once

#include <string>
#include <vector>

namespace mapsound::cli {

// Whether this process is one of several ranks that mpirun started
// (Open MPI's OMPI_COMM_WORLD_SIZE, or PMI_SIZE, above 1).  With one rank
// the tool runs as it does without mpirun.
bool started_by_mpirun_with_ranks();

// `mapsound check ARGS` over the MPI ranks (MPI_Init to MPI_Finalize);
// every rank calls it and returns the command's exit code.  When the run
// ends with work items unfinished (a stop, or a rank that died: Open MPI
// then stops every rank, and rank 0 reports the stop), rank 0 names those
// items on stderr and ends the job with MPI_Abort and the exit code.
int mpi_check_command(const std::vector<std::string>& args);

}  // namespace mapsound::cli
