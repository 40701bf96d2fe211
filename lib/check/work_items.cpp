// Scheduling one bound's shapes on Options::workers (see work_items.hpp).
#include "check/work_items.hpp"

#include <stdexcept>

namespace mapsound::check {

std::string WorkItem::to_string() const {
    return axiom + ", bound " + std::to_string(bound) + ", shape " + std::to_string(shape + 1) + " of " +
           std::to_string(shapes) + " " + shape_text;
}

RemoteBound search_remotely(Workers& workers, const std::string& axiom, int bound, const std::vector<Shape>& shapes,
                            bool every_shape, std::stop_token stop, const std::function<void(std::size_t)>& done) {
    RemoteBound out;
    out.best = shapes.size();
    out.statistics.resize(shapes.size());
    std::vector<int> idle;
    for (int w = workers.count() - 1; w >= 0; --w) idle.push_back(w);  // worker 0 first
    std::size_t next = 0, in_flight = 0, finished = 0;
    std::optional<std::pair<std::size_t, std::string>> error;  // the smallest failed index and its message
    for (;;) {
        while (!idle.empty() && next < shapes.size() && (every_shape || next <= out.best) && !error &&
               !stop.stop_requested()) {
            WorkItem item{axiom, bound, next, shapes.size(), shapes[next].to_string()};
            workers.start(idle.back(), item);
            idle.pop_back();
            ++next;
            ++in_flight;
        }
        if (in_flight == 0) break;
        auto f = workers.wait(stop);
        if (!f) {
            out.stopped = true;
            break;
        }
        --in_flight;
        idle.push_back(f->worker);
        const std::size_t i = f->item.shape;
        if (!f->result.error.empty()) {
            if (!error || i < error->first)
                error.emplace(i, "work item " + f->item.to_string() + ": " + f->result.error);
            continue;
        }
        out.statistics[i] = f->result.statistics;
        if (f->result.stopped) out.stopped = true;
        if (f->result.counterexample && i < out.best) out.best = i;
        done(++finished);
    }
    if (error) throw std::runtime_error(error->second);
    if (stop.stop_requested()) out.stopped = true;
    return out;
}

}  // namespace mapsound::check
