// SIGINT and SIGTERM as a stop request, alike in every command.
//
// While an Interrupts object lives, the first SIGINT or SIGTERM asks its
// stop token to stop (the search ends at the next shape and the command
// reports what it finished); a second signal ends the process at once, as
// the signal's default action would.  The handler only writes the signal
// number to a pipe (async-signal-safe); a watcher thread reads it and
// requests the stop.  One Interrupts object at a time.
#pragma once

#include <stop_token>
#include <thread>

namespace mapsound::cli {

class Interrupts {
public:
    // Installs the handlers (the previous ones come back in the destructor).
    Interrupts();
    ~Interrupts();
    Interrupts(const Interrupts&) = delete;
    Interrupts& operator=(const Interrupts&) = delete;

    std::stop_token token() const { return stop_.get_token(); }
    // The first signal that arrived: 0, SIGINT or SIGTERM.
    int signal() const;
    bool interrupted() const { return signal() != 0; }
    // The exit code of an interrupted command, 128 + signal (130 for SIGINT,
    // 143 for SIGTERM), as shells report a process a signal ended.
    int exit_code() const { return 128 + signal(); }
    // "SIGINT" or "SIGTERM".
    const char* signal_name() const;

private:
    std::stop_source stop_;
    std::jthread watcher_;
};

}  // namespace mapsound::cli
