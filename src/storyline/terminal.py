"""Text read from inputs, shown on a terminal as inert text.

Titles, ids, file names and reasons come from files others wrote.  Printed through Rich they
could open markup (``[/]`` aborts the print, ``[tags]`` vanish) and raw control characters (ANSI
escapes in a file name) reach the terminal itself.  ``shown`` makes both visible and harmless.
"""

from __future__ import annotations

import re

from rich.markup import escape

#: C0 and C1 control characters (ESC starts ANSI sequences) and the bidirectional overrides that
#: reorder what a terminal displays
CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def _visible(match: re.Match) -> str:
    return match.group().encode("unicode_escape").decode("ascii")


def shown(value: object) -> str:
    """``value`` as text for ``Console.print``: control characters written as escapes (``\\x1b``), markup escaped."""
    return escape(CONTROL.sub(_visible, str(value)))
