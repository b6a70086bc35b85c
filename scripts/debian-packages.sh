#!/usr/bin/env bash
# Sourced by the install-*.sh scripts: debian_install WHO PACKAGE... installs Debian packages with
# apt-get, as root or through sudo, and says so on stderr; it fails with a message when it cannot.

debian_install() {
  local who="$1"
  shift
  if ! command -v apt-get >/dev/null 2>&1; then
    echo "$who: apt-get not found; install $* yourself." >&2
    return 1
  fi
  local sudo=""
  if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null 2>&1 || { echo "$who: need root (or sudo) to apt-get install $*." >&2; return 1; }
    sudo="sudo"
  fi
  echo "$who: installing $* with apt-get ..." >&2
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "$@" >/dev/null
}
