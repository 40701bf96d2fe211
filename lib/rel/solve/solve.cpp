// The one-shot entry points: solve, enumerate, count.
#include "mapsound/rel/solver.hpp"
#include "rel/translate/translator.hpp"

namespace mapsound::rel {

namespace {

Options with_symmetry_default(Options options, SymmetryBreaking automatic) {
    if (options.symmetry == SymmetryBreaking::automatic) options.symmetry = automatic;
    return options;
}

}  // namespace

std::optional<Instance> solve(const Formula& formula, const Bounds& bounds, const Options& options) {
    Problem problem(formula, bounds, with_symmetry_default(options, SymmetryBreaking::on));
    switch (problem.solve()) {
        case Outcome::satisfiable: return problem.instance();
        case Outcome::unsatisfiable: return std::nullopt;
        case Outcome::unknown: break;
    }
    throw Interrupted("solve: a limit or a stop request ended the search");
}

std::uint64_t enumerate(const Formula& formula, const Bounds& bounds,
                        const std::function<bool(const Instance&)>& visit, const Options& options) {
    Problem problem(formula, bounds, with_symmetry_default(options, SymmetryBreaking::off));
    std::uint64_t visited = 0;
    for (;;) {
        switch (problem.solve()) {
            case Outcome::unsatisfiable: return visited;
            case Outcome::unknown:
                throw Interrupted("enumerate: a limit or a stop request ended the search after " +
                                  std::to_string(visited) + " instances");
            case Outcome::satisfiable: break;
        }
        ++visited;
        if (!visit(problem.instance())) return visited;
        problem.block_instance();
    }
}

std::uint64_t count_solutions(const Formula& formula, const Bounds& bounds, const Options& options) {
    return enumerate(formula, bounds, [](const Instance&) { return true; }, options);
}

TupleSet upper_bound(const Expr& expr, const Bounds& bounds) {
    circuit::Circuit circuit;
    translate::Translator translator(circuit, bounds, ClosureEncoding::squaring, Transitivity::eager);
    return translator.translate(expr).support();
}

}  // namespace mapsound::rel
