# add_output_test(NAME [LABELS l...] [EXIT n] [STDOUT text] [STDERR text]
#                 COMMAND prog args...)
# Registers a test that runs the command and checks its exit status and that
# its stdout / stderr contain the given texts literally (cmake/expect_output.cmake).
set(CONTENTION_EXPECT_SCRIPT ${CMAKE_CURRENT_LIST_DIR}/expect_output.cmake)
function(add_output_test name)
  # A ';' inside an expected text splits it into several arguments (through
  # the callers' ${ARGN}); only its first part was checked, silently. The
  # pieces after EXIT, STDOUT or STDERR, up to the next keyword, are joined
  # back with ';'.
  set(key)
  foreach(arg IN LISTS ARGN)
    if(arg MATCHES "^(EXIT|STDOUT|STDERR|COMMAND|LABELS)$")
      set(key ${arg})
      set(A_${key})
      set(seen_${key} 1)
    elseif(NOT key)
      message(FATAL_ERROR "add_output_test(${name}): '${arg}' before any keyword")
    elseif(key MATCHES "^(COMMAND|LABELS)$")
      list(APPEND A_${key} "${arg}")
    elseif(DEFINED have_${key})
      string(APPEND A_${key} "\;${arg}")
    else()
      set(A_${key} "${arg}")
      set(have_${key} 1)
    endif()
  endforeach()
  # Only the command's own list separators are escaped: each -D stays one
  # argument of its own.
  string(REPLACE ";" "\\;" cmd "${A_COMMAND}")
  set(defs "-DCMD=${cmd}")
  foreach(k EXIT STDOUT STDERR)
    if(seen_${k})
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
