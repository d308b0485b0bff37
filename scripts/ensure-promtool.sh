#!/usr/bin/env bash
# The deploy tests check deploy/prometheus's scrape config and alert rules with promtool (Debian's prometheus package).
set -euo pipefail
source "$(dirname "$0")/apt-install.sh"
if command -v promtool >/dev/null; then exit 0; fi
apt_install prometheus "the Prometheus config and alert-rule checks"
