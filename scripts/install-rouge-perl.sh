#!/usr/bin/env bash
# Installs Debian's Perl XML::Parser, which the ROUGE-1.5.5 Perl script needs (tilse runs it in the
# scorer check, tests/test_tls_eval.py and `python -m storyline.evaluate.tls --verify-tilse`).
# Does nothing when present.
set -euo pipefail

if perl -MXML::Parser -e 1 2>/dev/null; then
  exit 0
fi
source "$(dirname "$0")/debian-packages.sh"
debian_install install-rouge-perl libxml-parser-perl
