// What an instruction's events carry: their order, scope and tags, from the
// instruction's memory order, scope and qualifiers (the brief's table), and
// their names in event labels (see expand_thread.cpp).
#pragma once

#include "litmus/expand_context.hpp"

namespace mapsound::litmus::detail {

// The execution's scope level of an instruction's scope.
exec::Scope event_scope(Scope s);

// The exec::Tag bits of an instruction's qualifiers (regions, proxies,
// Vulkan's storage classes, semantics, availability and visibility).
exec::TagSet qualifier_tags(const Qualifiers& q);

// The tag of a CPU barrier (x86, AArch64, Power and RISC-V fences), or 0.
exec::TagSet cpu_barrier_tags(const Fence& f);

// An access's, fence's or barrier's order and scope.
Tag tag_of(MemoryOrder o, Scope s);
// The same with its qualifiers' tags.
Tag tag_of(MemoryOrder o, Scope s, const Qualifiers& q);

// "rlx", "cta", ... as event labels write them ("" for none).
const char* order_name(exec::Order o);
const char* scope_name(exec::Scope s);

}  // namespace mapsound::litmus::detail
