#!/usr/bin/env bash
# Type-checks every workspace project; fails if any fails.
set -u
cd "$(dirname "$0")/.."
status=0
for p in shared shell mfe-auth mfe-dashboard mfe-booking mfe-partner mfe-session-room api e2e; do
  [ -f "$p/tsconfig.json" ] || continue
  if ! out=$(node_modules/.bin/tsc -p "$p/tsconfig.json" --noEmit 2>&1); then
    echo "typecheck failed: $p"; echo "$out"; status=1
  fi
done
[ $status -eq 0 ] && echo "typecheck ok"
exit $status
