#!/usr/bin/env bash
# A private, throw-away Redis for the test suite and `npm run cluster` (rate-limit counters).
#   scripts/redis-server.sh start   -> prints the connection URL (redis://127.0.0.1:PORT)
#   scripts/redis-server.sh stop
# REDIS_DIR (default /tmp/carrierpage-redis) holds its pid file and log; REDIS_PORT picks the port
# (a free one by default). Uses Debian's redis-server, installed when missing. Nothing is persisted.
set -euo pipefail

DIR="${REDIS_DIR:-/tmp/carrierpage-redis}"

if ! command -v redis-server >/dev/null; then
  echo "Installing Debian's redis-server..." >&2
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq redis-server >/dev/null) >&2
fi

stop() {
  if [ -f "$DIR/redis.pid" ]; then
    pid="$(cat "$DIR/redis.pid")"
    kill "$pid" 2>/dev/null || true
    for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  fi
  rm -rf "$DIR"
}

case "${1:-}" in
  start)
    stop
    mkdir -p "$DIR"
    PORT="${REDIS_PORT:-$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()')}"
    redis-server --port "$PORT" --bind 127.0.0.1 --save '' --appendonly no --daemonize yes \
      --dir "$DIR" --pidfile "$DIR/redis.pid" --logfile "$DIR/redis.log" >/dev/null
    for _ in $(seq 50); do
      if redis-cli -p "$PORT" ping >/dev/null 2>&1; then break; fi
      sleep 0.1
    done
    redis-cli -p "$PORT" ping >/dev/null
    echo "redis://127.0.0.1:$PORT"
    ;;
  stop) stop ;;
  *)
    echo "usage: $0 start|stop" >&2
    exit 2
    ;;
esac
