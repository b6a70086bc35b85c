"""The output folder: one build at a time, and a manifest of the files storyline wrote there.

Why: OUT may be a folder a user already keeps things in, and two builds (a cron job and a
user, or a service) may aim at the same OUT.  ``OutputFolder.acquire`` takes an OS file lock
(``filelock``) for the whole build, so a second build waits for the first or stops with a named
error.  The manifest (``.storyline-manifest.json``) lists every file a build wrote, relative to
OUT; storyline removes only files the manifest lists, and a folder only once it is empty.
"""

from __future__ import annotations

import contextlib
import json
import os
import time
from collections.abc import Iterable
from pathlib import Path

from filelock import FileLock, Timeout

from storyline.errors import StorylineError

LOCK_NAME = ".storyline.lock"
MANIFEST_NAME = ".storyline-manifest.json"
MANIFEST_FORMAT = "storyline-manifest/1"
#: how often a build saves the manifest while it writes (a large build writes thousands of files)
SAVE_EVERY_SECONDS = 2.0


def check_output(out: Path) -> None:
    """A named error when ``out`` cannot be an output folder (a file, or not writable)."""
    if out.exists() and not out.is_dir():
        raise StorylineError(
            "E061", f"The output {out} is a file, not a folder.", "Name a folder with -o (it is created when missing)."
        )
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise StorylineError(
            "E062",
            f"Cannot create the output folder {out}: {err.strerror or err}.",
            "Name a folder you may write with -o.",
        ) from err
    if not os.access(out, os.W_OK | os.X_OK):
        raise StorylineError(
            "E062", f"The output folder {out} is not writable.", "Name a folder you may write with -o."
        )


class OutputFolder:
    """OUT's lock and manifest."""

    def __init__(self, out: Path):
        self.out = out
        self.files: set[str] = set()
        self._dirty = False
        self._saved_at = time.monotonic()
        self._lock: FileLock | None = None

    def acquire(self, wait_seconds: float = 0.0) -> None:
        """Take OUT's build lock; a named error (E060) when another build holds it past ``wait_seconds``."""
        self._lock = FileLock(self.out / LOCK_NAME, timeout=max(wait_seconds, 0.0))
        try:
            self._lock.acquire()
        except Timeout as err:
            raise StorylineError(
                "E060",
                f"Another storyline build is writing {self.out} (it holds {self.out / LOCK_NAME}).",
                "Wait for it to finish, or pass --wait SECONDS to wait for it.",
            ) from err
        except OSError as err:
            raise StorylineError(
                "E062",
                f"Cannot lock the output folder {self.out}: {err.strerror or err}.",
                "Name a folder you may write with -o.",
            ) from err

    def release(self) -> None:
        if self._lock is not None:
            self._lock.release()
            self._lock = None

    # manifest ---------------------------------------------------------------------------

    def load(self, known_story_ids: Iterable[str] = (), story_files: Iterable[str] = ()) -> None:
        """Read the manifest.  Without one, the files of the stories the store lists (``known_story_ids``,
        ``story_files`` in each) count as written by storyline: the store says it rendered them."""
        path = self.out / MANIFEST_NAME
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            names = list(story_files)
            self.files = {
                f"stories/{sid}/{name}"
                for sid in known_story_ids
                for name in names
                if _plain_name(sid) and (self.out / "stories" / sid / name).is_file()
            }
            return
        except (OSError, ValueError) as err:
            raise StorylineError(
                "E063",
                f"The manifest {path} cannot be read ({err}).",
                "Remove it: storyline then removes nothing it did not write in this build.",
            ) from err
        if (
            not isinstance(data, dict)
            or data.get("format") != MANIFEST_FORMAT
            or not isinstance(data.get("files"), list)
        ):
            raise StorylineError(
                "E063",
                f"The manifest {path} is not a {MANIFEST_FORMAT} manifest.",
                "Remove it: storyline then removes nothing it did not write in this build.",
            )
        self.files = {f for f in data["files"] if isinstance(f, str) and _inside(f)}

    def save(self) -> None:
        """Write the manifest (through a temporary file, so a crash leaves the old one or the new one)."""
        self._dirty = False
        self._saved_at = time.monotonic()
        partial = self.out / (MANIFEST_NAME + ".partial")
        partial.write_text(
            json.dumps({"format": MANIFEST_FORMAT, "files": sorted(self.files)}, indent=1), encoding="utf-8"
        )
        partial.replace(self.out / MANIFEST_NAME)

    def wrote(self, paths: Iterable[Path]) -> None:
        """Record files just written (absolute, or relative to OUT); the manifest is saved every
        SAVE_EVERY_SECONDS and by ``flush``.  A file written but not yet listed when a build dies is
        left in place, never removed: its story is rendered (and listed) again by the next build."""
        for path in paths:
            relative = Path(path).resolve().relative_to(self.out.resolve()) if Path(path).is_absolute() else Path(path)
            self.files.add(relative.as_posix())
        self._dirty = True
        if time.monotonic() - self._saved_at > SAVE_EVERY_SECONDS:
            self.save()

    def flush(self) -> None:
        """Save the manifest if anything changed since it was last saved."""
        if self._dirty:
            self.save()

    def story_folders(self) -> set[str]:
        """Ids of the story folders holding files storyline wrote."""
        return {f.split("/")[1] for f in self.files if f.startswith("stories/") and f.count("/") == 2}

    def remove_story(self, story_id: str) -> None:
        """Remove the files storyline wrote for a story, and its folder when nothing else is left in it."""
        prefix = f"stories/{story_id}/"
        mine = sorted(f for f in self.files if f.startswith(prefix))
        for name in mine:
            with contextlib.suppress(FileNotFoundError):
                (self.out / name).unlink()
            self.files.discard(name)
        with contextlib.suppress(OSError):  # not empty (someone else's files) or already gone: left alone
            (self.out / "stories" / story_id).rmdir()
        self.save()  # at once: the manifest never lists more than what is there


def _plain_name(name: str) -> bool:
    return bool(name) and "/" not in name and "\\" not in name and name not in (".", "..")


def _inside(relative: str) -> bool:
    """A manifest entry that stays inside OUT (no absolute path, no ``..``)."""
    parts = Path(relative).parts
    return bool(parts) and not Path(relative).is_absolute() and ".." not in parts
