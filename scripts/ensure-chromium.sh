#!/usr/bin/env bash
# Browser tests drive Debian's chromium (Playwright's own browser download needs the internet).
set -euo pipefail
source "$(dirname "$0")/apt-install.sh"
# Hindi and Telugu pages (e2e/languages-*.spec.ts) need fonts for their scripts, or their screenshots show boxes.
if ! fc-list 2>/dev/null | grep -q "Noto Sans Devanagari"; then apt_install fonts-noto-core "the Hindi and Telugu screenshots"; fi
if [ -n "${CHROMIUM_PATH:-}" ] && [ -x "$CHROMIUM_PATH" ]; then exit 0; fi
# Debian's headless shell: the same Chromium without a desktop browser's work around each page, which Playwright itself
# runs headless; it needs the chromium package's files beside it. (bench:lighthouse uses the full browser.)
if [ ! -x /usr/bin/chromium ]; then apt_install chromium "the browser tests" "or set CHROMIUM_PATH"; fi
if [ ! -x /usr/lib/chromium/chromium-headless-shell ]; then apt_install chromium-headless-shell "the browser tests" "or set CHROMIUM_PATH"; fi
