#!/usr/bin/env bash
# Installs Debian's Chromium when it is missing, so the README's two set-up lines do everything on a
# fresh Debian machine as root. Static sites never need it: without root or apt-get we only say so, and
# a build that needs a browser fails later with an error that says how to install it.
# Two packages of Debian's chromium: chromium-headless-shell renders pages for the service (the
# browser engine, QUARRY_CHROMIUM_PATH); the full chromium drives the dashboard's browser tests.
set -uo pipefail
browser="${QUARRY_CHROMIUM_PATH:-/usr/lib/chromium/chromium-headless-shell}"
need=()
[ -x "$browser" ] || need+=(chromium-headless-shell)
[ -x /usr/bin/chromium ] || need+=(chromium)
if [ ${#need[@]} -eq 0 ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "quarry: installing Debian's ${need[*]} (needed for JavaScript-drawn sites and browser tests)" >&2
  export DEBIAN_FRONTEND=noninteractive
  { apt-get update -qq && apt-get install -y -qq "${need[@]}" >/dev/null; } || {
    echo "quarry: could not install ${need[*]}; static sites work, browser builds will fail" >&2
    exit 0
  }
  exit 0
fi
echo "quarry: ${need[*]} not installed; install with 'apt-get install ${need[*]}' for JavaScript-drawn sites" >&2
exit 0
