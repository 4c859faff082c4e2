// Streamed bytes cut into lines, for the readers that read as a file comes.
#pragma once

#include <algorithm>
#include <cstddef>
#include <string>
#include <string_view>

#include "puzzle/read.h"

namespace slidedb {

// Pieces may end anywhere; a line goes on once its '\n' (or the end of the
// file) comes, without the '\n', numbered from 1. Memory holds the start of
// one cut line, at most kMaxLineBytes + 1 bytes of it: a longer line goes on
// cut, with its real length, for the reader to refuse.
class LineSplitter {
public:
    // line(std::string_view text, std::size_t bytes, int number) for each
    // line completed by `bytes`.
    template <class F>
    void feed(std::string_view bytes, F&& line) {
        std::size_t pos = 0;
        while (pos < bytes.size()) {
            const std::size_t newline = bytes.find('\n', pos);
            const std::string_view part = bytes.substr(pos, newline == std::string_view::npos ? bytes.size() - pos
                                                                                              : newline - pos);
            if (newline == std::string_view::npos) {
                keep(part);
                return;
            }
            if (partial_bytes_ == 0) {
                line(part, part.size(), ++number_);
            } else {
                keep(part);
                pass(line);
            }
            pos = newline + 1;
        }
    }

    // The end of the file: the last line, if it has no '\n'.
    template <class F>
    void finish(F&& line) {
        if (partial_bytes_ > 0) pass(line);
    }

    int lines() const { return number_; }

private:
    void keep(std::string_view part) {
        partial_bytes_ += part.size();
        const std::size_t room = kMaxLineBytes + 1 - std::min(partial_.size(), kMaxLineBytes + 1);
        partial_.append(part.substr(0, room));
    }

    template <class F>
    void pass(F&& line) {
        const std::string text = std::move(partial_);
        const std::size_t bytes = partial_bytes_;
        partial_.clear();
        partial_bytes_ = 0;
        line(std::string_view(text), bytes, ++number_);
    }

    std::string partial_;
    std::size_t partial_bytes_ = 0;
    int number_ = 0;
};

}  // namespace slidedb
