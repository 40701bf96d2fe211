// Writing a counterexample's files (see counterexample_files.hpp).
#include "cli/counterexample_files.hpp"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <memory>
#include <optional>

extern char** environ;

namespace mapsound::cli {

// Read from dot's standard output, so that dot never opens a path in the
// output directory.
std::optional<std::string> render_svg(const std::string& graph) {
    const std::unique_ptr<std::FILE, int (*)(std::FILE*)> input(std::tmpfile(), std::fclose);
    if (!input || std::fwrite(graph.data(), 1, graph.size(), input.get()) != graph.size() ||
        std::fflush(input.get()) != 0 || std::fseek(input.get(), 0, SEEK_SET) != 0)
        return std::nullopt;
    int pipe_fds[2];
    if (::pipe2(pipe_fds, O_CLOEXEC) != 0) return std::nullopt;
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, fileno(input.get()), 0);
    posix_spawn_file_actions_adddup2(&actions, pipe_fds[1], 1);
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
    char dot[] = "dot", format[] = "-Tsvg";
    char* argv[] = {dot, format, nullptr};
    pid_t pid = 0;
    const int rc = posix_spawnp(&pid, "dot", &actions, nullptr, argv, environ);
    posix_spawn_file_actions_destroy(&actions);
    ::close(pipe_fds[1]);
    std::string svg;
    if (rc == 0) {
        char buf[8192];
        for (;;) {
            const auto n = ::read(pipe_fds[0], buf, sizeof buf);
            if (n < 0 && errno == EINTR) continue;
            if (n <= 0) break;
            svg.append(buf, static_cast<std::size_t>(n));
        }
    }
    ::close(pipe_fds[0]);
    if (rc != 0) return std::nullopt;
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0)
        if (errno != EINTR) return std::nullopt;
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0 || svg.empty()) return std::nullopt;
    return svg;
}

std::vector<std::filesystem::path> write_counterexample(output::OutputDirectory& out, const std::string& axiom,
                                                        const check::Counterexample& c) {
    const std::string name = output::safe_file_name(axiom);
    std::vector<std::filesystem::path> written;
    written.push_back(out.write(name + "-source.litmus", c.source_litmus_text));
    written.push_back(out.write(name + "-target.litmus", c.target_litmus_text));
    for (const auto& [side, graph] : {std::pair{"source", &c.source_dot}, std::pair{"target", &c.target_dot}}) {
        written.push_back(out.write(name + "-" + side + ".dot", *graph));
        if (const auto svg = render_svg(*graph)) written.push_back(out.write(name + "-" + side + ".svg", *svg));
    }
    written.push_back(out.write(name + "-explanation.txt", c.explanation + "\n"));
    return written;
}

}  // namespace mapsound::cli
