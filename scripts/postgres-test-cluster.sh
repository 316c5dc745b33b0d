#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for the example server's tests: its own data directory and port, on
# 127.0.0.1 only, trust authentication for the user `siwa`, TLS on with a self-signed certificate for
# `localhost` (when openssl is there). Run as root, the server runs as the unprivileged `postgres` user
# (PostgreSQL refuses root). PostgreSQL is installed from Debian's packages when no server is found.
#
#   scripts/postgres-test-cluster.sh start DIR PORT   # creates DIR if needed, starts, prints the URL
#   scripts/postgres-test-cluster.sh restart DIR      # a fast restart (the tests' "PostgreSQL restarted")
#   scripts/postgres-test-cluster.sh stop DIR         # stops it (DIR is left for the caller to remove)
set -euo pipefail

find_bindir() {
    if command -v pg_config >/dev/null && [ -x "$(pg_config --bindir)/initdb" ]; then pg_config --bindir; return; fi
    for dir in /usr/lib/postgresql/*/bin /usr/local/bin /opt/homebrew/bin; do
        if [ -x "$dir/initdb" ] && [ -x "$dir/pg_ctl" ]; then echo "$dir"; return; fi
    done
    return 1
}

bindir=$(find_bindir) || {
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
        echo "postgres-test-cluster: installing PostgreSQL from Debian's packages" >&2
        DEBIAN_FRONTEND=noninteractive apt-get update -qq >&2
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >&2
        bindir=$(find_bindir) || { echo "postgres-test-cluster: PostgreSQL installed but initdb not found" >&2; exit 1; }
    else
        echo "postgres-test-cluster: no PostgreSQL server found (initdb, pg_ctl); install PostgreSQL 15 or newer" >&2
        exit 1
    fi
}

# As root, everything runs as `postgres` (created when missing); otherwise as the caller.
as_owner() {
    if [ "$(id -u)" = 0 ]; then
        id postgres >/dev/null 2>&1 || useradd --system --no-create-home --shell /usr/sbin/nologin postgres
        runuser -u postgres -- "$@"
    else
        "$@"
    fi
}

# The server must inherit no descriptor of the caller's beyond 0-2: a caller that learns of this script's end
# from a descriptor closing (Foundation's Process on Linux does) would otherwise wait as long as the server runs.
for fd in $(ls /proc/$$/fd 2>/dev/null || ls /dev/fd); do
    [ "$fd" -gt 2 ] 2>/dev/null && eval "exec $fd>&-" 2>/dev/null || true
done

command=${1:-}; dir=${2:-}
[ -n "$command" ] && [ -n "$dir" ] || { sed -n '7,9p' "$0" >&2; exit 2; }

case "$command" in
start)
    port=${3:?give a port}
    mkdir -p "$dir"
    [ "$(id -u)" = 0 ] && { id postgres >/dev/null 2>&1 || useradd --system --no-create-home --shell /usr/sbin/nologin postgres; chown postgres "$dir"; }
    if [ ! -f "$dir/data/PG_VERSION" ]; then
        as_owner "$bindir/initdb" -D "$dir/data" -U siwa -A trust --no-sync -E UTF8 >"$dir/initdb.log" 2>&1 ||
            { cat "$dir/initdb.log" >&2; exit 1; }
        {
            echo "listen_addresses = '127.0.0.1'"
            echo "port = $port"
            echo "unix_socket_directories = '$dir'"
            echo "fsync = off"                  # throwaway data: speed over durability against power loss
            echo "max_connections = 200"
        } >>"$dir/data/postgresql.conf"
        if command -v openssl >/dev/null; then
            as_owner openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj /CN=localhost -addext subjectAltName=DNS:localhost \
                -keyout "$dir/data/server.key" -out "$dir/data/server.crt" >/dev/null 2>&1
            as_owner chmod 600 "$dir/data/server.key"
            cp "$dir/data/server.crt" "$dir/root.crt"; chmod 644 "$dir/root.crt"
            echo "ssl = on" >>"$dir/data/postgresql.conf"
        fi
    fi
    # The server must not inherit the caller's stdout or stderr (a caller reading them to the end would wait
    # for as long as the server runs).
    as_owner "$bindir/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 start >"$dir/pg_ctl.log" 2>&1 </dev/null ||
        { cat "$dir/pg_ctl.log" "$dir/server.log" >&2; exit 1; }
    echo "postgres://siwa@127.0.0.1:$port/postgres"
    ;;
restart)
    as_owner "$bindir/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 -m fast restart >"$dir/pg_ctl.log" 2>&1 </dev/null ||
        { cat "$dir/pg_ctl.log" >&2; exit 1; }
    ;;
stop)
    as_owner "$bindir/pg_ctl" -D "$dir/data" -w -t 60 -m fast stop >/dev/null || true
    ;;
*)
    sed -n '7,9p' "$0" >&2; exit 2
    ;;
esac
