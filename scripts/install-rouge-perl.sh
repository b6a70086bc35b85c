#!/usr/bin/env bash
# Installs Debian's Perl XML::Parser, which the ROUGE-1.5.5 Perl script needs (tilse runs it in the
# scorer check, tests/test_tls_eval.py and `python -m storyline.evaluate.tls --verify-tilse`).
# Does nothing when present.
set -euo pipefail

if perl -MXML::Parser -e 1 2>/dev/null; then
  exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "install-rouge-perl: apt-get not found; install Perl's XML::Parser yourself." >&2
  exit 1
fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null 2>&1 || { echo "install-rouge-perl: need root (or sudo)." >&2; exit 1; }
  SUDO="sudo"
fi
echo "install-rouge-perl: installing libxml-parser-perl with apt-get ..." >&2
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq libxml-parser-perl >/dev/null
