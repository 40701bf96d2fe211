// mapsound check over MPI ranks (see mpi_check.hpp).
#include "cli/mpi_check.hpp"

#include <mpi.h>
#include <signal.h>

#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <thread>
#include <type_traits>
#include <vector>

#include "cli/check_command.hpp"
#include "mapsound/check.hpp"

namespace mapsound::cli {

namespace {

// Message tags: rank 0 to a worker, a work item or the end; a worker to
// rank 0, a result.
constexpr int kItemTag = 1, kEndTag = 2, kResultTag = 3;

// Messages as bytes: fixed-size numbers copied as they are (every rank is
// the same program, so the same layout), strings length-prefixed.
class Packer {
public:
    template <typename T>
    void put(T value) {
        static_assert(std::is_trivially_copyable_v<T>);
        const auto* p = reinterpret_cast<const char*>(&value);
        bytes_.insert(bytes_.end(), p, p + sizeof value);
    }
    void put(const std::string& text) {
        put<std::uint64_t>(text.size());
        bytes_.insert(bytes_.end(), text.begin(), text.end());
    }
    const std::vector<char>& bytes() const { return bytes_; }

private:
    std::vector<char> bytes_;
};

class Unpacker {
public:
    explicit Unpacker(std::vector<char> bytes) : bytes_(std::move(bytes)) {}
    template <typename T>
    T get() {
        static_assert(std::is_trivially_copyable_v<T>);
        T value;
        need(sizeof value);
        std::memcpy(&value, bytes_.data() + at_, sizeof value);
        at_ += sizeof value;
        return value;
    }
    std::string text() {
        const auto n = static_cast<std::size_t>(get<std::uint64_t>());
        need(n);
        std::string s(bytes_.data() + at_, n);
        at_ += n;
        return s;
    }

private:
    void need(std::size_t n) const {
        if (bytes_.size() - at_ < n) throw std::runtime_error("a truncated MPI message");
    }
    std::vector<char> bytes_;
    std::size_t at_ = 0;
};

void send(const Packer& p, int to, int tag) {
    MPI_Send(p.bytes().data(), static_cast<int>(p.bytes().size()), MPI_BYTE, to, tag, MPI_COMM_WORLD);
}

// Receives the message 'status' announced (MPI_Probe/MPI_Iprobe).
std::vector<char> receive(const MPI_Status& status) {
    int size = 0;
    MPI_Get_count(&status, MPI_BYTE, &size);
    std::vector<char> bytes(static_cast<std::size_t>(size));
    MPI_Recv(bytes.data(), size, MPI_BYTE, status.MPI_SOURCE, status.MPI_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    return bytes;
}

Packer pack(const check::WorkItem& item) {
    Packer p;
    p.put(item.axiom);
    p.put<std::int32_t>(item.bound);
    p.put<std::uint64_t>(item.shape);
    p.put<std::uint64_t>(item.shapes);
    p.put(item.shape_text);
    return p;
}

check::WorkItem unpack_item(Unpacker u) {
    check::WorkItem item;
    item.axiom = u.text();
    item.bound = u.get<std::int32_t>();
    item.shape = static_cast<std::size_t>(u.get<std::uint64_t>());
    item.shapes = static_cast<std::size_t>(u.get<std::uint64_t>());
    item.shape_text = u.text();
    return item;
}

Packer pack(const check::WorkResult& r) {
    Packer p;
    p.put<std::uint8_t>(r.stopped);
    p.put<std::uint8_t>(r.counterexample);
    p.put(r.statistics);  // plain numbers only
    p.put(r.error);
    return p;
}

check::WorkResult unpack_result(Unpacker u) {
    static_assert(std::is_trivially_copyable_v<check::Statistics>);
    check::WorkResult r;
    r.stopped = u.get<std::uint8_t>() != 0;
    r.counterexample = u.get<std::uint8_t>() != 0;
    r.statistics = u.get<check::Statistics>();
    r.error = u.text();
    return r;
}

// The other ranks as check::Workers: worker w is rank w + 1.
class MpiWorkers : public check::Workers {
public:
    explicit MpiWorkers(int ranks) : busy_(static_cast<std::size_t>(ranks - 1)) {}

    int count() const override { return static_cast<int>(busy_.size()); }

    void start(int w, const check::WorkItem& item) override {
        send(pack(item), w + 1, kItemTag);
        busy_[static_cast<std::size_t>(w)] = item;
    }

    std::optional<Finished> wait(std::stop_token stop) override {
        // Polled, so that a stop request (SIGINT, or the SIGTERM with
        // which mpirun ends every rank when one dies) is seen while the
        // workers search.
        auto pause = std::chrono::microseconds(100);
        for (;;) {
            int arrived = 0;
            MPI_Status status;
            MPI_Iprobe(MPI_ANY_SOURCE, kResultTag, MPI_COMM_WORLD, &arrived, &status);
            if (arrived) {
                const int w = status.MPI_SOURCE - 1;
                auto& item = busy_.at(static_cast<std::size_t>(w));
                if (!item) throw std::runtime_error("rank " + std::to_string(w + 1) + " answered no work item");
                Finished f{w, std::move(*item), unpack_result(Unpacker(receive(status)))};
                item.reset();
                return f;
            }
            if (stop.stop_requested()) return std::nullopt;
            std::this_thread::sleep_for(pause);
            pause = std::min(pause * 2, std::chrono::microseconds(20000));
        }
    }

    // "rank 1: coherence, bound 5, shape 3 of 12 [2,1]" per busy worker.
    std::vector<std::string> unfinished() const {
        std::vector<std::string> out;
        for (std::size_t w = 0; w < busy_.size(); ++w)
            if (busy_[w]) out.push_back("rank " + std::to_string(w + 1) + ": " + busy_[w]->to_string());
        return out;
    }

    // Tells every worker the run is over (all are idle).
    void end() const {
        for (int w = 0; w < count(); ++w) MPI_Send(nullptr, 0, MPI_BYTE, w + 1, kEndTag, MPI_COMM_WORLD);
    }

private:
    std::vector<std::optional<check::WorkItem>> busy_;
};

// A worker rank: searches the items rank 0 sends until it sends the end.
void serve(const std::vector<std::string>& args, int rank) {
    std::optional<CheckSetup> setup = check_setup(args);
    // For the fault test (tests/cli/mpi_test.py): this rank kills itself
    // on receiving its n-th work item, as a rank lost to the OOM killer
    // or a crash would end.
    long kill_at = 0;
    if (const char* hook = std::getenv("MAPSOUND_MPI_TEST_KILL_RANK_AT"))
        if (std::atol(hook) > 0 && rank == 1) kill_at = std::atol(hook);
    long received = 0;
    for (;;) {
        MPI_Status status;
        MPI_Probe(0, MPI_ANY_TAG, MPI_COMM_WORLD, &status);
        std::vector<char> bytes = receive(status);
        if (status.MPI_TAG == kEndTag) return;
        if (++received == kill_at) ::raise(SIGKILL);
        check::WorkResult result;
        try {
            const check::WorkItem item = unpack_item(Unpacker(std::move(bytes)));
            if (!setup)
                result.error = "rank " + std::to_string(rank) + " could not read the check or its arguments";
            else
                result = setup->checker.search(item, setup->options);
        } catch (const std::exception& e) {
            result.error = "rank " + std::to_string(rank) + ": " + e.what();
        }
        send(pack(result), 0, kResultTag);
    }
}

}  // namespace

bool started_by_mpirun_with_ranks() {
    for (const char* name : {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE"})
        if (const char* size = std::getenv(name)) return std::atoi(size) > 1;
    return false;
}

int mpi_check_command(const std::vector<std::string>& args) {
    int provided = 0;
    MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided);
    int rank = 0, ranks = 1;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &ranks);
    if (rank != 0) {
        serve(args, rank);
        MPI_Finalize();
        return 0;
    }
    int code = 1;
    std::shared_ptr<MpiWorkers> workers;
    if (ranks > 1) workers = std::make_shared<MpiWorkers>(ranks);
    try {
        code = check_command(args, workers);
    } catch (const std::exception& e) {
        std::cerr << "mapsound check: " << e.what() << "\n";
    }
    if (workers) {
        if (const auto left = workers->unfinished(); !left.empty()) {
            std::cout << std::flush;
            std::cerr << "mapsound check: the run stopped with work items unfinished (when a rank dies, mpirun "
                         "stops every rank; its message names the rank):\n";
            for (const auto& line : left) std::cerr << "  " << line << "\n";
            std::cerr << std::flush;
            MPI_Abort(MPI_COMM_WORLD, code == 0 ? 1 : code);
        }
        workers->end();
    }
    MPI_Finalize();
    return code;
}

}  // namespace mapsound::cli
