#!/usr/bin/env bash
# Installs Debian's PostgreSQL server binaries for the store test on PostgreSQL
# (tests/test_store.py starts its own throwaway server). Does nothing when present.
set -euo pipefail

if compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null; then
  exit 0
fi
source "$(dirname "$0")/debian-packages.sh"
debian_install install-postgres postgresql
