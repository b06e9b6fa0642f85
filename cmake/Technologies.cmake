# CONTENTION_TECHNOLOGIES: the names of the core's technologies, in the
# order of cg_tech_all(), read at configure time from the registry
# (core/src/tech_registry.c: its table of &cg_tech_<x>) and each
# technology's definition (`.name = "..."` of `const cg_tech cg_tech_<x>`).
# Tests loop over it, so a technology added to the registry gets them; the
# test tools.technology_list checks it against contention-predict
# --list-technologies, so a parse that drifts from the code fails.
set(_src ${CMAKE_CURRENT_LIST_DIR}/../core/src)
file(READ ${_src}/tech_registry.c _registry)
string(REGEX MATCH "all_techs\\[\\] = {[^}]*}" _table "${_registry}")
string(REGEX MATCHALL "&cg_tech_[a-z0-9_]+" _symbols "${_table}")
file(GLOB_RECURSE _tech_sources ${_src}/*.c)
set(CONTENTION_TECHNOLOGIES)
foreach(_sym IN LISTS _symbols)
  string(SUBSTRING "${_sym}" 1 -1 _sym)
  set(_name)
  foreach(_f IN LISTS _tech_sources)
    file(READ ${_f} _text)
    string(REGEX MATCH "const cg_tech ${_sym} = {[^}]*\\.name = \"([^\"]+)\"" _m "${_text}")
    if(_m)
      set(_name ${CMAKE_MATCH_1})
      break()
    endif()
  endforeach()
  if(NOT _name)
    message(FATAL_ERROR "cmake/Technologies.cmake: no '.name = \"...\"' in the definition of ${_sym} (core/src/*.c)")
  endif()
  list(APPEND CONTENTION_TECHNOLOGIES ${_name})
endforeach()
# CONTENTION_DEFAULT_TECHNOLOGY: the one cg_tech_default() returns.
string(REGEX MATCH "default_tech = &(cg_tech_[a-z0-9_]+);" _m "${_registry}")
list(FIND _symbols "&${CMAKE_MATCH_1}" _i)
if(_i LESS 0)
  message(FATAL_ERROR "cmake/Technologies.cmake: no 'default_tech = &cg_tech_<x>;' of the table in ${_src}/tech_registry.c")
endif()
list(GET CONTENTION_TECHNOLOGIES ${_i} CONTENTION_DEFAULT_TECHNOLOGY)
if(NOT CONTENTION_TECHNOLOGIES)
  message(FATAL_ERROR "cmake/Technologies.cmake: no technology found in the all_techs table of ${_src}/tech_registry.c")
endif()
