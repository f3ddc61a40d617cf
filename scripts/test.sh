#!/usr/bin/env bash
# The one test command (README): installs what is missing, then typecheck, lint, API contract check,
# unit/component tests (jest), api integration tests, the api's two-process PostgreSQL test, production build, bundle budgets, and the Playwright
# browser suite.
# Every stage runs even when an earlier one fails; the last line is "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
results="$root/.test-results"
rm -rf "$results" && mkdir -p "$results"

node scripts/lib/ensure-cli.mjs || { echo "0 passed, 1 failed"; exit 1; }
if [ ! -x /usr/bin/chromium ]; then
  echo "[setup] installing Debian's chromium for the browser tests"
  if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
  $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
fi

passed=0
failed=0
failures=()
stage() { # name, command...: a stage counts as one check unless it reports its own test counts
  local name=$1; shift
  echo; echo "=== $name"
  if "$@"; then return 0; else failures+=("$name"); return 1; fi
}
count_stage() { if stage "$@"; then passed=$((passed + 1)); else failed=$((failed + 1)); fi; }

count_stage typecheck bash scripts/typecheck.sh
count_stage lint node_modules/.bin/eslint --max-warnings=0 .
if grep -q '"check:api-types"' package.json; then count_stage api-contract pnpm -s check:api-types; fi

stage "unit and component tests (jest)" node_modules/.bin/jest --ci --silent --json --outputFile="$results/jest.json"
read -r jp jf < <(node -e "try{const r=require('$results/jest.json');console.log(r.numPassedTests,r.numFailedTests+r.numRuntimeErrorTestSuites)}catch{console.log(0,1)}")
passed=$((passed + jp)); failed=$((failed + jf))

if grep -q '"test:api"' package.json; then
  stage "api integration tests" bash -c "pnpm -s test:api 2>&1 | tee '$results/api.txt'"
  read -r ap af < <(node scripts/lib/count-node-test.mjs "$results/api.txt")
  passed=$((passed + ap)); failed=$((failed + af))
fi

if grep -q '"test:api:cluster"' package.json; then
  # The production build on PostgreSQL (Debian's package, installed when missing), two processes.
  stage "api on PostgreSQL, two processes" bash -c "pnpm -s test:api:cluster 2>&1 | tee '$results/api-cluster.txt'"
  read -r cp cf < <(node scripts/lib/count-node-test.mjs "$results/api-cluster.txt")
  passed=$((passed + cp)); failed=$((failed + cf))
fi

if stage build node scripts/platform.mjs build; then
  passed=$((passed + 1))
  # Deterministic byte counts of the production build (tooling/bundle-budgets.json); serves it itself.
  count_stage "bundle budgets" node scripts/check-budgets.mjs
  stage "browser tests (Playwright, Debian chromium)" node_modules/.bin/playwright test -c e2e/playwright.config.ts
  read -r pp pf < <(node -e "try{const s=require('$results/playwright.json').stats;console.log(s.expected+s.flaky,s.unexpected)}catch{console.log(0,1)}")
  passed=$((passed + pp)); failed=$((failed + pf))
else
  failed=$((failed + 1))
fi

echo
if [ ${#failures[@]} -gt 0 ]; then echo "Failed stages: ${failures[*]}"; fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ] && [ ${#failures[@]} -eq 0 ]
