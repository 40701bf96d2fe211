// cnf-solve FILE.cnf [NAME=VALUE | cfg=CONFIG]...
//
// Reads a DIMACS file (as the levers patch's MAPSOUND_DUMP_CNF writes one
// shape's problem before its first solve), sets the given CaDiCaL options
// (after "lucky=0", as lib/rel/sat/cadical_backend.cpp does), solves it once
// and prints "RESULT SECONDS" (10 satisfiable, 20 unsatisfiable; seconds of
// the solve call, not of reading the file).  For bench/experiments/levers.sh.
#include <cadical.hpp>

#include <chrono>
#include <cstdio>
#include <string>

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: cnf-solve FILE.cnf [NAME=VALUE | cfg=CONFIG]...\n");
        return 2;
    }
    CaDiCaL::Solver solver;
    solver.set("quiet", 1);
    solver.set("lucky", 0);
    for (int i = 2; i < argc; ++i) {
        const std::string arg = argv[i];
        const auto eq = arg.find('=');
        if (eq == std::string::npos) {
            std::fprintf(stderr, "cnf-solve: '%s' is not NAME=VALUE\n", argv[i]);
            return 2;
        }
        const std::string name = arg.substr(0, eq), value = arg.substr(eq + 1);
        const bool ok = name == "cfg" ? solver.configure(value.c_str()) : solver.set(name.c_str(), std::stoi(value));
        if (!ok) {
            std::fprintf(stderr, "cnf-solve: CaDiCaL refuses '%s'\n", argv[i]);
            return 2;
        }
    }
    int variables = 0;
    if (const char* error = solver.read_dimacs(argv[1], variables, 0)) {
        std::fprintf(stderr, "cnf-solve: %s: %s\n", argv[1], error);
        return 1;
    }
    const auto start = std::chrono::steady_clock::now();
    const int result = solver.solve();
    std::printf("%d %.3f\n", result,
                std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    return 0;
}
