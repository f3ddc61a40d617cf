# Sourced by test-postgres.sh, test-cluster.sh and the benchmark: starts a throwaway PostgreSQL cluster
# (Debian's postgresql package, installed when missing) on 127.0.0.1 with a free port in a temp dir,
# exports DATABASE_URL (its `postgres` database; callers create their own), and removes it all on exit.
# PG_MAX_CONNECTIONS (default 200) sets the server's max_connections. The fault suite restarts the
# server: it finds pg_ctl in PG_BIN, the data in PG_DATA_DIR, the log in PG_LOG_FILE, and runs it as
# PG_RUN_USER when that is set.
# initdb refuses to run as root: as root the cluster runs as the `postgres` system user.
find_pg_bin() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1; }

start_pg_cluster() {
  PG_BIN="$(find_pg_bin)"
  if [ -z "$PG_BIN" ] || [ ! -x "$PG_BIN/initdb" ]; then
    echo "Installing Debian's postgresql (apt-get)..."
    if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
    $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq postgresql >/dev/null
    PG_BIN="$(find_pg_bin)"
  fi
  PG_TMP="$(mktemp -d /tmp/haven-pg.XXXXXX)"
  export PG_DATA_DIR="$PG_TMP/data"
  PG_RUN=()
  export PG_RUN_USER=""
  if [ "$(id -u)" = 0 ]; then
    chown postgres "$PG_TMP"
    PG_RUN=(runuser -u postgres --)
    PG_RUN_USER=postgres
  fi
  export PG_BIN PG_LOG_FILE="$PG_TMP/log"
  PG_PORT="$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")"
  trap stop_pg_cluster EXIT
  # --no-sync: a throwaway cluster (run with fsync=off too) need not wait for its files to reach the disk.
  "${PG_RUN[@]}" "$PG_BIN/initdb" -D "$PG_TMP/data" -U haven --auth=trust -E UTF8 --no-locale --no-sync >/dev/null
  # max_connections: two api processes × HAVEN_PG_POOL_MAX (10) and the tests' own, with room.
  "${PG_RUN[@]}" "$PG_BIN/pg_ctl" -D "$PG_TMP/data" -o "-h 127.0.0.1 -p $PG_PORT -k $PG_TMP -c fsync=off -c full_page_writes=off -c max_connections=${PG_MAX_CONNECTIONS:-200}" -l "$PG_TMP/log" -w start >/dev/null
  echo "PostgreSQL $("$PG_BIN/postgres" --version | awk '{print $3}') on 127.0.0.1:$PG_PORT"
  export DATABASE_URL="postgres://haven@127.0.0.1:$PG_PORT/postgres"
}

stop_pg_cluster() {
  "${PG_RUN[@]}" "$PG_BIN/pg_ctl" -D "$PG_TMP/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$PG_TMP"
}
