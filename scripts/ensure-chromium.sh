#!/usr/bin/env bash
# Browser tests drive Debian's chromium (Playwright's own browser download needs the internet).
set -euo pipefail
source "$(dirname "$0")/apt-install.sh"
# Hindi and Telugu pages (e2e/languages-*.spec.ts) need fonts for their scripts, or their screenshots show boxes.
if ! fc-list 2>/dev/null | grep -q "Noto Sans Devanagari"; then apt_install fonts-noto-core "the Hindi and Telugu screenshots"; fi
if [ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]; then exit 0; fi
apt_install chromium "the browser tests" "or set CHROMIUM_PATH"
