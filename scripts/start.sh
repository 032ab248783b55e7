#!/usr/bin/env bash
# Installs, builds and starts CarrierPage on the embedded default: SQLite under data/, outbox mail,
# and the demo data set (about 50,000 carriers, generated and imported on the first start).
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
exec node dist/server/main.js
