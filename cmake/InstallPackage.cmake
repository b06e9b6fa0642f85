# What `cmake --install` adds besides the targets' own install() rules:
# the CMake package (find_package(contention) -> contention::core,
# contention::simgrid), the pkg-config files (contention, contention-simgrid)
# and the documentation. Everything goes under the GNUInstallDirs prefixes.
include(CMakePackageConfigHelpers)
set(CONTENTION_CMAKE_INSTALL_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/contention)
set(CONTENTION_PLATFORM_INSTALL_DIR ${CMAKE_INSTALL_DATADIR}/contention/platforms)

install(EXPORT contentionTargets NAMESPACE contention:: DESTINATION ${CONTENTION_CMAKE_INSTALL_DIR})
configure_package_config_file(${CMAKE_CURRENT_LIST_DIR}/contentionConfig.cmake.in
                              ${CMAKE_BINARY_DIR}/contentionConfig.cmake
                              INSTALL_DESTINATION ${CONTENTION_CMAKE_INSTALL_DIR}
                              PATH_VARS CONTENTION_PLATFORM_INSTALL_DIR CMAKE_INSTALL_BINDIR)
# Before 1.0 a minor version may break the API: 0.1.x satisfies 0.1 only.
write_basic_package_version_file(${CMAKE_BINARY_DIR}/contentionConfigVersion.cmake
                                 COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_BINARY_DIR}/contentionConfig.cmake ${CMAKE_BINARY_DIR}/contentionConfigVersion.cmake
        DESTINATION ${CONTENTION_CMAKE_INSTALL_DIR})

# pkg-config files, relocatable: the prefix is found from the file's place.
set(pc_dir ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
file(RELATIVE_PATH PC_RELATIVE_PREFIX /root/${pc_dir} /root)
string(REGEX REPLACE "/$" "" PC_RELATIVE_PREFIX "${PC_RELATIVE_PREFIX}")
set(pc_files contention)
if(CONTENTION_WITH_SIMGRID)
  list(APPEND pc_files contention-simgrid)
endif()
foreach(pc IN LISTS pc_files)
  configure_file(${CMAKE_CURRENT_LIST_DIR}/${pc}.pc.in ${CMAKE_BINARY_DIR}/${pc}.pc @ONLY)
  install(FILES ${CMAKE_BINARY_DIR}/${pc}.pc DESTINATION ${pc_dir})
endforeach()

# Documentation: README, doc/*.md, the scenario DTD and examples.
install(FILES ${CMAKE_SOURCE_DIR}/README.md DESTINATION ${CMAKE_INSTALL_DOCDIR})
install(DIRECTORY ${CMAKE_SOURCE_DIR}/doc/ DESTINATION ${CMAKE_INSTALL_DOCDIR}/doc)
