#!/usr/bin/env bash
# A private, throw-away PostgreSQL cluster for the test suite.
#   scripts/pg-cluster.sh start   -> prints the connection URL (postgres://postgres@127.0.0.1:PORT/postgres)
#   scripts/pg-cluster.sh stop
#   scripts/pg-cluster.sh pause    -> stops the server, keeps its data (an outage)
#   scripts/pg-cluster.sh resume   -> starts it again on the same port
# PG_SERVER_OPTIONS adds server settings to start and resume (the benchmark's shared buffers:
# "-c shared_buffers=6GB").
# Uses the PostgreSQL server binaries of this machine and PostGIS (the radius search); installs them from
# Debian's packages if missing. PostGIS is created in template1, so each test database has it at once.
set -euo pipefail

DIR="${PG_TEST_DIR:-/tmp/carrierpage-pg-test}"

find_bindir() {
  ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1
}

BINDIR="$(find_bindir)"
if [ -z "$BINDIR" ] || [ ! -x "$BINDIR/initdb" ] || ! ls "$BINDIR"/../../../../share/postgresql/*/extension/postgis.control >/dev/null 2>&1; then
  echo "Installing PostgreSQL server and PostGIS packages..." >&2
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql postgresql-15-postgis-3 >/dev/null) >&2
  BINDIR="$(find_bindir)"
fi

as_postgres() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

start_server() {
  as_postgres "$BINDIR/pg_ctl" -D "$DIR" -l "$DIR/server.log" -w \
    -o "-p $PORT -k $DIR -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200 ${PG_SERVER_OPTIONS:-}" \
    start >/dev/null
}

case "${1:-}" in
  start)
    if [ -f "$DIR/postmaster.pid" ]; then as_postgres "$BINDIR/pg_ctl" -D "$DIR" -m immediate stop >/dev/null 2>&1 || true; fi
    rm -rf "$DIR"
    mkdir -p "$DIR"
    if [ "$(id -u)" = 0 ]; then chown postgres:postgres "$DIR"; fi
    PORT="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()')"
    as_postgres "$BINDIR/initdb" -D "$DIR" -U postgres --auth=trust >/dev/null
    echo "$PORT" >"$DIR/test-port"
    start_server
    as_postgres "$BINDIR/psql" -q -h "$DIR" -p "$PORT" -U postgres -d template1 -c 'CREATE EXTENSION postgis' >/dev/null
    echo "postgres://postgres@127.0.0.1:$PORT/postgres"
    ;;
  pause)
    as_postgres "$BINDIR/pg_ctl" -D "$DIR" -m fast -w stop >/dev/null
    ;;
  resume)
    PORT="$(cat "$DIR/test-port")"
    start_server
    ;;
  stop)
    if [ -f "$DIR/postmaster.pid" ]; then as_postgres "$BINDIR/pg_ctl" -D "$DIR" -m fast -w stop >/dev/null; fi
    rm -rf "$DIR"
    ;;
  *)
    echo "usage: $0 start|stop|pause|resume" >&2
    exit 2
    ;;
esac
