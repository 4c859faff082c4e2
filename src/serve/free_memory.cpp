#include "serve/free_memory.h"

#include <malloc.h>

#include <tbb/scalable_allocator.h>

// Defined by TBB's malloc proxy library, when it is linked in.
extern "C" __attribute__((weak)) void __TBB_malloc_proxy();

namespace slidedb::serve {

namespace {

// The slidedb binary runs on TBB's allocator in place of malloc (its proxy
// library); test and sanitizer builds do not, and TBB's allocator must
// not be asked to clean pools it never set up. A weak reference, bound when
// the program is loaded: a failed dlsym() would leave glibc's per-thread
// error state allocated on the connection's thread.
bool on_tbb_malloc() { return __TBB_malloc_proxy != nullptr; }

}  // namespace

void give_back_free_memory() {
    // TBB's pools keep freed blocks for reuse; glibc's arenas keep free
    // pages (malloc_trim reaches every arena, not only the main heap's top).
    if (on_tbb_malloc()) scalable_allocation_command(TBBMALLOC_CLEAN_ALL_BUFFERS, nullptr);
#if defined(__GLIBC__)
    malloc_trim(0);
#endif
}

}  // namespace slidedb::serve
