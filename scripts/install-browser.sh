#!/usr/bin/env bash
# Installs Debian's headless Chromium and its WebDriver for the browser tests
# (tests/test_browser.py). Does nothing when both are already there.
set -euo pipefail

if [ -x /usr/bin/chromium ] && [ -x /usr/bin/chromedriver ]; then
  exit 0
fi
source "$(dirname "$0")/debian-packages.sh"
debian_install install-browser chromium chromium-driver
echo "install-browser: $(/usr/bin/chromium --version 2>/dev/null || echo 'chromium installed')" >&2
