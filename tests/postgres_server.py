"""A throwaway PostgreSQL server (Debian's postgresql package) on a Unix socket in a temporary folder.

Used by the tests' ``postgres_url`` fixture and by ``benchmarks/serve_search.py --postgres``.
"""

from __future__ import annotations

import contextlib
import glob
import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path


def server_binaries() -> str | None:
    """The folder of the newest installed PostgreSQL server's programs, or None."""
    binaries = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    return os.path.dirname(binaries[-1]) if binaries else None


@contextlib.contextmanager
def throwaway_postgres(bin_dir: str) -> Iterator[str]:
    """Start a server, yield its URL, stop it and remove its files."""
    root = Path(tempfile.mkdtemp(prefix="storyline-pg-"))  # not under pytest's root-only folder
    data, sock = root / "pgdata", root / "pgsock"
    sock.mkdir()
    run_as = []
    if os.geteuid() == 0:  # PostgreSQL refuses to run as root
        for path in (root, sock):
            shutil.chown(path, "postgres")
        run_as = ["runuser", "-u", "postgres", "--"]
    subprocess.run(
        run_as + [f"{bin_dir}/initdb", "-D", str(data), "-A", "trust", "-U", "storyline"],
        check=True,
        capture_output=True,
    )
    # the server inherits pg_ctl's output: send it to a log file, never to a pipe we wait on
    subprocess.run(
        run_as
        + [
            f"{bin_dir}/pg_ctl",
            "-D",
            str(data),
            "-l",
            str(root / "server.log"),
            "-w",
            "-o",
            f"-k {sock} -c listen_addresses=''",
            "start",
        ],
        check=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        yield f"postgresql://storyline@/postgres?host={sock}"
    finally:
        subprocess.run(run_as + [f"{bin_dir}/pg_ctl", "-D", str(data), "-m", "immediate", "stop"], capture_output=True)
        shutil.rmtree(root, ignore_errors=True)
