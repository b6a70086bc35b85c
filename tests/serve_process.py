"""Starting ``storyline serve`` as a real process for the tests that need one (crash, browser)."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def start(out: Path, port: int, token: str) -> subprocess.Popen:
    """The server and its worker in a process group of their own (so a test can kill both)."""
    env = {**os.environ, "STORYLINE_TOKEN": token}
    return subprocess.Popen(
        [sys.executable, "-m", "storyline.cli", "serve", str(out), "--port", str(port)],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )


def wait_up(base: str, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"{base}/api/stories", timeout=2).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.2)
    raise AssertionError(f"the server at {base} did not come up in {timeout} s")


def kill(server: subprocess.Popen) -> None:
    """SIGKILL to the server's whole group: the server and its worker die at once."""
    try:
        os.killpg(server.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    server.wait(timeout=10)
