# mapsound litmus as a user runs it on folders of litmus files (issue 15):
# conformance summaries against expected tables, the budget (--timeout,
# --max-executions), --progress, tests without a condition.
#   cmake -DMAPSOUND=<tool> -DSOURCE_DIR=<repo> -DWORK_DIR=<scratch> -P litmus_cli.cmake
set(rc11 ${SOURCE_DIR}/models/rc11.cat)
set(ptx ${SOURCE_DIR}/models/ptx-6.0.cat)
set(corpus ${SOURCE_DIR}/tests/litmus)
file(REMOVE_RECURSE ${WORK_DIR})
file(MAKE_DIRECTORY ${WORK_DIR})

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

# Conformance runs over folders: every test read, every verdict as expected.
expect("diy7-style corpus" 0 stdout "Summary rc11: 37 tests, 37 agreed, 0 differing, 0 unreadable, 0 over budget, 0 not listed"
       litmus --model ${rc11} --expected ${corpus}/diy/expected.csv ${corpus}/diy)
expect("herd-style corpus" 0 stdout "Summary rc11: 11 tests, 11 agreed, 0 differing, 0 unreadable, 0 over budget, 0 not listed"
       litmus --model ${rc11} --expected ${corpus}/herd/expected.csv ${corpus}/herd)
expect("two models, one table" 0 stdout "Summary rc11: 11 tests, 11 agreed.*Summary sc: 11 tests, 0 agreed, 0 differing, 0 unreadable, 0 over budget, 11 not listed"
       litmus --model ${rc11} --model ${SOURCE_DIR}/models/sc.cat --expected ${corpus}/herd/expected.csv ${corpus}/herd)
expect("folder without a table" 0 stdout "Summary rc11: 11 tests, 5 Ok, 6 No, 0 unreadable, 0 over budget"
       litmus --model ${rc11} ${corpus}/herd)

# Data races shown: herd7's "Flag data-race" line, the JSON "flags" field,
# and per flag in the summary, with the verdict unchanged (relaxed message
# passing with a plain payload: the payload's write and read race).
file(WRITE ${WORK_DIR}/racy/MP+plain-payload.litmus
  "C MP+plain-payload\n{}\nP0 (int* x, atomic_int* y) { *x = 1; atomic_store_explicit(y, 1, memory_order_relaxed); }\n"
  "P1 (int* x, atomic_int* y) { int r0 = atomic_load_explicit(y, memory_order_relaxed); int r1 = *x; }\n"
  "exists (1:r0=1 /\\ 1:r1=0)\n")
file(COPY ${corpus}/diy/MP+rel+acq.litmus DESTINATION ${WORK_DIR}/racy)
expect("race flag, text" 0 stdout "Test MP\\+plain-payload Allowed\n(States [0-9]+\n([^\n]*; \n)*)?Ok\nWitnesses\nPositive: [1-9][0-9]* Negative: [1-9][0-9]*\nFlag data-race\nCondition exists [^\n]*\nObservation MP\\+plain-payload Sometimes"
       litmus --model ${rc11} ${WORK_DIR}/racy/MP+plain-payload.litmus)
expect("race flag, json" 0 stdout "\"test\": \"MP\\+plain-payload\", [^}]*\"flags\": \\[\"data-race\"\\]}"
       litmus --json --model ${rc11} ${WORK_DIR}/racy/MP+plain-payload.litmus)
expect("race flag, timeout" 0 stdout "Test MP\\+plain-payload Allowed\n(States [0-9]+\n([^\n]*; \n)*)?Ok\nWitnesses\n[^\n]*\nFlag data-race\n"
       litmus --timeout 60 --model ${rc11} ${WORK_DIR}/racy/MP+plain-payload.litmus)
expect("race flag, summary" 0 stdout "Summary rc11: 2 tests, 1 Ok, 1 No, 0 unreadable, 0 over budget\n  flag data-race: 1 test\n"
       litmus --model ${rc11} ${WORK_DIR}/racy)
expect("race flag forbidden" 0 stdout "Test MP\\+plain-payload Allowed\n(States [0-9]+\n([^\n]*; \n)*)?No\nWitnesses\nPositive: 0 Negative: 0\nCondition [^\n]*\nObservation MP\\+plain-payload Never 0 0"
       litmus --forbid data-race --model ${rc11} ${WORK_DIR}/racy/MP+plain-payload.litmus)

# A differing verdict and an unreadable file: listed in the summary, exit 2
# (bad input wins over a difference).
file(WRITE ${WORK_DIR}/mixed/wrong.csv "test,model,expected\nMP.litmus,rc11,1\n")
file(WRITE ${WORK_DIR}/mixed/MP.litmus
  "C MP\n{}\nP0 (atomic_int* x, atomic_int* y) { atomic_store_explicit(x, 1, memory_order_relaxed); atomic_store_explicit(y, 1, memory_order_release); }\n"
  "P1 (atomic_int* x, atomic_int* y) { int r0 = atomic_load_explicit(y, memory_order_acquire); int r1 = atomic_load_explicit(x, memory_order_relaxed); }\n"
  "exists (1:r0=1 /\\ 1:r1=0)\n")
file(WRITE ${WORK_DIR}/mixed/sub/broken.litmus "C broken\n{}\nP0 (atomic_int* x) { atomic_store(x, 1) }\n")
expect("differing and unreadable" 2 stdout "Summary rc11: 2 tests, 0 agreed, 1 differing, 1 unreadable, 0 over budget, 0 not listed\n  differs: [^\n]*MP.litmus \\(expected Ok, got No\\)\n  error: [^\n]*broken.litmus:3:41: expected ';', found '}'"
       litmus --model ${rc11} --expected ${WORK_DIR}/mixed/wrong.csv ${WORK_DIR}/mixed)
expect("differing, json" 1 stdout "\"verdict\": \"No\", [^}]*\"expected\": \"Ok\", \"agreement\": \"differs\""
       litmus --json --model ${rc11} --expected ${WORK_DIR}/mixed/wrong.csv ${WORK_DIR}/mixed/MP.litmus)
expect("missing table" 2 stderr "cannot read expected verdicts '[^']*no-such.csv'"
       litmus --model ${rc11} --expected ${WORK_DIR}/no-such.csv ${WORK_DIR}/mixed)
file(WRITE ${WORK_DIR}/bad.csv "test,model,expected\nx,y\n")
expect("malformed table" 2 stderr "bad.csv:2: expected 'test,model,0' or 'test,model,1', found 'x,y'"
       litmus --model ${rc11} --expected ${WORK_DIR}/bad.csv ${WORK_DIR}/mixed)

# The budget: a blow-up ends with a message naming the test and the limit,
# the test is Unknown, the others still run, the exit status is 3.
set(blowup "C blowup\n{}\n")
foreach(t 0 1 2 3)
  math(EXPR v "${t} + 1")
  string(APPEND blowup "P${t} (atomic_int* x) {\n  atomic_store(x, ${v});\n")
  foreach(i 0 1 2 3 4 5)
    string(APPEND blowup "  int r${i} = atomic_load(x);\n")
  endforeach()
  string(APPEND blowup "}\n")
endforeach()
# Every register shown (the states are what blows up), as the condition
# alone would show x only.
string(APPEND blowup "locations [")
foreach(t 0 1 2 3)
  foreach(i 0 1 2 3 4 5)
    string(APPEND blowup "${t}:r${i}; ")
  endforeach()
endforeach()
string(APPEND blowup "]\nexists (x = 1)\n")
file(WRITE ${WORK_DIR}/budget/a-blowup.litmus "${blowup}")
file(COPY ${corpus}/herd/SB+no-condition.litmus DESTINATION ${WORK_DIR}/budget)
expect("timeout" 3 stdout "Test SB\\+no-condition Allowed\n.*Test blowup Unknown\n.*Summary rc11: 2 tests, 1 Ok, 0 No, 0 unreadable, 1 over budget\n  error: [^\n]*a-blowup.litmus: test 'blowup': time limit of 1 s exceeded"
       litmus --model ${rc11} --timeout 1 ${WORK_DIR}/budget)
expect("timeout message" 3 stderr "a-blowup.litmus: test 'blowup': time limit of 1 s exceeded \\([0-9]+ pre-executions so far\\)"
       litmus --model ${rc11} --timeout 1 ${WORK_DIR}/budget/a-blowup.litmus)
expect("execution cap" 3 stderr "a-blowup.litmus: test 'blowup': execution limit of 1000 exceeded \\(more than 1000 paths through P0's code\\)"
       litmus --model ${rc11} --max-executions 1000 ${WORK_DIR}/budget/a-blowup.litmus)
expect("execution cap, json" 3 stdout "\"verdict\": \"Unknown\", \"error\": \"[^\"]*execution limit of 2 exceeded \\(more than 2 consistent executions\\)"
       litmus --json --model ${rc11} --max-executions 2 ${corpus}/diy/2+2W+rlx.litmus)
# One pre-execution of 85 SC stores (86 writes to y, 7,396 undetermined
# coherence pairs, under the size limit of 8,192): translating and solving
# it alone outlasts the limit (about 1 s here with lazy transitivity, 20 s
# with every transitivity clause up front), and translation cannot be
# interrupted from inside, so the run (in a child process under --timeout)
# is stopped from outside.
set(big "C big\n{}\nP0 (atomic_int* y) {\n")
foreach(i RANGE 84)
  string(APPEND big "  atomic_store_explicit(y, 1, memory_order_seq_cst);\n")
endforeach()
string(APPEND big "}\nexists (y = 1)\n")
file(WRITE ${WORK_DIR}/big/big.litmus "${big}")
expect("timeout during translation" 3 stderr "big.litmus: test 'big': time limit of 0[.]1 s exceeded"
       litmus --model ${rc11} --timeout 0.1 ${WORK_DIR}/big/big.litmus)
# 300 SC stores (90,601 pairs) are over the size limit: refused before
# translating, with or without --timeout.
set(huge "C huge\n{}\nP0 (atomic_int* y) {\n")
foreach(i RANGE 299)
  string(APPEND huge "  atomic_store_explicit(y, 1, memory_order_seq_cst);\n")
endforeach()
string(APPEND huge "}\nexists (y = 1)\n")
file(WRITE ${WORK_DIR}/huge/huge.litmus "${huge}")
expect("size limit" 3 stderr "huge.litmus: test 'huge': size limit of 8192 undetermined tuples exceeded \\(a pre-execution with 90601"
       litmus --model ${rc11} ${WORK_DIR}/huge/huge.litmus)
expect("size limit, json" 3 stdout "\"verdict\": \"Unknown\", \"error\": \"[^\"]*size limit of 8192"
       litmus --json --model ${rc11} ${WORK_DIR}/huge/huge.litmus)
expect("bad timeout" 2 stderr "--timeout takes a positive number of seconds" litmus --model ${rc11} --timeout 0 ${corpus}/herd)
expect("bad cap" 2 stderr "--max-executions takes a positive number" litmus --model ${rc11} --max-executions -5 ${corpus}/herd)

# Progress on stderr, forced when stderr is not a terminal.
expect("progress" 0 stderr "SB\\+no-condition: [0-9]+ pre-executions, [0-9]+ executions, [0-9.]+ s"
       litmus --progress --model ${rc11} ${corpus}/herd/SB+no-condition.litmus)

# A test without a condition lists its states; locations selects them.
expect("no condition" 0 stdout "Test SB\\+no-condition Allowed\nStates 4\n0:r0=0; 1:r0=0; \n0:r0=0; 1:r0=1; \n0:r0=1; 1:r0=0; \n0:r0=1; 1:r0=1; \nOk\nWitnesses\nPositive: 4 Negative: 0\nObservation SB\\+no-condition Always 4 0"
       litmus --model ${rc11} ${corpus}/herd/SB+no-condition.litmus)

# PTX barriers with a thread count and arrive, through the tool.
# (tests/litmus/barriers/README.md derives the counts: 4 + 35 = 39.)
expect("barrier with a count" 0 stdout "Test ptx-count-late-gives-nothing Allowed\n(States [0-9]+\n([^\n]*; \n)*)?Ok\nWitnesses\nPositive: 4 Negative: 35\nCondition [^\n]*\nObservation ptx-count-late-gives-nothing Sometimes 4 35"
       litmus --model ${ptx} ${corpus}/barriers/ptx-count-late-gives-nothing.litmus)

# herd7's habits: a shipped model by name, `--option=value`, and a name no
# folder of the search path has (named with the folders searched).
expect("model by name" 0 stdout "Test MP\\+rel\\+acq Allowed\n(States [0-9]+\n([^\n]*; \n)*)?No\n"
       litmus --model rc11 ${corpus}/diy/MP+rel+acq.litmus)
expect("model by name, --model=" 0 stdout "Test MP\\+rel\\+acq Allowed\n(States [0-9]+\n([^\n]*; \n)*)?No\n.*Test MP\\+rel\\+acq Allowed\n(States [0-9]+\n([^\n]*; \n)*)?No\n"
       litmus --model=rc11.cat --model=${rc11} ${corpus}/diy/MP+rel+acq.litmus)
expect("unknown model name" 2 stderr "no-such-model: no such model file, and no no-such-model.cat in the model search path \\([^)]*models"
       litmus --model no-such-model ${corpus}/diy/MP+rel+acq.litmus)
expect("compare by name" 0 stdout "compare [^ ]*models/sc.cat and [^ ]*models/rc11.cat: c programs up to 2 events"
       compare sc rc11 --events 2)

# --graph DIR: one execution per test and model drawn with the checker's
# picture writer; one that satisfies the condition when some does (MP with
# relaxed accesses: the stale read, and its fr edge to the payload's
# write), else one that does not, said on stderr and in the title (MP with
# release/acquire).  stdout keeps herd7's lines.
expect("graph, condition satisfied" 0 stderr "graph of MP\\+rlx\\+rlx under rc11: [^\n]*\\.dot \\(satisfies the condition\\)"
       litmus --model ${rc11} --graph ${WORK_DIR}/graphs ${corpus}/diy/MP+rlx+rlx.litmus)
file(GLOB drawn ${WORK_DIR}/graphs/MP_rlx_rlx-rc11-*.dot)
list(LENGTH drawn count)
if(NOT count EQUAL 1)
  message(FATAL_ERROR "graph: expected one MP+rlx+rlx picture, found '${drawn}'")
endif()
file(READ ${drawn} dot)
foreach(pattern "R\\.rlx y=1\"" "R\\.rlx x=0\"" "label=\"rf\"" "label=\"co\"" "label=\"fr\"" "digraph \"MP\\+rlx\\+rlx under rc11\"")
  if(NOT dot MATCHES "${pattern}")
    message(FATAL_ERROR "graph: the MP+rlx+rlx picture lacks '${pattern}':\n${dot}")
  endif()
endforeach()
file(GLOB svg ${WORK_DIR}/graphs/MP_rlx_rlx-rc11-*.svg)
find_program(DOT_PROGRAM dot)
if(DOT_PROGRAM AND NOT svg)
  message(FATAL_ERROR "graph: dot is installed but no SVG was written")
endif()
expect("graph, condition not satisfied" 0 stderr "graph of MP\\+rel\\+acq under rc11: [^\n]*\\.dot \\(no consistent execution satisfies the condition; this one does not\\)"
       litmus --model ${rc11} --graph ${WORK_DIR}/graphs ${corpus}/diy/MP+rel+acq.litmus)
file(GLOB drawn ${WORK_DIR}/graphs/MP_rel_acq-rc11-*.dot)
file(READ ${drawn} dot)
if(NOT dot MATCHES "under rc11 \\(does not satisfy the condition\\)")
  message(FATAL_ERROR "graph: the MP+rel+acq picture does not say it misses the condition:\n${dot}")
endif()
expect("graph, stdout unchanged" 0 stdout "^Test MP\\+rel\\+acq Allowed\n(States [0-9]+\n([^\n]*; \n)*)?No\nWitnesses\nPositive: 0 Negative: [0-9]+\nCondition [^\n]*\nObservation MP\\+rel\\+acq Never 0 [0-9]+\nTime"
       litmus --model ${rc11} --graph ${WORK_DIR}/graphs ${corpus}/diy/MP+rel+acq.litmus)
expect("graph, missing directory" 2 stderr "unknown option '--graph' \\(or a missing value\\)"
       litmus --model ${rc11} ${corpus}/diy/MP+rel+acq.litmus --graph)
