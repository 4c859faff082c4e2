// Fuzz target: decoding a picture (PNG, JPEG) and scanning it for a board.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "families/unblock/scan/screenshot.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view bytes(reinterpret_cast<const char*>(data), size);
    auto scanned = slidedb::scan_screenshot(bytes);
    if (auto* r = std::get_if<slidedb::ScanResult>(&scanned)) (void)r->board.key();
    return 0;
}
