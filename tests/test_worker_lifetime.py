"""Annotation workers end with their build: after kill -9, SIGTERM, or Ctrl-C (within 5 seconds)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads processes from Linux's /proc")

TOPICS = ["harbour crane", "river bridge", "apple orchard", "school roof", "tram line", "town library"]


def _articles(folder: Path, count: int) -> None:
    folder.mkdir()
    for n in range(count):
        topic = TOPICS[n % len(TOPICS)]
        text = " ".join(
            f"Officials in Holmvik said on Monday that the {topic} would need {n + k} more days of work, "
            f"and residents asked the council about the cost of the {topic}."
            for k in range(12)
        )
        (folder / f"a{n:03d}.txt").write_text(f" date 2024-0{1 + n % 9}-1{n % 10}\n{text}\n", encoding="utf-8")


def _children(pid: int) -> set[int]:
    found = set()
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        if int(fields[1]) == pid and fields[0] != "Z":
            found.add(int(stat.parent.name))
    return found


def _alive(pids: set[int]) -> set[int]:
    alive = set()
    for pid in pids:
        try:
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        if state != "Z":
            alive.add(pid)
    return alive


def _as_from_a_terminal() -> None:
    """Ctrl-C's default action in the build, as a terminal gives it (a background runner may ignore SIGINT,
    and an ignored SIGINT is inherited)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _build_with_workers(tmp_path: Path) -> tuple[subprocess.Popen, set[int]]:
    _articles(tmp_path / "in", 160)
    storyline = Path(sys.executable).with_name("storyline")
    build = subprocess.Popen(
        [str(storyline), "build", str(tmp_path / "in"), "-o", str(tmp_path / "out"), "-j", "2", "--quiet"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
        preexec_fn=_as_from_a_terminal,
    )
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        workers = _children(build.pid)
        if len(workers) >= 2:
            time.sleep(1.0)  # the workers are annotating
            return build, _children(build.pid)
        if build.poll() is not None:
            pytest.fail("the build ended before its workers started")
        time.sleep(0.2)
    build.kill()
    pytest.fail("no workers started within 120 s")


def _gone_within(pids: set[int], seconds: float) -> float:
    start = time.monotonic()
    while time.monotonic() - start < seconds:
        if not _alive(pids):
            return time.monotonic() - start
        time.sleep(0.1)
    return float("inf")


@pytest.mark.slow
@pytest.mark.parametrize("how", ["kill -9", "SIGTERM", "Ctrl-C"])
def test_workers_end_with_their_build(tmp_path, how):
    build, workers = _build_with_workers(tmp_path)
    try:
        if how == "kill -9":
            build.send_signal(signal.SIGKILL)
        elif how == "SIGTERM":
            build.send_signal(signal.SIGTERM)
        else:
            os.killpg(build.pid, signal.SIGINT)  # what a terminal sends the foreground group on Ctrl-C
        took = _gone_within(workers | {build.pid}, 5.0)
        assert took < 5.0, f"after {how}, processes still alive: {_alive(workers | {build.pid})}"
        if how == "Ctrl-C":  # the build itself ends at once, with the shell's code for an interrupted command
            assert build.wait(timeout=5.0) == 130
    finally:
        for pid in _alive(workers | {build.pid}):
            os.kill(pid, signal.SIGKILL)
        build.wait()
