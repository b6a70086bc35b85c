"""spaCy's neural layers multiply their matrices through numpy's BLAS instead of cython-blis.

thinc hands every matrix product of the embedding and encoding layers to cython-blis, which picks
its kernels by CPU model when it starts.  On a model it does not know it falls back to portable C:
blis 1.3.4 on an AMD EPYC of family 25 prints ``selecting sub-configuration 'generic'`` (run with
``BLIS_ARCH_DEBUG=1``).  numpy's OpenBLAS picks its kernels by the CPU's features, so it uses AVX2
and FMA there.  The arithmetic is the same; only who does it changes.  ``tests/test_nlp.py`` checks
that the output equals the stock pipeline's, token for token.

The parser's and the entity recogniser's own step-by-step loop still calls blis from compiled code,
which this cannot reach.  Layers on other ops (a GPU's, Apple's) are left as they are.
"""

from __future__ import annotations

from spacy.language import Language
from thinc.api import NumpyOps


def with_numpy_matrix_products(nlp: Language) -> Language:
    """Point every layer on thinc's blis-backed CPU ops at one numpy-BLAS ``NumpyOps`` (in place; a second
    call finds no such layer left and changes nothing)."""
    ops = NumpyOps(use_blis=False)
    for _, component in nlp.pipeline:
        model = getattr(component, "model", None)
        if model is None:
            continue
        for layer in model.walk():
            if type(layer.ops) is NumpyOps and layer.ops.use_blis:
                layer.ops = ops
    return nlp
