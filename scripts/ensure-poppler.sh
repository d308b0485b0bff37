#!/usr/bin/env bash
# The invoice tests read the PDFs back as text with pdftotext (Debian's poppler-utils).
set -euo pipefail
source "$(dirname "$0")/apt-install.sh"
if command -v pdftotext >/dev/null; then exit 0; fi
apt_install poppler-utils "the invoice tests"
