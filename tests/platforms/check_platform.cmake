# cmake -DCHECK_CSV=prog -DINFO=prog -DXML=file [-DGEN="gen;args..." (empty: no generation)]
#       -DTOL=rel -DEXPECT="key=value;..." -DQUERY="src;dst;link=NAME;..." -P check_platform.cmake
# Optionally writes XML with the generator, then loads it with platform_info
# and checks the rows against EXPECT (relative tolerance TOL) and that
# neither the generator nor SimGrid printed any warning or error.
if(GEN)
  execute_process(COMMAND ${GEN} -o ${XML} RESULT_VARIABLE rc ERROR_VARIABLE err)
  if(NOT rc EQUAL 0 OR NOT err STREQUAL "")
    message(FATAL_ERROR "generator failed (${rc}): ${GEN}\n${err}")
  endif()
endif()
execute_process(COMMAND ${CHECK_CSV} ${TOL} ${EXPECT} -- ${INFO} ${XML} ${QUERY}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "check failed for ${XML} (status ${rc}):\n${err}${out}")
endif()
string(REGEX MATCH "[Ww][Aa][Rr][Nn]|[Ee][Rr][Rr][Oo][Rr]|CRITICAL" bad "${err}")
if(bad)
  message(FATAL_ERROR "loading ${XML} printed a warning or an error:\n${err}")
endif()
