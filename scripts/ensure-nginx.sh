#!/usr/bin/env bash
# The two-server tests (npm run test:cluster) put Debian's nginx in front of the shop: install it when missing
# (with apt-get when run as root), as scripts/ensure-chromium.sh does for the browser tests.
set -euo pipefail
if command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "Installing nginx for the two-server tests (apt-get)..."
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx >/dev/null
  exit 0
fi
echo "The two-server tests need nginx: run 'sudo apt-get install -y nginx'." >&2
exit 1
