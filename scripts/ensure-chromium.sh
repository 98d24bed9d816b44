#!/usr/bin/env bash
# Installs Debian's Chromium when it is missing, so the README's two set-up lines do everything on a
# fresh Debian machine as root. Static sites never need it: without root or apt-get we only say so, and
# a build that needs a browser fails later with an error that says how to install it.
set -uo pipefail
browser="${QUARRY_CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$browser" ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "quarry: installing Debian's chromium (needed for JavaScript-drawn sites and browser tests)" >&2
  export DEBIAN_FRONTEND=noninteractive
  { apt-get update -qq && apt-get install -y -qq chromium >/dev/null; } || {
    echo "quarry: could not install chromium; static sites work, browser builds will fail" >&2
    exit 0
  }
  exit 0
fi
echo "quarry: $browser not found; install it with 'apt-get install chromium' for JavaScript-drawn sites" >&2
exit 0
