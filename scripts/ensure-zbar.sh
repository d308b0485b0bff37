#!/usr/bin/env bash
# The packing-slip tests decode the slips' QR codes with zbarimg (Debian's zbar-tools).
set -euo pipefail
source "$(dirname "$0")/apt-install.sh"
if command -v zbarimg >/dev/null; then exit 0; fi
apt_install zbar-tools "the packing-slip tests"
