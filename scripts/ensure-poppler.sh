#!/usr/bin/env bash
# The invoice tests read the PDFs back as text with pdftotext (Debian's poppler-utils).
set -euo pipefail
if command -v pdftotext >/dev/null; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "Installing poppler-utils for the invoice tests (apt-get)..."
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq poppler-utils >/dev/null
else
  echo "The invoice tests need pdftotext: run 'sudo apt-get install -y poppler-utils'." >&2
  exit 1
fi
