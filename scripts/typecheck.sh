#!/usr/bin/env bash
# Type-checks every workspace project; fails if any fails. The browser apps (shared, shell and the five
# remotes) share one set of compiler options, so one program checks them together (tsconfig.web.json):
# the shared core, which every app imports, is checked once instead of once per app. The api (Node
# modules) and the browser suite (Node types) have their own options.
set -u
cd "$(dirname "$0")/.."
status=0
for p in tsconfig.web.json rules/tsconfig.json api/tsconfig.json e2e/tsconfig.json; do
  [ -f "$p" ] || continue
  if ! out=$(node_modules/.bin/tsc -p "$p" --noEmit 2>&1); then
    echo "typecheck failed: $p"; echo "$out"; status=1
  fi
done
[ $status -eq 0 ] && echo "typecheck ok"
exit $status
