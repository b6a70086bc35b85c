"""An annotation worker keeps the memory it frees, instead of handing it back to the system batch after batch.

spaCy's parser and entity recogniser allocate large arrays for every batch (for 32 news articles the
parser's precomputed features alone are some 200 MB).  glibc serves an allocation that large with a
fresh ``mmap`` and returns it with ``munmap`` when it is freed, so the next batch asks the kernel again
and every page is zeroed again on first touch.  On a virtual machine each such page may also be fetched
back from the host.  In a cold Timeline17 run this was about a sixth of the workers' time, all of it
system time.

``keep_freed_memory`` tells glibc (``mallopt``) to serve allocations below 1 GiB from the heap and never
to trim it, so freed pages are reused.  The price is that a worker holds on to its peak memory until it
exits; the workers live as long as one ``annotate`` call.  It is a no-op where the C library is not
glibc.
"""

from __future__ import annotations

import ctypes
import ctypes.util

#: glibc's mallopt parameters (malloc.h)
_M_TRIM_THRESHOLD = -1
_M_MMAP_THRESHOLD = -3

#: allocations below this come from the heap; larger ones (a single article of millions of words) are still mapped
MMAP_THRESHOLD = 1 << 30
#: never give the heap's free top back to the system (the largest value mallopt takes)
TRIM_THRESHOLD = (1 << 31) - 1


def keep_freed_memory() -> bool:
    """Make this process's C heap keep freed memory for reuse; True when glibc took both settings."""
    library = ctypes.util.find_library("c")
    if library is None:
        return False
    try:
        libc = ctypes.CDLL(library)
        mallopt = libc.mallopt
    except (OSError, AttributeError):  # not glibc (musl, macOS, Windows): nothing to tune
        return False
    mallopt.argtypes = (ctypes.c_int, ctypes.c_int)
    mallopt.restype = ctypes.c_int
    return bool(mallopt(_M_MMAP_THRESHOLD, MMAP_THRESHOLD)) & bool(mallopt(_M_TRIM_THRESHOLD, TRIM_THRESHOLD))
