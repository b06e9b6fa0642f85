# cmake -DHOSTS="h1;h2;..." -DHOSTFILE=path -DCHECK_CSV=prog -DTOL=rel
#       -DEXPECT="key=value;..." -DCMD="smpirun;args..." -P smpirun_check.cmake
# Writes the hostfile (one host per line), runs CMD through check_csv (rows
# "key,value" of the program's CSV output against EXPECT, relative tolerance
# TOL) and fails if SimGrid printed a warning or an error. smpirun copies the
# program into TMPDIR: a private one next to the hostfile keeps parallel
# tests from running each other's copies.
get_filename_component(dir ${HOSTFILE} DIRECTORY)
file(MAKE_DIRECTORY ${dir}/tmp)
set(ENV{TMPDIR} ${dir}/tmp)
string(REPLACE ";" "\n" lines "${HOSTS}")
file(WRITE ${HOSTFILE} "${lines}\n")
execute_process(COMMAND ${CHECK_CSV} ${TOL} ${EXPECT} -- ${CMD}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "check failed (status ${rc}):\n${err}${out}")
endif()
string(REGEX MATCH "[Ww][Aa][Rr][Nn]|[Ee][Rr][Rr][Oo][Rr]|CRITICAL" bad "${err}")
if(bad)
  message(FATAL_ERROR "smpirun printed a warning or an error:\n${err}")
endif()
message(STATUS "${out}")
