#!/usr/bin/env bash
# `pnpm test:api:faults` (in `npm test`): the fault suite. The production build on a throwaway PostgreSQL
# with two api processes, and what goes wrong in production done to it on purpose: PostgreSQL restarted
# (fast and immediate) under a write load, an api process killed (kill -9) mid-cancel and mid-payment,
# the server's connections used up; then SQL checks that no money was lost or doubled (test-faults/).
# Every test-faults/*.test.ts runs (the mail and realtime faults have their own files). Everything on
# 127.0.0.1; every loop bounded in count and time.
# Usage: bash scripts/test-faults.sh [test-faults/<file>.test.ts ...]
set -euo pipefail
cd "$(dirname "$0")/.."
# (npm test builds it once for this and the stage beside it: HAVEN_API_BUILT=1)
[ "${HAVEN_API_BUILT:-}" = 1 ] || node scripts/build.mjs
# Few connections, so that filling the server is quick: two api processes × 10 pooled, the tests' own, and room.
export PG_MAX_CONNECTIONS=${PG_MAX_CONNECTIONS:-50}
source scripts/lib-pg-cluster.sh
start_pg_cluster
if [ $# -gt 0 ]; then files=("$@"); else files=(test-faults/*.test.ts); fi
timeout 400 node --import tsx --test --test-concurrency=1 --test-timeout=170000 --test-reporter=spec "${files[@]}"
