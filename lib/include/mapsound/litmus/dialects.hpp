// Which models can judge which dialects' programs.
//
// Each dialect's front end sets some primitive names of the execution
// vocabulary and never others: C sets the C++ memory orders (NA .. SC) and
// the scope levels CTA .. SYS; OpenCL adds memory regions (GLOBAL, LOCAL)
// and barriers; PTX has WEAK where C has NA, proxies and barriers; Vulkan
// storage classes, availability and visibility; AuDaLa and x86 none of
// them.  A
// model that judges programs missing what it is about answers the wrong
// question: opencl.cat orders only GLOBAL and LOCAL accesses, so under C it
// orders nothing; audala.cat reads no memory order, so under C acquire and
// release would silently mean nothing.  Such pairs are refused, never
// answered:
//
//   - a model that `needs` a name (see model::DeclaredName) judges only
//     dialects that set it;
//   - a model that reads none of the memory orders a dialect's programs
//     carry judges that dialect only when it `ignores` each of them (sc.cat:
//     every access is sequentially consistent whatever its order).
//
// Litmus mode, `compare` and `check` all ask refusal() before judging.
#pragma once

#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "mapsound/litmus/program.hpp"
#include "mapsound/model.hpp"

namespace mapsound::litmus {

// Every dialect, in the order a search prefers them when a model judges
// several: c, opencl, ptx, vulkan, audala, x86.
const std::vector<Dialect>& all_dialects();

// The dialect named "c", "opencl", "ptx", "vulkan", "audala" or "x86" (as
// to_string(Dialect) spells them), or nullopt.
std::optional<Dialect> dialect_named(std::string_view name);

// The primitive names a dialect's programs can set beyond those every
// dialect sets (event kinds, IW, po, rf, rmw, dependencies, locations,
// threads): its memory orders, scope levels, tags and barrier names.
const std::vector<std::string>& dialect_vocabulary(Dialect d);

// The memory-order names of the vocabulary: NA, WEAK, RLX, ACQ, REL,
// ACQ_REL, SC.
const std::vector<std::string>& order_names();

// Why 'model' cannot judge programs of dialect 'd': one sentence naming the
// model file, the names at issue, the dialects that would set them and how
// the model says it means it; nullopt when it can.  Reads the model's
// declarations and the names it mentions, without instantiating it.
std::optional<std::string> refusal(const model::Model& model, Dialect d);
// The same for programs of dialect 'd' that set only 'vocabulary' (a part of
// dialect_vocabulary(d): the mapping checker's generated programs carry
// orders and scopes but no tags), called 'programs' in the sentence ("the
// checker's OpenCL programs").
std::optional<std::string> refusal(const model::Model& model, Dialect d, const std::vector<std::string>& vocabulary,
                                   const std::string& programs);

// What litmus mode, compare and check throw for a refused pair: what() is
// refusal()'s sentence.
class DialectRefused : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// The dialects whose programs 'model' can judge, in all_dialects() order.
std::vector<Dialect> dialects_of(const model::Model& model);

// "C", "OpenCL", "PTX", "Vulkan", "AuDaLa", "x86": the dialect as prose names it.
std::string dialect_title(Dialect d);

}  // namespace mapsound::litmus
