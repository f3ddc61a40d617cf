#!/usr/bin/env bash
# `pnpm bench:api`: builds api/dist, starts a throwaway PostgreSQL cluster (Debian's package, installed
# when missing) and runs scripts/bench.ts: embedded, PostgreSQL ×1 and PostgreSQL ×2 in one run.
set -euo pipefail
cd "$(dirname "$0")/.."
node scripts/build.mjs
source scripts/lib-pg-cluster.sh
start_pg_cluster
node --import tsx scripts/bench.ts
