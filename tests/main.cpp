// The doctest runner of every doctest executable (tests/CMakeLists.txt,
// mapsound_doctest), with two rules on top of doctest's: a test case that
// ran no assertion and did not skip fails (a test that cannot fail is no
// test), a run that matched no test case fails, and a run in which every
// test case skipped exits with kSkipReturnCode, which ctest reports as
// skipped (tests/test_skip.hpp).
#define DOCTEST_CONFIG_IMPLEMENT
#include <doctest/doctest.h>

#include <iostream>
#include <mutex>
#include <set>
#include <string>
#include <vector>

#include "test_skip.hpp"

namespace {

struct Record {
    std::mutex lock;
    std::string current;                   // the running test case
    std::set<std::string> skipped;         // cases that called skip()
    std::vector<std::string> ran, without_assertions;
};

Record& record() {
    static Record r;
    return r;
}

// Counts each test case's assertions as it ends.
struct AssertionListener : doctest::IReporter {
    explicit AssertionListener(const doctest::ContextOptions&) {}
    void report_query(const doctest::QueryData&) override {}
    void test_run_start() override {}
    void test_run_end(const doctest::TestRunStats&) override {}
    void test_case_start(const doctest::TestCaseData& tc) override {
        std::lock_guard<std::mutex> g(record().lock);
        record().current = tc.m_name;
    }
    void test_case_reenter(const doctest::TestCaseData&) override {}
    void test_case_end(const doctest::CurrentTestCaseStats& stats) override {
        std::lock_guard<std::mutex> g(record().lock);
        Record& r = record();
        r.ran.push_back(r.current);
        if (stats.numAssertsCurrentTest == 0 && stats.testCaseSuccess && !r.skipped.count(r.current))
            r.without_assertions.push_back(r.current);
    }
    void test_case_exception(const doctest::TestCaseException&) override {}
    void subcase_start(const doctest::SubcaseSignature&) override {}
    void subcase_end() override {}
    void log_assert(const doctest::AssertData&) override {}
    void log_message(const doctest::MessageData&) override {}
    void test_case_skipped(const doctest::TestCaseData&) override {}
};

}  // namespace

REGISTER_LISTENER("assertion-count", 1, AssertionListener);

void mapsound::testing::skip(const std::string& reason) {
    std::string name;
    {
        std::lock_guard<std::mutex> g(record().lock);
        record().skipped.insert(record().current);
        name = record().current;
    }
    std::cout << "SKIPPED: " << name << ": " << reason << std::endl;
}

int main(int argc, char** argv) {
    doctest::Context context(argc, argv);
    const int code = context.run();
    if (context.shouldExit() || code != 0) return code;
    const Record& r = record();
    if (!r.without_assertions.empty()) {
        for (const auto& name : r.without_assertions)
            std::cerr << "FAILED: the test case \"" << name << "\" ran no assertion (and did not skip)\n";
        return 1;
    }
    if (r.ran.empty()) {
        // A ctest entry whose filter matches no case (a name that ctest
        // split, at a ';') would otherwise pass having tested nothing.
        std::cerr << "FAILED: no test case matched (a test case name with ';' is split by ctest)\n";
        return 1;
    }
    bool all_skipped = true;
    for (const auto& name : r.ran) all_skipped = all_skipped && r.skipped.count(name);
    return all_skipped ? mapsound::testing::kSkipReturnCode : 0;
}
