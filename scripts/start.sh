#!/usr/bin/env bash
# Installs, builds and starts CarrierPage on the embedded default: SQLite under data/, outbox mail
# (readable at /outbox from this machine only), and the demo data set (about 50,000 carriers,
# generated and imported on the first start).
# Serves http://localhost:3000 unless PORT says otherwise.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "==> Installing npm packages"
  npm ci --no-audit --no-fund
fi

echo "==> Building"
npm run build --silent

echo "==> Demo data (first start only)"
npm run demo:seed --silent -- --if-empty

echo "==> Starting"
export NODE_ENV=production
# The local default keeps e-mail in the outbox, and its page (every sign-in link) answers browsers on
# this machine only. Production serves that page only when asked: this asks for it, unless mail goes
# out by SMTP or APP_URL names a deployment (docs/decisions/020-outbox-and-cross-site-requests.md).
if [ -z "${SMTP_URL:-}" ] && [ -z "${APP_URL:-}" ]; then
  export OUTBOX_PAGE="${OUTBOX_PAGE:-true}"
fi
exec node dist/server/main.js
