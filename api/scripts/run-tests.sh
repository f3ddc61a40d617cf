#!/usr/bin/env bash
# `pnpm test:api`: all api tests (node:test) against PGlite in memory, bounded in time (the whole run, and
# 180 s a file: a hang fails in three minutes, named); with TEST_POSTGRES=1 the same tests against a
# throwaway PostgreSQL cluster (scripts/test-postgres.sh). Files may be named: run-tests.sh test/x.test.ts ...
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${TEST_POSTGRES:-}" = "1" ]; then exec timeout 900 bash scripts/test-postgres.sh "$@"; fi
source scripts/lib-test-build.sh
# (node --test runs the files in name order, whatever order they are given in.)
if [ $# -gt 0 ]; then FILES=("$@"); else FILES=(test/*.test.ts); fi
build_api_tests
trap 'rm -rf "$TEST_BUILD"' EXIT
# The databases every test server copies instead of running initdb, the migrations and the demo seed
# (scripts/test-db-snapshot.ts).
node "$TEST_BUILD/scripts/test-db-snapshot.js" "$TEST_BUILD/test-db"
export HAVEN_TEST_DB_SNAPSHOT="$TEST_BUILD/test-db/seeded.tar" HAVEN_TEST_DB_MIGRATED="$TEST_BUILD/test-db/migrated.tar"
built_test_args "${FILES[@]}"
# --liftoff-only: PGlite's WASM runs on V8's baseline compiler only. A test file's process lives seconds, too
# short for the optimising compiler's work on a ~10 MB module to pay back: it was a quarter of the stage's CPU.
timeout 600 node --liftoff-only --enable-source-maps --test --test-concurrency=2 --test-timeout=180000 --test-reporter=spec "${TEST_ARGS[@]}"
