# Writes OUT: a C++ file holding every SQL file of SCHEMA and REPORTS as a
# string, keyed by file name without extension.
function(emit var files)
  set(body "")
  foreach(f IN LISTS files)
    get_filename_component(name ${f} NAME_WE)
    file(READ ${f} text)
    string(APPEND body "    {\"${name}\", R\"slidedb_sql(${text})slidedb_sql\"},\n")
  endforeach()
  set(${var} "${body}" PARENT_SCOPE)
endfunction()

emit(schema "${SCHEMA}")
emit(reports "${REPORTS}")
file(WRITE ${OUT}.tmp "// Generated from schema/*.sql and reports/*.sql; do not edit.
#include \"store/embedded_sql.h\"

namespace slidedb {

const std::vector<SqlFile>& schema_files() {
    static const std::vector<SqlFile> files{
${schema}    };
    return files;
}

const std::vector<SqlFile>& report_files() {
    static const std::vector<SqlFile> files{
${reports}    };
    return files;
}

}  // namespace slidedb
")
file(COPY_FILE ${OUT}.tmp ${OUT} ONLY_IF_DIFFERENT)
