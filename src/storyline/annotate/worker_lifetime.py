"""Annotation workers live no longer than the build that started them.

Why: forked workers hold copies of the pool's pipes, so when the build is killed (kill -9,
SIGTERM) they never see the pool close, and each (~1 GB with spaCy) runs on; and on Ctrl-C the
pool's orderly shutdown waits for every queued batch (minutes).  A worker watches its parent and
exits when it is gone; it ignores Ctrl-C, which the build handles by ending its workers at once.
"""

from __future__ import annotations

import contextlib
import os
import signal
import threading
from concurrent.futures import ProcessPoolExecutor

#: seconds between a worker's checks that its build is still running
PARENT_CHECK_SECONDS = 0.5


def _exit_when_orphaned(parent: int) -> None:
    while True:
        if os.getppid() != parent:  # the build is gone: the worker was handed to init or a subreaper
            os._exit(1)
        threading.Event().wait(PARENT_CHECK_SECONDS)


def bind_to_parent() -> None:
    """In a worker: exit when the process that started it dies; leave Ctrl-C to that process."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    threading.Thread(target=_exit_when_orphaned, args=(os.getppid(),), name="parent-watch", daemon=True).start()


def end_workers(pool: ProcessPoolExecutor) -> None:
    """Stop a pool now: queued batches are dropped and running workers killed, not waited for."""
    terminate = getattr(pool, "terminate_workers", None)  # Python 3.14
    if terminate is not None:
        terminate()
    else:  # the pool's own processes (read before shutdown, which forgets them)
        for process in list((getattr(pool, "_processes", None) or {}).values()):
            with contextlib.suppress(Exception):
                process.kill()
    pool.shutdown(wait=False, cancel_futures=True)
