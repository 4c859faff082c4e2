// What every board file reader checks first, whatever the family: the size,
// a byte-order mark, binary data.
#pragma once

#include <optional>
#include <string_view>

#include "puzzle/read.h"

namespace slidedb {

// Drops a UTF-8 byte-order mark from the front of `text`. Returns the error
// for a text no reader should go on with (over kMaxBoardFileBytes, binary).
std::optional<ReadError> refuse_text(std::string_view& text);

}  // namespace slidedb
