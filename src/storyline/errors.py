"""Errors that tell the user what went wrong and how to fix it (codes as in spaCy)."""

from __future__ import annotations


class StorylineError(Exception):
    """An error with a stable code, a message, and a hint that says how to fix it.

    ``exit_code``: what the command line exits with (2: the inputs, options or output folder need
    fixing; 1: the environment does, such as a missing model)."""

    def __init__(self, code: str, message: str, hint: str = "", exit_code: int = 2):
        self.code = code
        self.message = message
        self.hint = hint
        self.exit_code = exit_code
        super().__init__(f"[{code}] {message}" + (f" {hint}" if hint else ""))


class InputError(StorylineError):
    """One input could not be read or parsed; the run skips it and goes on."""
