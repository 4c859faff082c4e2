#include "puzzle/text_checks.h"

#include <fmt/format.h>

#include "image/image.h"

namespace slidedb {

namespace {

constexpr std::string_view kByteOrderMark = "\xEF\xBB\xBF";

// Control bytes other than blanks, and bytes outside valid UTF-8 sequences.
std::size_t count_non_text(std::string_view s) {
    std::size_t bad = 0;
    for (std::size_t i = 0; i < s.size();) {
        const auto c = static_cast<unsigned char>(s[i]);
        if (c < 0x80) {
            const bool blank = c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
            bad += (c < 0x20 && !blank) || c == 0x7f;
            ++i;
            continue;
        }
        const std::size_t tail = c >= 0xc2 && c <= 0xdf   ? 1
                                 : c >= 0xe0 && c <= 0xef ? 2
                                 : c >= 0xf0 && c <= 0xf4 ? 3
                                                          : 0;
        std::size_t k = 1;
        while (k <= tail && i + k < s.size() &&
               (static_cast<unsigned char>(s[i + k]) & 0xc0) == 0x80)
            ++k;
        if (tail == 0 || k != tail + 1) {
            ++bad;
            ++i;
        } else {
            i += k;
        }
    }
    return bad;
}

bool looks_binary(std::string_view text) {
    if (text.find('\0') != std::string_view::npos) return true;
    // Random bytes run near 60% non-text; a text file with a stray Latin-1
    // accent stays near 0. A quarter separates them with room to spare.
    const std::string_view sample = text.substr(0, 64 << 10);
    return count_non_text(sample) * 4 > sample.size();
}

}  // namespace

std::optional<ReadError> refuse_text(std::string_view& text) {
    if (text.size() > kMaxBoardFileBytes)
        return ReadError{0, fmt::format("file is {} bytes; board files over {} bytes are not read", text.size(),
                                        kMaxBoardFileBytes)};
    if (text.starts_with(kByteOrderMark)) text.remove_prefix(kByteOrderMark.size());
    if (looks_binary(text)) {
        if (const std::string_view kind = other_picture_kind(text); !kind.empty())
            return ReadError{0, picture_of_kind(kind) + ", not a board file; screenshots are read as PNG or JPEG only"};
        return ReadError{0, "binary data, not a board file"};
    }
    return std::nullopt;
}

}  // namespace slidedb
