// The families' difficulty bands in the database (tables `bands` and
// `band_rules`, schema 12): written from the family interface, read by the
// reports and the view `difficulty` in SQL.
#pragma once

#include <vector>

#include <SQLiteCpp/Database.h>

#include "puzzle/difficulty.h"

namespace slidedb {

// True when the database holds exactly these bands and rules.
bool bands_current(SQLite::Database& db, const std::vector<FamilyDifficulty>& families);

// Replaces the bands and rules by these, in one transaction.
void write_bands(SQLite::Database& db, const std::vector<FamilyDifficulty>& families);

}  // namespace slidedb
