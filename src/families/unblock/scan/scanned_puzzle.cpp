#include "families/unblock/scan/scanned_puzzle.h"

#include "families/unblock/unblock_family.h"

namespace slidedb {

Puzzle scanned_puzzle(const ScanResult& scan) { return to_puzzle(scan.board); }

}  // namespace slidedb
