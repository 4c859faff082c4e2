# Fails when a file of one folder under src/ includes a header of a folder
# its library does not link: the layers of slidedb point one way, and the
# build says so. Outside src/families/, a family's own headers
# (families/unblock/..., families/tiles/...) fail it too: the rest of slidedb
# reaches a family through the registry, families/families.h, and the
# Family interface. Run by the build (see
# slidedb_library in CMakeLists.txt):
#   cmake -DFOLDER=store -DALLOWED="puzzle;solve" -DSRC=<src dir> -DSTAMP=<file> -P check_includes.cmake
cmake_minimum_required(VERSION 3.22)
file(GLOB_RECURSE files "${SRC}/${FOLDER}/*.h" "${SRC}/${FOLDER}/*.cpp")
set(wrong "")
foreach(f IN LISTS files)
  file(STRINGS "${f}" lines REGEX "^#include \"[a-z_]+/")
  foreach(line IN LISTS lines)
    string(REGEX REPLACE "^#include \"([a-z_]+)/.*" "\\1" folder "${line}")
    file(RELATIVE_PATH rel "${SRC}" "${f}")
    if(NOT folder STREQUAL FOLDER AND NOT folder IN_LIST ALLOWED)
      string(APPEND wrong "  src/${rel}: ${line}\n")
    elseif(NOT FOLDER STREQUAL "families" AND line MATCHES "^#include \"families/[a-z_]+/")
      string(APPEND wrong "  src/${rel}: ${line}  (a family's own header: go through families/families.h)\n")
    endif()
  endforeach()
endforeach()
if(wrong)
  message(FATAL_ERROR "src/${FOLDER}/ may include only its own headers and those of: ${ALLOWED} (of families/, only the registry families/families.h)\n${wrong}")
endif()
file(WRITE "${STAMP}" "ok\n")
