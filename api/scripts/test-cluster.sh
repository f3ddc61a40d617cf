#!/usr/bin/env bash
# `pnpm test:api:cluster` (in `npm test`): the production build on PostgreSQL as two processes behind a
# round-robin proxy (test-cluster/*.test.ts). Builds api/dist, starts a throwaway PostgreSQL cluster
# (installed when missing), runs the tests, removes everything.
set -euo pipefail
cd "$(dirname "$0")/.."
# (npm test builds it once for this and the stage beside it: HAVEN_API_BUILT=1)
[ "${HAVEN_API_BUILT:-}" = 1 ] || node scripts/build.mjs
source scripts/lib-pg-cluster.sh
start_pg_cluster
timeout 300 node --import tsx --test --test-concurrency=1 --test-timeout=240000 --test-reporter=spec test-cluster/*.test.ts
