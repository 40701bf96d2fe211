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

// The scope an operation is qualified with; 'none' means the thread only
// (non-atomic C++ accesses, PTX .weak).
enum class Scope { none, cta, gpu, sys };

struct Event {
    EventKind kind = EventKind::read;
    int thread = -1;        // -1: an initial write
    int location = -1;      // index into PreExecution::locations; -1 for fences and barriers
    std::int64_t value = 0; // the value read or written
    Order order = Order::none;
    Scope scope = Scope::none;
    int barrier = -1;       // barrier id (barriers only)
    std::string label;      // for pictures and messages, e.g. "ld.acquire.gpu x"
    // Barriers only: which instance of barrier 'barrier' in its CTA the
    // event belongs to (sbar relates the events of one instance; without a
    // thread count every event of a barrier is in instance 0), and whether
    // the thread only arrives there without waiting (PTX bar.arrive; set
    // BAR_ARRIVE).
    int barrier_instance = 0;
    bool barrier_arrive = false;
};

struct ThreadPlacement {
    int cta = 0;
    int gpu = 0;
    bool operator==(const ThreadPlacement&) const = default;
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

// The vocabulary of a pre-execution: every base set and relation as a
// constant, and 'rf' as the given free relation.  Names (README,
// "Execution vocabulary"): sets R W F BAR BAR_ARRIVE M IW RMW, NA WEAK RLX
// ACQ REL ACQ_REL SC, CTA GPU SYS; relations po rf rmw addr data ctrl loc
// int ext scta sgpu incl sbar (distinct barrier events of one instance of
// one barrier in one CTA).
model::Vocabulary vocabulary_of(const PreExecution& x, const rel::Relation& rf);

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
