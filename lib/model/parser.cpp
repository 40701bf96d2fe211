#include "model/parser.hpp"

#include <algorithm>
#include <deque>
#include <filesystem>
#include <map>
#include <system_error>
#include <utility>
#include <vector>

#include "model/lexer.hpp"
#include "model/model_files.hpp"
#include "model/procedures.hpp"

namespace mapsound::model {

namespace {

namespace fs = std::filesystem;

// State shared by a model file and every file it includes, directly or not.
struct IncludeState {
    // The files being parsed, outermost first: as named in positions, and
    // canonical for cycle detection (an empty path for text given directly).
    std::vector<std::string> chain;
    std::vector<fs::path> identities;
    int files_read = 0;
    // herd7's procedures defined so far (in any file), and the calls
    // expanded so far, which number the copies of their bodies.
    std::map<std::string, Procedure> procedures;
    int calls = 0;
};

bool starts_operand(TokenKind kind) {
    switch (kind) {
    case TokenKind::name:
    case TokenKind::lparen:
    case TokenKind::lbracket:
    case TokenKind::zero:
    case TokenKind::universe:
    case TokenKind::tilde: return true;
    default: return false;
    }
}

// An expression under construction with the depth of its tree, which the
// parser bounds (see kMaxExprDepth).
struct Node {
    CatExprPtr expr;
    int depth = 0;
};

class Parser {
public:
    Parser(IncludeState& state, std::string text, std::string file, std::string dir)
        : state_(state), lexer_(std::move(text), std::move(file)), dir_(std::move(dir)) {}

    void parse(std::vector<CatStatement>& out, std::string& title) {
        // herd model files start with their name, quoted or not.  Statements
        // all start with keywords or `~`, so a leading string or name can
        // only be that title.
        if (at(TokenKind::string) ||
            (at(TokenKind::name) && !declaration_ahead() && !word_ahead("procedure") && !word_ahead("call") &&
             !herd_construct_ahead()))
            title = take().text;
        while (!at(TokenKind::end)) parse_statement(out);
    }

private:
    // ---- tokens ----------------------------------------------------------

    const Token& peek(std::size_t ahead = 0) {
        while (lookahead_.size() <= ahead) lookahead_.push_back(lexer_.next());
        return lookahead_[ahead];
    }
    bool at(TokenKind kind) { return peek().kind == kind; }
    Token take() {
        peek();
        Token token = std::move(lookahead_.front());
        lookahead_.pop_front();
        return token;
    }
    bool accept(TokenKind kind) {
        if (!at(kind)) return false;
        take();
        return true;
    }
    [[noreturn]] void fail_expected(const std::string& what, const Token& found) {
        throw ParseError(found.pos, "expected " + what + ", found " + describe_token(found));
    }
    Token expect(TokenKind kind, const std::string& what) {
        if (!at(kind)) fail_expected(what, peek());
        return take();
    }

    // ---- statements ------------------------------------------------------

    // `needs` and `ignores` are words only where a statement starts (so no
    // model loses them as names): the word followed by a name.
    bool declaration_ahead() {
        return at(TokenKind::name) && (peek().text == "needs" || peek().text == "ignores") &&
               peek(1).kind == TokenKind::name;
    }

    // herd7's `procedure` and `call` are words only where a statement
    // starts, followed by a name (so no model loses them as names).
    bool word_ahead(const char* word) {
        return at(TokenKind::name) && peek().text == word && peek(1).kind == TokenKind::name;
    }

    // herd7's words for what this model language leaves out: refused where
    // they start a statement or an expression, naming the construct, rather
    // than read as names (herd7 reserves them, so no model uses them so).
    static const std::string* herd_construct(const std::string& word) {
        static const std::map<std::string, std::string> constructs{
            {"if", "'if ... then ... else' (conditional model text)"},
            {"match", "'match' (pattern matching on sets)"},
            {"forall", "'forall ... in' (quantifying over a set)"},
            {"with", "'with ... from' (enumerating candidate relations)"},
            {"enum", "'enum' (scope and fence tags)"},
            {"try", "'try ... with' (a default for an undefined name)"},
            {"fun", "'fun' (anonymous functions)"},
            {"instructions", "'instructions' (instruction sets)"},
            {"begin", "'begin ... end' blocks"},
        };
        auto it = constructs.find(word);
        return it == constructs.end() ? nullptr : &it->second;
    }
    bool herd_construct_ahead() { return at(TokenKind::name) && herd_construct(peek().text); }
    void refuse_herd_construct() {
        if (!herd_construct_ahead()) return;
        throw ParseError(peek().pos, "herd7's " + *herd_construct(peek().text) +
                                         " is not supported by this model language (README, \"Models\")");
    }

    void parse_statement(std::vector<CatStatement>& out) {
        refuse_herd_construct();
        if (declaration_ahead()) {
            parse_declaration(out);
            return;
        }
        if (word_ahead("procedure")) {
            parse_procedure();
            return;
        }
        if (word_ahead("call")) {
            parse_call(out);
            return;
        }
        switch (peek().kind) {
        case TokenKind::kw_let: parse_let(out); return;
        case TokenKind::kw_flag:
        case TokenKind::tilde:
        case TokenKind::kw_acyclic:
        case TokenKind::kw_irreflexive:
        case TokenKind::kw_empty: parse_axiom(out); return;
        case TokenKind::kw_require: parse_require(out); return;
        case TokenKind::kw_witness: parse_witness(out); return;
        case TokenKind::kw_include: parse_include(out); return;
        case TokenKind::kw_show:
        case TokenKind::kw_unshow: parse_show(out); return;
        default: fail_expected("a statement", peek());
        }
    }

    void parse_let(std::vector<CatStatement>& out) {
        CatStatement statement;
        statement.kind = CatStatement::Kind::let;
        statement.pos = take().pos;
        if (accept(TokenKind::kw_rec)) statement.kind = CatStatement::Kind::let_rec;
        statement.bindings.push_back(parse_binding(
            statement.kind == CatStatement::Kind::let_rec ? "'let rec'" : "'let'"));
        while (accept(TokenKind::kw_and)) statement.bindings.push_back(parse_binding("'and'"));
        out.push_back(std::move(statement));
    }

    CatBinding parse_binding(const std::string& after) {
        const Token name = expect(TokenKind::name, "a name after " + after);
        CatBinding binding;
        binding.name = name.text;
        binding.pos = name.pos;
        if (accept(TokenKind::lparen)) {
            do {
                binding.parameters.push_back(expect(TokenKind::name, "a parameter name").text);
            } while (accept(TokenKind::comma));
            expect(TokenKind::rparen, "',' or ')' in the parameter list");
            expect(TokenKind::equals, "'=' after the parameters in a let");
        } else {
            expect(TokenKind::equals, "'=' after the name in a let");
        }
        binding.body = parse_expr().expr;
        return binding;
    }

    CatStatement::Test parse_test(const std::string& context) {
        switch (peek().kind) {
        case TokenKind::kw_acyclic: take(); return CatStatement::Test::acyclic;
        case TokenKind::kw_irreflexive: take(); return CatStatement::Test::irreflexive;
        case TokenKind::kw_empty: take(); return CatStatement::Test::empty;
        default: fail_expected("'acyclic', 'irreflexive' or 'empty'" + context, peek());
        }
    }

    // `as name`; a "string" is accepted too, since names cannot hold spaces.
    // 'where' receives the name's position.
    std::string parse_optional_as(const std::string& what, SourcePos* where = nullptr) {
        if (!accept(TokenKind::kw_as)) return {};
        if (!at(TokenKind::name) && !at(TokenKind::string)) {
            fail_expected(what + " after 'as'", peek());
        }
        Token name = take();
        if (where) *where = name.pos;
        return name.text;
    }

    void parse_axiom(std::vector<CatStatement>& out) {
        CatStatement statement;
        statement.kind = CatStatement::Kind::axiom;
        statement.pos = peek().pos;
        std::string context;
        if (accept(TokenKind::kw_flag)) {
            statement.flag = true;
            context = " after 'flag'";
        }
        parse_test_body(statement, context, out);
    }

    void parse_require(std::vector<CatStatement>& out) {
        CatStatement statement;
        statement.kind = CatStatement::Kind::require;
        statement.pos = take().pos;
        parse_test_body(statement, " after 'require'", out);
    }

    // The shared tail of axioms and requirements: [~]test expr [as name].
    void parse_test_body(CatStatement& statement, std::string context, std::vector<CatStatement>& out) {
        if (accept(TokenKind::tilde)) {
            statement.negated = true;
            context = " after '~'";
        }
        statement.test = parse_test(context);
        statement.expr = parse_expr().expr;
        statement.name_pos = statement.expr->pos;  // a derived name is the expression's
        statement.name = parse_optional_as("a name", &statement.name_pos);
        out.push_back(std::move(statement));
    }

    void parse_witness(std::vector<CatStatement>& out) {
        CatStatement statement;
        statement.kind = CatStatement::Kind::witness;
        statement.pos = take().pos;
        const Token name = expect(TokenKind::name, "a name after 'witness'");
        statement.name = name.text;
        statement.name_pos = name.pos;
        expect(TokenKind::less_equal, "'<=' after the witness name");
        statement.expr = parse_expr().expr;
        statement.description = parse_optional_as("a description");
        out.push_back(std::move(statement));
    }

    // `needs NAME, ... [as "text"]` and `ignores NAME, ... [as "text"]`: what
    // the model asks of the dialect its programs are written in (README,
    // "Models"); the names are checked against the vocabulary where a
    // dialect meets the model.
    void parse_declaration(std::vector<CatStatement>& out) {
        CatStatement statement;
        const Token word = take();
        statement.kind = word.text == "needs" ? CatStatement::Kind::needs : CatStatement::Kind::ignores;
        statement.pos = word.pos;
        do {
            const Token name = expect(TokenKind::name, "a vocabulary name after '" + word.text + "'");
            statement.names.push_back(name.text);
            statement.name_positions.push_back(name.pos);
        } while (accept(TokenKind::comma));
        statement.description = parse_optional_as("a description");
        out.push_back(std::move(statement));
    }

    // show/unshow are herd's display directives: `show e [as name]` and
    // `procedure NAME(p, ...) = statements end`: kept until called.
    void parse_procedure() {
        const Token word = take();
        if (in_procedure_) throw ParseError(word.pos, "a procedure inside a procedure is not supported; define it outside");
        Procedure procedure;
        const Token name = expect(TokenKind::name, "a procedure name after 'procedure'");
        procedure.name = name.text;
        procedure.pos = name.pos;
        expect(TokenKind::lparen, "'(' after the procedure name (herd7 writes 'procedure " + name.text + "() =')");
        if (!accept(TokenKind::rparen)) {
            do {
                procedure.parameters.push_back(expect(TokenKind::name, "a parameter name").text);
            } while (accept(TokenKind::comma));
            expect(TokenKind::rparen, "',' or ')' in the parameter list");
        }
        expect(TokenKind::equals, "'=' after the procedure's parameters");
        in_procedure_ = true;
        while (!(at(TokenKind::name) && peek().text == "end")) {
            if (at(TokenKind::end))
                throw ParseError(peek().pos, "expected 'end' closing procedure '" + procedure.name + "' (line " +
                                                 std::to_string(procedure.pos.line) + "), found the end of the file");
            parse_statement(procedure.body);
        }
        take();
        in_procedure_ = false;
        state_.procedures.insert_or_assign(procedure.name, std::move(procedure));
    }

    // `call NAME(e, ...) [as name]`: the procedure's body, expanded here.
    void parse_call(std::vector<CatStatement>& out) {
        take();
        const Token name = expect(TokenKind::name, "a procedure name after 'call'");
        auto it = state_.procedures.find(name.text);
        if (it == state_.procedures.end())
            throw ParseError(name.pos, "no procedure '" + name.text + "' is defined before this call" +
                                           (state_.procedures.empty() ? std::string{}
                                                                      : " (defined: " + procedure_names() + ")"));
        expect(TokenKind::lparen, "'(' after the procedure name");
        std::vector<CatExprPtr> arguments;
        if (!accept(TokenKind::rparen)) {
            do {
                arguments.push_back(parse_expr().expr);
            } while (accept(TokenKind::comma));
            expect(TokenKind::rparen, "',' or ')' in the arguments");
        }
        if (arguments.size() != it->second.parameters.size())
            throw ParseError(name.pos, "procedure '" + name.text + "' takes " +
                                           std::to_string(it->second.parameters.size()) + " argument(s), given " +
                                           std::to_string(arguments.size()));
        const std::string as_name = parse_optional_as("a name");
        for (auto& st : expand_call(it->second, arguments, as_name, ++state_.calls)) out.push_back(std::move(st));
    }

    std::string procedure_names() const {
        std::string list;
        for (const auto& [n, p] : state_.procedures) list += (list.empty() ? "" : ", ") + n;
        return list;
    }

    // `show a, b, ...`.  Kept (first expression and name) but meaningless here.
    void parse_show(std::vector<CatStatement>& out) {
        CatStatement statement;
        statement.kind = CatStatement::Kind::show;
        statement.pos = take().pos;
        statement.expr = parse_expr().expr;
        while (accept(TokenKind::comma)) parse_expr();
        statement.name = parse_optional_as("a name");
        out.push_back(std::move(statement));
    }

    void parse_include(std::vector<CatStatement>& out) {
        CatStatement statement;
        statement.kind = CatStatement::Kind::include;
        statement.pos = take().pos;
        const Token file = expect(TokenKind::string, "a file name in quotes after 'include'");
        if (file.text.empty()) fail_expected("a file name in quotes after 'include'", file);
        statement.name = file.text;
        out.push_back(std::move(statement));

        // `/` keeps an absolute include as it is.
        const fs::path resolved = (fs::path(dir_) / file.text).lexically_normal();
        const std::string shown = resolved.string();
        const fs::path identity = file_identity(resolved);
        if (std::find(state_.identities.begin(), state_.identities.end(), identity) !=
            state_.identities.end()) {
            std::string chain;
            for (const auto& link : state_.chain) chain += link + " -> ";
            throw ParseError(file.pos, "include cycle: " + chain + shown);
        }
        if (++state_.files_read > kMaxIncludedFiles) {
            throw ParseError(file.pos, "too many included files (more than " +
                                           std::to_string(kMaxIncludedFiles) + ")");
        }
        auto found = find_included_file(dir_, file.text);
        if (!found) {
            std::string searched;
            for (const auto& folder : include_library()) searched += ", " + folder;
            throw ParseError(file.pos, "cannot read file '" + shown + "'" +
                                           (searched.empty() ? "" : " (nor in the model library: " + searched.substr(2) + ")"));
        }
        const std::string shown_found = found->path == resolved ? shown : found->path.string();
        state_.chain.push_back(shown_found);
        state_.identities.push_back(file_identity(found->path));
        Parser included(state_, std::move(found->text), shown_found, found->path.parent_path().string());
        std::string ignored_title;  // an included file's title names that file only
        included.parse(out, ignored_title);
        state_.chain.pop_back();
        state_.identities.pop_back();
    }

    // ---- expressions -----------------------------------------------------

    Node make(CatExpr::Kind kind, const SourcePos& pos, std::string name,
              const std::vector<Node>& operands) {
        auto expr = std::make_shared<CatExpr>();
        expr->kind = kind;
        expr->pos = pos;
        expr->name = std::move(name);
        int depth = 0;
        for (const auto& operand : operands) {
            depth = std::max(depth, operand.depth);
            expr->operands.push_back(operand.expr);
        }
        if (++depth > kMaxExprDepth) {
            throw ParseError(pos, "expression nested too deeply (more than " +
                                      std::to_string(kMaxExprDepth) + " levels)");
        }
        return Node{std::move(expr), depth};
    }

    // One precedence level of a binary operator, parsed iteratively so that
    // long chains cost no stack.
    Node parse_chain(TokenKind op, CatExpr::Kind kind, bool right_assoc,
                     Node (Parser::*operand)()) {
        std::vector<Node> operands{(this->*operand)()};
        std::vector<SourcePos> operators;
        while (at(op)) {
            operators.push_back(take().pos);
            operands.push_back((this->*operand)());
        }
        if (right_assoc) {
            Node result = operands.back();
            for (std::size_t i = operators.size(); i-- > 0;) {
                result = make(kind, operators[i], {}, {operands[i], result});
            }
            return result;
        }
        Node result = operands.front();
        for (std::size_t i = 0; i < operators.size(); ++i) {
            result = make(kind, operators[i], {}, {result, operands[i + 1]});
        }
        return result;
    }

    Node parse_expr() {
        return parse_chain(TokenKind::bar, CatExpr::Kind::union_, true, &Parser::parse_sequence);
    }
    Node parse_sequence() {
        return parse_chain(TokenKind::semicolon, CatExpr::Kind::sequence, true,
                           &Parser::parse_difference);
    }
    Node parse_difference() {
        return parse_chain(TokenKind::backslash, CatExpr::Kind::difference, false,
                           &Parser::parse_intersection);
    }
    Node parse_intersection() {
        return parse_chain(TokenKind::ampersand, CatExpr::Kind::intersection, true,
                           &Parser::parse_product);
    }

    // `*` between two operands; see parser.hpp for the binary/postfix rule.
    // Not associative, as in herd: a product of sets is no set.
    Node parse_product() {
        Node left = parse_prefix();
        if (!at(TokenKind::star) || !starts_operand(peek(1).kind)) return left;
        const SourcePos pos = take().pos;
        Node right = parse_prefix();
        Node product = make(CatExpr::Kind::product, pos, {}, {left, right});
        if (at(TokenKind::star) && starts_operand(peek(1).kind)) {
            fail_expected("parentheses around 'A * B' before another '*'", peek());
        }
        return product;
    }

    Node parse_prefix() {
        std::vector<SourcePos> tildes;
        while (at(TokenKind::tilde)) tildes.push_back(take().pos);
        Node node = parse_postfix();
        for (std::size_t i = tildes.size(); i-- > 0;) {
            node = make(CatExpr::Kind::complement, tildes[i], {}, {node});
        }
        return node;
    }

    Node parse_postfix() {
        Node node = parse_primary();
        for (;;) {
            CatExpr::Kind kind;
            switch (peek().kind) {
            case TokenKind::inverse: kind = CatExpr::Kind::inverse; break;
            case TokenKind::plus: kind = CatExpr::Kind::plus; break;
            case TokenKind::question: kind = CatExpr::Kind::optional; break;
            case TokenKind::star:
                if (starts_operand(peek(1).kind)) return node;  // a product
                kind = CatExpr::Kind::star;
                break;
            default: return node;
            }
            const SourcePos pos = take().pos;
            node = make(kind, pos, {}, {node});
        }
    }

    // Counts open parentheses, brackets and calls: each costs stack frames
    // here without necessarily adding a tree level.
    class NestingGuard {
    public:
        NestingGuard(int& nesting, const SourcePos& pos) : nesting_(nesting) {
            if (nesting_ >= kMaxNesting) {
                throw ParseError(pos, "expression nested too deeply (more than " +
                                          std::to_string(kMaxNesting) +
                                          " parentheses, brackets or calls)");
            }
            ++nesting_;
        }
        ~NestingGuard() { --nesting_; }
        NestingGuard(const NestingGuard&) = delete;
        NestingGuard& operator=(const NestingGuard&) = delete;

    private:
        int& nesting_;
    };

    Node parse_primary() {
        switch (peek().kind) {
        case TokenKind::name: {
            refuse_herd_construct();
            const Token name = take();
            if (!at(TokenKind::lparen)) return make(CatExpr::Kind::name, name.pos, name.text, {});
            NestingGuard guard(nesting_, take().pos);
            std::vector<Node> arguments{parse_expr()};
            while (accept(TokenKind::comma)) arguments.push_back(parse_expr());
            expect(TokenKind::rparen, "',' or ')' after an argument of '" + name.text + "'");
            return make(CatExpr::Kind::call, name.pos, name.text, arguments);
        }
        case TokenKind::zero: return make(CatExpr::Kind::empty, take().pos, {}, {});
        case TokenKind::universe: return make(CatExpr::Kind::universe, take().pos, {}, {});
        case TokenKind::lparen: {
            NestingGuard guard(nesting_, take().pos);
            Node inner = parse_expr();
            expect(TokenKind::rparen, "')'");
            return inner;
        }
        case TokenKind::lbracket: {
            const SourcePos pos = take().pos;
            NestingGuard guard(nesting_, pos);
            Node inner = parse_expr();
            expect(TokenKind::rbracket, "']'");
            return make(CatExpr::Kind::identity_on, pos, {}, {inner});
        }
        default: fail_expected("an expression", peek());
        }
    }

    IncludeState& state_;
    bool in_procedure_ = false;
    Lexer lexer_;
    std::string dir_;           // where this file's includes are looked up
    std::deque<Token> lookahead_;  // deque: references survive push_back
    int nesting_ = 0;
};

// Witnesses, and axioms with flags, are chosen by name (a check's `axiom`
// line, `--forbid`, the lift's `co`): a second one of a name would be
// silently chosen over or multiplied with the first, so it is an error.
void check_unique_names(const CatModel& model) {
    std::map<std::string, const CatStatement*> witnesses, axioms;
    for (const auto& st : model.statements) {
        const bool witness = st.kind == CatStatement::Kind::witness;
        if (!witness && st.kind != CatStatement::Kind::axiom) continue;
        const std::string name = witness ? st.name : statement_name(st);
        const auto [it, fresh] = (witness ? witnesses : axioms).emplace(name, &st);
        if (fresh) continue;
        const SourcePos& first = it->second->name_pos;
        std::string message = std::string(witness ? "a second witness '" : "a second axiom or flag named '") + name +
                              "' (the first is at " + first.file + ":" + std::to_string(first.line) + ":" +
                              std::to_string(first.column) + ")";
        if (!witness && st.name.empty()) message += "; give one of them a name with 'as NAME'";
        else if (witness) message += "; each witness is one relation the solver chooses";
        throw ParseError(st.name_pos, message);
    }
}

CatModel parse_root(IncludeState& state, std::string text, const std::string& name,
                    const std::string& dir) {
    CatModel model;
    model.path = name;
    Parser parser(state, std::move(text), name, dir);
    parser.parse(model.statements, model.title);
    check_unique_names(model);
    return model;
}

}  // namespace

CatModel parse_model_file(const std::string& path) {
    std::string text;
    if (!read_model_file(path, text)) throw ParseError(SourcePos{path, 0, 0}, "cannot read file");
    IncludeState state;
    state.chain.push_back(path);
    state.identities.push_back(file_identity(path));
    state.files_read = 1;
    return parse_root(state, std::move(text), path, fs::path(path).parent_path().string());
}

CatModel parse_model_text(const std::string& text, const std::string& name_for_messages,
                          const std::string& include_dir) {
    IncludeState state;
    state.chain.push_back(name_for_messages);
    state.identities.emplace_back();  // not a file: matches no include
    return parse_root(state, text, name_for_messages, include_dir);
}

}  // namespace mapsound::model
