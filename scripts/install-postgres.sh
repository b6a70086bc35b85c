#!/usr/bin/env bash
# Installs Debian's PostgreSQL server binaries for the store test on PostgreSQL
# (tests/test_store.py starts its own throwaway server). Does nothing when present.
set -euo pipefail

if compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null; then
  exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "install-postgres: apt-get not found; install the PostgreSQL server yourself." >&2
  exit 1
fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null 2>&1 || { echo "install-postgres: need root (or sudo)." >&2; exit 1; }
  SUDO="sudo"
fi
echo "install-postgres: installing postgresql with apt-get ..." >&2
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq postgresql >/dev/null
