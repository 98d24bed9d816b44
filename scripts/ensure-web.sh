#!/usr/bin/env bash
# Builds the dashboard (web/ -> web/dist) when it is missing or older than any of its sources, so
# `npm start` serves an up-to-date app on a fresh clone and costs nothing when it already is.
# Test files that need the dashboard call this too; a lock keeps two of them from building at once.
set -euo pipefail
cd "$(dirname "$0")/.."
stamp=web/dist/index.html
fresh() { [ -f "$stamp" ] && [ -z "$(find web -path web/dist -prune -o -type f -newer "$stamp" -print -quit)" ]; }
fresh && exit 0
mkdir -p node_modules/.cache
exec 9>node_modules/.cache/quarry-web-build.lock
command -v flock >/dev/null 2>&1 && flock 9
# Another process may have built it while we waited.
fresh && exit 0
echo "quarry: building the dashboard (web/dist)" >&2
# NODE_ENV pinned: under vitest it is "test", which would bundle React's development build.
NODE_ENV=production npx --no-install vite build --config web/vite.config.ts
