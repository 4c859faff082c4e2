# Fails when a file of one folder under src/ includes a header of a folder
# its library does not link: the layers of slidedb point one way, and the
# build says so. Run by the build (see slidedb_library in CMakeLists.txt):
#   cmake -DFOLDER=store -DALLOWED="puzzle;solve" -DSRC=<src dir> -DSTAMP=<file> -P check_includes.cmake
cmake_minimum_required(VERSION 3.22)
file(GLOB_RECURSE files "${SRC}/${FOLDER}/*.h" "${SRC}/${FOLDER}/*.cpp")
set(wrong "")
foreach(f IN LISTS files)
  file(STRINGS "${f}" lines REGEX "^#include \"[a-z_]+/")
  foreach(line IN LISTS lines)
    string(REGEX REPLACE "^#include \"([a-z_]+)/.*" "\\1" folder "${line}")
    if(NOT folder STREQUAL FOLDER AND NOT folder IN_LIST ALLOWED)
      file(RELATIVE_PATH rel "${SRC}" "${f}")
      string(APPEND wrong "  src/${rel}: ${line}\n")
    endif()
  endforeach()
endforeach()
if(wrong)
  message(FATAL_ERROR "src/${FOLDER}/ may include only its own headers and those of: ${ALLOWED}\n${wrong}")
endif()
file(WRITE "${STAMP}" "ok\n")
