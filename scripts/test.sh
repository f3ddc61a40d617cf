#!/usr/bin/env bash
# The one test command (README): installs what is missing, then the production build with the static
# checks (typecheck, lint, the formatter's check, API contract) beside it on the other core, unit/component tests (jest, two
# workers), api integration tests, the api's two-process PostgreSQL test and its bursts on PostgreSQL with the fault suite beside them,
# and the Playwright browser suite (with the bundle budgets and the start-up work lines, against the servers it starts).
# Every stage runs even when an earlier one fails, each within its own time limit; the output closes with
# a table of the stages (result, seconds), the slowest browser tests, and "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
results="$root/.test-results"
rm -rf "$results" && mkdir -p "$results"
started=$(date +%s)

# Ceilings (seconds) per stage: a hang fails its stage in minutes, named, instead of creeping toward the
# gate's limit. Each is about twice what the stage takes on a loaded 2-core runner.
LIMIT_SETUP=${LIMIT_SETUP:-600}
LIMIT_TYPECHECK=${LIMIT_TYPECHECK:-480}
LIMIT_LINT=${LIMIT_LINT:-480}
LIMIT_CONTRACT=${LIMIT_CONTRACT:-180}
LIMIT_BUILD=${LIMIT_BUILD:-900}
LIMIT_JEST=${LIMIT_JEST:-420}
LIMIT_API=${LIMIT_API:-660}
LIMIT_CLUSTER=${LIMIT_CLUSTER:-420}
LIMIT_BURSTS=${LIMIT_BURSTS:-420}
LIMIT_FAULTS=${LIMIT_FAULTS:-480}
LIMIT_BROWSER=${LIMIT_BROWSER:-1200}

passed=0
failed=0
failures=()
table="$results/stages.tsv"
: >"$table"

# stage name limit command...: runs one stage under its ceiling and records its time and result.
stage() {
  local name=$1 limit=$2; shift 2
  local t0 rc
  t0=$(date +%s)
  echo; echo "=== $name (limit ${limit} s)"
  timeout --kill-after=15 "$limit" "$@"
  rc=$?
  local took=$(($(date +%s) - t0)) result=ok
  if [ $rc -eq 124 ] || [ $rc -eq 137 ]; then
    result="TIMED OUT"
    echo "=== $name: stopped after its limit of ${limit} s"
  elif [ $rc -ne 0 ]; then result="failed ($rc)"; fi
  echo "=== $name: $result in ${took} s"
  printf '%s\t%s\t%s\t%s\n' "$name" "$result" "$took" "$limit" >>"$table"
  [ $rc -eq 0 ]
}
# A stage that counts as one check (it reports no test counts of its own).
count_stage() { if stage "$@"; then passed=$((passed + 1)); else failed=$((failed + 1)); failures+=("$1"); fi; }
# A stage whose tests are counted from its output; a failed stage with no failed test counts one failure.
tests_stage() {
  local name=$1; shift
  last_stage_failed=0
  stage "$name" "$@" || { failures+=("$name"); last_stage_failed=1; }
}
# Adds the counts of the stage just run. A failed stage with no failed test (a crash, its time limit, tests
# that did not run) counts one failure, so the last line never reads "0 failed" for a failed run.
add_counts() { # passed failed
  local f=$2
  if [ "$f" -eq 0 ] && [ "$last_stage_failed" -eq 1 ]; then f=1; fi
  passed=$((passed + $1)); failed=$((failed + f))
}

count_stage setup "$LIMIT_SETUP" bash -c '
  node scripts/lib/ensure-cli.mjs || exit 1
  if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
  # The full browser (the prerender at build time) and its headless shell (what the browser tests drive).
  if [ ! -x /usr/bin/chromium ] || [ ! -x /usr/lib/chromium/chromium-headless-shell ]; then
    echo "[setup] installing Debian'"'"'s chromium and chromium-headless-shell for the browser tests"
    $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium chromium-headless-shell >/dev/null || exit 1
  fi
  # The local TURN relay of the relay-only call test; without it that one test skips, saying why.
  if ! command -v turnserver >/dev/null; then
    echo "[setup] installing Debian'"'"'s coturn for the relay-only call test"
    { $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq coturn >/dev/null; } ||
      echo "[setup] coturn could not be installed: the relay-only call test (e2e/call-relay.spec.ts) will be skipped"
  fi'

# The static checks are single-threaded; the build uses about one core: run them side by side. The
# checks write to a log printed after the build, so the two outputs do not interleave.
static_checks() {
  stage typecheck "$LIMIT_TYPECHECK" bash scripts/typecheck.sh && echo "typecheck 1 0" >>"$results/static.counts" || echo "typecheck 0 1" >>"$results/static.counts"
  stage lint "$LIMIT_LINT" pnpm -s lint && echo "lint 1 0" >>"$results/static.counts" || echo "lint 0 1" >>"$results/static.counts"
  stage format "$LIMIT_LINT" pnpm -s format:check && echo "format 1 0" >>"$results/static.counts" || echo "format 0 1" >>"$results/static.counts"
  if grep -q '"check:api-types"' package.json; then
    stage api-contract "$LIMIT_CONTRACT" pnpm -s check:api-types && echo "api-contract 1 0" >>"$results/static.counts" || echo "api-contract 0 1" >>"$results/static.counts"
  fi
}
: >"$results/static.counts"
static_checks >"$results/static.log" 2>&1 &
static_pid=$!

# The production build, and the release fixtures the browser suite promotes and rolls back (built once
# here, cached by content; e2e/support/release.ts finds them).
built=0
if stage build "$LIMIT_BUILD" bash -c 'node scripts/platform.mjs build && node scripts/build-release-fixtures.mjs'; then
  built=1; passed=$((passed + 1))
else
  failed=$((failed + 1)); failures+=(build)
fi

wait "$static_pid"
echo; echo "=== static checks (ran beside the build)"; cat "$results/static.log"
while read -r name p f; do
  passed=$((passed + p)); failed=$((failed + f))
  [ "$f" -gt 0 ] && failures+=("$name")
done <"$results/static.counts"

tests_stage "unit and component tests (jest)" "$LIMIT_JEST" node_modules/.bin/jest --ci --silent --maxWorkers=2 --json --outputFile="$results/jest.json"
read -r jp jf < <(node -e "try{const r=require('$results/jest.json');console.log(r.numPassedTests,r.numFailedTests+r.numRuntimeErrorTestSuites)}catch{console.log(0,1)}")
add_counts "$jp" "$jf"

if grep -q '"test:api"' package.json; then
  tests_stage "api integration tests" "$LIMIT_API" bash -c "set -o pipefail; pnpm -s test:api 2>&1 | tee '$results/api.txt'"
  read -r ap af < <(node scripts/lib/count-node-test.mjs "$results/api.txt")
  add_counts "$ap" "$af"
fi

# The fault suite (PostgreSQL restarted and full, api processes killed, under load; then the ledger in SQL)
# waits on restarts and kills most of its time (under half a core): it runs beside the two PostgreSQL stages
# below, on a cluster of its own, its output printed after them.
faults_started=0
if grep -q '"test:api:faults"' package.json; then
  faults_started=1
  # Both stages run the api's production build: built once here, not twice at once into one folder.
  (cd api && node scripts/build.mjs) && export HAVEN_API_BUILT=1
  echo "0 0 1" >"$results/api-faults.counts" # what is read if the suite dies before counting
  (
    last_stage_failed=0
    tests_stage "api fault suite on PostgreSQL" "$LIMIT_FAULTS" bash -c "set -o pipefail; pnpm -s test:api:faults 2>&1 | tee '$results/api-faults.txt'"
    read -r fp ff < <(node scripts/lib/count-node-test.mjs "$results/api-faults.txt")
    echo "$fp $ff $last_stage_failed" >"$results/api-faults.counts"
  ) >"$results/api-faults.log" 2>&1 &
  faults_pid=$!
fi

if grep -q '"test:api:cluster"' package.json; then
  # The production build on PostgreSQL (Debian's package, installed when missing), two processes.
  tests_stage "api on PostgreSQL, two processes" "$LIMIT_CLUSTER" bash -c "set -o pipefail; pnpm -s test:api:cluster 2>&1 | tee '$results/api-cluster.txt'"
  read -r cp cf < <(node scripts/lib/count-node-test.mjs "$results/api-cluster.txt")
  add_counts "$cp" "$cf"
fi

if grep -q '"test:api:bursts"' package.json; then
  # The api tests' concurrent bursts again, on PostgreSQL (the run above is PGlite: one connection, no race).
  tests_stage "api bursts on PostgreSQL" "$LIMIT_BURSTS" bash -c "set -o pipefail; pnpm -s test:api:bursts 2>&1 | tee '$results/api-bursts.txt'"
  read -r bp bf < <(node scripts/lib/count-node-test.mjs "$results/api-bursts.txt")
  add_counts "$bp" "$bf"
fi

# The fault suite's counts, read once it has finished beside the two stages above.
if [ "$faults_started" -eq 1 ]; then
  wait "$faults_pid"
  echo; echo "=== api fault suite on PostgreSQL (ran beside the two stages above)"; cat "$results/api-faults.log"
  read -r fp ff fs < <(cat "$results/api-faults.counts")
  last_stage_failed=$fs
  [ "$fs" -eq 1 ] && failures+=("api fault suite on PostgreSQL")
  add_counts "$fp" "$ff"
fi

if [ $built -eq 1 ]; then
  # The bundle budgets and the start-up work lines run in the suite's first phase, against the servers it starts.
  tests_stage "browser tests (Playwright, Debian chromium)" "$LIMIT_BROWSER" node_modules/.bin/playwright test -c e2e/playwright.config.ts
  read -r pp pf < <(node -e "try{const s=require('$results/playwright.json').stats;console.log(s.expected+s.flaky,s.unexpected)}catch{console.log(0,1)}")
  add_counts "$pp" "$pf"
  node scripts/lib/slowest-tests.mjs "$results/playwright.json" 15 || true
else
  echo; echo "=== browser tests skipped: the build failed"
  printf '%s\t%s\t%s\t%s\n' "browser tests (Playwright, Debian chromium)" "skipped" 0 "$LIMIT_BROWSER" >>"$table"
fi

# What failed, named where a run's short tail shows it (each stage's full output is above).
node scripts/lib/failed-tests.mjs "$results"/api*.txt "$results/jest.json" "$results/playwright.json" || true
echo
echo "=== stages (static checks ran beside the build, the fault suite beside the other PostgreSQL stages; seconds)"
printf '%s\t%s\t%s\t%s\n' "whole run" "" "$(($(date +%s) - started))" "" >>"$table"
node scripts/lib/stage-table.mjs "$table" scripts/stage-budgets.tsv || cat "$table"
echo
if [ ${#failures[@]} -gt 0 ]; then echo "Failed stages: ${failures[*]}"; fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ] && [ ${#failures[@]} -eq 0 ]
