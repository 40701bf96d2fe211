# Runs the mapsound tool as a user would and checks exit codes and output.
#   cmake -DMAPSOUND=<tool> -DSOURCE_DIR=<repo> -P cli_test.cmake
set(ptx ${SOURCE_DIR}/models/ptx-6.0.cat)
set(mp ${SOURCE_DIR}/tests/litmus/seeds/000-fig5-MP.litmus)
set(here ${SOURCE_DIR}/tests/cli)

function(expect name rc_expected stream pattern)
  execute_process(COMMAND ${MAPSOUND} ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL rc_expected)
    message(FATAL_ERROR "${name}: exit code ${rc}, expected ${rc_expected}\nstdout: ${out}\nstderr: ${err}")
  endif()
  if(stream STREQUAL "stdout")
    set(text "${out}")
  else()
    set(text "${err}")
  endif()
  string(REGEX MATCH "${pattern}" found "${text}")
  if(NOT found)
    message(FATAL_ERROR "${name}: ${stream} does not match '${pattern}'\nstdout: ${out}\nstderr: ${err}")
  endif()
  message(STATUS "ok: ${name}")
endfunction()

expect("litmus verdict" 0 stdout "Test 000-fig5-MP No\nObservation 000-fig5-MP Never 0 3" litmus --model ${ptx} ${mp})
expect("litmus states" 0 stdout "States 3\n1:r1=0; 1:r2=0; " litmus --states --model ${ptx} ${mp})
expect("litmus json" 0 stdout "\\[\n  {\"test\": \"000-fig5-MP\", \"file\": \"[^\"]*000-fig5-MP.litmus\", \"model\": \"[^\"]*ptx-6.0.cat\", \"verdict\": \"No\", \"positive\": 0, \"negative\": 3, \"seconds\": [0-9.]+}\n\\]"
       litmus --json --model ${ptx} ${mp})
expect("malformed litmus" 1 stderr "malformed.litmus:4:4: expected a qualifier of 'ld'" litmus --model ${ptx} ${here}/malformed.litmus)
expect("malformed litmus, json" 1 stdout "\"error\": \"[^\"]*malformed.litmus:4:4: expected" litmus --json --model ${ptx} ${here}/malformed.litmus)
expect("malformed model" 1 stderr "malformed.cat:2:1: expected an expression" litmus --model ${here}/malformed.cat ${mp})
expect("missing model" 1 stderr "cannot read" litmus --model ${here}/no-such.cat ${mp})
expect("missing test" 1 stderr "no-such.litmus" litmus --model ${ptx} ${here}/no-such.litmus)
expect("usage" 2 stderr "usage: mapsound litmus" litmus ${mp})
expect("unknown command" 2 stderr "usage: mapsound" frobnicate)

# mapsound check: verdicts against the check file's expectations, files
# written where --output says, JSON, bad input.
set(cxx ${SOURCE_DIR}/checks/cxx-to-ptx.check)
set(out_dir ${CMAKE_CURRENT_BINARY_DIR}/cli-check-out)
file(REMOVE_RECURSE ${out_dir})
expect("check fails as expected" 0 stdout "thin-air: fails at 4 events .* expected fails at 4: ok"
       check ${cxx} --events 4 --axiom thin-air --output ${out_dir})
if(NOT EXISTS ${out_dir}/thin-air-source.litmus OR NOT EXISTS ${out_dir}/thin-air-target.litmus
   OR NOT EXISTS ${out_dir}/thin-air-source.dot)
  message(FATAL_ERROR "check: counterexample files missing in ${out_dir}")
endif()
expect("check counterexample round trip, source" 0 stdout "Test cxx-to-ptx-thin-air No"
       litmus --model ${SOURCE_DIR}/models/rc11-scoped.cat --forbid thin-air ${out_dir}/thin-air-source.litmus)
expect("check counterexample round trip, target" 0 stdout "Test cxx-to-ptx-thin-air Ok"
       litmus --model ${ptx} ${out_dir}/thin-air-target.litmus)
expect("check reports the litmus round trip" 0 stdout
       "litmus round trip: rc11-scoped \\(thin-air as an axiom\\) forbids the outcome: 0 of [0-9]+ consistent executions show it; ptx-6.0 allows the outcome: [1-9][0-9]* of [0-9]+ consistent executions show it: confirmed"
       check ${cxx} --events 4 --axiom thin-air --output ${out_dir})
expect("check json: the round trip" 0 stdout "\"round_trip\": {\"source\": {\"model\": \"[^\"]*rc11-scoped.cat\", \"forbidden_flags\": \\[\"thin-air\"\\], \"verdict\": \"No\".*\"confirmed\": true}"
       check ${cxx} --events 4 --axiom thin-air --json --output ${out_dir})
expect("check holds below the expected size: a different verdict" 1 stdout "thin-air: holds up to 3 events .*DIFFERENT"
       check ${cxx} --events 3 --axiom thin-air --output ${out_dir})
expect("check json" 0 stdout "{\"check\": \"cxx-to-ptx\", \"results\": \\[{\"axiom\": \"thin-air\", \"verdict\": \"fails\", \"expected\": \"fails at 4\", \"events\": 4,"
       check ${cxx} --events 4 --axiom thin-air --json --output ${out_dir})
expect("check unknown axiom" 1 stderr "has no axiom 'nope'; it has coherence" check ${cxx} --axiom nope)
expect("check missing file" 1 stderr "no-such.check" check ${here}/no-such.check)
expect("check usage" 2 stderr "usage: mapsound check" check)

# mapsound compare: both directions, exit 1 when the models differ, 0 when
# they agree up to the bound; the test it prints is decided by litmus mode.
set(models ${SOURCE_DIR}/models)
set(cmp_dir ${CMAKE_CURRENT_BINARY_DIR}/cli-compare-out)
file(REMOVE_RECURSE ${cmp_dir})
expect("compare sc tso" 1 stdout "allowed by tso, forbidden by sc: smallest test has 4 events.*allowed by sc, forbidden by tso: none up to 4 events"
       compare ${models}/sc.cat ${models}/tso.cat --events 4 --output ${cmp_dir})
expect("compare round trip, forbidden" 0 stdout "Test sc-vs-tso No"
       litmus --model ${models}/sc.cat ${cmp_dir}/allowed-by-tso-forbidden-by-sc.litmus)
expect("compare round trip, allowed" 0 stdout "Test sc-vs-tso Ok"
       litmus --model ${models}/tso.cat ${cmp_dir}/allowed-by-tso-forbidden-by-sc.litmus)
expect("compare agree" 0 stdout "allowed by sc, forbidden by sc: none up to 3 events"
       compare ${models}/sc.cat ${models}/sc.cat --events 3)
expect("compare json" 1 stdout "\"dialect\": \"audala\", \"events\": 5, \"differences\": \\[{\"allowed_by\": \"audala-star\", \"forbidden_by\": \"audala\", \"verdict\": \"found\", \"events\": 5"
       compare ${models}/audala.cat ${models}/audala-star.cat --events 5 --json)
expect("compare malformed model" 1 stderr "malformed.cat:2:1: expected an expression" compare ${here}/malformed.cat ${models}/sc.cat)
expect("compare usage" 2 stderr "usage: mapsound compare" compare ${models}/sc.cat)
expect("compare bad dialect" 2 stderr "--dialect takes c, ptx or audala" compare ${models}/sc.cat ${models}/tso.cat --dialect arm)

# mapsound check --export-coq: the proof obligations of the axioms that held.
set(coq_dir ${CMAKE_CURRENT_BINARY_DIR}/cli-check-coq)
file(REMOVE_RECURSE ${coq_dir})
expect("check --export-coq" 0 stdout "Coq proof obligations in [^:]*: 2 lemma statements consistency-star no-thin-air"
       check ${SOURCE_DIR}/checks/audala-ptx-relaxed-star.check --events 3 --export-coq ${coq_dir})
if(NOT EXISTS ${coq_dir}/Check_audala_ptx_relaxed_star.v OR NOT EXISTS ${coq_dir}/Proofs_audala_ptx_relaxed_star.v)
  message(FATAL_ERROR "check --export-coq: the Coq files are missing in ${coq_dir}")
endif()
expect("check --export-coq refuses a restricted search" 2 stderr "--export-coq takes its evidence from the full search"
       check ${SOURCE_DIR}/checks/audala-ptx-relaxed-star.check --events 3 --target-events 2 --export-coq ${coq_dir})
