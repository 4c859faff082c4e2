// Positions evenly spaced, as a lattice of cells shows them: found among
// the middles of lines or tags an overlay drew on every cell
// (grid_lines.cpp, cell_tags.cpp). Internal to src/families/unblock/scan/.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <vector>

namespace slidedb::scanning {

// Positions evenly spaced: where each lies, and the found position there
// (an index into the sorted positions given) or -1 where none was.
struct Run {
    std::vector<double> at;
    std::vector<int> found;
    int count() const { return static_cast<int>(std::count_if(found.begin(), found.end(), [](int k) { return k >= 0; })); }
    double pitch() const { return (at.back() - at.front()) / static_cast<double>(at.size() - 1); }
};

// The run of evenly spaced positions that finds the most of `at` (sorted):
// each within 3 % of the pitch (1.5 px at least) of where the last found
// and the pitch put it, `gaps` missing at most (a line hidden on a block
// the colour of its ink), never two in a row. `least` positions at least;
// empty when there is none.
inline Run even_run(const std::vector<double>& at, size_t least, double min_pitch, int gaps) {
    Run best;
    const size_t n = at.size();
    if (n + 1 < least || n > 120) return best;
    for (size_t i = 0; i < n; ++i)
        for (size_t j = i + 1; j < n; ++j)
            // (the pitch from a pair of lines far apart: lines drawn to
            // whole pixels put a pitch from neighbours a pixel off after
            // a few cells)
            for (int m = 1; m <= std::min<int>(12, static_cast<int>(j - i) + 2); ++m) {
                const double d = (at[j] - at[i]) / m;
                if (d < min_pitch) continue;
                const double tol = std::max(1.5, 0.03 * d);
                Run run;
                run.at.push_back(at[i]);
                run.found.push_back(static_cast<int>(i));
                double last = at[i];
                int since = 0;
                size_t k = i + 1;
                while (since <= std::min(gaps, 1)) {
                    const double want = last + (since + 1) * d;
                    while (k < n && at[k] < want - tol) ++k;
                    if (k < n && std::abs(at[k] - want) <= tol) {
                        run.at.push_back(at[k]);
                        run.found.push_back(static_cast<int>(k));
                        last = at[k];
                        since = 0;
                        ++k;
                    } else {
                        run.at.push_back(want);
                        run.found.push_back(-1);
                        ++since;
                    }
                }
                // the positions past the last found are none of the run
                while (!run.found.empty() && run.found.back() < 0) {
                    run.found.pop_back();
                    run.at.pop_back();
                }
                const int missing = static_cast<int>(run.at.size()) - run.count();
                if (missing <= gaps && run.count() > best.count()) best = run;
            }
    if (best.at.size() < least) return Run{};
    return best;
}

}  // namespace slidedb::scanning
