// Compiler mappings between memory models, and the checks that test them:
// the two input formats of the mapping checker, read into plain data.
//
// A MAPPING FILE (`mappings/*.map`) says which target instructions each
// class of source event compiles to.  One rule per line:
//
//   # C++ to PTX, seed 000 Figure 11     ('#' and '//' comments to end of line)
//   mapping cxx-to-ptx                   header first: the mapping's name
//   R.na    -> ld.weak
//   R.sc    -> fence.sc.$sco ; ld.acquire.$sco
//   RMW.rlx -> atom.$sco                 atom's default semantics: .relaxed
//   F.rlx   -> nop                       no instruction at all
//
// NAME is a word: letters, digits, `_`, and `-` between them.  Blanks
// around `->` and `;` are optional; blank and comment lines are ignored.
//
// Left of `->`: a source class, R W RMW F, optionally `.order` with order
// one of na rlx acq rel acq_rel sc (C++ names); a class without an order
// matches events of every order (AuDaLa's commands carry none: `R -> ...`).
// The orders a class admits: R na rlx acq sc; W na rlx rel sc; RMW rlx acq
// rel acq_rel sc; F rlx acq rel acq_rel sc (F.rlx only so that `-> nop` can
// say a relaxed fence is nothing).
//
// Right of `->`: `nop`, or instructions separated by `;` in program order,
// each written as the target dialect's litmus tests write the instruction,
// without operands (`target DIALECT`, default ptx; ptx, vulkan, x86, aarch64, ppc,
// riscv):
//   PTX     ld.weak, ld.acquire.gpu, st.release.$sco, atom.acq_rel.$sco,
//           fence.sc.cta, membar.gl, ...  (an atom without an operation is
//           an exch: the operation does not matter to the models)
//   Vulkan  ld.atom.acq.$sco.sc0.semsc0, st.sc1, rmw.atom.acq_rel.dv.sc0,
//           membar.rel.wg.semsc0, ...
//   x86     MOV, XCHG, MFENCE
//   AArch64 LDR, LDAR, LDAPR, STR, STLR, SWP, SWPAL, DMB.ISH, DMB.ISHLD, ISB
//   PPC     lwz, stw, sync, lwsync, isync; and `cmpw ; bne` right after
//           an R rule's lwz (Rule::branch_on_load): `lwz ; cmpw ; bne ;
//           isync` is LLVM's acquire load
//   RISC-V  lw, lw.aq, sw, sw.rl, amoswap.w, amoswap.w.aqrl, fence.tso,
//           and fence.P.S for `fence P,S` (fence.rw.w is `fence rw,w`)
// Each instruction is read by that dialect's litmus front end (placed with
// placeholder operands in a one-instruction test, parsed and expanded), so
// a rule's instruction means exactly what it means in a litmus test: its
// order, scope, tags (storage classes, semantics, availability, proxies)
// and defaults.  `$sco` stands for the scope the source event's scope maps
// to: the same level unless a line `scope SRC -> TGT` says otherwise (`scope
// sys -> dv`: C++'s system scope to Vulkan's device; levels by their exec
// names sg cta cluster qf gpu sys, or wg/dv for cta/gpu).  Not allowed for
// `.na` sources, which have none.
//
// Shape rules (checked, error at the offending token): R maps to exactly one
// ld plus any fences; W to exactly one st plus fences; RMW to exactly one
// atom plus fences; F to fences only, or nop.  No two rules may match the
// same source event: `R.sc` twice, or `R` and `R.sc` together, is an error
// naming both lines.  A mapping has at least one rule; the checker refuses
// a check whose source dialect has a class (dialect_classes) without a
// rule, unless the check excludes it, and a rule that no class of the
// dialect matches.
//
// A CHECK FILE (`checks/*.check`) says what to check about a mapping:
//
//   # The scoped C++ to PTX mapping, seed 000 section 5.2
//   check   cxx-to-ptx                   the check's name (letters, digits, - _ .)
//   source  ../models/rc11-scoped.cat    paths relative to the check file
//   target  ../models/ptx-6.0.cat
//   mapping ../mappings/cxx-to-ptx.map
//   events  6                            default bound on source events
//   race-free data-race                  optional
//   lift extends                         optional: extends (default) or per-thread
//   scopes cta cluster gpu sys           optional: the scope tree's levels
//                                        (cta gpu sys, cta cluster gpu sys, or
//                                        cta gpu: one GPU)
//   dialect c                            optional: the source programs' dialect
//   exclude RMW.sc  # why                optional, any number: a class left out
//   axiom coherence holds                one or more, any order
//   axiom thin-air  fails at 4           'at N': the smallest counterexample's size
//
// Without any axiom line the check is of every axiom and flag of the source
// model (the race-free flag excepted), each with no expectation: the
// checker reports what it finds and concludes in one line.
//
// One keyword per line, in any order: check, source, target, mapping and
// events exactly once each, race-free, lift, scopes and dialect at most
// once, exclude any number of times (never twice for one class), axiom any
// number of times but never twice for one name.  `dialect D` (c, opencl, ptx,
// vulkan, audala): the source programs' dialect; without it, the first of
// c, audala whose programs the source model judges
// (mapsound/litmus/dialects.hpp).  `exclude CLASS  # reason`: a class of
// the source dialect (R.na, RMW.sc, ...; R or W for AuDaLa) that the search
// leaves out on purpose, or a pattern of several (`exclude RMW`, `exclude
// *.local`); the comment ending the line is its reason, and every verdict,
// JSON result and Coq statement of the check names it.  The check's name starts with a letter or
// digit and has only letters, digits, `-`, `_` and `.` (it names the default
// output directory mapsound-out/NAME and the counterexample tests).  Words
// are separated by blanks; a `#` or
// `//` starting a word starts a comment (so paths may contain them
// elsewhere).  `events N`: the default bound, a positive integer counting
// source events, where a read-modify-write counts 2 (its read and its
// write; initial writes are not counted).  `race-free F`: consider only
// source executions in which the source model's flag F does not fire.
// `axiom A holds`: no source execution within the bound whose mapped
// target executions include one that, read back into the source, violates
// A; `fails`: such a counterexample exists.  A names an axiom or a flag of
// the source model; a flag counts as violated where it fires (so
// `axiom thin-air fails` says some mapped execution raises the flag
// thin-air).  `scopes cta gpu sys` (the default) or `scopes cta cluster gpu
// sys`: the levels of the scope tree a scoped source's programs are placed
// in and its atomics are scoped at; with `cluster`, threads sit in clusters
// of CTAs and atomics may be `.cluster` (thread_scope_cluster), otherwise a
// GPU's CTAs form one cluster.  The check parser does not open the models, so unknown names
// are the checker's to report, at the positions the definition records.
//
// Every error is a MappingError whose what() is "file:line:col: message",
// for syntax "file:line:col: expected ..., found '...'".  Lines and columns
// are 1-based; a column counts bytes, a tab being one.
#pragma once

#include <filesystem>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "mapsound/exec.hpp"
#include "mapsound/litmus/program.hpp"

namespace mapsound::mapping {

// A place in a mapping or check file.  line 0 means the file as a whole
// (it cannot be read) and prints as just "file".
struct Position {
    std::string file;
    int line = 0;    // 1-based
    int column = 0;  // 1-based, in bytes
    // "file:line:col", or "file" when line is 0.
    std::string to_string() const;
};

// Any problem with a mapping or check file.  what() is the full message
// "file:line:col: text", ready to print; where() and message() give the
// parts separately.
class MappingError : public std::runtime_error {
public:
    MappingError(Position where, const std::string& message);
    const Position& where() const noexcept { return where_; }
    // The message without the "file:line:col: " prefix.
    const std::string& message() const noexcept { return message_; }

private:
    Position where_;
    std::string message_;
};

// ---------------------------------------------------------------------------
// Mapping files

// The classes of source events a rule can name.  An RMW is one class even
// though it is two events (a read and a write related by rmw).
enum class SourceKind { read, write, rmw, fence };

// The kinds of target instruction a rule can produce, by the events they
// contribute: a load, a store, an atomic read-modify-write, a fence (PTX's
// names; a Vulkan ld, st, rmw and membar are the same kinds).
enum class Instruction { ld, st, atom, fence };

// One target instruction of a rule.
struct TargetOp {
    Instruction instruction = Instruction::ld;
    // The order in exec's shared vocabulary: weak, rlx (PTX .relaxed), acq,
    // rel, acq_rel, sc, or na (a Vulkan non-atomic access).  For atom both
    // of its events carry it (README: "a read-modify-write's two events both
    // carry its order").
    exec::Order order = exec::Order::weak;
    // true for `.$sco`: the op takes the scope the source event's maps to.
    bool scope_from_source = false;
    // The fixed scope when !scope_from_source; Scope::none exactly for
    // ld.weak / st.weak.
    exec::Scope scope = exec::Scope::none;
    // The exec::Tag bits its events carry (Vulkan storage class, semantics,
    // availability, non-private; PTX proxy), as the litmus front end gives
    // them.
    exec::TagSet tags = 0;
    // The instruction as the rule writes it ("ld.atom.acq.$sco.sc0"); empty
    // for ops built in code, which print canonically (PTX).
    std::string text;
    Position where;  // the op's first character, for the checker's messages

    // The events the op contributes to a target pre-execution, in program
    // order: ld {read}; st {write}; atom {read, write}, which the checker
    // relates by rmw; fence {fence}.
    std::vector<exec::EventKind> events() const;
    // The op's scope for a source event of scope 'source': the fixed scope,
    // or 'source' itself for `.$sco`.  nullopt when `.$sco` meets a source
    // event without a scope (Scope::none: a .na access, or a model such as
    // AuDaLa's whose events have none) since the op then has no meaning.
    std::optional<exec::Scope> scope_for(exec::Scope source) const;
    // The op as written: 'text', or for an op without one the canonical
    // PTX form, e.g. "ld.acquire.$sco", "atom.relaxed.gpu" (atom's omitted
    // .relaxed spelled out).
    std::string to_string() const;
    // The op with `$sco` replaced by 'target' spelled in 'dialect'
    // ("ld.acquire.gpu", "ld.atom.acq.wg.sc0"), as pictures show it.
    std::string instance_text(litmus::Dialect dialect, exec::Scope target) const;
};

// One line `source -> targets`.
struct Rule {
    SourceKind source = SourceKind::read;
    std::optional<exec::Order> order;  // nullopt: matches every order
    // OpenCL memory regions the rule is for (`R.rlx.global`: exec::Tag
    // GLOBAL and LOCAL bits, exactly those of the event); 0: every region.
    exec::TagSet regions = 0;
    std::vector<TargetOp> targets;     // in program order; empty for `nop`
    // Power's `cmpw ; bne` right after the rule's load: the rule compares
    // the value it loaded and branches on it (LLVM's `cmp r,r; bne- .+4`
    // before an `isync`), so every later target event of the thread depends
    // on the load by control (ctrl).  Only in PPC rules of R classes.
    bool branch_on_load = false;
    int line = 0;

    // Whether the rule applies to a source event of this class, order and
    // regions (region_tags of the event's tags).
    bool matches(SourceKind kind, exec::Order event_order, exec::TagSet event_regions = 0) const;
    // The left-hand side as written canonically: "R", "RMW.acq_rel",
    // "W.rel.global".
    std::string source_text() const;
    // The right-hand side as written canonically: "nop", or the ops'
    // to_string() joined by " ; ", with "cmpw ; bne" after the load of a
    // rule that branches on it.
    std::string target_text() const;
};

// The GLOBAL and LOCAL bits of exec::Tag bits: the part of an event's tags
// that classes and rules speak of (OpenCL memory regions).
exec::TagSet region_tags(exec::TagSet tags);
// ".global", ".local", ".global.local" or "" for region bits.
std::string region_suffix(exec::TagSet regions);

// A class of source events: a kind and the memory order the source
// dialect gives it (Order::none in a dialect without orders, AuDaLa).
// Written as mapping files write left-hand sides: "R.na", "RMW.sc", "R".
struct SourceClass {
    SourceKind kind = SourceKind::read;
    exec::Order order = exec::Order::none;
    // OpenCL: the memory region of an access (GLOBAL or LOCAL, the same for
    // every access of a location) or the regions a fence orders (GLOBAL,
    // LOCAL or both); 0 in other dialects.
    exec::TagSet regions = 0;
    bool operator==(const SourceClass&) const = default;
    std::string to_string() const;
};

// "R.rlx, W.rel, ..." : the classes' names, comma-separated, for messages.
std::string to_string(const std::vector<SourceClass>& classes);

// The classes of the events a dialect's programs are made of, as the
// checker searches them: kinds R, W, RMW, F in that order, orders weakest
// first.  C: R na rlx acq sc, W na rlx rel sc, RMW rlx acq rel acq_rel sc,
// F acq rel acq_rel sc (a relaxed fence is no fence); OpenCL: C's, each
// access in global or local memory, each fence for global, local or both
// (R.rlx.global, F.acq.global.local, ...); PTX: R
// weak rlx acq, W weak rlx rel, RMW rlx acq rel acq_rel, F acq rel acq_rel
// sc; AuDaLa: R and W.  Empty for Vulkan, whose programs the checker does
// not generate.
std::vector<SourceClass> dialect_classes(litmus::Dialect dialect);

// "R", "RMW.acq_rel", "W.weak", "R.rlx.global": a kind with an optional
// order as source_order_name spells it and optional regions; nullopt for
// anything else.
std::optional<SourceClass> parse_source_class(std::string_view text);

struct Mapping {
    std::string name;  // from the `mapping NAME` header
    std::string path;  // load_mapping: the file's absolute normalized path;
                       // parse_mapping: the name given for messages
    // The dialect the right-hand sides are written in (`target DIALECT`).
    litmus::Dialect target = litmus::Dialect::ptx;
    // `scope SRC -> TGT` lines: where `$sco` sends a source scope level;
    // a level without a line keeps its level.
    std::map<exec::Scope, exec::Scope> scopes;
    std::vector<Rule> rules;  // in file order

    // The scope `$sco` gives a source event of scope 'source' (nullopt for
    // Scope::none: the event has none to pass on).
    std::optional<exec::Scope> target_scope(exec::Scope source) const;
    // The scope 'op' has for a source event of scope 'source': its fixed
    // scope, or target_scope(source) for `$sco`.
    std::optional<exec::Scope> scope_of(const TargetOp& op, exec::Scope source) const;

    // The one rule matching a source event of class 'kind', order 'order'
    // (exec::Order::none for unordered sources such as AuDaLa's) and
    // regions, or nullptr if the mapping has none.  Never ambiguous:
    // overlapping rules are rejected when the file is read.
    const Rule* rule_for(SourceKind kind, exec::Order order, exec::TagSet regions = 0) const;
};

// Parses mapping text.  'file' only names the text in messages (and becomes
// Mapping::path).  Throws MappingError at the first syntax or shape error.
Mapping parse_mapping(std::string_view text, const std::string& file);

// Reads and parses a mapping file.  Throws MappingError, with line 0 if the
// file cannot be read.
Mapping load_mapping(const std::filesystem::path& path);

// ---------------------------------------------------------------------------
// Check files

enum class Expectation { holds, fails };

// How a target execution is read back into the source (see `lift` above).
enum class Lift { extends, per_thread };

struct AxiomExpectation {
    std::string name;  // an axiom or flag name of the source model
    Expectation expected = Expectation::holds;
    // false: the check file names no axiom, and the checker added this one
    // (every axiom and flag of the source model but the race-free flag)
    // with no expectation to compare with.
    bool stated = true;
    std::optional<int> smallest;  // `fails at N`: N source events
    int line = 0;
    Position where;  // of the name, for errors about it
};

// `exclude PATTERN  # reason`: classes of the source dialect the search
// leaves out on purpose; part of every claim the check makes.  A pattern is
// written as a class with any part left out: a kind or `*`, then an order,
// then regions ("RMW": every read-modify-write; "*.local": every event in
// or for local memory; "RMW.sc"; "F.acq.global").
struct Exclusion {
    std::optional<SourceKind> kind;    // nullopt: `*`, every kind
    std::optional<exec::Order> order;  // nullopt: every order
    exec::TagSet regions = 0;          // the class must have these (0: any)
    std::string text;                  // the pattern as written
    std::string reason;                // the line's comment, or empty
    Position where;                    // of the pattern

    bool covers(const SourceClass& c) const;
    // The exclusion of exactly the class 'c'.
    static Exclusion of(const SourceClass& c, std::string reason);
};

// "RMW", "*.local", "R.na", "F.acq.global.local": an exclusion pattern;
// nullopt for anything else.
std::optional<Exclusion> parse_exclusion(std::string_view text);

struct CheckDefinition {
    std::string name;  // from the `check NAME` line
    std::string path;  // load_check: absolute normalized; parse_check: as given
    // The referenced files as absolute, lexically normalized paths; each
    // existed as a regular file when the check was read.
    std::string source_model;
    std::string target_model;
    std::string mapping;
    int events = 0;  // the default bound, >= 1
    std::optional<std::string> race_free_flag;
    Lift lift = Lift::extends;
    // `scopes cta cluster gpu sys`: the scope tree has a cluster level
    // between CTA and GPU.
    bool cluster_level = false;
    // `scopes cta gpu`: every thread on one GPU (in CTAs of it), as on a
    // target with one device (Vulkan); atomics are still .cta, .gpu or .sys.
    bool one_gpu = false;
    // In file order, names distinct; empty when the file names none (the
    // checker then adds every axiom of the source model, unstated).
    std::vector<AxiomExpectation> axioms;
    // `dialect D`: the source programs' dialect (c, opencl, ptx, vulkan,
    // audala); without it the checker takes the first the source model
    // judges among those it can search (litmus/dialects.hpp).
    std::optional<litmus::Dialect> dialect;
    Position dialect_at;
    std::vector<Exclusion> exclusions;  // in file order, patterns distinct
    // Where each was written (the argument's token), for errors the checker
    // finds once the files are loaded; line 0 when not from a file.
    Position source_at, target_at, mapping_at, race_free_at;
};

// Parses check text.  'file' names the text in messages; relative paths in
// it resolve against 'base_dir' (made absolute against the current
// directory).  Throws MappingError at the first syntax or validation error,
// including a referenced file that does not exist (at the path's token).
CheckDefinition parse_check(std::string_view text, const std::string& file,
                            const std::filesystem::path& base_dir);

// Reads and parses a check file; its paths resolve against the file's own
// directory.  Throws MappingError, with line 0 if the file cannot be read.
CheckDefinition load_check(const std::filesystem::path& path);

// ---------------------------------------------------------------------------
// Names, as the files spell them

std::string to_string(SourceKind kind);     // "R", "W", "RMW", "F"
std::string to_string(Instruction op);      // "ld", "st", "atom", "fence"
std::string to_string(Expectation e);       // "holds", "fails"
// A source order's C++ name ("na", "rlx", "acq", "rel", "acq_rel", "sc");
// "none" for Order::none and "weak" for Order::weak, which no source uses.
std::string source_order_name(exec::Order order);
// A target qualifier's PTX name ("weak", "relaxed", "acquire", "release",
// "acq_rel", "sc"); "none" / "na" for the two orders PTX does not have.
std::string ptx_semantics_name(exec::Order order);
// "cta", "cluster", "gpu", "sys"; "none" for Scope::none.
std::string scope_name(exec::Scope scope);

}  // namespace mapsound::mapping
