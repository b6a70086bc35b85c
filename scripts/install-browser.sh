#!/usr/bin/env bash
# Installs Debian's headless Chromium and its WebDriver for the browser tests
# (tests/test_browser.py). Does nothing when both are already there.
set -euo pipefail

if [ -x /usr/bin/chromium ] && [ -x /usr/bin/chromedriver ]; then
  exit 0
fi

if ! command -v apt-get >/dev/null 2>&1; then
  echo "install-browser: apt-get not found; install Chromium and chromedriver yourself" \
       "(the browser tests look for /usr/bin/chromium and /usr/bin/chromedriver)." >&2
  exit 1
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then
    SUDO="sudo"
  else
    echo "install-browser: need root (or sudo) to apt-get install chromium chromium-driver." >&2
    exit 1
  fi
fi

echo "install-browser: installing chromium and chromium-driver with apt-get ..." >&2
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium chromium-driver >/dev/null
echo "install-browser: $(/usr/bin/chromium --version 2>/dev/null || echo 'chromium installed')" >&2
