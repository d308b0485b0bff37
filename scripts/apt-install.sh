#!/usr/bin/env bash
# Installs a Debian package a test suite needs: with apt-get when run as root, otherwise says what to run.
# Usage (sourced by scripts/ensure-*.sh): apt_install <package> <which tests need it> [what else may be set instead]
apt_install() {
  local package="$1" tests="$2" instead="${3:-}"
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
    echo "Installing $package for $tests (apt-get)..."
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$package" >/dev/null
  else
    echo "${tests^} need $package: run 'sudo apt-get install -y $package'${instead:+ ($instead)}." >&2
    exit 1
  fi
}
