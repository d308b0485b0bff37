#!/usr/bin/env bash
# The two-server tests (npm run test:cluster) put Debian's nginx in front of the shop.
set -euo pipefail
source "$(dirname "$0")/apt-install.sh"
if command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ]; then exit 0; fi
apt_install nginx "the two-server tests"
