#include "serve/free_memory.h"

#include <dlfcn.h>
#include <malloc.h>

#include <tbb/scalable_allocator.h>

namespace slidedb::serve {

namespace {

// The slidedb binary runs on TBB's allocator in place of malloc (its proxy
// library); test and sanitizer builds do not, and TBB's allocator must
// not be asked to clean pools it never set up.
bool on_tbb_malloc() {
    static const bool proxy = dlsym(RTLD_DEFAULT, "__TBB_malloc_proxy") != nullptr;
    return proxy;
}

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
