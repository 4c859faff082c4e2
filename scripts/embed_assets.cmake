# Writes OUT: a C++ file holding every file of ASSETS (the web app's scripts
# and style sheets, src/serve/assets/) as a string, keyed by file name.
cmake_minimum_required(VERSION 3.22)
set(body "")
foreach(f IN LISTS ASSETS)
  get_filename_component(name ${f} NAME)
  file(READ ${f} text)
  string(FIND "${text}" ")slidedb_asset\"" clash)
  if(NOT clash EQUAL -1)
    message(FATAL_ERROR "${f} holds the raw string's closing delimiter")
  endif()
  string(APPEND body "    {\"${name}\", R\"slidedb_asset(${text})slidedb_asset\"},\n")
endforeach()
file(WRITE ${OUT}.tmp "// Generated from src/serve/assets/; do not edit.
#include \"serve/assets.h\"

namespace slidedb::serve {

const std::vector<Asset>& assets() {
    static const std::vector<Asset> files{
${body}    };
    return files;
}

}  // namespace slidedb::serve
")
file(COPY_FILE ${OUT}.tmp ${OUT} ONLY_IF_DIFFERENT)
