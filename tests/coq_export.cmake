# The Coq export of the shipped checks, checked with make/coqc:
#   cmake -DMAPSOUND=... -DSOURCE_DIR=... -DWORK_DIR=... -DCHECK=checks/x.check -P coq_export.cmake
#     exports the check at the largest size its check file names a
#     counterexample at ('axiom A fails at N'; 3 when none) and runs `make`:
#     every model, mapping and check module, every statement and every
#     refutation must be accepted by coqc.  Each axiom the file says holds
#     gets a statement at that bound; each that fails at N gets a file that
#     proves the negation of its statement at N from the counterexample.
#     The statements carry the search's restrictions (searched n S, and the
#     one-device placement for sources that read no scope).
#   cmake -DMAPSOUND=... -DSOURCE_DIR=... -DWORK_DIR=... -DMODE=usage -P coq_export.cmake
#     the user's proof file survives a re-export and a wrong proof in it
#     makes `make` fail; usage errors exit 2.
#   cmake -DMAPSOUND=... -DSOURCE_DIR=... -DWORK_DIR=... -DMODE=whole -P coq_export.cmake
#     the mapping theorem (`axiom *`, tests/coq/*.check): a check whose
#     axioms all hold at 3 states mapping_statement (one lift, Src.consistent)
#     with Theorem mapping in the skeleton; a failing one builds
#     Refute_<c>_mapping.v, whose theorem rests on `classic` only.
#   cmake -DMAPSOUND=... -DSOURCE_DIR=... -DWORK_DIR=... -DMODE=race-free-programs -P coq_export.cmake
#     export-coq --race-free-programs: the statements assume
#     race_free_program S, and the refutations (which prove the program
#     race-free) build, on `classic` only; a racy program's counterexample
#     under that reading (coq_racy_program -DRACY_PROGRAM=...) fails `make`.
#   cmake -DMAPSOUND=... -DSOURCE_DIR=... -DWORK_DIR=... -DMODE=support -P coq_export.cmake
#     compiles the support library (MsRel.v ... MsVocabFacts.v, the same
#     text in every export) once, in WORK_DIR/support: the ctest fixture
#     coq_support.  A check's test given -DSUPPORT_DIR copies the compiled
#     files of every support file whose text is byte for byte the one
#     compiled there, so that `make` compiles only what is the check's own
#     (the support library itself is compiled, and must be accepted, here).
# Fails (does not skip) when coqc or coq_makefile is missing.
cmake_minimum_required(VERSION 3.20)  # NEW policies in script mode (CMP0054: quoted strings are not variables)
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

# The axioms a theorem of a built export rests on: `classic` alone.
function(expect_only_classic dir module theorem)
  file(WRITE ${dir}/Assumptions.v "Require Import Mapsound.${module}.\nPrint Assumptions ${theorem}.\n")
  execute_process(COMMAND ${COQC} -Q ${dir} Mapsound ${dir}/Assumptions.v
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "Print Assumptions ${theorem} failed (${rc}):\n${out}\n${err}")
  endif()
  string(REGEX MATCHALL "\n[A-Za-z_][A-Za-z0-9_.']* :" axioms "\n${out}")
  if(NOT axioms STREQUAL "\nClassical_Prop.classic :")
    message(FATAL_ERROR "${theorem} rests on more than classic:\n${out}")
  endif()
endfunction()

# The support library in dependency order (each file after what it requires).
set(support_files MsRel MsExec MsBool MsDecide MsRefute MsVocabulary MsVocabulary_dec MsVocabFacts)

if(MODE STREQUAL "support")
  set(dir ${WORK_DIR}/support)
  run_ok("export-coq (for the support library)" ${MAPSOUND} export-coq ${SOURCE_DIR}/checks/audala-ptx-acqrel.check
         -o ${dir} --events 3)
  set(targets "")
  foreach(f ${support_files})
    list(APPEND targets ${f}.vo)
  endforeach()
  run_ok("coq_makefile" make -C ${dir} CoqMakefile)
  run_ok("make the support library" make -C ${dir} -f CoqMakefile ${targets})
  message(STATUS "coq_export support: the support library compiled in ${dir}")
  return()
endif()

if(MODE STREQUAL "whole")
  # Every axiom holds at 3: the mapping theorem is stated, next to the
  # per-axiom lemma, with one lift satisfying Src.consistent.
  set(dir ${WORK_DIR}/whole-descoped)
  run_ok("export-coq whole-descoped" ${MAPSOUND} export-coq ${SOURCE_DIR}/tests/coq/whole-descoped.check -o ${dir})
  run_ok("make -C ${dir}" make -C ${dir})
  set(check_file ${dir}/Check_whole_descoped.v)
  expect_contains(${check_file} "Definition mapping_statement : Prop := mapping_statement_upto 3.")
  expect_contains(${check_file} "Definition mapping_conjecture : Prop := forall n, mapping_statement_upto n.")
  expect_contains(${check_file} "Definition coherence_statement : Prop := coherence_statement_upto 3.")
  expect_contains(${check_file}
    "    (exists ws, admissible S T map_ wt ws /\\ race_free S ws) ->\n    exists ws, admissible S T map_ wt ws /\\ race_free S ws /\\ Src.consistent S ws.")
  expect_contains(${check_file} "race freedom per execution")
  expect_contains(${dir}/Proofs_whole_descoped.v "Theorem mapping : mapping_statement.")
  # A failing whole model: refuted from its counterexample.
  set(dir ${WORK_DIR}/whole-rlx-as-weak)
  run_ok("export-coq whole-rlx-as-weak" ${MAPSOUND} export-coq ${SOURCE_DIR}/tests/coq/whole-rlx-as-weak.check -o ${dir})
  run_ok("make -C ${dir}" make -C ${dir})
  expect_lacks(${dir}/Check_whole_rlx_as_weak.v "Definition mapping_statement :")
  expect_lacks(${dir}/Proofs_whole_rlx_as_weak.v "Theorem mapping :")
  expect_contains(${dir}/Refute_whole_rlx_as_weak_mapping.v "Theorem mapping_refuted : ~ mapping_statement_upto 3.")
  if(NOT EXISTS ${dir}/Refute_whole_rlx_as_weak_mapping.vo OR NOT EXISTS ${dir}/counterexamples/mapping-source.litmus)
    message(FATAL_ERROR "make did not check the whole model's refutation, or its counterexample is missing")
  endif()
  expect_only_classic(${dir} Refute_whole_rlx_as_weak_mapping mapping_refuted)
  message(STATUS "coq_export whole: mapping_statement stated and built; its refutation built on classic only")
  return()
endif()

if(MODE STREQUAL "race-free-programs")
  # LLVM NVPTX late 2024: coherence fails at 3 in a race-free program, so
  # its refutation proves the program race-free; thin-air holds at 3.
  set(dir ${WORK_DIR}/llvm-nvptx-2024)
  run_ok("export-coq --race-free-programs" ${MAPSOUND} export-coq ${SOURCE_DIR}/checks/llvm-nvptx-2024.check
         -o ${dir} --events 3 --race-free-programs)
  run_ok("make -C ${dir}" make -C ${dir})
  set(check_file ${dir}/Check_llvm_nvptx_2024.v)
  expect_contains(${check_file} "Definition race_free_program {Es} (S : Execution Es) : Prop :=")
  expect_contains(${check_file} "Tgt.consistent T wt ->\n    race_free_program S ->\n")
  expect_contains(${check_file} "Definition thin_air_statement : Prop := thin_air_statement_upto 3.")
  expect_contains(${check_file} "race freedom per program")
  expect_contains(${dir}/Refute_llvm_nvptx_2024_coherence.v "Lemma program_race_free : race_free_program")
  if(NOT EXISTS ${dir}/Refute_llvm_nvptx_2024_coherence.vo)
    message(FATAL_ERROR "make did not check the refutation of coherence")
  endif()
  expect_only_classic(${dir} Refute_llvm_nvptx_2024_coherence coherence_refuted)
  # Not vacuous: a racy program's counterexample, exported under the
  # per-program reading (coq_racy_program), is rejected where the
  # refutation enumerates the program's executions.
  set(racy ${WORK_DIR}/racy-program)
  run_ok("coq_racy_program" ${RACY_PROGRAM} ${SOURCE_DIR} ${racy})
  execute_process(COMMAND make -C ${racy} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(rc EQUAL 0)
    message(FATAL_ERROR "coqc accepted the race freedom of a racy program")
  endif()
  string(FIND "${out}${err}" "Refute_cxx_to_ptx_rmw_sc_no_release_coherence.v\", line" at)
  if(at EQUAL -1 OR EXISTS ${racy}/Check_cxx_to_ptx_rmw_sc_no_release.v AND NOT EXISTS ${racy}/Check_cxx_to_ptx_rmw_sc_no_release.vo)
    message(FATAL_ERROR "the racy program's export failed elsewhere than its refutation:\n${out}\n${err}")
  endif()
  message(STATUS "coq_export race-free-programs: statements per program, refutations built on classic only; "
                 "a racy program's is rejected")
  return()
endif()

if(MODE STREQUAL "usage")
  set(dir ${WORK_DIR}/audala-ptx-acqrel)
  set(check ${SOURCE_DIR}/checks/audala-ptx-acqrel.check)
  run_ok("export-coq" ${MAPSOUND} export-coq ${check} -o ${dir} --events 3)
  run_ok("make -C ${dir}" make -C ${dir})
  # The proof file is the user's: kept on re-export ...
  file(APPEND ${dir}/Proofs_audala_ptx_acqrel.v "(* my proof notes *)\n")
  run_ok("re-export" ${MAPSOUND} export-coq ${check} -o ${dir} --events 3)
  string(FIND "${last_output}" "kept Proofs_audala_ptx_acqrel.v" kept)
  if(kept EQUAL -1)
    message(FATAL_ERROR "re-export did not report the kept proof file:\n${last_output}")
  endif()
  expect_contains(${dir}/Proofs_audala_ptx_acqrel.v "(* my proof notes *)")
  run_ok("make after re-export" make -C ${dir})
  # ... and checked: a wrong proof fails the build.
  file(APPEND ${dir}/Proofs_audala_ptx_acqrel.v "Theorem wrong : consistency_statement.\nProof. exact I. Qed.\n")
  execute_process(COMMAND make -C ${dir} RESULT_VARIABLE rc OUTPUT_QUIET ERROR_QUIET)
  if(rc EQUAL 0)
    message(FATAL_ERROR "make accepted a wrong proof")
  endif()
  # No absolute paths in generated files.
  file(GLOB generated ${dir}/*.v)
  foreach(f ${generated})
    expect_lacks(${f} "${SOURCE_DIR}")
  endforeach()
  # Usage errors.
  execute_process(COMMAND ${MAPSOUND} export-coq ${check} RESULT_VARIABLE rc OUTPUT_QUIET ERROR_QUIET)
  if(NOT rc EQUAL 2)
    message(FATAL_ERROR "export-coq without -o: exit ${rc}, expected 2")
  endif()
  execute_process(COMMAND ${MAPSOUND} export-coq ${SOURCE_DIR}/checks/no-such.check -o ${WORK_DIR}/x
                  RESULT_VARIABLE rc OUTPUT_QUIET ERROR_VARIABLE err)
  if(NOT rc EQUAL 2)
    message(FATAL_ERROR "export-coq of a missing check: exit ${rc}, expected 2 (bad input)")
  endif()
  message(STATUS "coq_export usage: the proof file is kept and checked; usage errors as documented")
  return()
endif()

# One check: its expected verdicts from the check file.
get_filename_component(name ${CHECK} NAME_WLE)
string(REGEX REPLACE "[^A-Za-z0-9_]" "_" check_id ${name})
# The export's identifier rule (proofs-export/src/identifier.cpp): c<digits>_
# is reserved for instance constants, so "c11-to-x86" is x_c11_to_x86.
if(check_id MATCHES "^c[0-9]+_")
  set(check_id "x_${check_id}")
endif()
file(STRINGS ${CHECK} axiom_lines REGEX "^axiom[ \t]")
set(events 3)
set(holds "")
set(fails "")
foreach(line ${axiom_lines})
  string(REGEX REPLACE "[ \t]+" ";" words "${line}")
  list(GET words 1 axiom)
  list(GET words 2 verdict)
  string(REPLACE "-" "_" axiom_id ${axiom})
  if(verdict STREQUAL "fails")
    list(LENGTH words n)
    if(n LESS 5)
      message(FATAL_ERROR "${CHECK}: '${line}' names no size; the test needs 'fails at N'")
    endif()
    list(GET words 4 at)
    list(APPEND fails "${axiom_id}:${at}")
    if(at GREATER events)
      set(events ${at})
    endif()
  else()
    list(APPEND holds ${axiom_id})
  endif()
endforeach()

set(dir ${WORK_DIR}/${name})
string(TIMESTAMP t0 "%s")
run_ok("export-coq ${name}" ${MAPSOUND} export-coq ${CHECK} -o ${dir} --events ${events} --jobs 2)
# The support library compiled once (MODE support), for the files that are
# its text exactly; copied in dependency order, so each is newer than what
# it requires and make leaves it alone.
if(SUPPORT_DIR)
  foreach(f ${support_files})
    if(EXISTS ${SUPPORT_DIR}/support/${f}.vo)
      file(SHA256 ${SUPPORT_DIR}/support/${f}.v compiled)
      file(SHA256 ${dir}/${f}.v exported)
      if(compiled STREQUAL exported)
        foreach(ext vo vos vok glob)
          execute_process(COMMAND cp ${SUPPORT_DIR}/support/${f}.${ext} ${dir}/${f}.${ext})
        endforeach()
      endif()
    endif()
  endforeach()
endif()
string(TIMESTAMP t1 "%s")
run_ok("make -C ${dir}" make -C ${dir})
string(TIMESTAMP t2 "%s")
set(check_file ${dir}/Check_${check_id}.v)
foreach(axiom ${holds})
  expect_contains(${check_file} "Definition ${axiom}_statement : Prop := ${axiom}_statement_upto ${events}.")
  expect_contains(${check_file} "Definition ${axiom}_conjecture : Prop := forall n, ${axiom}_statement_upto n.")
  expect_contains(${dir}/Proofs_${check_id}.v "Theorem ${axiom} : ${axiom}_statement.")
endforeach()
foreach(entry ${fails})
  string(REPLACE ":" ";" parts ${entry})
  list(GET parts 0 axiom)
  list(GET parts 1 at)
  expect_lacks(${check_file} "Definition ${axiom}_statement :")
  set(refutation ${dir}/Refute_${check_id}_${axiom}.v)
  if(NOT EXISTS ${refutation})
    message(FATAL_ERROR "no refutation of ${axiom} (${refutation})")
  endif()
  expect_contains(${refutation} "Theorem ${axiom}_refuted : ~ ${axiom}_statement_upto ${at}.")
  if(NOT EXISTS ${dir}/Refute_${check_id}_${axiom}.vo)
    message(FATAL_ERROR "make did not check ${refutation}")
  endif()
endforeach()
# The statements carry the search's restrictions.
expect_contains(${check_file} "wf S -> wf T -> searched n S -> compiled S T map_ -> lift_rf S T map_")
expect_contains(${check_file} "at_most n (thread_event S)")
expect_contains(${check_file} "(forall e1 : Es, forall e2 : Es, ~ ctrl S e1 e2)")
file(READ ${check_file} content)
string(FIND "${content}" "same_sg S e1 e2 <-> same_cta S e1 e2" scoped)
if(scoped EQUAL -1)
  # A source that reads no scope: one subgroup of one CTA of one GPU.
  expect_contains(${check_file} "thread_event S e1 -> thread_event S e2 -> same_sg S e1 e2")
endif()
math(EXPR search "${t1} - ${t0}")
math(EXPR coq "${t2} - ${t1}")
message(STATUS "${name} at ${events} events: search ~${search} s, coqc ~${coq} s; holds: ${holds}; refuted: ${fails}")
