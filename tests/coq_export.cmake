# The Coq export of every shipped check, checked with make/coqc:
#   cmake -DMAPSOUND=... -DSOURCE_DIR=... -DWORK_DIR=... -P coq_export.cmake
# - every checks/*.check exported at 3 events builds with `make -C DIR`;
# - cxx-to-ptx at 4 events has statements for coherence, atomicity and sc
#   and none for thin-air (its load-buffering counterexample is named);
# - the user's proof file survives a re-export, and a wrong proof in it
#   makes `make` fail;
# - usage errors exit 2.
# Fails (does not skip) when coqc or coq_makefile is missing.
find_program(COQC coqc)
find_program(COQ_MAKEFILE coq_makefile)
if(NOT COQC OR NOT COQ_MAKEFILE)
  message(FATAL_ERROR "coqc/coq_makefile not found: install the Debian package coq to run the Coq tests")
endif()
file(REMOVE_RECURSE ${WORK_DIR})
file(MAKE_DIRECTORY ${WORK_DIR})

function(run_ok what)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${what} failed (${rc}):\n${out}\n${err}")
  endif()
  set(last_output "${out}" PARENT_SCOPE)
endfunction()

function(expect_contains file text)
  file(READ ${file} content)
  string(FIND "${content}" "${text}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "${file} does not contain '${text}'")
  endif()
endfunction()

function(expect_lacks file text)
  file(READ ${file} content)
  string(FIND "${content}" "${text}" at)
  if(NOT at EQUAL -1)
    message(FATAL_ERROR "${file} contains '${text}'")
  endif()
endfunction()

# Every shipped check.
file(GLOB checks ${SOURCE_DIR}/checks/*.check)
foreach(check ${checks})
  get_filename_component(name ${check} NAME_WE)
  set(dir ${WORK_DIR}/${name})
  string(TIMESTAMP t0 "%s")
  run_ok("export-coq ${name}" ${MAPSOUND} export-coq ${check} -o ${dir} --events 3)
  run_ok("make -C ${dir}" make -C ${dir})
  string(TIMESTAMP t1 "%s")
  math(EXPR dt "${t1} - ${t0}")
  message(STATUS "${name}: exported and checked by coqc in ~${dt} s")
endforeach()

# The issue's main case: cxx-to-ptx at 4 events.
set(dir ${WORK_DIR}/cxx-to-ptx-4)
run_ok("export-coq cxx-to-ptx --events 4" ${MAPSOUND} export-coq ${SOURCE_DIR}/checks/cxx-to-ptx.check -o ${dir}
       --events 4 --jobs 2)
set(check_file ${dir}/Check_cxx_to_ptx.v)
foreach(axiom coherence atomicity sc)
  expect_contains(${check_file} "Definition ${axiom}_statement : Prop")
  expect_contains(${dir}/Proofs_cxx_to_ptx.v "Theorem ${axiom} : ${axiom}_statement.")
endforeach()
expect_contains(${check_file} "no counterexample with up to 4 source events")
expect_lacks(${check_file} "thin_air_statement")
expect_contains(${check_file} "(* thin-air: no statement, the bounded check found a counterexample at 4 source events:")
expect_contains(${check_file} "litmus test cxx-to-ptx-thin-air")
if(NOT EXISTS ${dir}/counterexamples/thin-air-source.litmus)
  message(FATAL_ERROR "the thin-air counterexample was not written")
endif()
run_ok("make -C ${dir}" make -C ${dir})

# The proof file is the user's: kept on re-export ...
file(APPEND ${dir}/Proofs_cxx_to_ptx.v "(* my proof notes *)\n")
run_ok("re-export" ${MAPSOUND} export-coq ${SOURCE_DIR}/checks/cxx-to-ptx.check -o ${dir} --events 4)
string(FIND "${last_output}" "kept Proofs_cxx_to_ptx.v" kept)
if(kept EQUAL -1)
  message(FATAL_ERROR "re-export did not report the kept proof file:\n${last_output}")
endif()
expect_contains(${dir}/Proofs_cxx_to_ptx.v "(* my proof notes *)")
run_ok("make after re-export" make -C ${dir})
# ... and checked: a wrong proof fails the build.
file(APPEND ${dir}/Proofs_cxx_to_ptx.v "Theorem wrong : coherence_statement.\nProof. exact I. Qed.\n")
execute_process(COMMAND make -C ${dir} RESULT_VARIABLE rc OUTPUT_QUIET ERROR_QUIET)
if(rc EQUAL 0)
  message(FATAL_ERROR "make accepted a wrong proof")
endif()

# Usage errors.
execute_process(COMMAND ${MAPSOUND} export-coq ${SOURCE_DIR}/checks/cxx-to-ptx.check RESULT_VARIABLE rc
                OUTPUT_QUIET ERROR_QUIET)
if(NOT rc EQUAL 2)
  message(FATAL_ERROR "export-coq without -o: exit ${rc}, expected 2")
endif()
execute_process(COMMAND ${MAPSOUND} export-coq ${SOURCE_DIR}/checks/no-such.check -o ${WORK_DIR}/x
                RESULT_VARIABLE rc OUTPUT_QUIET ERROR_VARIABLE err)
if(NOT rc EQUAL 1)
  message(FATAL_ERROR "export-coq of a missing check: exit ${rc}, expected 1")
endif()
message(STATUS "coq_export: all checks exported and accepted by coqc")
