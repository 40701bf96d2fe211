// The mapping table laid out for the symbolic search: for each kind of
// source operation, a fixed row of target slots, and for each rule which
// slots its instructions fill.
//
// A single source operation (a read, a write or a fence) owns the slots
//   pre[0..P-1]  anchor  post[0..Q-1]
// where the anchor holds the rule's memory access (its ld or st), or, for a
// rule of fences only, its last fence; the instructions before and after
// the anchor fill the pre slots (right-aligned) and the post slots
// (left-aligned).  A read-modify-write owns
//   pre[0..P-1]  atom-read  atom-write  post[0..Q-1]
// the same way around its atom.  P and Q are the largest any rule needs, so
// every rule fits, and a slot is an event exactly when the operation's rule
// fills it.  The slots in order are the target events in program order, so
// target po and the map relation are the same for every rule: they depend
// on the shape only (a slot before or at the atom read maps to the source
// read of a read-modify-write, the others to its write).
#pragma once

#include <map>
#include <optional>
#include <vector>

#include "mapsound/exec.hpp"
#include "mapsound/mapping.hpp"

namespace mapsound::check {

// What one target slot holds under one rule.
struct SlotEvent {
    exec::EventKind kind = exec::EventKind::fence;
    exec::Order order = exec::Order::none;
    bool scope_from_source = false;  // `.$sco`
    exec::Scope scope = exec::Scope::none;  // when !scope_from_source
    exec::TagSet tags = 0;                  // exec::Tag bits
    // A load the rule branches on (Rule::branch_on_load): ctrl to every
    // later target event of the thread.
    bool branch = false;
};

// One rule placed into a row of slots.
struct PlacedRule {
    const mapping::Rule* rule = nullptr;
    mapping::SourceKind kind = mapping::SourceKind::read;
    exec::Order order = exec::Order::none;  // the source order it matches (none: unordered)
    exec::TagSet regions = 0;               // the class's OpenCL regions (exec::Tag bits)
    std::vector<std::optional<SlotEvent>> slots;  // one per slot of its row
};

// The slot row of one kind of source operation.
struct Row {
    int pre = 0;   // P
    int post = 0;  // Q
    int anchor = 0;  // index of the anchor (single) or the atom read (RMW)
    int size = 0;    // number of slots
    std::vector<PlacedRule> rules;  // the rules for this kind of operation
};

struct Lowering {
    Row single;  // rules for R, W and F
    Row rmw;     // rules for RMW
    // Where `$sco` sends each source scope level (Mapping::target_scope).
    std::map<exec::Scope, exec::Scope> scopes;
    exec::Scope target_scope(exec::Scope source) const {
        const auto it = scopes.find(source);
        return it == scopes.end() ? source : it->second;
    }
    bool has_rmw() const { return !rmw.rules.empty(); }
    bool has_fences() const;  // some rule lowers a source fence
};

// Lays out 'mapping' for the source classes searched: one placed rule per
// class, its rule_for rule with the class's kind and order (a rule without
// an order is placed for every class it covers).  Throws
// std::invalid_argument for a class the mapping has no rule for (the
// checker refuses such a check before it gets here).
Lowering lay_out(const mapping::Mapping& mapping, const std::vector<mapping::SourceClass>& classes);

}  // namespace mapsound::check
