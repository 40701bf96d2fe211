// C expressions (see c_expressions.hpp): the atomic calls, operators by
// precedence, and their lowering onto the IR.
#include "litmus/c_expressions.hpp"

#include <algorithm>
#include <array>

#include "litmus/opencl_syntax.hpp"

namespace mapsound::litmus::detail {

namespace {

struct CallSpec {
    std::string_view name;
    CallKind kind;
    bool explicit_orders;
    RmwOp rmw = RmwOp::add;
    FenceKind fence = FenceKind::fence;
    bool weak = false;
};

constexpr CallSpec kCalls[] = {
    {"atomic_load_explicit", CallKind::load, true},
    {"atomic_load", CallKind::load, false},
    {"atomic_store_explicit", CallKind::store, true},
    {"atomic_store", CallKind::store, false},
    {"atomic_exchange_explicit", CallKind::rmw, true, RmwOp::exch},
    {"atomic_exchange", CallKind::rmw, false, RmwOp::exch},
    {"atomic_fetch_add_explicit", CallKind::rmw, true, RmwOp::add},
    {"atomic_fetch_add", CallKind::rmw, false, RmwOp::add},
    {"atomic_fetch_sub_explicit", CallKind::rmw, true, RmwOp::sub},
    {"atomic_fetch_sub", CallKind::rmw, false, RmwOp::sub},
    {"atomic_fetch_and_explicit", CallKind::rmw, true, RmwOp::and_},
    {"atomic_fetch_and", CallKind::rmw, false, RmwOp::and_},
    {"atomic_fetch_or_explicit", CallKind::rmw, true, RmwOp::or_},
    {"atomic_fetch_or", CallKind::rmw, false, RmwOp::or_},
    {"atomic_fetch_xor_explicit", CallKind::rmw, true, RmwOp::xor_},
    {"atomic_fetch_xor", CallKind::rmw, false, RmwOp::xor_},
    {"atomic_compare_exchange_strong_explicit", CallKind::cas, true},
    {"atomic_compare_exchange_strong", CallKind::cas, false},
    {"atomic_compare_exchange_weak_explicit", CallKind::cas, true, RmwOp::add, FenceKind::fence, true},
    {"atomic_compare_exchange_weak", CallKind::cas, false, RmwOp::add, FenceKind::fence, true},
    {"atomic_thread_fence", CallKind::fence, true, RmwOp::add, FenceKind::fence},
    {"atomic_signal_fence", CallKind::fence, true, RmwOp::add, FenceKind::signal},
};

// OpenCL C's fence and barriers (OpenCL dialect only, so that C tests may
// use these names for registers): atomic_work_item_fence(flags, order,
// scope); barrier(flags) and work_group_barrier(flags[, scope]).
constexpr CallSpec kOpenclCalls[] = {
    {"atomic_work_item_fence", CallKind::fence, true},
    {"barrier", CallKind::barrier, false},
    {"work_group_barrier", CallKind::barrier, false},
};

const CallSpec* find_call(std::string_view name, bool opencl = false) {
    for (const CallSpec& s : kCalls)
        if (s.name == name) return &s;
    if (opencl)
        for (const CallSpec& s : kOpenclCalls)
            if (s.name == name) return &s;
    return nullptr;
}

std::optional<MemoryOrder> order_word(std::string_view w) {
    if (w == "memory_order_relaxed") return MemoryOrder::relaxed;
    if (w == "memory_order_consume") return MemoryOrder::consume;
    if (w == "memory_order_acquire") return MemoryOrder::acquire;
    if (w == "memory_order_release") return MemoryOrder::release;
    if (w == "memory_order_acq_rel") return MemoryOrder::acq_rel;
    if (w == "memory_order_seq_cst") return MemoryOrder::seq_cst;
    return std::nullopt;
}

// memory_scope_cluster: libcu++'s thread_scope_cluster (PTX .cluster,
// sm_90).  OpenCL has no cluster; its scopes are opencl_scope_word's.
std::optional<Scope> scope_word(std::string_view w) {
    if (w == "memory_scope_cta") return Scope::cta;
    if (w == "memory_scope_cluster") return Scope::cluster;
    if (w == "memory_scope_gpu") return Scope::gpu;
    if (w == "memory_scope_sys") return Scope::sys;
    return std::nullopt;
}

}  // namespace

// Type words: what declarations of locations, parameters and registers
// are made of.  The IR keeps no register types and every integer type is a
// 64-bit integer to it: herd7's C tests use int, long, __int128, int64_t,
// uint8_t, atomic_long, _Atomic int, ...  Besides the words listed, every
// word ending in "_t" (size_t, spinlock_t, atomic_intptr_t, ...) is a type
// word, as in C's naming convention.
bool is_type_word(std::string_view w) {
    static constexpr std::array<std::string_view, 32> words = {
        "int",          "long",         "short",        "char",        "unsigned",     "signed",
        "bool",         "_Bool",        "const",        "volatile",    "_Atomic",      "register",
        "restrict",     "__int128",     "atomic_bool",  "atomic_char", "atomic_schar", "atomic_uchar",
        "atomic_short", "atomic_ushort", "atomic_int",  "atomic_uint", "atomic_long",  "atomic_ulong",
        "atomic_llong", "atomic_ullong", "int128",      "uint128",     "__uint128",    "float",
        "double",       "static"};
    for (auto x : words)
        if (w == x) return true;
    return w.size() > 2 && w.substr(w.size() - 2) == "_t";
}

bool is_statement_keyword(std::string_view w) {
    static constexpr std::array<std::string_view, 11> words = {
        "if", "else", "goto", "while", "for", "do", "return", "switch", "break", "continue", "case"};
    for (auto x : words)
        if (w == x) return true;
    return false;
}

bool c_reserved_word(std::string_view w) {
    return is_type_word(w) || is_statement_keyword(w) || w == "void" || find_call(w) || order_word(w) ||
           scope_word(w) || opencl_scope_word(w);
}

namespace {

// Binary operators by precedence level, lowest first.
struct BinaryLevel {
    std::array<std::string_view, 4> ops;
};
constexpr BinaryLevel kLevels[] = {
    {{"||"}}, {{"&&"}}, {{"|"}}, {{"^"}}, {{"&"}}, {{"==", "!="}}, {{"<", "<=", ">", ">="}},
    {{"<<", ">>"}}, {{"+", "-"}}, {{"*", "/", "%"}},
};
constexpr std::size_t kLevelCount = sizeof kLevels / sizeof kLevels[0];

std::optional<CmpOp> comparison(std::string_view op) {
    if (op == "==") return CmpOp::eq;
    if (op == "!=") return CmpOp::ne;
    if (op == "<") return CmpOp::lt;
    if (op == "<=") return CmpOp::le;
    if (op == ">") return CmpOp::gt;
    if (op == ">=") return CmpOp::ge;
    return std::nullopt;
}

RegOpKind binary_kind_of(std::string_view op) {
    if (auto c = comparison(op)) {
        switch (*c) {
            case CmpOp::eq: return RegOpKind::eq;
            case CmpOp::ne: return RegOpKind::ne;
            case CmpOp::lt: return RegOpKind::lt;
            case CmpOp::le: return RegOpKind::le;
            case CmpOp::gt: return RegOpKind::gt;
            case CmpOp::ge: return RegOpKind::ge;
        }
    }
    if (op == "+") return RegOpKind::add;
    if (op == "-") return RegOpKind::sub;
    if (op == "*") return RegOpKind::mul;
    if (op == "/") return RegOpKind::div;
    if (op == "%") return RegOpKind::rem;
    if (op == "&") return RegOpKind::and_;
    if (op == "|") return RegOpKind::or_;
    if (op == "^") return RegOpKind::xor_;
    if (op == "<<") return RegOpKind::shl;
    return RegOpKind::shr;
}

bool touches_memory(const CExpr& e) {
    if (e.kind == CExpr::Kind::deref || e.kind == CExpr::Kind::call) return true;
    for (const CExpr& k : e.kids)
        if (touches_memory(k)) return true;
    return false;
}

}  // namespace

RegOpKind binary_kind(std::string_view op) { return binary_kind_of(op); }

bool CExpressions::is_param(std::string_view name) const {
    for (const Parameter& p : thread_.params)
        if (p.name == name) return true;
    return false;
}

std::string CExpressions::param_list() const {
    std::string s;
    for (const Parameter& p : thread_.params) s += (s.empty() ? "" : ", ") + p.name;
    return s.empty() ? "none" : s;
}

void CExpressions::define_generated(const Token& at, const std::string& name) {
    labels_.define(lx_, at, name);
    emit(Label{name});
}

CExpr CExpressions::expr() { return binary(0); }

CExpr CExpressions::binary(std::size_t level) {
    if (level == kLevelCount) return unary();
    CExpr lhs = binary(level + 1);
    for (;;) {
        const Token op = lx_.peek();
        bool matched = false;
        for (auto o : kLevels[level].ops)
            if (!o.empty() && op.is_punct(o)) matched = true;
        if (!matched) return lhs;
        if (++operators_ > kMaxOperators)
            lx_.fail(op, "at most " + std::to_string(kMaxOperators) + " operators in one statement");
        lx_.next();
        CExpr node;
        node.kind = CExpr::Kind::binary;
        node.token = lhs.token;
        node.op_token = op;
        node.kids.push_back(std::move(lhs));
        node.kids.push_back(binary(level + 1));
        lhs = std::move(node);
    }
}

CExpr CExpressions::unary() {
    const Token t = lx_.peek();
    // A literal "-5" is a constant, not a negation, so that printed
    // negative constants read back as the same IR.
    if (t.is_punct("-") && lx_.peek(1).kind == TokenKind::number) {
        CExpr c;
        c.token = t;
        c.value = lx_.expect_integer("a value");
        return c;
    }
    if (t.is_punct("-") || t.is_punct("+") || t.is_punct("!") || t.is_punct("~") || t.is_punct("*") ||
        t.is_punct("&")) {
        NestingGuard guard(lx_, depth_, t, "operators and parentheses");
        lx_.next();
        CExpr node;
        node.kind = t.is_punct("*") ? CExpr::Kind::deref : CExpr::Kind::unary;
        node.token = t;
        node.op_token = t;
        if (t.is_punct("&")) {
            const Token r = lx_.expect_identifier("a register after '&'");
            if (is_param(r.text)) lx_.fail(r, "a register after '&' ('" + r.text + "' is a pointer parameter)");
            if (c_reserved_word(r.text)) lx_.fail(r, "a register after '&'");
            node.kind = CExpr::Kind::addr_of;
            node.name = r.text;
            return node;
        }
        node.kids.push_back(unary());
        return node;
    }
    return primary();
}

CExpr CExpressions::primary() {
    const Token t = lx_.peek();
    CExpr e;
    e.token = t;
    if (t.kind == TokenKind::number) {
        e.value = lx_.expect_integer("a value");
        return e;
    }
    if (t.is_punct("("))
        return parenthesized(lx_, depth_, t, "operators and parentheses", [&] { return expr(); });
    if (t.kind != TokenKind::identifier || is_statement_keyword(t.text) || is_type_word(t.text) ||
        t.text == "void")
        lx_.fail(t, "an expression");
    lx_.next();
    if (lx_.peek().is_punct("(") || find_call(t.text, opencl())) return call_expr(t);
    if (auto o = order_word(t.text)) {
        e.kind = CExpr::Kind::order;
        e.order = *o;
    } else if (auto s = scope_arg_word(t.text)) {
        e.kind = CExpr::Kind::scope;
        e.scope = *s;
    } else {
        e.kind = is_param(t.text) ? CExpr::Kind::location : CExpr::Kind::reg;
        e.name = t.text;
    }
    return e;
}

MemoryOrder CExpressions::order_arg() {
    const Token t = lx_.peek();
    const auto o = t.kind == TokenKind::identifier ? order_word(t.text) : std::nullopt;
    if (!o) lx_.fail(t, "a memory order (memory_order_relaxed, ..., memory_order_seq_cst)");
    lx_.next();
    return *o;
}

// An argument that must be a pointer parameter, possibly displaced.
CExpr CExpressions::pointer_arg() {
    const Token t = lx_.peek();
    CExpr e = expr();
    if (!is_pointer(e)) lx_.fail(t, "a pointer parameter of P" + std::to_string(thread_.id) + " (" + param_list() + ")");
    return e;
}

bool CExpressions::is_pointer(const CExpr& e) {
    return e.kind == CExpr::Kind::location ||
           (e.kind == CExpr::Kind::binary && e.op_token.is_punct("+") &&
            e.kids[0].kind == CExpr::Kind::location);
}

std::optional<Scope> CExpressions::scope_arg_word(std::string_view w) const {
    return opencl() ? opencl_scope_word(w) : scope_word(w);
}

// "CLK_GLOBAL_MEM_FENCE | CLK_LOCAL_MEM_FENCE": one or more flags.
Qualifiers CExpressions::fence_flags() {
    Qualifiers q;
    do {
        const Token t = lx_.peek();
        if (t.kind != TokenKind::identifier || !opencl_fence_flag(t.text, q))
            lx_.fail(t, "a memory fence flag (CLK_GLOBAL_MEM_FENCE, CLK_LOCAL_MEM_FENCE)");
        lx_.next();
    } while (lx_.accept_punct("|"));
    return q;
}

CExpr CExpressions::call_expr(const Token& name) {
    const CallSpec* spec = find_call(name.text, opencl());
    if (!spec)
        lx_.fail(name, opencl() ? "an OpenCL atomic operation (atomic_load_explicit, atomic_store_explicit, "
                                  "atomic_fetch_add_explicit, atomic_compare_exchange_strong_explicit, "
                                  "atomic_work_item_fence, barrier, ...)"
                                : "an atomic operation (atomic_load_explicit, atomic_store_explicit, "
                                  "atomic_fetch_add_explicit, atomic_compare_exchange_strong_explicit, "
                                  "atomic_thread_fence, ...)");
    lx_.expect_punct("(");
    CExpr e;
    e.kind = CExpr::Kind::call;
    e.token = name;
    e.call = spec->kind;
    e.rmw = spec->rmw;
    e.fence = spec->fence;
    e.weak = spec->weak;
    if (opencl()) e.scope = kOpenclDefaultScope;
    const bool work_item_fence = name.text == "atomic_work_item_fence";
    if (spec->kind == CallKind::barrier || work_item_fence) {
        e.regions = fence_flags();
        if (spec->kind == CallKind::barrier) {
            // A work-group barrier: its scope, when written, is the work
            // group's.
            e.scope = Scope::cta;
            if (name.text == "work_group_barrier" && lx_.accept_punct(",")) {
                const Token t = lx_.peek();
                if (!t.is_ident("memory_scope_work_group")) lx_.fail(t, "memory_scope_work_group");
                lx_.next();
            }
            lx_.expect_punct(")");
            return e;
        }
    }
    int orders = spec->explicit_orders ? 1 : 0;
    switch (spec->kind) {
        case CallKind::load: e.kids.push_back(pointer_arg()); break;
        case CallKind::store:
        case CallKind::rmw:
            e.kids.push_back(pointer_arg());
            lx_.expect_punct(",");
            e.kids.push_back(expr());
            break;
        case CallKind::cas: {
            e.kids.push_back(pointer_arg());
            lx_.expect_punct(",");
            if (lx_.peek().is_punct("&")) {
                e.kids.push_back(unary());
            } else {
                const Token t = lx_.peek();
                CExpr x = expr();
                if (!is_pointer(x)) lx_.fail(t, "'&register' or a pointer parameter holding the expected value");
                e.kids.push_back(std::move(x));
            }
            lx_.expect_punct(",");
            e.kids.push_back(expr());
            orders *= 2;
            break;
        }
        case CallKind::fence:
        case CallKind::barrier: break;
    }
    for (int i = 0; i < orders; ++i) {
        if ((spec->kind != CallKind::fence || i > 0) || work_item_fence) lx_.expect_punct(",");
        e.orders.push_back(order_arg());
    }
    if (orders == 0) e.orders.assign(spec->kind == CallKind::cas ? 2 : 1, MemoryOrder::seq_cst);
    // atomic_work_item_fence has no default scope.
    if (work_item_fence ? (lx_.expect_punct(","), true) : lx_.accept_punct(",")) {
        const Token t = lx_.peek();
        const auto s = t.kind == TokenKind::identifier ? scope_arg_word(t.text) : std::nullopt;
        if (!s)
            lx_.fail(t, opencl() ? "a memory scope (memory_scope_work_item, memory_scope_work_group, "
                                   "memory_scope_device, memory_scope_all_svm_devices)"
                                 : "a memory scope (memory_scope_cta, memory_scope_cluster, memory_scope_gpu, "
                                   "memory_scope_sys)");
        lx_.next();
        e.scope = *s;
    }
    lx_.expect_punct(")");
    return e;
}




Operand CExpressions::operand(const CExpr& e) {
    if (e.kind == CExpr::Kind::constant) return e.value;
    if (e.kind == CExpr::Kind::reg) return Register{e.name};
    if (e.kind == CExpr::Kind::unary && e.op_token.is_punct("+")) return operand(e.kids[0]);
    return lower(e, std::nullopt);
}

Address CExpressions::address(const CExpr& e) {
    if (!is_pointer(e))
        lx_.fail(e.token, "a pointer parameter of P" + std::to_string(thread_.id) + " (" + param_list() + ")");
    if (e.kind == CExpr::Kind::location) return Address{e.name, std::nullopt};
    return Address{e.kids[0].name, operand(e.kids[1])};
}


// Emits the instructions computing e into 'dest' (a fresh temporary when
// absent) and returns that register.  Operands are lowered first and the
// temporary is named last, so temporaries are numbered in the order their
// instructions appear.
Register CExpressions::lower(const CExpr& e, const std::optional<Register>& dest) {
    auto target = [&] { return dest ? *dest : temp(); };
    switch (e.kind) {
        case CExpr::Kind::constant:
        case CExpr::Kind::reg: {
            const Register d = target();
            emit(RegOp{d, RegOpKind::move, operand(e), std::nullopt});
            return d;
        }
        case CExpr::Kind::location:
            lx_.fail(e.token, "a value ('" + e.name + "' is a pointer parameter; write *" + e.name + " to read it)");
        case CExpr::Kind::order:
        case CExpr::Kind::scope:
            lx_.fail(e.token, "a value (memory orders and scopes are arguments of atomic calls)");
        case CExpr::Kind::addr_of:
            lx_.fail(e.token, "a value ('&register' is only an argument of compare-exchange)");
        case CExpr::Kind::deref: {
            Address a = address(e.kids[0]);
            const Register d = target();
            Qualifiers q = access_qualifiers(a);
            emit(Load{d, std::move(a), MemoryOrder::plain, Scope::none, q});
            return d;
        }
        case CExpr::Kind::call: return *call(e, dest, true);
        case CExpr::Kind::unary: {
            const Operand a = operand(e.kids[0]);
            const Register d = target();
            if (e.op_token.is_punct("-")) {
                emit(RegOp{d, RegOpKind::sub, std::int64_t{0}, a});
            } else if (e.op_token.is_punct("!")) {
                emit(RegOp{d, RegOpKind::eq, a, std::int64_t{0}});
            } else if (e.op_token.is_punct("~")) {
                emit(RegOp{d, RegOpKind::xor_, a, std::int64_t{-1}});
            } else {
                emit(RegOp{d, RegOpKind::move, a, std::nullopt});
            }
            return d;
        }
        case CExpr::Kind::binary: {
            const std::string& op = e.op_token.text;
            if ((op == "&&" || op == "||") && touches_memory(e.kids[1])) {
                // Short-circuit evaluation: the right operand's accesses
                // happen only when the left one does not decide.
                //   t = lhs != 0; branch t == 0 (||: t != 0) -> __sc<k>;
                //   t = rhs != 0; __sc<k>: [dest = t]
                const Operand lhs = operand(e.kids[0]);
                const Register t = temp();
                emit(RegOp{t, RegOpKind::ne, lhs, std::int64_t{0}});
                const std::string done = "__sc" + std::to_string(shortcuts_++);
                emit(Branch{op == "&&" ? CmpOp::eq : CmpOp::ne, t, std::int64_t{0}, done});
                const Operand rhs = operand(e.kids[1]);
                emit(RegOp{t, RegOpKind::ne, rhs, std::int64_t{0}});
                define_generated(e.op_token, done);
                if (!dest) return t;
                emit(RegOp{*dest, RegOpKind::move, t, std::nullopt});
                return *dest;
            }
            if (op == "&&" || op == "||") {
                // Without memory accesses on the right, evaluating both
                // sides is the same as short-circuiting.
                const Operand lhs = operand(e.kids[0]);
                const Register a = temp();
                emit(RegOp{a, RegOpKind::ne, lhs, std::int64_t{0}});
                const Operand rhs = operand(e.kids[1]);
                const Register b = temp();
                emit(RegOp{b, RegOpKind::ne, rhs, std::int64_t{0}});
                const Register d = target();
                emit(RegOp{d, op == "&&" ? RegOpKind::and_ : RegOpKind::or_, a, b});
                return d;
            }
            const Operand a = operand(e.kids[0]);
            const Operand b = operand(e.kids[1]);
            const Register d = target();
            emit(RegOp{d, binary_kind_of(op), a, b});
            return d;
        }
    }
    lx_.fail(e.token, "an expression");
}


CExpressions::Cond CExpressions::condition(const CExpr& e) {
    if (e.kind == CExpr::Kind::binary) {
        if (auto c = comparison(e.op_token.text)) {
            const Operand a = operand(e.kids[0]);
            return Cond{*c, a, operand(e.kids[1])};
        }
    }
    if (e.kind == CExpr::Kind::unary && e.op_token.is_punct("!"))
        return Cond{CmpOp::eq, operand(e.kids[0]), std::int64_t{0}};
    return Cond{CmpOp::ne, operand(e), std::int64_t{0}};
}

// Emits a call.  With 'wants_value' (the call is part of an expression)
// it must return a value, which goes to 'dest' or a fresh temporary;
// otherwise its result, if any, is discarded (a load still needs a
// destination register and gets a temporary).
std::optional<Register> CExpressions::call(const CExpr& e, const std::optional<Register>& dest, bool wants_value) {
    const bool returns = e.call != CallKind::store && e.call != CallKind::fence && e.call != CallKind::barrier;
    if (wants_value && !returns) lx_.fail(e.token, "a call that returns a value");
    auto target = [&]() -> std::optional<Register> {
        if (dest) return dest;
        if (wants_value || e.call == CallKind::load) return temp();
        return std::nullopt;
    };
    switch (e.call) {
        case CallKind::load: {
            Address a = address(e.kids[0]);
            const std::optional<Register> d = target();
            Qualifiers q = access_qualifiers(a);
            emit(Load{*d, std::move(a), e.orders[0], e.scope, q});
            return d;
        }
        case CallKind::store: {
            Address a = address(e.kids[0]);
            const Operand v = operand(e.kids[1]);
            Qualifiers q = access_qualifiers(a);
            emit(Store{std::move(a), v, e.orders[0], e.scope, q});
            return std::nullopt;
        }
        case CallKind::rmw: {
            Address a = address(e.kids[0]);
            const Operand v = operand(e.kids[1]);
            const std::optional<Register> d = target();
            Qualifiers q = access_qualifiers(a);
            emit(Rmw{d, std::move(a), e.rmw, v, std::nullopt, e.orders[0], e.scope, q});
            return d;
        }
        case CallKind::cas: {
            CompareExchange c;
            c.addr = address(e.kids[0]);
            c.qualifiers = access_qualifiers(c.addr);
            if (e.kids[1].kind == CExpr::Kind::addr_of) {
                c.expected = Register{e.kids[1].name};
            } else {
                c.expected = address(e.kids[1]);
            }
            c.desired = operand(e.kids[2]);
            c.success_order = e.orders[0];
            c.failure_order = e.orders[1];
            c.scope = e.scope;
            c.weak = e.weak;
            c.dest = target();
            const std::optional<Register> d = c.dest;
            emit(std::move(c));
            return d;
        }
        case CallKind::fence: emit(Fence{e.fence, e.orders[0], e.scope, e.regions}); return std::nullopt;
        case CallKind::barrier: {
            // The k-th barrier of a work-item meets the k-th barrier of the
            // others in its work group (OpenCL C 2.0, 6.13.8: every
            // work-item of the group executes the same barriers in the
            // same order), so the barrier's id is its number in the thread.
            const std::int64_t k = std::count_if(thread_.code.begin(), thread_.code.end(), [](const Instruction& i) {
                return std::holds_alternative<Barrier>(i);
            });
            emit(Barrier{k, std::nullopt, std::nullopt, false, e.regions});
            return std::nullopt;
        }
    }
    return std::nullopt;
}

Qualifiers CExpressions::access_qualifiers(const Address& a) const {
    if (!opencl()) return {};
    for (const Parameter& p : thread_.params)
        if (p.name == a.location) return opencl_region_of(p.type);
    return {};
}

}  // namespace mapsound::litmus::detail
