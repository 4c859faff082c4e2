#include "serve/free_memory.h"

#include <malloc.h>

#include <tbb/scalable_allocator.h>

namespace slidedb::serve {

void give_back_free_memory() {
    // The binary may run on TBB's allocator in place of malloc (its pools
    // keep freed blocks for reuse), or on glibc's (every arena's free
    // pages, not only the top of the main heap); each is told, the other
    // call costs nothing.
    scalable_allocation_command(TBBMALLOC_CLEAN_ALL_BUFFERS, nullptr);
#if defined(__GLIBC__)
    malloc_trim(0);
#endif
}

}  // namespace slidedb::serve
