"""bench/findings.py: the checks FINDINGS.md reports on (the lowerings, the
reference, the repairs, the language pairs) and how their mapping and check
files are read."""

import os
import re

from benchlib import ROOT

# The shipped lowerings, in the order of the tables: (mapping name, label).
LOWERINGS = [
    ("llvm-nvptx-2026", "LLVM NVPTX 2026, sm_70"),
    ("llvm-nvptx-2026-sm90", "LLVM NVPTX 2026, sm_90 + PTX 8.6"),
    ("llvm-nvptx-2025", "LLVM NVPTX 2025 (cmpxchg)"),
    ("llvm-nvptx-2024", "LLVM NVPTX late 2024 (bare atom)"),
    ("libcuxx", "libcu++ (CCCL)"),
    ("nvidia-abi-current", "NV ABI current, recommended"),
    ("nvidia-abi-current-alt", "NV ABI current, alternatives"),
    ("nvidia-abi-12-8", "NV ABI 12.8.1"),
    ("nvidia-abi-snapshot", "NV ABI snapshot"),
    ("libclc-sycl", "libclc (SYCL)"),
]
REFERENCE = [("cxx-to-ptx", "Lustig et al. 2019 Fig. 11 (reference)")]
# Not shipped: the repairs of findings (a) and (b).
REPAIRS = [
    ("cxx-to-ptx-sc-fence-sys", "repair (a): Fig. 11, every fence.sc at .sys"),
    ("libcuxx-rmw-sc-acq-rel", "repair (b): libcu++ with seq_cst RMW atom.acq_rel"),
]
# The mixed-scope SC program (finding a) compiled by each lowering's SC rows,
# decided by litmus mode (findings/SB+sc-mixed-scopes-*.litmus), and the C
# source test under both source models.
LITMUS_TARGET = "findings/SB+sc-mixed-scopes-*.litmus"
LITMUS_SOURCE = "tests/litmus/models/SB+sc-mixed-scopes-fig11.litmus"
SOURCES = [("", "rc11-scoped"), ("-sc-per-scope", "rc11-scoped-sc-per-scope")]
AXIOMS = {
    "": ["coherence", "atomicity", "sc", "thin-air"],
    "-sc-per-scope": ["coherence", "atomicity", "sc-cta", "sc-gpu", "sc-sys", "thin-air"],
}
SC_AXIOMS = ["sc-cta", "sc-gpu", "sc-sys"]
# The coherence7 failures re-run with C++20 release sequences (each costs a
# full 7-event search): finding (b)'s representative.
CXX20_COHERENCE7 = ["llvm-nvptx-2026"]
# Extra searches: (run id, check, options).  Finding (b)'s SC failures under
# the repaired source model are race-free executions of racy programs; are
# there race-free programs among them up to the bound?
EXTRA = [
    ("llvm-nvptx-2026-sc-per-scope:race-free-programs", "checks/llvm-nvptx-2026-sc-per-scope.check",
     ["--axiom", "sc-cta", "--axiom", "sc-gpu", "--axiom", "sc-sys", "--race-free-programs"]),
]
# Not searched at 7 (time): repair (a) changes only SC fences' scopes.
COHERENCE7_SKIP = ["cxx-to-ptx-sc-fence-sys"]
CXX20 = {"rc11-scoped": "rc11-scoped-cxx20", "rc11-scoped-sc-per-scope": "rc11-scoped-sc-per-scope-cxx20"}


def mapping_rules(name):
    """A mapping file's rules without comments, blank lines and its name line."""
    rules = []
    for line in open(os.path.join(ROOT, "mappings", name + ".map")):
        line = re.split(r"#|//", line)[0].strip()
        if line and not line.startswith("mapping "):
            line = " ".join(line.replace(";", " ; ").split())
            # atom without a semantic qualifier is .relaxed
            rules.append(re.sub(r"\batom\.(\$sco|cta|gpu|sys)\b", r"atom.relaxed.\1", line))
    return tuple(sorted(rules))  # rules may not overlap, so their order does not matter


def read_check(path):
    """The keyword lines of a check file: {keyword: [words]}, axioms as a list."""
    out = {"axiom": []}
    for line in open(path):
        line = re.split(r"(^|\s)(#|//)", line)[0].strip()
        if not line:
            continue
        words = line.split()
        if words[0] == "axiom":
            out["axiom"].append(words[1:])
        else:
            out[words[0]] = words[1:]
    return out


# ---------------------------------------------------------------------------
# Language pairs beyond C++ -> PTX 6.0 (issue 25): each check file run whole,
# its own summary (bench/results/<date>/findings-pairs/summary.json), its own
# markers: <!-- findings:pairs --> and <!-- findings:cex pairs:CHECK AXIOM -->.

# (group title, [(check name, label)]), in the order of FINDINGS.md.
PAIRS = [
    ("C++ -> PTX 7.5", [("cxx-to-ptx-7.5", "Lustig et al. 2019 Fig. 11 against PTX 7.5")]),
    ("C++ -> Vulkan (LLVM's SPIR-V back end)", [
        ("llvm-spirv-2025-vulkan", "before the 2026 storage-class fixes, RC11, atomics"),
        ("llvm-spirv-2026-vulkan", "after them, RC11, atomics"),
        ("llvm-spirv-2026-vulkan-cxx20", "after them, RC11 with C++20 release sequences, atomics"),
        ("llvm-spirv-2026-vulkan-scoped", "after them, scoped RC11 (C++20), atomics"),
        ("llvm-spirv-2026-vulkan-plain", "after them, RC11 (C++20), plain accesses too"),
    ]),
    ("OpenCL -> PTX", [
        ("opencl-to-ptx-memalloy", "POPL 2017 / memalloy, against Alglave et al. 2015's PTX (PTX1)"),
        ("opencl-to-ptx-memalloy-buggy", "memalloy's buggy variant, against PTX1"),
        ("opencl-to-ptx-memalloy-ptx6", "POPL 2017 / memalloy, against PTX 6.0"),
    ]),
    ("OpenCL -> Vulkan (clspv)", [("opencl-to-vulkan-clspv", "clspv, atomics")]),
    ("HLSL -> Vulkan (DXC)", [("hlsl-to-vulkan-dxc", "DXC, HLSL as OpenCL, Interlocked RMWs and barriers")]),
]
