#include "largeblocks.h"

#include <cstdlib> // defines __GLIBC__ with glibc

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace tribunal {

bool mapLargeBlocks()
{
#if defined(__GLIBC__)
    // Setting the threshold explicitly also turns glibc's adaptive threshold off.
    return mallopt(M_MMAP_THRESHOLD, kLargeBlockBytes) == 1;
#else
    return false;
#endif
}

} // namespace tribunal
