#include "store/read_only.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <string_view>

#include <sqlite3.h>

#include "store/bounded_printf.h"
#include "store/database.h"

namespace slidedb {

namespace {

// Pragmas that report and never change anything, with or without an argument.
constexpr std::array<std::string_view, 15> kLookups = {
    "table_info",  "table_xinfo", "table_list",  "index_list",   "index_info",
    "index_xinfo", "foreign_key_list", "foreign_key_check", "integrity_check", "quick_check",
    "function_list", "module_list", "pragma_list", "collation_list", "database_list"};

// Pragmas that report when given no argument and set something when given one.
constexpr std::array<std::string_view, 14> kSettingsRead = {
    "user_version", "schema_version", "application_id", "journal_mode", "page_size",
    "page_count",   "freelist_count", "encoding",       "foreign_keys", "auto_vacuum",
    "compile_options", "data_version", "max_page_count", "query_only"};

bool member(std::string_view name, const auto& list) {
    return std::find(list.begin(), list.end(), name) != list.end();
}

int authorize(void*, int action, const char* a, const char* b, const char*, const char*) {
    switch (action) {
        case SQLITE_SELECT:
        case SQLITE_READ:
        case SQLITE_FUNCTION:
        case SQLITE_RECURSIVE:
            return SQLITE_OK;
        case SQLITE_PRAGMA:
            return a && pragma_reads_only(a, b != nullptr) ? SQLITE_OK : SQLITE_DENY;
        case SQLITE_UPDATE:
            // SQLite asks this of its own schema table when a table-valued
            // pragma (pragma_table_info) is first used; a real write there is
            // refused anyway (query_only, defensive mode).
            return a && std::string_view(a) == "sqlite_master" ? SQLITE_OK : SQLITE_DENY;
        default:
            // ATTACH, DETACH, writes, schema changes, transactions, VACUUM
            // (which SQLite checks as an ATTACH of its target), ANALYZE.
            return SQLITE_DENY;
    }
}

}  // namespace

bool pragma_reads_only(const std::string& name, bool has_argument) {
    std::string lower;
    for (char c : name) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (member(lower, kLookups)) return true;
    return !has_argument && member(lower, kSettingsRead);
}

void make_read_only(sqlite3* db) {
    if (sqlite3_exec(db, "PRAGMA query_only = ON", nullptr, nullptr, nullptr) != SQLITE_OK)
        throw StoreError(sqlite3_errmsg(db));
    sqlite3_limit(db, SQLITE_LIMIT_ATTACHED, 0);
    sqlite3_db_config(db, SQLITE_DBCONFIG_DEFENSIVE, 1, nullptr);
    sqlite3_db_config(db, SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION, 0, nullptr);
    if (sqlite3_set_authorizer(db, authorize, nullptr) != SQLITE_OK) throw StoreError(sqlite3_errmsg(db));
    bound_printf(db);  // whatever SQL it is handed: one call cannot outlast a statement's time
}

}  // namespace slidedb
