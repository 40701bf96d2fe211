# The oracle proper shares with the checker only the parsers,
# mapping::compile, the execution vocabulary and the plain evaluator
# (issue 26).  Fails when a source of the mapsound-oracle library names
# the checker, the relational translation, the SAT back end or the
# solver's entry points.  Run by ctest as oracle_independence:
#   cmake -DORACLE_DIR=tests/oracle -P tests/oracle/independence.cmake
set(forbidden
  "#include \"check/"
  "mapsound/check.hpp"
  "SymbolicProblem"
  "rel/translate"
  "rel/sat"
  "rel/solve"
  "cadical"
  "rel::solve"
  "rel::Problem"
  "rel::enumerate"
  "count_solutions"
  "upper_bound"
  "ExecutionQuery"
  "bound_reads_from")
file(GLOB sources ${ORACLE_DIR}/*.hpp ${ORACLE_DIR}/*.cpp)
set(failed FALSE)
foreach(source ${sources})
  get_filename_component(name ${source} NAME)
  # The comparison and the driver run the checker on purpose; the floor
  # measurement (floor.cpp, not in the library) reads a check's program
  # space through the comparison's problem_of, as the driver does.
  if(name MATCHES "^(compare\\.(hpp|cpp)|main\\.cpp|floor\\.cpp)$")
    continue()
  endif()
  file(READ ${source} text)
  foreach(word ${forbidden})
    string(FIND "${text}" "${word}" at)
    if(NOT at EQUAL -1)
      message(SEND_ERROR "${name} uses '${word}': the oracle must not share the checker's machinery")
      set(failed TRUE)
    endif()
  endforeach()
endforeach()
list(LENGTH sources count)
if(count LESS 10)
  message(FATAL_ERROR "only ${count} oracle sources found in ${ORACLE_DIR}")
endif()
if(NOT failed)
  message(STATUS "${count} oracle sources, none names the checker's machinery")
endif()
