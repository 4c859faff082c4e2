#include "serve/free_memory.h"

#include <malloc.h>

namespace slidedb::serve {

void give_back_free_memory() {
#if defined(__GLIBC__)
    malloc_trim(0);  // every arena's free pages, not only the top of the main heap
#endif
}

}  // namespace slidedb::serve
