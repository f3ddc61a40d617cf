#!/usr/bin/env bash
# Runs the api test suite against real PostgreSQL (Debian's postgresql package): starts a throwaway
# cluster on 127.0.0.1 in a temp dir, points DATABASE_URL at it (each test file then creates and drops
# its own database), and removes everything afterwards. Usage: TEST_POSTGRES=1 pnpm test:api, or
# bash api/scripts/test-postgres.sh [test files...]
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib-pg-cluster.sh
start_pg_cluster
unset TEST_POSTGRES
# One migrated, seeded database for every test server to copy (scripts/test-db-template.ts).
node --import tsx scripts/test-db-template.ts haven_test_template
export HAVEN_TEST_PG_TEMPLATE=haven_test_template
if [ $# -gt 0 ]; then FILES=("$@"); else FILES=(test/*.test.ts); fi
node --import tsx --test --test-concurrency=2 --test-timeout=240000 --test-reporter=spec "${FILES[@]}"
