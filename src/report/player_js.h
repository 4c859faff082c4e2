// The script of the HTML page: the solution players.
#pragma once

#include <string_view>

namespace slidedb {

// Plain JavaScript, no library. Every div.player with data-moves gets step
// forward / back, play and reset; each step rewrites the moved block's
// data-row / data-col, the player's data-step and the counter, and slides the
// block with a CSS transition. A focused player also answers the arrow keys
// and the space bar. window.slidedbPlayer(div) starts a player added later.
//
// Test hook: a URL fragment "#steps=ffb" presses forward, forward, back on the
// first player once the page has loaded ("r" reset, "p" play), then sets
// data-hook="done" on <body>. Errors anywhere on the page are counted in
// <body data-errors>.
std::string_view player_js();

}  // namespace slidedb
