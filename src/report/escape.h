// Text from the database (file names above all) made safe for each output.
//
// File names are bytes: an old archive's names may not be UTF-8, and a
// hostile one may hold terminal escapes or markup. Each output gets what it
// can carry:
//   JSON      always valid: bytes that are not UTF-8 become U+FFFD
//   terminal  control characters and bytes that are not UTF-8 become a
//             visible escape (\x1b, \t), so nothing reaches the terminal raw
//   Markdown  < > & | ` \ are escaped, a newline becomes <br>
#pragma once

#include <string>
#include <string_view>

namespace slidedb {

// A JSON string literal, quotes included. Invalid UTF-8 (a stray byte, an
// overlong form, a surrogate, a truncated sequence) becomes U+FFFD, one per
// byte that cannot start or continue a valid sequence.
std::string json_string(std::string_view text);

// True when text is a JSON number (RFC 8259): no inf, no nan, no hex.
bool is_json_number(std::string_view text);

// For a terminal: C0 and C1 control characters (but the newline), DEL and
// bytes that are not UTF-8 written as \t, \r or \xHH; valid UTF-8 kept.
std::string visible(std::string_view text);

// The same for text that must stay on one line (a file name in a
// diagnostic): a newline too becomes \n.
std::string visible_line(std::string_view text);

// One cell of a Markdown pipe table.
std::string markdown_cell(std::string_view text);

}  // namespace slidedb
