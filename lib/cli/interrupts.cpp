// SIGINT and SIGTERM as a stop request (see interrupts.hpp).
#include "cli/interrupts.hpp"

#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <stdexcept>

namespace mapsound::cli {

namespace {

constexpr int kSignals[] = {SIGINT, SIGTERM};

// Shared with the handler: plain ints and a lock-free atomic only.
int wake_pipe[2] = {-1, -1};
std::atomic<int> first_signal{0};
static_assert(std::atomic<int>::is_always_lock_free);
struct sigaction previous[2];

extern "C" void on_signal(int number) {
    const int saved = errno;
    int expected = 0;
    if (!first_signal.compare_exchange_strong(expected, number)) {
        // A second signal: the user insists, so end as the default would.
        ::signal(number, SIG_DFL);
        ::raise(number);
    }
    const char byte = static_cast<char>(number);
    [[maybe_unused]] const auto ignored = ::write(wake_pipe[1], &byte, 1);
    errno = saved;
}

}  // namespace

Interrupts::Interrupts() {
    first_signal = 0;
    if (::pipe2(wake_pipe, O_CLOEXEC) != 0) throw std::runtime_error("cannot create the signal pipe");
    struct sigaction action {};
    action.sa_handler = on_signal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    for (int i = 0; i < 2; ++i) ::sigaction(kSignals[i], &action, &previous[i]);
    // Byte 0 from the destructor ends the watcher; anything else is a signal.
    watcher_ = std::jthread([this] {
        for (;;) {
            char byte = 0;
            const auto n = ::read(wake_pipe[0], &byte, 1);
            if (n < 0 && errno == EINTR) continue;
            if (n <= 0 || byte == 0) return;
            stop_.request_stop();
        }
    });
}

Interrupts::~Interrupts() {
    for (int i = 0; i < 2; ++i) ::sigaction(kSignals[i], &previous[i], nullptr);
    const char done = 0;
    while (::write(wake_pipe[1], &done, 1) < 0 && errno == EINTR) {
    }
    watcher_.join();
    ::close(wake_pipe[0]);
    ::close(wake_pipe[1]);
    wake_pipe[0] = wake_pipe[1] = -1;
}

int Interrupts::signal() const { return first_signal.load(); }

const char* Interrupts::signal_name() const {
    switch (signal()) {
        case SIGINT: return "SIGINT";
        case SIGTERM: return "SIGTERM";
        default: return "no signal";
    }
}

}  // namespace mapsound::cli
