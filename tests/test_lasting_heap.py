"""A worker that keeps freed memory allocates spaCy-sized arrays again without asking the kernel for fresh pages."""

from __future__ import annotations

import platform
import subprocess
import sys

import pytest

pytestmark = pytest.mark.skipif(platform.libc_ver()[0] != "glibc", reason="mallopt is glibc's")

#: fills and frees 256 MB through the C heap (as numpy does for an array's data), then counts the page
#: faults of filling 256 MB again
_SECOND_ALLOCATION_FAULTS = """
import ctypes, ctypes.util, resource, sys
from storyline.annotate.lasting_heap import keep_freed_memory
if sys.argv[1] == "keep":
    assert keep_freed_memory()
libc = ctypes.CDLL(ctypes.util.find_library("c"))
libc.malloc.restype = ctypes.c_void_p
libc.free.argtypes = (ctypes.c_void_p,)
size = 256 << 20

def fill_and_free():
    block = libc.malloc(size)
    ctypes.memset(block, 1, size)
    libc.free(block)

fill_and_free()
before = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
fill_and_free()
print(resource.getrusage(resource.RUSAGE_SELF).ru_minflt - before)
"""


def _faults(mode: str) -> int:
    done = subprocess.run(
        [sys.executable, "-c", _SECOND_ALLOCATION_FAULTS, mode], capture_output=True, text=True, check=True
    )
    return int(done.stdout)


def test_freed_arrays_are_reused_instead_of_mapped_afresh():
    huge_pages = (256 << 20) // (2 << 20)
    returned = _faults("return")  # glibc's default: mapped, unmapped, mapped again and zeroed page by page
    assert returned >= huge_pages  # at least one fault per 2 MB, even where the kernel maps huge pages
    assert _faults("keep") * 20 < returned
