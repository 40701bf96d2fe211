// Result files written whole, inside one directory (see output_directory.hpp).
// Every operation is relative to a descriptor of the directory, with
// O_NOFOLLOW on the last component, so neither a link planted in the
// directory nor a name from input can take a write elsewhere.
#include "output/output_directory.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <system_error>
#include <utility>

namespace mapsound::output {

namespace fs = std::filesystem;

namespace {

constexpr std::size_t kMaxNameBytes = 100;
constexpr std::size_t kMaxManifestBytes = std::size_t{1} << 20;

bool portable(unsigned char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' || c == '_' ||
           c == '-';
}

std::uint32_t fnv1a(std::string_view text) {
    std::uint32_t h = 2166136261u;
    for (unsigned char c : text) {
        h ^= c;
        h *= 16777619u;
    }
    return h;
}

std::string reason(int error) { return std::generic_category().message(error); }

// A descriptor closed on scope exit.
class Fd {
public:
    explicit Fd(int fd = -1) : fd_(fd) {}
    ~Fd() { reset(); }
    Fd(Fd&& o) noexcept : fd_(std::exchange(o.fd_, -1)) {}
    Fd& operator=(Fd&& o) noexcept {
        if (this != &o) {
            reset();
            fd_ = std::exchange(o.fd_, -1);
        }
        return *this;
    }
    int get() const { return fd_; }
    explicit operator bool() const { return fd_ >= 0; }
    // Closes now, returning close()'s error (0 when none).
    int close_now() {
        if (fd_ < 0) return 0;
        const int rc = ::close(std::exchange(fd_, -1));
        return rc == 0 ? 0 : errno;
    }

private:
    void reset() {
        if (fd_ >= 0) ::close(fd_);
        fd_ = -1;
    }
    int fd_;
};

// 0, or the errno of the failed write.
int write_all(int fd, std::string_view text) {
    while (!text.empty()) {
        const auto n = ::write(fd, text.data(), text.size());
        if (n < 0) {
            if (errno == EINTR) continue;
            return errno;
        }
        text.remove_prefix(static_cast<std::size_t>(n));
    }
    return 0;
}

std::pair<std::string, std::string> split(const std::string& path) {
    const auto slash = path.find('/');
    if (slash == std::string::npos) return {"", path};
    return {path.substr(0, slash), path.substr(slash + 1)};
}

const char* status_name(RunStatus s) {
    switch (s) {
        case RunStatus::running: return "running";
        case RunStatus::complete: return "complete";
        case RunStatus::interrupted: return "interrupted";
        case RunStatus::failed: return "failed";
    }
    return "running";
}

}  // namespace

std::string safe_file_name(std::string_view wanted) {
    std::string out;
    for (std::size_t i = 0; i < wanted.size() && out.size() < kMaxNameBytes; ++i) {
        const auto c = static_cast<unsigned char>(wanted[i]);
        const bool leading = out.empty() && (c == '.' || c == '-');
        out += portable(c) && !leading ? static_cast<char>(c) : '_';
    }
    if (out.empty()) out = "_";
    if (out != wanted) {
        char hash[16];
        std::snprintf(hash, sizeof hash, "-%08x", static_cast<unsigned>(fnv1a(wanted)));
        out += hash;
    }
    return out;
}

bool is_safe_relative(std::string_view path) {
    const auto slash = path.find('/');
    if (slash == std::string_view::npos) return !path.empty() && safe_file_name(path) == path;
    const std::string_view sub = path.substr(0, slash), name = path.substr(slash + 1);
    return !sub.empty() && !name.empty() && safe_file_name(sub) == sub && safe_file_name(name) == name;
}

struct OutputDirectory::Impl {
    fs::path path;
    std::string run;
    Fd dir;
    bool begun = false;
    std::vector<std::string> listed;  // this run's files, relative
    std::vector<std::string> stale;   // an earlier run's, not rewritten
    std::vector<fs::path> written;
    unsigned counter = 0;

    std::string shown(const std::string& name) const { return (path / name).string(); }

    std::string temporary_name() {
        return ".mapsound-" + std::to_string(::getpid()) + "-" + std::to_string(counter++) + ".tmp";
    }

    // The directory for 'sub' ("" is the output directory itself), created
    // if missing; a link or file in its place is an error for a file and
    // replaced for a link.
    Fd subdirectory(const std::string& sub) {
        if (sub.empty()) {
            const int fd = ::fcntl(dir.get(), F_DUPFD_CLOEXEC, 0);
            if (fd < 0) throw OutputError(path.string() + ": " + reason(errno));
            return Fd(fd);
        }
        for (int attempt = 0; attempt < 2; ++attempt) {
            Fd fd(::openat(dir.get(), sub.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
            if (fd) return fd;
            const int error = errno;
            struct stat st {};
            if (::fstatat(dir.get(), sub.c_str(), &st, AT_SYMLINK_NOFOLLOW) == 0) {
                if (!S_ISLNK(st.st_mode))
                    throw OutputError(shown(sub) + ": cannot write into it: " + reason(error));
                // A link where a directory belongs: replace it, never follow it.
                if (::unlinkat(dir.get(), sub.c_str(), 0) != 0)
                    throw OutputError(shown(sub) + ": cannot replace the link: " + reason(errno));
            }
            if (::mkdirat(dir.get(), sub.c_str(), 0777) != 0 && errno != EEXIST)
                throw OutputError(shown(sub) + ": cannot create the directory: " + reason(errno));
        }
        throw OutputError(shown(sub) + ": cannot open the directory");
    }

    // Writes 'text' under 'name' in 'at' by a temporary file and a rename.
    void write_whole(int at, const std::string& name, std::string_view text, const std::string& shown_name) {
        const std::string temp = temporary_name();
        Fd fd(::openat(at, temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666));
        if (!fd) throw OutputError(shown_name + ": cannot write: " + reason(errno));
        int error = write_all(fd.get(), text);
        if (!error && ::fsync(fd.get()) != 0 && errno != EINVAL) error = errno;
        const int closed = fd.close_now();
        if (!error) error = closed;
        if (!error && ::renameat(at, temp.c_str(), at, name.c_str()) != 0) error = errno;
        if (error) {
            ::unlinkat(at, temp.c_str(), 0);
            throw OutputError(shown_name + ": cannot write: " + reason(error));
        }
    }

    void begin() {
        if (begun) return;
        begun = true;
        // The earlier run's files, from its manifest (a link is not read).
        Fd fd(::openat(dir.get(), kManifest, O_RDONLY | O_NOFOLLOW | O_CLOEXEC));
        if (fd) {
            std::string text;
            std::array<char, 4096> buf{};
            for (;;) {
                const auto n = ::read(fd.get(), buf.data(), buf.size());
                if (n < 0 && errno == EINTR) continue;
                if (n <= 0 || text.size() > kMaxManifestBytes) break;
                text.append(buf.data(), static_cast<std::size_t>(n));
            }
            std::size_t start = 0;
            while (start < text.size()) {
                auto end = text.find('\n', start);
                if (end == std::string::npos) end = text.size();
                const std::string line = text.substr(start, end - start);
                start = end + 1;
                for (const char* key : {"file ", "stale "}) {
                    const std::size_t k = std::strlen(key);
                    if (line.compare(0, k, key) != 0) continue;
                    const std::string name = line.substr(k);
                    if (is_safe_relative(name) && name != kManifest &&
                        std::find(stale.begin(), stale.end(), name) == stale.end())
                        stale.push_back(name);
                }
            }
        }
        write_manifest(RunStatus::running);
    }

    void write_manifest(RunStatus status) {
        std::string text = "mapsound-manifest 1\nrun " + run + "\nstatus " + status_name(status) + "\n";
        for (const auto& f : listed) text += "file " + f + "\n";
        for (const auto& f : stale) text += "stale " + f + "\n";
        write_whole(dir.get(), kManifest, text, shown(kManifest));
    }

    fs::path put(const std::string& name, std::string_view text, bool list) {
        if (!is_safe_relative(name) || name == kManifest)
            throw std::invalid_argument("OutputDirectory: '" + name + "' is not a safe file name");
        begin();
        const auto [sub, base] = split(name);
        Fd at = subdirectory(sub);
        write_whole(at.get(), base, text, shown(name));
        stale.erase(std::remove(stale.begin(), stale.end(), name), stale.end());
        const bool known = std::find(listed.begin(), listed.end(), name) != listed.end();
        if (list && !known) listed.push_back(name);
        if (!list && known) listed.erase(std::remove(listed.begin(), listed.end(), name), listed.end());
        written.push_back(path / name);
        write_manifest(RunStatus::running);
        return path / name;
    }

    void remove_stale() {
        std::vector<std::string> kept, emptied;
        for (const auto& name : stale) {
            const auto [sub, base] = split(name);
            int error = 0;
            if (sub.empty()) {
                if (::unlinkat(dir.get(), base.c_str(), 0) != 0) error = errno;
            } else {
                Fd at(::openat(dir.get(), sub.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
                if (!at) {
                    error = errno == ELOOP || errno == ENOTDIR ? ENOENT : errno;  // not ours to enter
                } else if (::unlinkat(at.get(), base.c_str(), 0) != 0) {
                    error = errno;
                }
                emptied.push_back(sub);
            }
            if (error && error != ENOENT) kept.push_back(name);  // stays listed as stale
        }
        for (const auto& sub : emptied) ::unlinkat(dir.get(), sub.c_str(), AT_REMOVEDIR);  // only if empty
        stale = std::move(kept);
    }
};

OutputDirectory::OutputDirectory(const fs::path& dir, std::string run) : impl_(std::make_unique<Impl>()) {
    impl_->path = dir;
    impl_->run = std::move(run);
    std::replace(impl_->run.begin(), impl_->run.end(), '\n', ' ');
    const std::string shown = "output directory '" + dir.string() + "'";
    std::error_code ec;
    fs::create_directories(dir, ec);
    impl_->dir = Fd(::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
    if (!impl_->dir) {
        const int error = errno;
        throw OutputError(shown + ": cannot create or open it: " + (ec ? ec.message() : reason(error)));
    }
    // Try a file before any work is done.
    const std::string probe = impl_->temporary_name();
    Fd fd(::openat(impl_->dir.get(), probe.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666));
    if (!fd) throw OutputError(shown + ": cannot write in it: " + reason(errno));
    fd.close_now();
    ::unlinkat(impl_->dir.get(), probe.c_str(), 0);
}

OutputDirectory::~OutputDirectory() = default;
OutputDirectory::OutputDirectory(OutputDirectory&&) noexcept = default;
OutputDirectory& OutputDirectory::operator=(OutputDirectory&&) noexcept = default;

const fs::path& OutputDirectory::path() const { return impl_->path; }

fs::path OutputDirectory::write(const std::string& name, std::string_view text) { return impl_->put(name, text, true); }

fs::path OutputDirectory::write_unlisted(const std::string& name, std::string_view text) {
    return impl_->put(name, text, false);
}

bool OutputDirectory::exists(const std::string& name) const {
    if (!is_safe_relative(name)) return false;
    const auto [sub, base] = split(name);
    struct stat st {};
    if (sub.empty()) return ::fstatat(impl_->dir.get(), base.c_str(), &st, AT_SYMLINK_NOFOLLOW) == 0;
    Fd at(::openat(impl_->dir.get(), sub.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
    return at && ::fstatat(at.get(), base.c_str(), &st, AT_SYMLINK_NOFOLLOW) == 0;
}

const std::vector<fs::path>& OutputDirectory::written() const { return impl_->written; }

void OutputDirectory::finish(RunStatus status) {
    impl_->begin();
    impl_->remove_stale();
    impl_->write_manifest(status);
}

}  // namespace mapsound::output
