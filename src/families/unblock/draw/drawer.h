// The Unblock family's look for `render`: the game's pictures (render.h) as
// the BoardDrawer interface gives them to the rest of slidedb, with the
// game's own settings (theme, bars, overlays, a user's marks).
#pragma once

#include "puzzle/board_drawer.h"

namespace slidedb {

const BoardDrawer& unblock_drawer();

}  // namespace slidedb
