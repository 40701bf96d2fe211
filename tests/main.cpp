// The doctest runner for rel_tests: the test cases live in rel_*_test.cpp.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>
