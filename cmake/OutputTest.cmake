# add_output_test(NAME [LABELS l...] [EXIT n] [STDOUT text] [STDERR text]
#                 COMMAND prog args...)
# Registers a test that runs the command and checks its exit status and that
# its stdout / stderr contain the given texts literally (cmake/expect_output.cmake).
set(CONTENTION_EXPECT_SCRIPT ${CMAKE_CURRENT_LIST_DIR}/expect_output.cmake)
function(add_output_test name)
  cmake_parse_arguments(A "" "EXIT;STDOUT;STDERR" "COMMAND;LABELS" ${ARGN})
  # Only the command's own list separators are escaped: each -D stays one
  # argument of its own.
  string(REPLACE ";" "\\;" cmd "${A_COMMAND}")
  set(defs "-DCMD=${cmd}")
  foreach(k EXIT STDOUT STDERR)
    if(DEFINED A_${k})
      list(APPEND defs "-D${k}=${A_${k}}")
    endif()
  endforeach()
  add_test(NAME ${name} COMMAND ${CMAKE_COMMAND} ${defs} -P ${CONTENTION_EXPECT_SCRIPT})
  if(A_LABELS)
    set_tests_properties(${name} PROPERTIES LABELS "${A_LABELS}")
  endif()
endfunction()

# add_csv_test(NAME TOL [LABELS l...] EXPECT key=value... COMMAND prog args...)
# Registers a test that runs the command and checks, with check_csv
# (tests/tools/check_csv.c), that the last CSV column of each named row
# equals the value within the relative tolerance TOL.
function(add_csv_test name tol)
  cmake_parse_arguments(A "" "" "EXPECT;COMMAND;LABELS" ${ARGN})
  add_test(NAME ${name} COMMAND check_csv ${tol} ${A_EXPECT} -- ${A_COMMAND})
  if(A_LABELS)
    set_tests_properties(${name} PROPERTIES LABELS "${A_LABELS}")
  endif()
endfunction()
