#!/usr/bin/env bash
# The whole test suite, on a fresh machine of this kind or a developer's: installs what it needs
# (npm packages, Debian's chromium, redis-server, nginx and poppler-utils' pdftotext, a private PostgreSQL cluster), runs lint,
# format check, type check, unit/API tests on SQLite and on PostgreSQL, builds, runs the browser
# tests, then the browser tests through nginx with two instances (scripts/cluster.sh, started and
# stopped by playwright.cluster.config.ts). Stops the PostgreSQL cluster at the end, whatever happens.
# The Redis tests start and stop their own redis-server (scripts/redis-server.sh).
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n==> %s\n' "$*"; }
started=$SECONDS

if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  step "Installing npm packages"
  npm ci --no-audit --no-fund
fi

if [ ! -x /usr/bin/chromium ]; then
  step "Installing Debian's chromium for the browser tests"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
fi

missing=()
command -v redis-server >/dev/null || missing+=(redis-server)
[ -x /usr/sbin/nginx ] || missing+=(nginx)
command -v pdftotext >/dev/null || missing+=(poppler-utils)
if [ "${#missing[@]}" -gt 0 ]; then
  step "Installing Debian's ${missing[*]} for the shared rate limits, the cluster and the report tests"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi

step "Lint"
npx eslint .
step "Format check"
npx prettier --check . >/dev/null
step "Type check"
npx react-router typegen >/dev/null
npx tsc --noEmit

step "Unit and API tests on SQLite"
npx vitest run

step "Unit and API tests on PostgreSQL"
PG_URL="$(scripts/pg-cluster.sh start)"
trap 'scripts/pg-cluster.sh stop' EXIT
TEST_DATABASE_URL="$PG_URL" npx vitest run

step "Build"
npm run build --silent

step "Browser tests (Chromium)"
npx playwright test

step "Browser tests through nginx with two instances on PostgreSQL and Redis"
npx playwright test -c playwright.cluster.config.ts

printf '\nAll checks passed in %ss.\n' "$((SECONDS - started))"
