// The Unblock family's reader of screenshots: the scanner (screenshot.h) and
// its debug picture (annotate.h) as the PictureReader interface gives them
// to the rest of slidedb.
#pragma once

#include "puzzle/picture_reader.h"

namespace slidedb {

const PictureReader& unblock_picture_reader();

}  // namespace slidedb
