#!/usr/bin/env bash
# A throw-away PostgreSQL server for the tests that need one (the webhook kit's PostgreSQL store):
# Debian's package, a fresh cluster in a temporary folder, listening on 127.0.0.1 only.
#   eval "$(scripts/test-postgres.sh start)"   -> exports CBP_TEST_POSTGRES_URL=postgres://...
#   scripts/test-postgres.sh stop
# Installs the server package when it is missing (a fresh machine runs none). Root runs the
# server as the `postgres` user, since PostgreSQL refuses to run as root.
set -euo pipefail
DIR=${CBP_PG_DIR:-/tmp/cbp-test-postgres}
PORT=${CBP_PG_PORT:-55432}

pg_bin() {
  local bin
  bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
  [ -n "$bin" ] && echo "$bin"
}

as_owner() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

case "${1:-}" in
  start)
    if [ -z "$(pg_bin)" ]; then
      if [ "$(id -u)" -eq 0 ]; then SUDO=''; else SUDO='sudo'; fi
      $SUDO apt-get update >/dev/null
      DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y --no-install-recommends postgresql >/dev/null
    fi
    BIN=$(pg_bin)
    rm -rf "$DIR"
    mkdir -p "$DIR"
    [ "$(id -u)" -eq 0 ] && chown postgres "$DIR"
    as_owner "$BIN/initdb" -D "$DIR/data" -U cbp --auth=trust -E UTF8 >/dev/null
    as_owner "$BIN/pg_ctl" -D "$DIR/data" -l "$DIR/server.log" -w \
      -o "-c listen_addresses=127.0.0.1 -p $PORT -k $DIR -c max_connections=200 -c fsync=on" start >/dev/null
    as_owner "$BIN/createdb" -h 127.0.0.1 -p "$PORT" -U cbp cbp_test
    echo "export CBP_TEST_POSTGRES_URL=postgres://cbp@127.0.0.1:$PORT/cbp_test"
    ;;
  stop)
    BIN=$(pg_bin) || exit 0
    [ -d "$DIR/data" ] && as_owner "$BIN/pg_ctl" -D "$DIR/data" -m fast -w stop >/dev/null || true
    rm -rf "$DIR"
    ;;
  *)
    echo "usage: $0 start|stop" >&2
    exit 2
    ;;
esac
