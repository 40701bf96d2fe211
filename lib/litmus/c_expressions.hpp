// The C dialect's expressions: parsed into small trees (CExpr), then
// lowered onto the flat IR of one thread.  Internal to the litmus front
// end; c_parser.cpp parses the statements around them.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "litmus/parse_common.hpp"

namespace mapsound::litmus::detail {

// fence: atomic_thread_fence (C) and atomic_work_item_fence (OpenCL);
// barrier: OpenCL's barrier and work_group_barrier.
enum class CallKind { load, store, rmw, cas, fence, barrier };

// A parsed (not yet lowered) C expression.
struct CExpr {
    enum class Kind { constant, reg, location, deref, call, unary, binary, order, scope, addr_of };
    Kind kind = Kind::constant;
    Token token;                  // the expression's first token, for errors
    Token op_token;               // the operator of a unary/binary node
    std::int64_t value = 0;       // constant
    std::string name;             // reg, location, addr_of
    MemoryOrder order{};          // order literal
    Scope scope = Scope::sys;     // scope literal; a call's scope
    std::vector<CExpr> kids;      // unary/deref: 1; binary: 2; call: its value arguments
    // Calls.
    CallKind call{};
    RmwOp rmw{};
    FenceKind fence{};
    bool weak = false;
    std::vector<MemoryOrder> orders;
    Qualifiers regions;           // OpenCL fences and barriers: their CLK_*_MEM_FENCE flags
};

// Type words (see c_expressions.cpp) and statement keywords.
bool is_type_word(std::string_view w);
bool is_statement_keyword(std::string_view w);
// The RegOp of a binary C operator ("+", "<<", "==", ...).
RegOpKind binary_kind(std::string_view op);

// Parses and lowers the expressions of one C thread.  Memory accesses
// nested in an expression load into fresh temporaries __t0, __t1, ...,
// numbered in the order their instructions appear.
class CExpressions {
public:
    CExpressions(Lexer& lx, Thread& thread, LabelTable& labels) : lx_(lx), thread_(thread), labels_(labels) {}

    // ---- parsing
    CExpr expr();
    CExpr unary();
    // Starts a statement: the operator count (at most kMaxOperators per
    // statement) begins again.
    void new_statement() { operators_ = 0; }
    // The nesting depth shared by blocks, statements and parentheses.
    int& depth() { return depth_; }

    // ---- lowering
    template <class I>
    void emit(I instruction) {
        thread_.code.push_back(std::move(instruction));
    }
    Operand operand(const CExpr& e);
    Address address(const CExpr& e);
    // Emits the instructions computing e into 'dest' (a fresh temporary
    // when absent) and returns that register.  Operands are lowered first
    // and the temporary is named last.
    Register lower(const CExpr& e, const std::optional<Register>& dest);
    void into(const Register& dest, const CExpr& e) { lower(e, dest); }

    // A branch condition: "a <cmp> b" for a comparison, "e != 0" otherwise.
    struct Cond {
        CmpOp cmp;
        Operand lhs;
        Operand rhs;
    };
    Cond condition(const CExpr& e);

    // Emits a call.  With 'wants_value' (the call is part of an expression)
    // it must return a value, which goes to 'dest' or a fresh temporary;
    // otherwise its result, if any, is discarded (a load still needs a
    // destination register and gets a temporary).
    std::optional<Register> call(const CExpr& e, const std::optional<Register>& dest, bool wants_value);

    // What an access through 'a' carries besides order and scope: in
    // OpenCL, the memory region of the parameter's address space; nothing
    // in C.
    Qualifiers access_qualifiers(const Address& a) const;

    // Defines, here, a label the front end introduces (if, loops, &&, ||).
    void define_generated(const Token& at, const std::string& name);

    bool is_param(std::string_view name) const;
    // "x, y" (or "none"): the thread's parameters, for messages.
    std::string param_list() const;

private:
    CExpr binary(std::size_t level);
    CExpr primary();
    MemoryOrder order_arg();
    CExpr pointer_arg();
    static bool is_pointer(const CExpr& e);
    CExpr call_expr(const Token& name);
    bool opencl() const { return lx_.dialect() == Dialect::opencl; }
    std::optional<Scope> scope_arg_word(std::string_view w) const;
    Qualifiers fence_flags();
    Register temp() { return Register{"__t" + std::to_string(temps_++)}; }

    Lexer& lx_;
    Thread& thread_;
    LabelTable& labels_;
    int shortcuts_ = 0;
    int temps_ = 0;
    int depth_ = 0;
    int operators_ = 0;
};

}  // namespace mapsound::litmus::detail
