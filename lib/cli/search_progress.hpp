// The live progress line of a search (check, compare, report): on stderr,
// rewritten in place on a terminal, or, when asked for with --progress and
// stderr is not a terminal (a log), one line "progress [...] ..." per
// second at most.
#pragma once

#include "mapsound/check.hpp"

namespace mapsound::cli {

class SearchProgress {
public:
    // Live when 'requested' (--progress), or when stderr is a terminal and
    // the output is not JSON.
    SearchProgress(bool requested, bool json);

    // Makes 'options' report to this line (nothing when not live).
    void attach(check::Options& options) const;

    // Erases the line on a terminal, before other output; safe to repeat.
    void clear() const;

private:
    bool live_;
    bool terminal_;
};

}  // namespace mapsound::cli
