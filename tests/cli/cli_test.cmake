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
expect("check holds below the expected size: a different verdict" 1 stdout "thin-air: holds up to 3 events .*DIFFERENT"
       check ${cxx} --events 3 --axiom thin-air --output ${out_dir})
expect("check json" 0 stdout "{\"check\": \"cxx-to-ptx\", \"results\": \\[{\"axiom\": \"thin-air\", \"verdict\": \"fails\", \"expected\": \"fails at 4\", \"events\": 4,"
       check ${cxx} --events 4 --axiom thin-air --json --output ${out_dir})
expect("check unknown axiom" 1 stderr "has no axiom 'nope'; it has coherence" check ${cxx} --axiom nope)
expect("check missing file" 1 stderr "no-such.check" check ${here}/no-such.check)
expect("check usage" 2 stderr "usage: mapsound check" check)
