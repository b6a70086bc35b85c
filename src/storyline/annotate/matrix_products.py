"""spaCy's neural layers multiply their matrices through numpy's BLAS instead of cython-blis.

thinc hands every matrix product of the embedding and encoding layers to cython-blis, which picks
its kernels by CPU model when it starts.  On a model it does not know it falls back to portable C:
blis 1.3.4 on an AMD EPYC of family 25 prints ``selecting sub-configuration 'generic'`` (run with
``BLIS_ARCH_DEBUG=1``).  numpy's OpenBLAS picks its kernels by the CPU's features, so it uses AVX2
and FMA there.  The arithmetic is the same; only who does it changes.  ``tests/test_nlp.py`` checks
that the output equals the stock pipeline's, token for token.

A pipeline loaded inside ``numpy_matrix_products()`` builds its layers on thinc's ``NumpyOps(use_blis=False)``
(thinc's own choice of backend, ``use_ops``); nothing is changed after loading.  The parser's and the entity
recogniser's output layer (built on ``"cpu"`` ops by spaCy itself) and their step-by-step loop, which calls
blis from compiled code, keep blis.  When the current ops are another backend's (a GPU's, Apple's), the
pipeline loads on those.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from thinc.api import NumpyOps, get_current_ops, use_ops


@contextmanager
def numpy_matrix_products() -> Iterator[None]:
    """Layers made inside the block use numpy's BLAS, when thinc's current ops are its blis-backed CPU ops."""
    current = get_current_ops()
    if isinstance(current, NumpyOps) and type(current) is NumpyOps and current.use_blis:
        with use_ops("numpy", use_blis=False):
            yield
    else:
        yield
