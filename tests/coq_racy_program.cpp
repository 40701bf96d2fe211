// The refutations under race freedom per program must not hold vacuously:
// a counterexample whose program is racy must make coqc reject the proof
// that its program is race-free.  Without the CLI's help (the CLI exports
// what the search found, and a --race-free-programs search never returns a
// racy program), this exports the per-execution search's counterexample to
// coherence of cxx-to-ptx-rmw-sc-no-release at 4 events (a race-free
// execution of a racy program, checks/README.md) as if the search had read
// race freedom per program, and writes the export to WORK_DIR for
// coq_export.cmake (MODE race-free-programs), which expects `make` to fail
// on it.
//
//   coq_racy_program SOURCE_DIR WORK_DIR
//
// Exit 0 when the export is written and the counterexample's program is
// racy by the engine; 1 otherwise.
#include <exception>
#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

#include "mapsound/check.hpp"
#include "mapsound/coq_export.hpp"
#include "mapsound/mapping.hpp"

int main(int argc, char** argv) {
    using namespace mapsound;
    if (argc != 3) {
        std::cerr << "usage: coq_racy_program SOURCE_DIR WORK_DIR\n";
        return 1;
    }
    const std::filesystem::path source_dir = argv[1], work_dir = argv[2];
    try {
        const auto def = mapping::load_check(source_dir / "checks" / "cxx-to-ptx-rmw-sc-no-release.check");
        check::Options options;
        options.events = 4;
        options.axioms = {"coherence"};
        std::vector<check::AxiomResult> results = check::Checker(def).run(options);
        if (results.size() != 1 || results[0].verdict != check::Verdict::fails || !results[0].counterexample ||
            results[0].counterexample->program_race_free != false) {
            std::cerr << "coq_racy_program: expected coherence to fail at 4 in a racy program\n";
            return 1;
        }
        results[0].space.race_free = "program";  // the mutation: the reading the program does not meet
        const auto report = coq::export_check(def, results, 4, work_dir);
        if (report.refuted != std::vector<std::string>{"coherence"}) {
            std::cerr << "coq_racy_program: no refutation of coherence written\n";
            return 1;
        }
    } catch (const std::exception& e) {
        std::cerr << "coq_racy_program: " << e.what() << "\n";
        return 1;
    }
    std::cout << "coq_racy_program: a racy program's counterexample exported under the per-program reading to "
              << work_dir.string() << "\n";
    return 0;
}
