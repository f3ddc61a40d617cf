#!/usr/bin/env bash
# Runs the api test suite against real PostgreSQL (Debian's postgresql package): starts a throwaway
# cluster on 127.0.0.1 in a temp dir, points DATABASE_URL at it (each test file then creates and drops
# its own database), and removes everything afterwards. Usage: TEST_POSTGRES=1 pnpm test:api, or
# bash api/scripts/test-postgres.sh [test files...]
set -euo pipefail
cd "$(dirname "$0")/.."

find_bin() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1; }
BIN="$(find_bin)"
if [ -z "$BIN" ] || [ ! -x "$BIN/initdb" ]; then
  echo "Installing Debian's postgresql (apt-get)..."
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
  BIN="$(find_bin)"
fi

TMP="$(mktemp -d /tmp/haven-pg.XXXXXX)"
RUN=()
if [ "$(id -u)" = 0 ]; then
  # initdb refuses to run as root: run the cluster as the postgres system user.
  chown postgres "$TMP"
  RUN=(runuser -u postgres --)
fi
PORT="$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")"

cleanup() {
  "${RUN[@]}" "$BIN/pg_ctl" -D "$TMP/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$TMP"
}
trap cleanup EXIT

"${RUN[@]}" "$BIN/initdb" -D "$TMP/data" -U haven --auth=trust -E UTF8 --no-locale >/dev/null
"${RUN[@]}" "$BIN/pg_ctl" -D "$TMP/data" -o "-h 127.0.0.1 -p $PORT -k $TMP -c fsync=off -c full_page_writes=off" -l "$TMP/log" -w start >/dev/null
echo "PostgreSQL $("$BIN/postgres" --version | awk '{print $3}') on 127.0.0.1:$PORT"

export DATABASE_URL="postgres://haven@127.0.0.1:$PORT/postgres"
unset TEST_POSTGRES
if [ $# -gt 0 ]; then FILES=("$@"); else FILES=(test/*.test.ts); fi
node --import tsx --test --test-concurrency=2 --test-timeout=90000 --test-reporter=spec "${FILES[@]}"
