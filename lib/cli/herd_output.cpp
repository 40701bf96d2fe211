#include "cli/herd_output.hpp"

#include <iostream>

#include "cli/json.hpp"
#include "mapsound/litmus/print.hpp"

namespace mapsound::cli {

namespace {

// herd7's word for what the test's quantifier asks.
const char* kind_word(const litmus::LitmusTest& test) {
    if (!test.condition) return "Allowed";
    switch (test.condition->quantifier) {
        case litmus::Quantifier::exists: return "Allowed";
        case litmus::Quantifier::not_exists: return "Forbidden";
        case litmus::Quantifier::forall: return "Required";
    }
    return "Allowed";
}

}  // namespace

const char* observation(const litmus::Verdict& v) {
    return v.positive == 0 ? "Never" : v.negative == 0 ? "Always" : "Sometimes";
}


// herd7's output block, line for line, so that tools that read herd7 logs
// (mcompare, scripts matching "Observation") read ours: Test, States,
// Ok/No, Witnesses, Positive/Negative, Flag, Condition, Observation, Time.
// herd7's Hash line is left out: it is herd7's digest of the test, which
// a different tool cannot reproduce, and a wrong one would mislead.
void print_text(const litmus::Verdict& v, const litmus::LitmusTest& test, bool states) {
    std::cout << "Test " << v.test << " " << kind_word(test) << "\n";
    if (states) {
        std::cout << "States " << v.states.size() << "\n";
        for (const auto& s : v.states) std::cout << s << "\n";
    }
    std::cout << (v.ok ? "Ok" : "No") << "\n";
    // Decided by SAT, the executions are not counted: herd7's counts would
    // be made up, so the Witnesses lines say so instead.
    std::cout << "Witnesses\n";
    if (v.counted)
        std::cout << "Positive: " << v.positive << " Negative: " << v.negative << "\n";
    else
        std::cout << "Positive: " << (v.positive ? "some" : "0") << " Negative: " << (v.negative ? "some" : "0")
                  << " (decided by SAT: executions not counted)\n";
    // herd7's line for each flag that some execution raises (a data race:
    // the program's behaviour is undefined; herd7 -badflag prints Undef).
    for (const auto& f : v.flags) std::cout << "Flag " << f << "\n";
    if (test.condition) std::cout << "Condition " << litmus::print_condition_line(test) << "\n";
    std::cout << "Observation " << v.test << " " << observation(v);
    if (v.counted)
        std::cout << " " << v.positive << " " << v.negative << "\n";
    else
        std::cout << " (decided by SAT: executions not counted)\n";
    std::cout << "Time " << v.test << " " << fixed(v.seconds, 4) << "\n\n";
}

}  // namespace mapsound::cli
