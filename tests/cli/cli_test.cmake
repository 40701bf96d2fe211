# Runs the mapsound tool as a user would and checks exit codes and output.
#   cmake -DMAPSOUND=<tool> -DSOURCE_DIR=<repo> -P cli_test.cmake
set(ptx ${SOURCE_DIR}/models/ptx-6.0.cat)
set(mp ${SOURCE_DIR}/tests/litmus/seeds/000-fig5-MP.litmus)
set(here ${SOURCE_DIR}/tests/cli)

include(${SOURCE_DIR}/tests/cli/expect.cmake)

expect("litmus verdict" 0 stdout "Test 000-fig5-MP Allowed\n(States [0-9]+\n([^\n]*; \n)*)?No\nWitnesses\nPositive: 0 Negative: 3\nCondition exists \\(P1:r1 == 1 /. P1:r2 == 0\\)\nObservation 000-fig5-MP Never 0 3\nTime 000-fig5-MP " litmus --model ${ptx} ${mp})
expect("litmus states" 0 stdout "States 3\n1:r1=0; 1:r2=0; " litmus --states --model ${ptx} ${mp})
expect("litmus json" 0 stdout "\\[\n  {\"test\": \"000-fig5-MP\", \"file\": \"[^\"]*000-fig5-MP.litmus\", \"model\": \"[^\"]*ptx-6.0.cat\", \"verdict\": \"No\", \"positive\": 0, \"negative\": 3, \"observation\": \"Never\", \"seconds\": [0-9.]+, \"flags\": \\[\\]}\n\\]"
       litmus --json --model ${ptx} ${mp})
expect("malformed litmus" 2 stderr "malformed.litmus:4:4: expected a qualifier of 'ld'" litmus --model ${ptx} ${here}/malformed.litmus)
expect("malformed litmus, json" 2 stdout "\"error\": \"[^\"]*malformed.litmus:4:4: expected" litmus --json --model ${ptx} ${here}/malformed.litmus)
expect("malformed model" 2 stderr "malformed.cat:2:1: expected an expression" litmus --model ${here}/malformed.cat ${mp})
expect("missing model" 2 stderr "cannot read" litmus --model ${here}/no-such.cat ${mp})
expect("missing test" 2 stderr "no-such.litmus" litmus --model ${ptx} ${here}/no-such.litmus)
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
expect("check counterexample round trip, source" 0 stdout "Test cxx-to-ptx-thin-air Allowed\n(States [0-9]+\n([^\n]*; \n)*)?No\n"
       litmus --model ${SOURCE_DIR}/models/rc11-scoped.cat --forbid thin-air ${out_dir}/thin-air-source.litmus)
expect("check counterexample round trip, target" 0 stdout "Test cxx-to-ptx-thin-air Allowed\n(States [0-9]+\n([^\n]*; \n)*)?Ok\n"
       litmus --model ${ptx} ${out_dir}/thin-air-target.litmus)
expect("check reports the litmus round trip" 0 stdout
       "litmus round trip: rc11-scoped \\(thin-air as an axiom\\) forbids the outcome: 0 of [0-9]+ consistent executions show it; ptx-6.0 allows the outcome: [1-9][0-9]* of [0-9]+ consistent executions show it: confirmed"
       check ${cxx} --events 4 --axiom thin-air --output ${out_dir})
expect("check json: the round trip" 0 stdout "\"round_trip\": {\"source\": {\"model\": \"[^\"]*rc11-scoped.cat\", \"forbidden_flags\": \\[\"thin-air\"\\], \"verdict\": \"No\".*\"confirmed\": true}"
       check ${cxx} --events 4 --axiom thin-air --json --output ${out_dir})
# An expectation speaks of the check's own bound: below the size of the
# expected counterexample it cannot be tested, which is no mismatch.
expect("check below the expected size: untested, not different" 0 stdout
       "thin-air: holds up to 3 events .* expected fails at 4: untested \\(not testable at 3 events: the expected counterexample has 4 events\\)"
       check ${cxx} --events 3 --axiom thin-air --output ${out_dir})
expect("check sc at 4 events: untested, exit 0" 0 stdout "sc: holds up to 4 events .* expected fails at 5: untested"
       check ${cxx} --events 4 --axiom sc --output ${out_dir})
expect("check untested in json" 0 stdout "\"expectation\": \"untested\", \"expectation_note\": \"not testable at 3 events"
       check ${cxx} --events 3 --axiom thin-air --json --output ${out_dir})
# A contradiction within the check's bound still is one.
set(wrong ${CMAKE_CURRENT_BINARY_DIR}/cli-wrong.check)
file(WRITE ${wrong} "check wrong\nsource ${SOURCE_DIR}/models/rc11-scoped.cat\ntarget ${ptx}\nmapping ${SOURCE_DIR}/mappings/cxx-to-ptx.map\nevents 4\nrace-free data-race\naxiom thin-air holds\n")
expect("check contradicting its expectation" 1 stdout "thin-air: fails at 4 events .* expected holds up to 4: DIFFERENT"
       check ${wrong} --output ${out_dir})
expect("check json" 0 stdout "{\"check\": \"cxx-to-ptx\", \"events\": 4, \"output_directory\": \"[^\"]*cli-check-out\", \"results\": \\[{\"axiom\": \"thin-air\", \"verdict\": \"fails\", \"expected\": \"fails at 4\", \"expectation\": \"ok\", \"events\": 4,"
       check ${cxx} --events 4 --axiom thin-air --json --output ${out_dir})
expect("check json lists the files it wrote" 0 stdout "\"files\": \\[\"[^\"]*cli-check-out/thin-air-source.litmus\", \"[^\"]*cli-check-out/thin-air-target.litmus\""
       check ${cxx} --events 4 --axiom thin-air --json --output ${out_dir})
expect("check unknown axiom" 2 stderr "has no axiom 'nope'; it has coherence" check ${cxx} --axiom nope)
expect("check missing file" 2 stderr "no-such.check" check ${here}/no-such.check)
expect("check usage" 2 stderr "usage: mapsound check" check)
expect("check unknown axiom in the check file, positioned" 2 stderr "bad-axiom.check:7:7: the source model [^ ]* has no axiom or flag 'nope'; it has coherence"
       check ${here}/bad-axiom.check)
expect("check unknown race-free flag, positioned" 2 stderr "bad-race-flag.check:6:11: the source model [^ ]* has no flag 'no-such-flag' \\(its flags: thin-air, data-race\\)"
       check ${here}/bad-race-flag.check)
expect("check target without co, positioned" 2 stderr "no-co-target.check:3:8: the target model [^ ]* has no 'witness co'"
       check ${here}/no-co-target.check)
expect("check mapping without plain rules, positioned" 2 stderr "rmw-only.check:4:9: the mapping [^ ]* has no rule for C events of class R.na, R.rlx, R.acq, R.sc, W.na"
       check ${here}/rmw-only.check)
expect("check name that is a path" 2 stderr "path-name.check:1:7: expected a check name of letters, digits"
       check ${here}/path-name.check)
expect("check empty file" 2 stderr "empty.check:1:1: expected a 'check' line" check ${here}/empty.check)
expect("check a directory" 2 stderr "hostile: is a directory, not a file" check ${here}/hostile)

# Numbers: all of the text, in range, one parser for every command.
expect("check --events 3x" 2 stderr "--events takes a positive whole number, not '3x'" check ${cxx} --events 3x)
expect("check --jobs 2x" 2 stderr "--jobs takes a whole number from 1 to 256, not '2x'" check ${cxx} --jobs 2x)
expect("check --jobs 100000" 2 stderr "--jobs takes a whole number from 1 to 256, not '100000' \\(each job is a thread"
       check ${cxx} --jobs 100000)
expect("check --cubes 0" 2 stderr "--cubes takes a whole number from 1 to 4, not '0'" check ${cxx} --cubes 0)
expect("check --cubes 5" 2 stderr "--cubes takes a whole number from 1 to 4, not '5' \\(up to 3\\^K work items"
       check ${cxx} --cubes 5)
expect("check --events without a value" 2 stderr "--events takes a positive whole number" check ${cxx} --events)
expect("check --output without a value" 2 stderr "--output needs a value" check ${cxx} --output)
expect("litmus --unroll 5x" 2 stderr "--unroll takes a positive whole number, not '5x'" litmus --model ${ptx} --unroll 5x ${mp})
expect("litmus --unroll 0" 2 stderr "--unroll takes a positive whole number, not '0'" litmus --model ${ptx} --unroll 0 ${mp})
expect("compare --jobs 1000" 2 stderr "--jobs takes a whole number from 1 to 256" compare a.cat b.cat --jobs 1000)
expect("compare --events -1" 2 stderr "--events takes a positive whole number, not '-1'" compare a.cat b.cat --events -1)
expect("export-coq --events 4x" 2 stderr "--events takes a positive whole number, not '4x'" export-coq ${cxx} -o x --events 4x)

# Help: each command's own, and every option of every command in the whole.
foreach(command litmus check compare export-coq)
  expect("${command} --help" 0 stdout "^usage: mapsound ${command} .*options:.*--help" ${command} --help)
  expect("help ${command}" 0 stdout "^usage: mapsound ${command} " help ${command})
endforeach()
foreach(option --model --states --unroll --forbid --events --target-events --axiom --jobs --json --output
               --export-coq --race-free-programs --reference --progress --dialect -o --graph)
  expect("mapsound --help lists ${option}" 0 stdout "  ${option}[ ,]" --help)
endforeach()

# mapsound compare: both directions, exit 1 when the models differ, 0 when
# they agree up to the bound; the test it prints is decided by litmus mode.
set(models ${SOURCE_DIR}/models)
set(cmp_dir ${CMAKE_CURRENT_BINARY_DIR}/cli-compare-out)
file(REMOVE_RECURSE ${cmp_dir})
expect("compare sc tso" 1 stdout "allowed by tso, forbidden by sc: smallest test has 4 events.*allowed by sc, forbidden by tso: none up to 4 events"
       compare ${models}/sc.cat ${models}/tso.cat --events 4 --output ${cmp_dir})
expect("compare round trip, forbidden" 0 stdout "Test sc-vs-tso Allowed\n(States [0-9]+\n([^\n]*; \n)*)?No\n"
       litmus --model ${models}/sc.cat ${cmp_dir}/allowed-by-tso-forbidden-by-sc.litmus)
expect("compare round trip, allowed" 0 stdout "Test sc-vs-tso Allowed\n(States [0-9]+\n([^\n]*; \n)*)?Ok\n"
       litmus --model ${models}/tso.cat ${cmp_dir}/allowed-by-tso-forbidden-by-sc.litmus)
expect("compare agree" 0 stdout "allowed by sc, forbidden by sc: none up to 3 events"
       compare ${models}/sc.cat ${models}/sc.cat --events 3)
# --progress: the progress line on stderr (not a terminal here), one a second.
expect("compare --progress" 0 stderr "progress \\[[^]]*\\] bound [0-9]+: [0-9]+/[0-9]+ shapes, "
       compare ${models}/sc.cat ${models}/sc.cat --events 3 --progress)
# report: the verdicts on the terminal, and the matrix of checks by axioms
# (cxx-to-ptx at 4 events: thin-air fails, the other axioms hold; sc is
# expected to fail only at 5, so it is untested, not different).
set(report_dir ${CMAKE_CURRENT_BINARY_DIR}/cli-report-out)
file(REMOVE_RECURSE ${report_dir})
expect("report verdict matrix" 0 stdout
       "  thin-air: fails at 4, expected fails at 4: ok\n.*verdicts \\(events; ! differs from the check file's expectation\\):\n  check +coherence +atomicity +sc +thin-air\n  cxx-to-ptx +holds 4 +holds 4 +holds 4 +fails 4\nreport: wrote "
       report ${SOURCE_DIR}/checks/cxx-to-ptx.check --events 4 --jobs 2 -o ${report_dir} --progress)
file(READ ${report_dir}/index.html report_page)
if(NOT report_page MATCHES "<table class=\"matrix\">.*<td class=\"fails\">fails 4</td>")
  message(FATAL_ERROR "report verdict matrix: the page has no matrix with thin-air's 'fails 4'")
endif()
expect("compare json" 1 stdout "\"dialect\": \"audala\", \"events\": 5, \"differences\": \\[{\"allowed_by\": \"audala-star\", \"forbidden_by\": \"audala\", \"verdict\": \"found\", \"events\": 5"
       compare ${models}/audala.cat ${models}/audala-star.cat --events 5 --json)
expect("compare malformed model" 2 stderr "malformed.cat:2:1: expected an expression" compare ${here}/malformed.cat ${models}/sc.cat)
expect("compare usage" 2 stderr "usage: mapsound compare" compare ${models}/sc.cat)
expect("compare bad dialect" 2 stderr "--dialect takes c, opencl, ptx, vulkan or audala, not 'arm'" compare ${models}/sc.cat ${models}/tso.cat --dialect arm)

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

# A check without axiom lines: every axiom of the source model, no
# expectation, and a conclusion.
expect("check without expectations" 0 stdout
       "coherence: holds up to 4 events .* expected none: untested \\(no expectation stated\\).*thin-air: fails at 4 events.*\nconclusion: the mapping is unsound: thin-air fails at 4 events \\(smallest counterexamples\\); coherence, atomicity and sc hold up to 4 events\n"
       check ${here}/no-axioms.check --output ${CMAKE_CURRENT_BINARY_DIR}/cli-no-axioms-out)
expect("check without expectations, json" 0 stdout "\"conclusion\": \"the mapping is unsound: thin-air fails at 4 events"
       check ${here}/no-axioms.check --json --axiom thin-air --output ${CMAKE_CURRENT_BINARY_DIR}/cli-no-axioms-out)
