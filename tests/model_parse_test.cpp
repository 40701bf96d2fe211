// Tests of the .cat model parser, construct by construct: operator
// precedence and associativity (by the shape of the tree), statements,
// includes, comments, and exact error positions and messages.  Whole model
// texts (the seed paper's figures, hostile input) are in
// model_parse_whole_text_test.cpp, so that a grammar change shows here
// first, one construct at a time.
#include <doctest/doctest.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "model/parser.hpp"
#include "model_parse_support.hpp"

using namespace mapsound::model;
using namespace modeltest;
namespace fs = std::filesystem;

namespace {

// The tree of one expression, parsed as the body of a let.
std::string tree(const std::string& expr) {
    const CatModel model = parse("let x = " + expr);
    REQUIRE(model.statements.size() == 1);
    return show(model.statements[0].bindings.at(0).body);
}

// The full message ("file:line:col: ...") of the error parsing `text`.
std::string error_of(const std::string& text) {
    try {
        parse(text);
    } catch (const ParseError& e) {
        return e.what();
    }
    return "(no error)";
}

// A scratch directory, removed at the end of the test.
struct TempDir {
    fs::path path;
    TempDir() {
        static std::atomic<int> counter{0};
        std::random_device rd;
        path = fs::temp_directory_path() /
               ("mapsound-model-test-" + std::to_string(rd()) + "-" + std::to_string(counter++));
        fs::create_directories(path);
    }
    ~TempDir() {
        std::error_code ec;
        fs::remove_all(path, ec);
    }
    std::string write(const std::string& relative, const std::string& text) const {
        const fs::path file = path / relative;
        fs::create_directories(file.parent_path());
        std::ofstream(file) << text;
        return file.string();
    }
};

}  // namespace

// ---------------------------------------------------------------------------
// Precedence and associativity

TEST_CASE("model parse: precedence of the binary operators") {
    CHECK(tree("a | b ; c \\ d & e * f") == "(| a (; b (\\ c (& d (* e f)))))");
    CHECK(tree("a * b & c \\ d ; e | f") == "(| (; (\\ (& (* a b) c) d) e) f)");
    CHECK(tree("a & b | c ; d") == "(| (& a b) (; c d))");
    CHECK(tree("(a | b) ; c") == "(; (| a b) c)");
}

TEST_CASE("model parse: associativity") {
    CHECK(tree("a | b | c") == "(| a (| b c))");
    CHECK(tree("a ; b ; c") == "(; a (; b c))");
    CHECK(tree("a \\ b \\ c") == "(\\ (\\ a b) c)");
    CHECK(tree("a & b & c") == "(& a (& b c))");
    CHECK(tree("(A * B) * C") == "(* (* A B) C)");
}

TEST_CASE("model parse: prefix and postfix operators") {
    CHECK(tree("r^-1+") == "(+ (inv r))");
    CHECK(tree("r+^-1?") == "(? (inv (+ r)))");
    CHECK(tree("~r^-1") == "(~ (inv r))");
    CHECK(tree("~~r") == "(~ (~ r))");
    CHECK(tree("~a ; b") == "(; (~ a) b)");
    CHECK(tree("~A * B") == "(* (~ A) B)");
    CHECK(tree("[R];po;[W]") == "(; [R] (; po [W]))");
    CHECK(tree("[R \\ A]") == "[(\\ R A)]");
    CHECK(tree("(rf | fr)+") == "(+ (| rf fr))");
}

TEST_CASE("model parse: '*' is binary before an operand, postfix otherwise") {
    CHECK(tree("A * B") == "(* A B)");
    CHECK(tree("A*B") == "(* A B)");
    CHECK(tree("A * (B | C)") == "(* A (| B C))");
    CHECK(tree("A * [B]") == "(* A [B])");
    CHECK(tree("A * ~B") == "(* A (~ B))");
    CHECK(tree("_ * _") == "(* _ _)");
    CHECK(tree("A * 0") == "(* A 0)");
    CHECK(tree("r*") == "(star r)");
    CHECK(tree("r*;s") == "(; (star r) s)");
    CHECK(tree("r* | s") == "(| (star r) s)");
    CHECK(tree("(r*)") == "(star r)");
    CHECK(tree("r**") == "(star (star r))");
    CHECK(tree("r*^-1") == "(inv (star r))");
    CHECK(tree("A * B*") == "(* A (star B))");
    // At the end of a let, before a statement keyword, `*` is a closure.
    const CatModel model = parse("let a = r*\nlet b = s*\nacyclic a*");
    REQUIRE(model.statements.size() == 3);
    CHECK(show(model.statements[0].bindings[0].body) == "(star r)");
    CHECK(show(model.statements[1].bindings[0].body) == "(star s)");
    CHECK(show(model.statements[2].expr) == "(star a)");
    // A product may continue on the next line.
    CHECK(tree("(M | F) *\n  (M | F)") == "(* (| M F) (| M F))");
}

TEST_CASE("model parse: atoms, names and calls") {
    CHECK(tree("0") == "0");
    CHECK(tree("_") == "_");
    CHECK(tree("id") == "id");
    CHECK(tree("po-loc") == "po-loc");
    CHECK(tree("non-rmw-reads") == "non-rmw-reads");
    CHECK(tree("sync_fence") == "sync_fence");
    CHECK(tree("a.b") == "a.b");
    CHECK(tree("_x") == "_x");
    CHECK(tree("po-loc^-1") == "(inv po-loc)");
    CHECK(tree("domain(r)") == "domain(r)");
    CHECK(tree("range (r ; s)") == "range((; r s))");
    CHECK(tree("fencerel(F)") == "fencerel(F)");
    CHECK(tree("f(a, b | c)") == "f(a, (| b c))");
    CHECK(tree("f(g(x))^-1") == "(inv f(g(x)))");
    CHECK(parse("let x = 0").statements[0].bindings[0].body->kind == Kind::empty);
    CHECK(parse("let x = _").statements[0].bindings[0].body->kind == Kind::universe);
}

TEST_CASE("model parse: positions of nodes") {
    const CatModel model = parse("let x =\n  [R] ; po\n  | ~rf^-1");
    const CatExprPtr& root = model.statements[0].bindings[0].body;
    CHECK(root->kind == Kind::union_);
    CHECK(root->pos.file == "m.cat");
    CHECK(root->pos.line == 3);
    CHECK(root->pos.column == 3);  // at the operator
    const CatExprPtr& seq = root->operands[0];
    CHECK(seq->pos.line == 2);
    CHECK(seq->pos.column == 7);
    CHECK(seq->operands[0]->pos.column == 3);  // the '['
    CHECK(seq->operands[1]->pos.column == 9);  // po
    const CatExprPtr& compl_ = root->operands[1];
    CHECK(compl_->kind == Kind::complement);
    CHECK(compl_->pos.column == 5);
    CHECK(compl_->operands[0]->pos.column == 8);  // the ^-1
    CHECK(model.statements[0].pos.line == 1);
    CHECK(model.statements[0].bindings[0].pos.column == 5);
}

// ---------------------------------------------------------------------------
// Statements

TEST_CASE("model parse: let, let rec, and, functions") {
    const CatModel model = parse(
        "let a = b\n"
        "let c = d and e = f\n"
        "let rec g = h | g ; i and i = g\n"
        "let f(x, y) = x ; y\n"
        "let one(x) = [x]\n"
        "let u = f(a, c)\n");
    REQUIRE(model.statements.size() == 6);
    CHECK(model.statements[0].kind == CatStatement::Kind::let);
    CHECK(model.statements[0].bindings.size() == 1);
    CHECK(model.statements[0].bindings[0].name == "a");
    CHECK(model.statements[0].bindings[0].parameters.empty());

    CHECK(model.statements[1].kind == CatStatement::Kind::let);
    REQUIRE(model.statements[1].bindings.size() == 2);
    CHECK(model.statements[1].bindings[1].name == "e");
    CHECK(model.statements[1].bindings[1].pos.line == 2);
    CHECK(model.statements[1].bindings[1].pos.column == 15);

    CHECK(model.statements[2].kind == CatStatement::Kind::let_rec);
    REQUIRE(model.statements[2].bindings.size() == 2);
    CHECK(show(model.statements[2].bindings[0].body) == "(| h (; g i))");
    CHECK(model.statements[2].bindings[1].name == "i");

    const CatBinding& f = model.statements[3].bindings[0];
    CHECK(f.name == "f");
    CHECK(f.parameters == std::vector<std::string>{"x", "y"});
    CHECK(show(f.body) == "(; x y)");
    CHECK(model.statements[4].bindings[0].parameters == std::vector<std::string>{"x"});
    CHECK(show(model.statements[5].bindings[0].body) == "f(a, c)");
}

TEST_CASE("model parse: axioms and flags") {
    const CatModel model = parse(
        "acyclic po | rf as sc\n"
        "irreflexive fr ; co\n"
        "empty rmw & (fre ; coe) as atomic\n"
        "acyclic (po | rf) as no-thin-air\n"
        "~empty x\n"
        "flag ~empty dr as data-race\n"
        "flag acyclic y as \"a quoted name\"\n");
    REQUIRE(model.statements.size() == 7);
    const auto& s = model.statements;
    for (const auto& statement : s) CHECK(statement.kind == CatStatement::Kind::axiom);
    CHECK(s[0].test == CatStatement::Test::acyclic);
    CHECK(show(s[0].expr) == "(| po rf)");
    CHECK(s[0].name == "sc");
    CHECK_FALSE(s[0].flag);
    CHECK_FALSE(s[0].negated);
    CHECK(s[1].test == CatStatement::Test::irreflexive);
    CHECK(s[1].name.empty());
    CHECK(s[2].test == CatStatement::Test::empty);
    CHECK(show(s[2].expr) == "(& rmw (; fre coe))");
    CHECK(s[2].name == "atomic");
    CHECK(s[3].name == "no-thin-air");
    CHECK(s[4].negated);
    CHECK_FALSE(s[4].flag);
    CHECK(s[5].flag);
    CHECK(s[5].negated);
    CHECK(s[5].test == CatStatement::Test::empty);
    CHECK(s[5].name == "data-race");
    CHECK(s[5].pos.line == 6);
    CHECK(s[5].pos.column == 1);
    CHECK(s[6].flag);
    CHECK_FALSE(s[6].negated);
    CHECK(s[6].name == "a quoted name");
}

TEST_CASE("model parse: witness, require, show") {
    const CatModel model = parse(
        "witness co <= (W * W) & loc as \"coherence order\"\n"
        "witness sync_fence <= [F & SC]; sr; [F & SC]\n"
        "require acyclic co as co-order\n"
        "require irreflexive sync_fence\n"
        "require ~empty x\n"
        "show po, rf\n"
        "show ppo as ppo-shown\n"
        "unshow id\n");
    REQUIRE(model.statements.size() == 8);
    const auto& s = model.statements;
    CHECK(s[0].kind == CatStatement::Kind::witness);
    CHECK(s[0].name == "co");
    CHECK(s[0].description == "coherence order");
    CHECK(show(s[0].expr) == "(& (* W W) loc)");
    CHECK(s[1].name == "sync_fence");
    CHECK(s[1].description.empty());
    CHECK(show(s[1].expr) == "(; [(& F SC)] (; sr [(& F SC)]))");
    CHECK(s[2].kind == CatStatement::Kind::require);
    CHECK(s[2].test == CatStatement::Test::acyclic);
    CHECK(s[2].name == "co-order");
    CHECK(s[3].test == CatStatement::Test::irreflexive);
    CHECK(s[4].negated);
    for (int i = 5; i < 8; ++i) CHECK(s[i].kind == CatStatement::Kind::show);
    CHECK(s[6].name == "ppo-shown");
}

TEST_CASE("model parse: a name chosen twice is an error at the second") {
    // A second `witness co` would multiply every execution count; a second
    // axiom of a name would leave `axiom NAME` in a check ambiguous.
    CHECK(error_of("witness co <= W * W\nwitness co <= W * W\n") ==
          "m.cat:2:9: a second witness 'co' (the first is at m.cat:1:9); each witness is one relation the solver "
          "chooses");
    CHECK(error_of("acyclic po as order\nflag ~empty rf as race\nirreflexive rf as  order\n") ==
          "m.cat:3:20: a second axiom or flag named 'order' (the first is at m.cat:1:15)");
    CHECK(error_of("flag ~empty rf as x\nempty po as x\n") ==
          "m.cat:2:13: a second axiom or flag named 'x' (the first is at m.cat:1:19)");
    // Names derived from the expression collide too; the message says how to
    // tell them apart.
    CHECK(error_of("acyclic hb\nirreflexive hb\n") ==
          "m.cat:2:13: a second axiom or flag named 'hb' (the first is at m.cat:1:9); give one of them a name "
          "with 'as NAME'");
    // Requirements, witnesses and axioms are different name spaces; distinct
    // names are fine.
    CHECK(error_of("witness co <= W * W\nacyclic co as co\nrequire acyclic co as co\nacyclic hb as h2\n"
                   "irreflexive hb\n") == "(no error)");
}

TEST_CASE("model parse: a second witness in an included file is named where it is") {
    TempDir dir;
    dir.write("lib/co.cat", "witness co <= (W * W) & loc\n");
    const std::string top = dir.write("top.cat", "include \"lib/co.cat\"\nwitness co <= W * W\n");
    try {
        parse_model_file(top);
        FAIL("no error");
    } catch (const ParseError& e) {
        CHECK(std::string(e.what()) == top + ":2:9: a second witness 'co' (the first is at " +
                                           (dir.path / "lib/co.cat").string() +
                                           ":1:9); each witness is one relation the solver chooses");
    }
}

TEST_CASE("model parse: titles") {
    CHECK(parse("\"RC11\"\nlet a = b").title == "RC11");
    CHECK(parse("PTX\nlet a = b").title == "PTX");
    CHECK(parse("(* header *) \"X86 TSO\" acyclic po").title == "X86 TSO");
    CHECK(parse("let a = b").title.empty());
    CHECK(parse("").statements.empty());
    CHECK(parse("(* only a comment *)").statements.empty());
    CHECK(parse("let a = b").path == "m.cat");
}

TEST_CASE("model parse: comments") {
    const CatModel model = parse(
        "(* outer (* nested (* twice *) *) still a comment *)\n"
        "let a = b // to the end of the line ; c\n"
        "let c = d (* inline *) | e\n"
        "let f = ((* right after a paren *) g)\n"
        "let h = r(* between *)*\n"
        "(**) (* *) //\n");
    REQUIRE(model.statements.size() == 4);
    CHECK(show(model.statements[0].bindings[0].body) == "b");
    CHECK(show(model.statements[1].bindings[0].body) == "(| d e)");
    CHECK(show(model.statements[2].bindings[0].body) == "g");
    CHECK(show(model.statements[3].bindings[0].body) == "(star r)");
    CHECK(model.statements[1].pos.line == 3);
}

// ---------------------------------------------------------------------------
// Includes

TEST_CASE("model parse: includes are spliced in place, relative to the includer") {
    TempDir dir;
    dir.write("lib/cos.cat", "\"coherence\"\nlet fr = rf^-1 ; co\ninclude \"deeper/base.cat\"\n");
    dir.write("lib/deeper/base.cat", "let base = po\n");
    const std::string top =
        dir.write("top.cat", "\"Top\"\nlet a = b\ninclude \"lib/cos.cat\"\nacyclic fr\n");

    const CatModel model = parse_model_file(top);
    CHECK(model.title == "Top");  // the included title is not the model's
    CHECK(model.path == top);
    REQUIRE(model.statements.size() == 6);
    const auto& s = model.statements;
    CHECK(s[0].kind == CatStatement::Kind::let);
    CHECK(s[1].kind == CatStatement::Kind::include);
    CHECK(s[1].name == "lib/cos.cat");
    CHECK(s[1].pos.file == top);
    CHECK(s[1].pos.line == 3);
    CHECK(s[2].bindings[0].name == "fr");
    CHECK(s[2].pos.file == (dir.path / "lib/cos.cat").string());
    CHECK(s[2].pos.line == 2);
    CHECK(s[3].kind == CatStatement::Kind::include);
    CHECK(s[3].name == "deeper/base.cat");
    CHECK(s[4].bindings[0].name == "base");
    CHECK(s[4].pos.file == (dir.path / "lib/deeper/base.cat").string());
    CHECK(s[5].kind == CatStatement::Kind::axiom);
    CHECK(s[5].pos.file == top);

    // From text: includes are looked up in the given directory.
    const CatModel from_text = parse_model_text("include \"lib/deeper/base.cat\"", "text",
                                                dir.path.string());
    REQUIRE(from_text.statements.size() == 2);
    CHECK(from_text.statements[1].bindings[0].name == "base");
}

TEST_CASE("model parse: include errors") {
    TempDir dir;
    const std::string x = dir.write("x.cat", "let a = b\ninclude \"y.cat\"\n");
    const std::string y = dir.write("y.cat", "\n  include \"./x.cat\"\n");
    try {
        parse_model_file(x);
        FAIL("no error for an include cycle");
    } catch (const ParseError& e) {
        CHECK(std::string(e.what()) == y + ":2:11: include cycle: " + x + " -> " + y + " -> " + x);
        CHECK(e.pos().file == y);
        CHECK(e.pos().line == 2);
    }
    const std::string self = dir.write("self.cat", "include \"self.cat\"");
    CHECK_THROWS_WITH_AS(parse_model_file(self),
                         (self + ":1:9: include cycle: " + self + " -> " + self).c_str(),
                         ParseError);

    const std::string missing = dir.write("missing.cat", "let a = b\ninclude \"nowhere.cat\"");
    CHECK_THROWS_WITH_AS(parse_model_file(missing),
                         (missing + ":2:9: cannot read file '" +
                          (dir.path / "nowhere.cat").string() + "'")
                             .c_str(),
                         ParseError);
    const std::string nofile = (dir.path / "absent.cat").string();
    CHECK_THROWS_WITH_AS(parse_model_file(nofile), (nofile + ": cannot read file").c_str(),
                         ParseError);
    CHECK_THROWS_WITH_AS(parse_model_file(dir.path.string()),
                         (dir.path.string() + ": cannot read file").c_str(), ParseError);

    // An error inside an included file is reported at its own position.
    const std::string bad = dir.write("bad.cat", "let a = b\nlet c = (d\n");
    const std::string includer = dir.write("includer.cat", "include \"bad.cat\"\n");
    CHECK_THROWS_WITH_AS(parse_model_file(includer),
                         (bad + ":3:1: expected ')', found end of input").c_str(), ParseError);

    // The same file twice, side by side, is no cycle.
    dir.write("common.cat", "let common = po\n");
    const std::string twice =
        dir.write("twice.cat", "include \"common.cat\"\ninclude \"common.cat\"\n");
    CHECK(parse_model_file(twice).statements.size() == 4);
}

// ---------------------------------------------------------------------------
// Malformed input: exact positions and messages

TEST_CASE("model parse: malformed input") {
    CHECK(error_of("let a = ") == "m.cat:1:9: expected an expression, found end of input");
    CHECK(error_of("let a b") == "m.cat:1:7: expected '=' after the name in a let, found 'b'");
    CHECK(error_of("let a = (b | c") == "m.cat:1:15: expected ')', found end of input");
    CHECK(error_of("let a = [b | c)") == "m.cat:1:15: expected ']', found ')'");
    CHECK(error_of("let = b") == "m.cat:1:5: expected a name after 'let', found '='");
    CHECK(error_of("let rec = b") ==
          "m.cat:1:9: expected a name after 'let rec', found '='");
    CHECK(error_of("let a = b and") ==
          "m.cat:1:14: expected a name after 'and', found end of input");
    CHECK(error_of("let a = b | | c") == "m.cat:1:13: expected an expression, found '|'");
    CHECK(error_of("let a = b\nlet c = d )") == "m.cat:2:11: expected a statement, found ')'");
    CHECK(error_of("foo bar") == "m.cat:1:5: expected a statement, found 'bar'");
    CHECK(error_of("let a = b\n  (* never closed (* *)\n") ==
          "m.cat:3:1: unterminated comment (opened at line 2:3)");
    CHECK(error_of("let a = \"text") == "m.cat:1:14: unterminated string (opened at line 1:9)");
    CHECK(error_of("let a = \"text\"") ==
          "m.cat:1:9: expected an expression, found '\"text\"'");
    CHECK(error_of("let a = b @ c") == "m.cat:1:11: unexpected character '@'");
    CHECK(error_of("let a = b-") == "m.cat:1:10: unexpected character '-'");
    CHECK(error_of("let a = r^1") == "m.cat:1:11: expected '-1' after '^', found '1'");
    CHECK(error_of("let a = 12") ==
          "m.cat:1:9: expected 0 (the only number in a model), found '12'");
    CHECK(error_of("acyclic po as") == "m.cat:1:14: expected a name after 'as', found end of input");
    CHECK(error_of("flag po") ==
          "m.cat:1:6: expected 'acyclic', 'irreflexive' or 'empty' after 'flag', found 'po'");
    CHECK(error_of("require po") ==
          "m.cat:1:9: expected 'acyclic', 'irreflexive' or 'empty' after 'require', found 'po'");
    CHECK(error_of("witness co = x") ==
          "m.cat:1:12: expected '<=' after the witness name, found '='");
    CHECK(error_of("witness <= x") ==
          "m.cat:1:9: expected a name after 'witness', found '<='");
    CHECK(error_of("include foo") ==
          "m.cat:1:9: expected a file name in quotes after 'include', found 'foo'");
    CHECK(error_of("let a = A * B * C") ==
          "m.cat:1:15: expected parentheses around 'A * B' before another '*', found '*'");
    CHECK(error_of("let f(x y) = x") ==
          "m.cat:1:9: expected ',' or ')' in the parameter list, found 'y'");
    CHECK(error_of("let f() = x") == "m.cat:1:7: expected a parameter name, found ')'");
    CHECK(error_of("let a = domain(r s)") ==
          "m.cat:1:18: expected ',' or ')' after an argument of 'domain', found 's'");
    CHECK(error_of("let empty = x") == "m.cat:1:5: expected a name after 'let', found 'empty'");
    CHECK(error_of("let a = b\n\tacyclic\n") ==
          "m.cat:3:1: expected an expression, found end of input");
    CHECK(error_of("let a = b \x01") == "m.cat:1:11: unexpected character '\\x01'");

    // The ParseError carries the position apart from the message.
    try {
        parse("let a =\n  b |");
        FAIL("no error");
    } catch (const ParseError& e) {
        CHECK(e.pos().file == "m.cat");
        CHECK(e.pos().line == 2);
        CHECK(e.pos().column == 6);
        CHECK(e.message() == "expected an expression, found end of input");
    }
}
