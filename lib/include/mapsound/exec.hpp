// Executions: the events of one run of a program and the fixed relations
// between them, and the vocabulary that models are written against.
//
// A PreExecution fixes everything a program run determines by itself:
// events, their kinds, tags, locations and values, program order, the scope
// tree, read-modify-write pairs and dependencies.  What the memory system
// chooses (rf, and whatever witnesses a model declares, such as co) is left
// to the solver.  Initial writes are explicit events (set IW), one per
// location, outside every thread.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "mapsound/model.hpp"
#include "mapsound/rel.hpp"

namespace mapsound::exec {

enum class EventKind { read, write, fence, barrier };

// Memory-order tags shared by all models: C++ orders and PTX qualifiers use
// the same names where they mean the same thing (see README).
enum class Order { none, na, weak, rlx, acq, rel, acq_rel, sc };

// Whether an event of order o is atomic and so carries a scope: every order
// but none (AuDaLa), na (C++ non-atomic) and weak (PTX .weak).
constexpr bool has_scope(Order o) { return o != Order::none && o != Order::na && o != Order::weak; }

// The levels of the scope tree, innermost first: thread (none), subgroup,
// CTA (= workgroup), cluster, queue family, GPU (= device), system.  Each
// dialect uses a subset (PTX: cta cluster gpu sys; Vulkan: sg wg qf dv;
// OpenCL: wg dev all); an event's scope is the level it is qualified with,
// and 'none' means the thread only (non-atomic C++ accesses, PTX .weak).
enum class Scope { none, sg, cta, cluster, qf, gpu, sys };

// Tags beyond kind, order and scope that some models read (see README,
// "Execution vocabulary"); each is a set of the vocabulary of the same name.
enum class Tag : unsigned {
    sur,       // SUR: PTX surface proxy (sust/suld, fence.proxy.surface)
    tex,       // TEX: PTX texture proxy (tld, fence.proxy.texture)
    con,       // CON: PTX constant proxy (cold, fence.proxy.constant)
    alias,     // ALIAS: PTX fence.proxy.alias
    nonpriv,   // NONPRIV: Vulkan non-private access
    sc0,       // SC0 .. SC3: Vulkan storage class of an access
    sc1,
    sc2,
    sc3,
    semsc0,    // SEMSC0 .. SEMSC3: Vulkan storage-class semantics
    semsc1,
    semsc2,
    semsc3,
    av,        // AV, VIS: Vulkan availability / visibility of an access
    vis,
    semav,     // SEMAV, SEMVIS: Vulkan availability / visibility semantics
    semvis,
    avdevice,  // AVDEVICE, VISDEVICE: Vulkan device-domain operations
    visdevice,
    global,    // GLOBAL, LOCAL: OpenCL memory region of an access, or the
    local,     //   regions a fence or barrier applies to
    bar_arrive,  // BAR_ARRIVE: a barrier event whose thread only arrives,
                 //   without waiting (PTX bar.arrive)
    dmb_full,    // dmb.full, dmb.ld, dmb.st: AArch64 barriers by what they
    dmb_ld,      //   order (DMB or DSB with option SY/ISH/OSH/NSH, LD-,
    dmb_st,      //   ST-suffixed): all accesses, loads before, stores
    isb,         // ISB: AArch64 instruction synchronization barrier
    acquire_pc,  // Q: AArch64 load-acquire with processor consistency (LDAPR)
    exclusive,   // X: AArch64 exclusive access (LDXR, STXR and their A/L forms)
    sync,        // SYNC, LWSYNC, ISYNC: Power's barriers
    lwsync,
    isync,
    fence_pr,    // Fence.pr, Fence.pw, Fence.sr, Fence.sw: a RISC-V
    fence_pw,    //   "fence p,s" by its predecessor (p) and successor (s)
    fence_sr,    //   sets: reads (r), writes (w) or both (rw, both tags)
    fence_sw,
    fence_tso,   // Fence.tso: RISC-V fence.tso
    count_
};
inline constexpr unsigned kTagCount = static_cast<unsigned>(Tag::count_);
// A set of tags: bit t set when the set holds Tag t.
using TagSet = std::uint64_t;
static_assert(kTagCount <= 64, "a TagSet is a 64-bit bit set");
// The set holding exactly 't'.
constexpr TagSet tag_bit(Tag t) { return TagSet{1} << static_cast<unsigned>(t); }
// The vocabulary's name for a tag ("SUR", "NONPRIV", ...).
const char* tag_name(Tag t);

struct Event {
    EventKind kind = EventKind::read;
    int thread = -1;        // -1: an initial write
    int location = -1;      // index into PreExecution::locations; -1 for fences and barriers
    std::int64_t value = 0; // the value read or written
    Order order = Order::none;
    Scope scope = Scope::none;
    int barrier = -1;       // barrier id (barriers only)
    std::string label;      // for pictures and messages, e.g. "ld.acquire.gpu x"
    TagSet tags = 0;        // bit t set: the event carries Tag t
    // The location as the program names it, when that differs from
    // 'location' (a PTX 7.5 alias of it); -1: the same.
    int virtual_location = -1;
    // Barriers only: which instance of barrier 'barrier' in its CTA the
    // event belongs to (same-barrier relates the events of one instance;
    // without a thread count every event of a barrier is in instance 0).
    int barrier_instance = 0;
    // Reads only: the value is left open (litmus mode's free reads, see
    // litmus::ExpandOptions::free_reads): the read may read from any write
    // of its location, and 'value' means nothing.
    bool any_value = false;
    // Litmus mode, a mixed-size program: the run of the instruction whose
    // access this event is a piece of, when tearing split that access
    // (lib/litmus/tear.hpp): equal for the pieces of one run of one
    // instruction in a thread (a loop's next run is another); -1: a whole
    // access.  Its pieces of one kind (reads, writes) are not ordered by po
    // and are related by si (litmus::detail::litmus_vocabulary); a
    // read-modify-write's read pieces stay po-before its write pieces.
    int piece_of = -1;

    bool has(Tag t) const { return (tags & tag_bit(t)) != 0; }
    Event& tag(Tag t) {
        tags |= tag_bit(t);
        return *this;
    }
};

// Where a thread runs in the scope tree: the instance of each level,
// numbered within the enclosing instance ("P0@cta 1,gpu 0": CTA 1 of GPU
// 0).  Two threads share an instance of a level when their numbers agree
// at that level and every level above it; levels a test does not mention
// are 0, so all its threads share them.
struct ThreadPlacement {
    int cta = 0;
    int gpu = 0;
    int sg = 0;
    int cluster = 0;
    int qf = 0;
    bool operator==(const ThreadPlacement&) const = default;
    // Whether two threads placed so share the instance of 'level' (sg ..
    // gpu; sys: always; none: never).
    bool shares(const ThreadPlacement& other, Scope level) const;
};

struct PreExecution {
    std::vector<std::string> locations;
    std::vector<ThreadPlacement> threads;
    // Events of each thread appear in program order; initial writes have
    // thread -1.
    std::vector<Event> events;
    std::vector<std::pair<int, int>> rmw, addr, data, ctrl;
};

// The atoms of an execution's universe: "e<i>" for event i.
rel::Universe universe_of(const PreExecution& x);

// The vocabulary of a pre-execution: every name of README's "Execution
// vocabulary" as a constant, and 'rf' as the given free relation.  The
// primitive facts (kinds, tags, scopes, locations, program order, thread
// placement, barrier instances) are read off the events; every derived name
// (loc, int, ext, incl, scta, ...) is the value of its one definition in
// vocabulary_definitions(), evaluated on those facts.
model::Vocabulary vocabulary_of(const PreExecution& x, const rel::Relation& rf);

// The definitions of the derived vocabulary names over the primitive ones
// (lib/exec/vocabulary.cat, built into the library).  The mapping checker
// instantiates the same definitions on its symbolic primitives, and the Coq
// export translates them, so each name has one definition.
const model::Model& vocabulary_definitions();
// The text of lib/exec/vocabulary.cat.
const std::string& vocabulary_text();
// The names vocabulary.cat takes as given, in its order: sets first, then
// relations ("rf" among them).
const std::vector<std::string>& primitive_names();
// The whole vocabulary from the primitive facts: 'primitives' (one entry
// per primitive_names(), "_" included) and every derived name as its
// definition over them.  Throws std::invalid_argument naming a missing
// primitive.
model::Vocabulary derive_vocabulary(model::Vocabulary primitives);

// The names that depend on the scope tree or on scope tags: a model that
// reads none of them cannot tell scopes apart.
const std::vector<std::string>& scope_names();

// Bounds rf by the pairs (w, r) of a write and a read of the same location
// and value, and returns the formula that makes rf a function from reads to
// writes (every read reads from exactly one write).
rel::Formula bound_reads_from(const PreExecution& x, const rel::Relation& rf, rel::Bounds& bounds);

// The solver's question about one pre-execution under one model: the
// universe of its events, rf bounded as bound_reads_from does, the model
// instantiated on the pre-execution's vocabulary, and each witness bounded
// by (an upper approximation of) its declared upper bound.  Further
// relations may be bounded in 'bounds' before solving.
struct ExecutionQuery {
    ExecutionQuery(const model::Model& model, const PreExecution& x);

    rel::Bounds bounds;
    rel::Relation rf;
    model::ModelInstance instance;
    rel::Formula reads_from;  // rf is a function from reads to candidate writes

    // A candidate execution: reads_from and the witnesses' requirements.
    rel::Formula well_formed() const;
    // A consistent execution: well_formed() and every axiom of the model.
    rel::Formula consistent() const;
};

}  // namespace mapsound::exec
