#!/usr/bin/env bash
# Several instances on this machine, as a scaled-out deployment runs them (docs/operations.md):
# PostgreSQL, Redis, two app instances of the built server and nginx in front, balancing round-robin.
#   npm run cluster             start (builds the server first when dist/server/main.js is missing)
#   npm run cluster -- stop     end them all
# Environment: CLUSTER_PORT (nginx, default 8080), CLUSTER_DIR (state and logs, default
# /tmp/carrierpage-cluster), LOG_LEVEL of the instances (default info). Every other port is a free one.
# $CLUSTER_DIR/cluster.env tells the URLs, ports and pids (the cluster browser tests read it).
# PostgreSQL, Redis and nginx are Debian's packages, installed when missing. Mail goes to the outbox
# table (no SMTP_URL): this is for trying and testing, not for serving the public.
set -euo pipefail
cd "$(dirname "$0")/.."

DIR="${CLUSTER_DIR:-/tmp/carrierpage-cluster}"
NGINX_PORT="${CLUSTER_PORT:-8080}"
INSTANCES=2

free_port() {
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()'
}

wait_for() {
  local url="$1" what="$2"
  for _ in $(seq 300); do
    if curl -fsS -o /dev/null "$url" 2>/dev/null; then return 0; fi
    sleep 0.1
  done
  echo "$what did not become ready at $url" >&2
  return 1
}

stop_pid_file() {
  local file="$1"
  [ -f "$file" ] || return 0
  local pid
  pid="$(cat "$file")"
  kill -TERM "$pid" 2>/dev/null || true
  for _ in $(seq 150); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  kill -KILL "$pid" 2>/dev/null || true
  rm -f "$file"
}

stop() {
  [ -d "$DIR" ] || return 0
  stop_pid_file "$DIR/nginx.pid"
  for i in $(seq "$INSTANCES"); do stop_pid_file "$DIR/instance-$i.pid"; done
  REDIS_DIR="$DIR/redis" scripts/redis-server.sh stop
  PG_TEST_DIR="$DIR/pg" scripts/pg-cluster.sh stop
  rm -rf "$DIR"
}

nginx_config() {
  local upstreams="$1"
  cat <<CONF
worker_processes 1;
pid $DIR/nginx.pid;
error_log $DIR/nginx-error.log warn;
events { worker_connections 1024; }
http {
  # Which instance answered each request (the cluster browser tests count them).
  log_format upstream '\$remote_addr "\$request" \$status upstream=\$upstream_addr';
  access_log $DIR/nginx-access.log upstream;
  client_body_temp_path $DIR/nginx-tmp/body;
  proxy_temp_path $DIR/nginx-tmp/proxy;
  fastcgi_temp_path $DIR/nginx-tmp/fastcgi;
  uwsgi_temp_path $DIR/nginx-tmp/uwsgi;
  scgi_temp_path $DIR/nginx-tmp/scgi;
  client_max_body_size 12m;

  upstream carrierpage {
$upstreams
    keepalive 16;
  }

  server {
    listen 127.0.0.1:$NGINX_PORT;
    location / {
      proxy_pass http://carrierpage;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host \$http_host;
      proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto \$scheme;
      # An instance that is down, or shutting down (503), gets the request retried on the other.
      # nginx never retries a POST, PUT or DELETE once it was sent (no non_idempotent here).
      proxy_next_upstream error timeout http_502 http_503;
      proxy_next_upstream_tries 2;
      proxy_connect_timeout 2s;
      # Local cluster only (not in docs/operations.md): which instance answered.
      add_header X-Upstream \$upstream_addr always;
    }
  }
}
CONF
}

start() {
  stop
  if ! command -v nginx >/dev/null && [ ! -x /usr/sbin/nginx ]; then
    echo "Installing Debian's nginx..." >&2
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx >/dev/null) >&2
  fi
  if [ ! -f dist/server/main.js ] || [ ! -f build/server/index.js ]; then
    echo "Building the server..." >&2
    npm run build --silent >&2
  fi
  mkdir -p "$DIR/nginx-tmp"

  local database_url redis_url
  database_url="$(PG_TEST_DIR="$DIR/pg" scripts/pg-cluster.sh start)"
  redis_url="$(REDIS_DIR="$DIR/redis" scripts/redis-server.sh start)"
  {
    echo "DATABASE_URL=$database_url"
    echo "REDIS_URL=$redis_url"
    echo "CLUSTER_URL=http://localhost:$NGINX_PORT"
  } >"$DIR/cluster.env"

  # Both instances start at the same moment: the migrations run once, under their lock.
  local upstreams=""
  for i in $(seq "$INSTANCES"); do
    local port
    port="$(free_port)"
    mkdir -p "$DIR/instance-$i"
    NODE_ENV=production HOST=127.0.0.1 PORT="$port" APP_URL="http://localhost:$NGINX_PORT" \
      DATA_DIR="$DIR/instance-$i" DATABASE_URL="$database_url" REDIS_URL="$redis_url" \
      TRUST_PROXY=loopback LOG_LEVEL="${LOG_LEVEL:-info}" \
      nohup node dist/server/main.js >"$DIR/instance-$i.log" 2>&1 &
    echo $! >"$DIR/instance-$i.pid"
    echo "INSTANCE_${i}_PORT=$port" >>"$DIR/cluster.env"
    echo "INSTANCE_${i}_PID=$!" >>"$DIR/cluster.env"
    upstreams+="    server 127.0.0.1:$port max_fails=1 fail_timeout=2s;"$'\n'
  done
  for i in $(seq "$INSTANCES"); do
    port="$(grep "^INSTANCE_${i}_PORT=" "$DIR/cluster.env" | cut -d= -f2)"
    wait_for "http://127.0.0.1:$port/api/v1/ready" "instance $i (log: $DIR/instance-$i.log)"
  done

  nginx_config "$upstreams" >"$DIR/nginx.conf"
  nginx -c "$DIR/nginx.conf" -p "$DIR" -e "$DIR/nginx-error.log"
  wait_for "http://127.0.0.1:$NGINX_PORT/api/v1/ready" "nginx"
  echo "CarrierPage runs on http://localhost:$NGINX_PORT: nginx in front of $INSTANCES instances on PostgreSQL and Redis."
  echo "Logs and state: $DIR (cluster.env names the ports). Stop with: npm run cluster -- stop"
}

case "${1:-start}" in
  start) start ;;
  stop) stop ;;
  *)
    echo "usage: $0 [start|stop]" >&2
    exit 2
    ;;
esac
