# Issue 24's cases (tests/cli/coverage/README.md): every search covers what
# the user asked about, or mapsound refuses it or says "vacuous".
#   cmake -DMAPSOUND=<tool> -DSOURCE_DIR=<repo> -P coverage_test.cmake
set(here ${SOURCE_DIR}/tests/cli/coverage)
set(models ${SOURCE_DIR}/models)
set(out_dir ${CMAKE_CURRENT_BINARY_DIR}/coverage-out)
file(REMOVE_RECURSE ${out_dir})
include(${SOURCE_DIR}/tests/cli/expect.cmake)

# 1. A mapping with a row deleted, and a mapping with one rule: refused,
#    naming the classes and what to write.
expect("a deleted row is refused" 2 stderr
       "missing-rmw-sc.check:5:9: the mapping [^ ]*missing-rmw-sc.map has no rule for C events of class RMW.sc, so the search would leave every program with one out: add a rule for each \\(RMW.sc -> ...\\) or exclude the class in the check file \\('exclude RMW.sc  # why'\\)"
       check ${here}/missing-rmw-sc.check --output ${out_dir})
expect("a deleted row, json: one object with the error" 2 stdout
       "^{\"command\": \"check\", \"error\": \"[^\"]*missing-rmw-sc.check:5:9: the mapping [^\"]*has no rule for C events of class RMW.sc[^\"]*\", \"exit_status\": 2}\n$"
       check ${here}/missing-rmw-sc.check --json --output ${out_dir})
expect("one rule: every other class named" 2 stderr
       "has no rule for C events of class R.na, R.acq, R.sc, W.na, W.rlx, W.rel, W.sc, RMW.rlx, RMW.acq, RMW.rel, RMW.acq_rel, RMW.sc, F.acq, F.rel, F.acq_rel, F.sc,"
       check ${here}/only-rlx-reads.check --output ${out_dir})
# ... excluded on purpose: searched, and every verdict says so.
expect("an exclusion on every verdict line" 0 stdout
       "coherence: holds up to 4 events, excluding RMW.sc .*\n  searched: C programs of 16 classes[^\n]*; excluded RMW.sc \\(the row under review\\);[^\n]*\natomicity: holds up to 4 events, excluding RMW.sc "
       check ${here}/missing-rmw-sc-excluded.check --output ${out_dir})
expect("an exclusion in the JSON" 0 stdout
       "\"excluded\": \\[{\"class\": \"RMW.sc\", \"reason\": \"the row under review\"}\\]"
       check ${here}/missing-rmw-sc-excluded.check --json --axiom atomicity --output ${out_dir})

# 2. Rules without orders lower C++ programs of every order: the broken
#    lowering fails all three axioms at 3 events, printed as C.
expect("orderless rules search every C++ order" 0 stdout
       "coherence: fails at 3 events .* expected fails at 3: ok\n  searched: C programs of 17 classes.*\nC orderless-coherence\n.*atomicity: fails at 3 events .* expected fails at 3: ok.*sc: fails at 3 events .* expected fails at 3: ok"
       check ${here}/orderless.check --output ${out_dir})

# 3. A model whose vocabulary the programs never set.  OpenCL's memory
#    regions are now part of the programs the checker generates, so
#    opencl.cat is searched on OpenCL programs (and the all-weak lowering
#    fails, as it must); Vulkan's vocabulary is not generated: refused.
expect("opencl.cat as a source: OpenCL programs with regions, the broken lowering fails" 1 stdout
       "coherence: fails at 3 events .*\n  searched: OpenCL programs of 38 classes"
       check ${here}/opencl-source.check --output ${out_dir})
expect("compare opencl c11 runs on OpenCL programs" 1 stdout
       "compare [^\n]*opencl.cat and [^\n]*c11.cat: opencl programs up to 3 events\nallowed by c11, forbidden by opencl: smallest test has 3 events.*OPENCL opencl-vs-c11.*(global|local) atomic_int\\* x"
       compare ${models}/opencl.cat ${models}/c11.cat --events 3)
expect("compare vulkan ptx-6.0 is refused" 2 stderr "vulkan.cat needs NONPRIV"
       compare ${models}/vulkan.cat ${models}/ptx-6.0.cat --events 2)
expect("compare vulkan vulkan is refused" 2 stderr "vulkan.cat needs NONPRIV"
       compare ${models}/vulkan.cat ${models}/vulkan.cat --events 2)
expect("compare --dialect vulkan: not generated yet" 2 stderr
       "--dialect vulkan: model comparison does not generate Vulkan programs yet"
       compare ${models}/sc.cat ${models}/sc.cat --dialect vulkan --events 2)
expect("compare --dialect c with opencl.cat: regions never set" 2 stderr
       "--dialect c: [^ ]*opencl.cat needs GLOBAL, LOCAL .*which the checker's C programs never set"
       compare ${models}/opencl.cat ${models}/opencl.cat --dialect c --events 2)
expect("compare json on a refusal" 2 stdout "^{\"command\": \"compare\", \"error\": \"no dialect"
       compare ${models}/vulkan.cat ${models}/c11.cat --events 2 --json)
set(mp ${SOURCE_DIR}/tests/litmus/diy/MP+rel+acq.litmus)
foreach(refused opencl vulkan audala audala-star gpu-rmo ptx-6.0 ptx-7.5 x86-tso)
  expect("C test under ${refused}.cat is refused" 2 stderr "MP\\+rel\\+acq.litmus: test 'MP\\+rel\\+acq': [^ ]*${refused}.cat (needs|reads no memory order)"
         litmus --model ${models}/${refused}.cat ${mp})
endforeach()
foreach(judging rc11 rc11-scoped c11 sc tso)
  expect("C test under ${judging}.cat: No" 0 stdout "Test MP\\+rel\\+acq Allowed\n(States [0-9]+\n([^\n]*; \n)*)?No\n" litmus --model ${models}/${judging}.cat ${mp})
endforeach()
# x86 programs carry no order: x86-tso.cat judges them (the fences forbid
# store buffering), as sc.cat and tso.cat do.
set(sb_x86 ${here}/SB-x86.litmus)
foreach(judging x86-tso sc tso)
  expect("x86 test under ${judging}.cat: No" 0 stdout "Test SB\\+mfences Allowed\n(States [0-9]+\n([^\n]*; \n)*)?No\n"
         litmus --model ${models}/${judging}.cat ${sb_x86})
endforeach()
expect("a refusal in litmus JSON" 2 stdout "\"error\": \"[^\"]*opencl.cat needs GLOBAL, LOCAL"
       litmus --json --model ${models}/opencl.cat ${mp})

# 4. PTX rules judged by the Vulkan model.
expect("vulkan.cat as the target of PTX rules is refused" 2 stderr
       "vulkan-target.check:4:9: the target model cannot judge the compiled programs: [^ ]*vulkan.cat needs NONPRIV.*which PTX programs never set \\(the dialects that set them: vulkan\\) \\(the mapping's rules write PTX instructions: its `target` line says which dialect\\)"
       check ${here}/vulkan-target.check --output ${out_dir})

# 5. Exit statuses: 0 as expected, 1 differs, 2 bad input, 3 vacuous.
expect("vacuous: no R.sc program fits one target event" 3 stdout
       "coherence: VACUOUS up to 2 events .* expected holds up to 2: VACUOUS \\(no program up to 2 events shows R.sc, W.sc, RMW.[^)]* in a consistent target execution with a race-free lift\\)"
       check ${here}/vacuous.check --target-events 1 --output ${out_dir})
expect("vacuous in the JSON" 3 stdout "\"verdict\": \"vacuous\".*\"classes\": \\[{\"class\": \"R.na\", \"witnessed_at\": 1}.*{\"class\": \"R.sc\", \"witnessed_at\": 0}.*\"vacuous\": true.*\"exit_status\": 3}"
       check ${here}/vacuous.check --target-events 1 --json --output ${out_dir})
expect("not vacuous without the cap" 0 stdout "coherence: holds up to 2 events "
       check ${here}/vacuous.check --output ${out_dir})
expect("usage error with --json: one object" 2 stdout "^{\"command\": \"check\", \"error\": \"mapsound check: unknown option '--frobnicate'"
       check ${here}/vacuous.check --json --frobnicate)
