// Gives memory a finished search freed back to the system, so a server that
// answered a large search returns near its idle size.
#pragma once

namespace slidedb::serve {

// The allocator keeps freed pages for reuse, in every thread's arena; a
// long-running server hands them back after each search.
void give_back_free_memory();

}  // namespace slidedb::serve
