#!/usr/bin/env bash
# `pnpm test:api:bursts`: the concurrent bursts of api/test on real PostgreSQL. The main api run uses PGlite,
# whose single connection takes requests one at a time, so no race can happen there: a guard on a count
# (seats, credits, coupons, attempts, referrals, extensions) is only proven against PostgreSQL. A burst
# test says so in its name (burst, at once, concurrent, simultaneous, fifty, 50 people/requests...); the
# files holding one run with only those tests (the others are skipped, their set-up still runs).
set -euo pipefail
cd "$(dirname "$0")/.."
PATTERN='burst|at once|concurrent|simultaneous|fifty|\b50 (people|concurrent|at once|requests)'
mapfile -t FILES < <(grep -l -i -E "(it|test)\(\s*['\"\`][^'\"\`]*(${PATTERN})" test/*.test.ts)
if [ ${#FILES[@]} -eq 0 ]; then echo "no burst tests found" >&2; exit 1; fi
exec timeout 600 bash scripts/test-postgres.sh --test-name-pattern="/${PATTERN}/i" "${FILES[@]}"
