#!/usr/bin/env bash
# `pnpm test:api`: all api tests (node:test) against PGlite in memory, bounded in time (the whole run, and
# 180 s a file: a hang fails in three minutes, named; the ledger's thousand sequences take ~95 s on a
# 2-core runner);
# with TEST_POSTGRES=1 the same tests against a throwaway PostgreSQL cluster (scripts/test-postgres.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${TEST_POSTGRES:-}" = "1" ]; then exec timeout 900 bash scripts/test-postgres.sh "$@"; fi
# The longest file (the ledger's thousand sequences, ~95 s) starts first, beside all the others, instead of
# ending the run alone.
if [ $# -gt 0 ]; then FILES=("$@"); else FILES=(test/ledger.test.ts $(ls test/*.test.ts | grep -v '^test/ledger.test.ts$')); fi
# One migrated, seeded database for every test server to copy (scripts/test-db-snapshot.ts).
snapshot_dir=$(mktemp -d)
trap 'rm -rf "$snapshot_dir"' EXIT
node --import tsx scripts/test-db-snapshot.ts "$snapshot_dir/test-db.tar.gz"
export HAVEN_TEST_DB_SNAPSHOT="$snapshot_dir/test-db.tar.gz"
timeout 600 node --import tsx --test --test-concurrency=2 --test-timeout=180000 --test-reporter=spec "${FILES[@]}"
