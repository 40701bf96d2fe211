// The check-file parser (format: mapsound/mapping.hpp).  Line by line over
// bare words (mapping/lexer.hpp's next_bare), so paths need no quoting.  The
// referenced files are resolved and must exist; the models and the mapping
// are not opened here (the checker loads them and reports their errors).
#include <algorithm>
#include <array>
#include <charconv>
#include <map>
#include <utility>

#include "mapping/lexer.hpp"
#include "mapsound/litmus/dialects.hpp"
#include "mapsound/mapping.hpp"

namespace mapsound::mapping {

namespace {

using detail::describe;
using detail::Lexer;
using detail::Token;
using detail::TokenKind;
namespace fs = std::filesystem;

constexpr std::array<std::string_view, 11> kKeywords{
    "check", "source", "target", "mapping", "events", "race-free", "lift", "scopes", "dialect", "exclude", "axiom"};
// These keywords must appear; without an axiom line the check is of every
// axiom of the source model.
constexpr std::array<std::string_view, 5> kRequired{"check", "source", "target", "mapping", "events"};

std::string keyword_list() {
    std::string out;
    for (std::size_t i = 0; i < kKeywords.size(); ++i) {
        if (i) out += ", ";
        out += kKeywords[i];
    }
    return out;
}

class Parser {
public:
    Parser(std::string_view text, const std::string& file, fs::path base_dir)
        : lexer_(text, file), base_dir_(detail::normalized_absolute(base_dir)) {
        advance();
    }

    CheckDefinition parse() {
        CheckDefinition check;
        std::map<std::string, int, std::less<>> seen;  // keyword -> first line
        for (;;) {
            while (token_.kind == TokenKind::newline) advance();
            if (token_.kind == TokenKind::end) break;
            const Token keyword = token_;
            if (std::find(kKeywords.begin(), kKeywords.end(), keyword.text) == kKeywords.end())
                fail(keyword, "a keyword (" + keyword_list() + ")");
            if (keyword.text != "axiom" && keyword.text != "exclude") {
                const auto [at, fresh] = seen.emplace(keyword.text, keyword.pos.line);
                if (!fresh)
                    throw MappingError(keyword.pos, "second '" + keyword.text + "' line (the first is line " +
                                                        std::to_string(at->second) + "): each keyword appears once");
            }
            advance();
            if (keyword.text == "check") {
                check.name = name();
            } else if (keyword.text == "source") {
                check.source_at = token_.pos;
                check.source_model = existing_file("a source model path after 'source'");
            } else if (keyword.text == "target") {
                check.target_at = token_.pos;
                check.target_model = existing_file("a target model path after 'target'");
            } else if (keyword.text == "mapping") {
                check.mapping_at = token_.pos;
                check.mapping = existing_file("a mapping path after 'mapping'");
            } else if (keyword.text == "events") {
                check.events = bound();
            } else if (keyword.text == "lift") {
                const Token mode = argument("'extends' or 'per-thread' after 'lift'");
                if (mode.text == "extends")
                    check.lift = Lift::extends;
                else if (mode.text == "per-thread")
                    check.lift = Lift::per_thread;
                else
                    fail(mode, "'extends' or 'per-thread' after 'lift'");
            } else if (keyword.text == "scopes") {
                scope_levels(check);
            } else if (keyword.text == "dialect") {
                check.dialect_at = token_.pos;
                const Token word = argument("a dialect (c, opencl, ptx, vulkan, audala) after 'dialect'");
                check.dialect = litmus::dialect_named(word.text);
                if (!check.dialect) fail(word, "a dialect (c, opencl, ptx, vulkan, audala) after 'dialect'");
            } else if (keyword.text == "exclude") {
                check.exclusions.push_back(exclusion(check.exclusions));
                continue;  // exclusion() took the line end (and the reason in its comment)
            } else if (keyword.text == "race-free") {
                check.race_free_at = token_.pos;
                check.race_free_flag = argument("a flag name of the source model after 'race-free'").text;
            } else {
                check.axioms.push_back(axiom(check.axioms));
            }
            expect_line_end();
        }
        for (std::string_view required : kRequired) {
            if (seen.find(required) == seen.end())
                fail(token_, "a '" + std::string(required) +
                                 "' line (a check needs check, source, target, mapping and events)");
        }
        return check;
    }

private:
    void advance() { token_ = lexer_.next_bare(); }

    // `cta gpu sys`, `cta cluster gpu sys` or `cta gpu` (one GPU), the scope
    // trees the checker places programs in.
    void scope_levels(CheckDefinition& check) {
        const std::string expected =
            "the scope levels 'cta gpu sys', 'cta cluster gpu sys' or 'cta gpu' (one GPU) after 'scopes'";
        for (std::string_view level : {"cta", "cluster", "gpu", "sys"}) {
            if (level == "cluster" && token_.kind == TokenKind::word && token_.text == "gpu") continue;
            if (level == "sys" && !check.cluster_level && token_.kind != TokenKind::word) {
                check.one_gpu = true;  // `cta gpu`
                return;
            }
            const Token word = argument(expected);
            if (word.text != level) fail(word, expected);
            check.cluster_level = check.cluster_level || level == "cluster";
        }
    }

    [[noreturn]] static void fail(const Token& at, const std::string& expected) {
        throw MappingError(at.pos, "expected " + expected + ", found " + describe(at));
    }

    Token argument(const std::string& expected) {
        if (token_.kind != TokenKind::word) fail(token_, expected);
        Token word = token_;
        advance();
        return word;
    }

    void expect_line_end() {
        if (token_.kind == TokenKind::word) fail(token_, "end of line");
        if (token_.kind == TokenKind::newline) advance();
    }

    // The check's name: it names files and directories, so it is kept to
    // portable file-name characters.
    std::string name() {
        const Token word = argument("a check name after 'check'");
        const auto alnum = [](char c) {
            return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
        };
        const auto portable = [&](char c) { return alnum(c) || c == '-' || c == '_' || c == '.'; };
        const bool starts_well = alnum(word.text[0]);
        if (!starts_well || !std::all_of(word.text.begin(), word.text.end(), portable))
            fail(word, "a check name of letters, digits, '-', '_' and '.', starting with a letter or digit");
        return word.text;
    }

    // A path relative to the check file's directory (or absolute), which
    // must name a regular file; returned absolute and normalized.
    std::string existing_file(const std::string& expected) {
        const Token word = argument(expected);
        const fs::path resolved = (base_dir_ / fs::path(word.text)).lexically_normal();
        std::error_code ec;
        if (!fs::is_regular_file(resolved, ec))
            fail(word, "an existing file (nothing readable at " + resolved.string() + ")");
        return resolved.string();
    }

    int bound() {
        const Token word = argument("a positive integer bound after 'events'");
        int value = 0;
        const char* first = word.text.data();
        const char* last = first + word.text.size();
        const auto [end, ec] = std::from_chars(first, last, value);
        if (ec != std::errc() || end != last || value <= 0)
            fail(word, "a positive integer bound (source events, a read-modify-write counting 2)");
        return value;
    }

    // `exclude CLASS  # reason`: the comment that ends the line is the
    // reason, kept with the exclusion.
    Exclusion exclusion(const std::vector<Exclusion>& earlier) {
        const std::string expected =
            "a class of source events after 'exclude' (R.na, W.rel, RMW.sc, F.acq, RMW, *.local, ...)";
        const Token word = argument(expected);
        auto pattern = parse_exclusion(word.text);
        if (!pattern) fail(word, expected);
        for (const auto& other : earlier)
            if (other.text == word.text)
                throw MappingError(word.pos, "a second 'exclude " + word.text + "' (the first is line " +
                                                 std::to_string(other.where.line) + ")");
        if (token_.kind == TokenKind::word) fail(token_, "end of line (a reason goes in a comment: # why)");
        Exclusion e = std::move(*pattern);
        e.reason = token_.comment;
        e.where = word.pos;
        if (token_.kind == TokenKind::newline) advance();
        return e;
    }

    AxiomExpectation axiom(const std::vector<AxiomExpectation>& earlier) {
        const Token name = argument("an axiom or flag name of the source model after 'axiom'");
        for (const auto& other : earlier) {
            if (other.name == name.text)
                throw MappingError(name.pos, "axiom '" + name.text + "' already has an expectation at line " +
                                                 std::to_string(other.line));
        }
        const Token verdict = argument("'holds' or 'fails' after the axiom name");
        AxiomExpectation expectation;
        expectation.name = name.text;
        expectation.line = name.pos.line;
        expectation.where = name.pos;
        if (verdict.text == "holds")
            expectation.expected = Expectation::holds;
        else if (verdict.text == "fails")
            expectation.expected = Expectation::fails;
        else
            fail(verdict, "'holds' or 'fails' after the axiom name");
        if (expectation.expected == Expectation::fails && token_.kind == TokenKind::word && token_.text == "at") {
            advance();
            const Token size = argument("the size of the smallest counterexample after 'at'");
            int value = 0;
            const char* first = size.text.data();
            const char* last = first + size.text.size();
            const auto [end, ec] = std::from_chars(first, last, value);
            if (ec != std::errc() || end != last || value <= 0)
                fail(size, "a positive integer (source events of the smallest counterexample)");
            expectation.smallest = value;
        }
        return expectation;
    }

    Lexer lexer_;
    fs::path base_dir_;
    Token token_;
};

}  // namespace

CheckDefinition parse_check(std::string_view text, const std::string& file, const std::filesystem::path& base_dir) {
    CheckDefinition check = Parser(text, file, base_dir).parse();
    check.path = file;
    return check;
}

CheckDefinition load_check(const std::filesystem::path& path) {
    const std::string text = detail::read_file(path);
    const fs::path absolute = detail::normalized_absolute(path);
    CheckDefinition check = parse_check(text, path.string(), absolute.parent_path());
    check.path = absolute.string();
    return check;
}

}  // namespace mapsound::mapping
