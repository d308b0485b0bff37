#!/usr/bin/env bash
# Browser tests drive Debian's chromium (Playwright's own browser download needs the internet).
set -euo pipefail
source "$(dirname "$0")/apt-install.sh"
if [ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]; then exit 0; fi
apt_install chromium "the browser tests" "or set CHROMIUM_PATH"
