#!/usr/bin/env bash
# A throwaway PostgreSQL server for the ledger suites.
#
#   bash scripts/pg-cluster.sh start   install Debian's `postgresql` when its
#                                      binaries are missing, create a cluster in
#                                      a temporary directory, listening only on
#                                      127.0.0.1 on a free port, with the role
#                                      `wallclock` (password, scram-sha-256,
#                                      CREATEDB, CREATEROLE: a test makes a read-only role), and start it
#   bash scripts/pg-cluster.sh env     print the settings as shell exports:
#                                      WALLCLOCK_PG_URL, WALLCLOCK_PG_DATA,
#                                      WALLCLOCK_PG_BIN
#   bash scripts/pg-cluster.sh stop    stop the server and remove its directory
#
# The server runs as the `postgres` OS user (initdb refuses root). Tests that
# restart it run `runuser -u postgres -- $WALLCLOCK_PG_BIN/pg_ctl -D
# $WALLCLOCK_PG_DATA restart`. `start` exits non-zero with the end of the
# server log when the server does not come up.
set -euo pipefail
cd "$(dirname "$0")/.."

state_dir=target/pg-cluster
state=$state_dir/env

die() {
  echo "pg-cluster: $*" >&2
  exit 1
}

# The newest installed server's binary directory, installing the package
# when there is none.
bin_dir() {
  local dir
  dir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
  if [ -z "$dir" ] || [ ! -x "$dir/initdb" ] || [ ! -x "$dir/pg_ctl" ]; then
    echo "pg-cluster: installing postgresql" >&2
    apt-get update -qq >&2
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >&2
    dir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
  fi
  [ -n "$dir" ] && [ -x "$dir/initdb" ] || die "no initdb after installing postgresql"
  echo "$dir"
}

# A loopback TCP port nothing listens on (the server's own bind is the
# final check: `start` tries again on another port when it fails).
free_port() {
  local port tries=0
  while [ $tries -lt 200 ]; do
    port=$((20000 + RANDOM % 40000))
    if ! (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
      echo "$port"
      return 0
    fi
    tries=$((tries + 1))
  done
  die "no free port found on 127.0.0.1"
}

as_postgres() {
  runuser -u postgres -- "$@"
}

stop() {
  [ -f "$state" ] || return 0
  local data bin
  data=$(sed -n 's/^export WALLCLOCK_PG_DATA=//p' "$state")
  bin=$(sed -n 's/^export WALLCLOCK_PG_BIN=//p' "$state")
  if [ -n "$data" ] && [ -d "$data" ]; then
    as_postgres "$bin/pg_ctl" -D "$data" -m immediate -w stop >/dev/null 2>&1 || true
    rm -rf "$(dirname "$data")"
  fi
  rm -f "$state"
}

start() {
  stop
  local bin root data log port password attempt
  bin=$(bin_dir)
  id postgres >/dev/null 2>&1 || die "no \`postgres\` OS user (it comes with the postgresql package)"
  root=$(mktemp -d /tmp/wallclock-pg.XXXXXX)
  chmod 755 "$root"
  data=$root/data
  log=$root/server.log
  password=$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')
  chown postgres: "$root"
  # The bootstrap superuser only logs in over the socket in $root
  # (peer/trust for local); every TCP login needs a scram-sha-256 password.
  as_postgres "$bin/initdb" -D "$data" -U postgres --auth-local=trust \
    --auth-host=scram-sha-256 --encoding=UTF8 --locale=C.UTF-8 >"$root/initdb.log" 2>&1 ||
    { tail -n 20 "$root/initdb.log" >&2; die "initdb failed"; }
  for attempt in 1 2 3 4 5; do
    port=$(free_port)
    cat >>"$data/postgresql.conf" <<EOF
# scripts/pg-cluster.sh
listen_addresses = '127.0.0.1'
port = $port
unix_socket_directories = '$root'
max_connections = 300
password_encryption = 'scram-sha-256'
fsync = off
full_page_writes = off
EOF
    if as_postgres "$bin/pg_ctl" -D "$data" -l "$log" -w -t 60 start >/dev/null; then
      break
    fi
    if [ "$attempt" -eq 5 ]; then
      tail -n 30 "$log" >&2 || true
      die "the server did not start (log: $log)"
    fi
  done
  "$bin/pg_isready" -q -h 127.0.0.1 -p "$port" -t 30 ||
    { tail -n 30 "$log" >&2; die "the server does not accept connections on 127.0.0.1:$port"; }
  as_postgres "$bin/psql" -q -X -v ON_ERROR_STOP=1 -h "$root" -p "$port" -U postgres -d postgres \
    -c "CREATE ROLE wallclock LOGIN CREATEDB CREATEROLE PASSWORD '$password'" >/dev/null ||
    { tail -n 30 "$log" >&2; die "could not create the role \`wallclock\`"; }
  mkdir -p "$state_dir"
  umask 077
  cat >"$state" <<EOF
export WALLCLOCK_PG_URL=postgres://wallclock:$password@127.0.0.1:$port/postgres
export WALLCLOCK_PG_DATA=$data
export WALLCLOCK_PG_BIN=$bin
EOF
  echo "pg-cluster: PostgreSQL $("$bin/postgres" --version | awk '{print $3}') on 127.0.0.1:$port, data in $data" >&2
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  env)
    [ -f "$state" ] || die "no cluster: run \`bash scripts/pg-cluster.sh start\` first"
    cat "$state"
    ;;
  *) die "usage: $0 start|stop|env" ;;
esac
