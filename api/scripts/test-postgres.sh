#!/usr/bin/env bash
# Runs the api test suite against real PostgreSQL (Debian's postgresql package): starts a throwaway
# cluster on 127.0.0.1 in a temp dir, points DATABASE_URL at it (each test file then creates and drops
# its own database), and removes everything afterwards. Usage: TEST_POSTGRES=1 pnpm test:api, or
# bash api/scripts/test-postgres.sh [test files...]
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib-pg-cluster.sh
source scripts/lib-test-build.sh
build_api_tests
trap 'rm -rf "$TEST_BUILD"' EXIT
start_pg_cluster
trap 'stop_pg_cluster; rm -rf "$TEST_BUILD"' EXIT
unset TEST_POSTGRES
# One migrated, seeded database for every test server to copy (scripts/test-db-template.ts).
node "$TEST_BUILD/scripts/test-db-template.js" haven_test_template
export HAVEN_TEST_PG_TEMPLATE=haven_test_template
if [ $# -gt 0 ]; then FILES=("$@"); else FILES=(test/*.test.ts); fi
built_test_args "${FILES[@]}"
node --enable-source-maps --test --test-concurrency=2 --test-timeout=240000 --test-reporter=spec "${TEST_ARGS[@]}"
