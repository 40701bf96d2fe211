// A mapping rule's target instruction, read by the target dialect's own
// litmus front end: one definition per instruction form.
//
// The instruction text (no operands, `$sco` for the source's scope) is
// placed with placeholder operands in a one-thread litmus test of the
// dialect, which litmus::parse_litmus reads and litmus::expand turns into
// events; their kinds, order, scope and tags become the TargetOp.  So a
// rule's `ld.acquire.gpu` or `ld.atom.acq.wg.sc0.semsc0` means what the same
// instruction means in a litmus test, defaults (PTX atom's .relaxed and
// .gpu) and implied tags (Vulkan atomics are non-private) included.
#pragma once

#include <optional>
#include <string>

#include "mapsound/litmus/program.hpp"
#include "mapsound/mapping.hpp"

namespace mapsound::mapping::detail {

// Whether rules may target 'dialect': PTX, Vulkan, x86, AArch64, PPC,
// RISC-V.
bool target_dialect(litmus::Dialect dialect);

// The text of Power's reservation pair as a rule writes it (and as
// TargetOp::text keeps it): one read-modify-write.  AArch64's exclusive
// pairs are kept as written, "LDAXR ; STLXR".
inline constexpr std::string_view ppc_reservation = "lwarx ; stwcx.";

// The TargetOp of 'text' in 'dialect' (a target_dialect), 'where' being the
// text's first character in the mapping file; 'access' is the memory
// instruction the rule's class maps to (x86's MOV is a load or a store by
// it).  Throws MappingError at the offending character, with what the
// dialect's parser expected there.
TargetOp read_target_instruction(litmus::Dialect dialect, const std::string& text, const Position& where,
                                 std::optional<Instruction> access = std::nullopt);

// The dialect's word for a scope level in instructions: PTX cta, cluster,
// gpu, sys; Vulkan sg, wg, qf, dv.  Empty when the dialect has no such
// level.
std::string scope_word(litmus::Dialect dialect, exec::Scope scope);

}  // namespace mapsound::mapping::detail
