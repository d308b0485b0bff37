#!/usr/bin/env bash
# The shared rate-limit tests count in a real Redis (TEST_REDIS_URL, default redis://127.0.0.1:6379).
# When none answers there, start one that keeps nothing on disk (installing redis-server with apt-get when run as root).
set -euo pipefail
source "$(dirname "$0")/apt-install.sh"
url="${TEST_REDIS_URL:-redis://127.0.0.1:6379}"
hostport="${url#*://}"; hostport="${hostport##*@}"; hostport="${hostport%%/*}"
host="${hostport%%:*}"; port="${hostport##*:}"; [ "$port" = "$hostport" ] && port=6379

answers() { (exec 3<>"/dev/tcp/$host/$port" && printf 'PING\r\n' >&3 && head -c 5 <&3 | grep -q PONG) 2>/dev/null; }
answers && exit 0
if [ "$host" != "127.0.0.1" ] && [ "$host" != "localhost" ]; then
  echo "No Redis answers at $url (TEST_REDIS_URL): start it, or unset TEST_REDIS_URL to use a local one." >&2
  exit 1
fi
if ! command -v redis-server >/dev/null 2>&1; then
  apt_install redis-server "the shared rate-limit tests (Redis on $host:$port)" "or set TEST_REDIS_URL"
fi
echo "Starting redis-server on $host:$port for the tests (nothing kept on disk)..."
redis-server --daemonize yes --bind 127.0.0.1 --port "$port" --save "" --appendonly no --dir "${TMPDIR:-/tmp}" >/dev/null
for _ in $(seq 1 30); do answers && exit 0; sleep 0.2; done
echo "redis-server did not answer on $host:$port" >&2
exit 1
