"""Retake the README's screenshot of the served story page, in headless Chromium.

    .venv/bin/python scripts/screenshot_serve.py [--folder OUT] [--output docs/serve-story.png]

Without --folder it builds the bundled examples into a temporary folder first.  Starts
``storyline serve`` on a free loopback port, opens the largest story and saves a PNG.
Needs Debian's chromium and chromedriver (``bash scripts/install-browser.sh``) and selenium.
"""

from __future__ import annotations

import argparse
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[1]


def main() -> int:
    parser = argparse.ArgumentParser(description="Screenshot of the story page served by storyline serve.")
    parser.add_argument("--folder", type=Path, help="a built folder (default: the examples, built now)")
    parser.add_argument("--output", type=Path, default=ROOT / "docs" / "serve-story.png")
    parser.add_argument("--width", type=int, default=1280)
    parser.add_argument("--height", type=int, default=1000)
    args = parser.parse_args()

    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    scratch = Path(tempfile.mkdtemp(prefix="storyline-shot-"))
    out = scratch / "out"
    if args.folder:
        shutil.copytree(args.folder, out, ignore=shutil.ignore_patterns("inbox", "serve.db*"))
    else:
        subprocess.run(
            [sys.executable, "-m", "storyline.cli", "build", str(ROOT / "examples"), "-o", str(out), "-q"],
            check=True,
            stdout=subprocess.DEVNULL,
        )
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    base = f"http://127.0.0.1:{port}"
    server = subprocess.Popen(
        [sys.executable, "-m", "storyline.cli", "serve", str(out), "--port", str(port)],
        env={**os.environ, "STORYLINE_TOKEN": "screenshot"},
        start_new_session=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    profile = scratch / "profile"
    options = webdriver.ChromeOptions()
    options.binary_location = os.environ.get("STORYLINE_CHROMIUM", "/usr/bin/chromium")
    for arg in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--no-first-run",
        "--hide-scrollbars",
        "--disable-background-networking",
        "--disable-dev-shm-usage",
        f"--user-data-dir={profile}",
        f"--window-size={args.width},{args.height}",
    ):
        options.add_argument(arg)
    driver = None
    try:
        for _ in range(300):
            try:
                stories = httpx.get(f"{base}/api/stories", timeout=2).json()["stories"]
                break
            except (httpx.HTTPError, ValueError):
                time.sleep(0.2)
        else:
            raise SystemExit("the server did not come up")
        largest = max(stories, key=lambda s: s["size"])
        driver = webdriver.Chrome(
            service=Service(os.environ.get("STORYLINE_CHROMEDRIVER", "/usr/bin/chromedriver")), options=options
        )
        driver.get(f"{base}/stories/{largest['id']}")
        time.sleep(1.0)
        args.output.parent.mkdir(parents=True, exist_ok=True)
        driver.save_screenshot(str(args.output))
        print(f"saved {args.output}")
    finally:
        if driver is not None:
            driver.quit()
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=20)
        shutil.rmtree(scratch, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
