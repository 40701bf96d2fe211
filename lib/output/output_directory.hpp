// Where commands write their result files, and how.
//
// A run writes into one output directory (check's --output, the default
// mapsound-out/<check>/, compare's --output, export-coq's -o):
//   - the directory is created (with its parents) and tried with a probe
//     file before any search starts, so a bad one is an error up front;
//   - file names derived from input (axiom, check, model names) go through
//     safe_file_name, so nothing can name a path outside the directory;
//   - each file is written to a temporary name in the same directory and
//     renamed into place, so a reader never sees half a file; a link with
//     the file's name is replaced, never written through (likewise a link
//     where a subdirectory should be);
//   - MANIFEST lists the files of the last run (see below); files an earlier
//     MANIFEST lists that this run did not write are removed when the run
//     finishes, and no other file in the directory is touched.
//
// MANIFEST, rewritten (whole, by rename) after every file:
//   mapsound-manifest 1
//   run check cxx-to-ptx
//   status running|complete|interrupted|failed
//   file thin-air-source.litmus          one line per file of this run
//   stale thin-air-target.dot            an earlier run's, removed at finish
// Paths are relative to the directory, '/' between a subdirectory and a
// name; names never contain blanks.  Every failure throws OutputError with
// the path and the system's reason.
#pragma once

#include <filesystem>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace mapsound::output {

class OutputError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// The file name of the manifest in every output directory.
inline constexpr const char* kManifest = "MANIFEST";

// A portable file name for 'wanted': bytes other than ASCII letters,
// digits, '.', '_' and '-' become '_', a leading '.' or '-' becomes '_', and
// the result is at most 100 bytes; when anything changed, "-" and eight hex
// digits of a hash of 'wanted' follow, so that different inputs keep
// different names.  safe_file_name("thin-air") == "thin-air";
// safe_file_name("../x") == "_._x-" + hash.
std::string safe_file_name(std::string_view wanted);

// Whether 'path' is a name this module writes: one or two components
// ("sub/name") joined by '/', each unchanged by safe_file_name.
bool is_safe_relative(std::string_view path);

enum class RunStatus { running, complete, interrupted, failed };

class OutputDirectory {
public:
    // Creates 'dir' if needed and checks that a file can be created in it.
    // 'run' describes the run in the manifest ("check cxx-to-ptx"; blanks
    // allowed, line breaks not).  Nothing else is written yet.
    OutputDirectory(const std::filesystem::path& dir, std::string run);
    ~OutputDirectory();
    OutputDirectory(OutputDirectory&&) noexcept;
    OutputDirectory& operator=(OutputDirectory&&) noexcept;

    const std::filesystem::path& path() const;

    // Writes 'text' as 'name' (is_safe_relative, else std::invalid_argument)
    // and lists it in the manifest; returns path() / name.  The first write
    // of a run reads the earlier manifest (its files become stale ones).
    std::filesystem::path write(const std::string& name, std::string_view text);
    // The same for a file that becomes the user's: written once, never
    // listed, so never removed by a later run (export-coq's proof skeleton).
    std::filesystem::path write_unlisted(const std::string& name, std::string_view text);

    // Whether anything (file, directory, link) is at 'name'; links are not
    // followed.
    bool exists(const std::string& name) const;

    // The files this run wrote, in order, as paths under path().
    const std::vector<std::filesystem::path>& written() const;

    // Ends the run: removes the stale files and writes the manifest with
    // 'status'.  A run that never calls it leaves the manifest as it was
    // after its last write (status running), or untouched if nothing was
    // written.
    void finish(RunStatus status);

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace mapsound::output
