# expect(NAME EXIT_CODE stdout|stderr PATTERN ARGS...): runs ${MAPSOUND}
# with ARGS and fails unless it exits with EXIT_CODE and the stream matches
# the regular expression PATTERN.  Shared by the command-line tests.
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
