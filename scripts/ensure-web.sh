#!/usr/bin/env bash
# Builds the dashboard (web/ -> web/dist) when it is missing or older than any of its sources, so
# `npm start` serves an up-to-date app on a fresh clone and costs nothing when it already is.
set -euo pipefail
cd "$(dirname "$0")/.."
stamp=web/dist/index.html
if [ -f "$stamp" ] && [ -z "$(find web -path web/dist -prune -o -type f -newer "$stamp" -print -quit)" ]; then
  exit 0
fi
echo "quarry: building the dashboard (web/dist)" >&2
exec npx --no-install vite build --config web/vite.config.ts
