#!/usr/bin/env bash
# Packs @quarry/sdk as a user installs it: compiled .js and .d.ts in dist/, `exports` and
# `types` pointing at them. In the repository the package points at its TypeScript sources
# (the tests and examples run them through tsx); the tarball needs no TypeScript tooling.
# Usage: bash scripts/pack-sdk.sh [destination folder]   (prints the tarball's path)
set -euo pipefail
REPO=$(cd "$(dirname "$0")/.." && pwd)
DEST=$(cd "${1:-$PWD}" && pwd)
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
cp -r "$REPO/packages/sdk/README.md" "$REPO/packages/sdk/package.json" "$WORK/"
"$REPO/node_modules/.bin/tsc" -p "$REPO/packages/sdk/tsconfig.build.json" --outDir "$WORK/dist"
node -e '
const fs = require("node:fs");
const file = process.argv[1];
const pkg = JSON.parse(fs.readFileSync(file, "utf8"));
pkg.exports = { ".": { types: "./dist/index.d.ts", import: "./dist/index.js" } };
pkg.types = "./dist/index.d.ts";
pkg.files = ["dist", "README.md"];
delete pkg.bin; // the user CLI runs from the repository (it needs tsx): bin/quarry-user.js
fs.writeFileSync(file, JSON.stringify(pkg, null, 2) + "\n");
' "$WORK/package.json"
cd "$WORK"
name=$(npm pack --silent --pack-destination "$DEST")
echo "$DEST/$name"
