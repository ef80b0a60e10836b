#!/usr/bin/env bash
# Make sure a PostgreSQL server is available for the test suite and print its URL.
#
# The URL is the ONLY thing written to stdout; all diagnostics go to stderr.
#
# Order of preference:
#   1. $HOLMES_TEST_PG_URL, if set (printed as is).
#   2. A server already answering on 127.0.0.1:5432 as user postgres without a password
#      (skipped when HOLMES_TEST_PG_FORCE_LOCAL=1).
#   3. A throwaway cluster in ${HOLMES_TEST_PG_DIR:-$PWD/.holmes-test-pg} on port
#      ${HOLMES_TEST_PG_PORT:-55432}, started from the installed PostgreSQL binaries
#      (installed with apt-get when running as root and none are found).
#      Reused if it is already running. Stop it with scripts/stop-test-postgres.sh.
set -euo pipefail

# Keep the real stdout on fd 3 for the URL; everything else goes to stderr.
exec 3>&1 1>&2

log() { printf 'ensure-postgres: %s\n' "$*" >&2; }
die() { printf 'ensure-postgres: ERROR: %s\n' "$*" >&2; exit 1; }
emit() { printf '%s\n' "$1" >&3; exit 0; }

# 1. Explicit URL.
if [[ -n "${HOLMES_TEST_PG_URL:-}" ]]; then
    emit "$HOLMES_TEST_PG_URL"
fi

# 2. A server on the default port.
if [[ "${HOLMES_TEST_PG_FORCE_LOCAL:-0}" != "1" ]] \
    && command -v pg_isready >/dev/null 2>&1 && command -v psql >/dev/null 2>&1; then
    if pg_isready -h 127.0.0.1 -p 5432 -q \
        && PGCONNECT_TIMEOUT=5 psql -w -h 127.0.0.1 -p 5432 -U postgres -d postgres -Atc 'select 1' \
            >/dev/null 2>&1; then
        emit "postgresql://postgres@127.0.0.1:5432/postgres"
    fi
    log "no usable server on 127.0.0.1:5432; starting a local test cluster"
fi

# 3. A throwaway local cluster.
PORT="${HOLMES_TEST_PG_PORT:-55432}"
DIR="${HOLMES_TEST_PG_DIR:-$PWD/.holmes-test-pg}"
[[ "$PORT" =~ ^[0-9]+$ ]] || die "HOLMES_TEST_PG_PORT must be a number, got '$PORT'"
DIR="$(realpath -m -- "$DIR")"
URL="postgresql://postgres@127.0.0.1:${PORT}/postgres"

# Directory holding initdb and pg_ctl: PATH first, else the newest /usr/lib/postgresql/*/bin.
find_bindir() {
    local initdb pgctl d
    initdb="$(command -v initdb 2>/dev/null || true)"
    pgctl="$(command -v pg_ctl 2>/dev/null || true)"
    if [[ -n "$initdb" && -n "$pgctl" ]]; then
        dirname -- "$(realpath -- "$pgctl")"
        return 0
    fi
    for d in $(ls -d /usr/lib/postgresql/*/bin /usr/pgsql-*/bin 2>/dev/null | sort -V -r); do
        if [[ -x "$d/initdb" && -x "$d/pg_ctl" ]]; then
            printf '%s\n' "$d"
            return 0
        fi
    done
    return 1
}

IS_ROOT=0
[[ "$(id -u)" == "0" ]] && IS_ROOT=1

if ! BINDIR="$(find_bindir)"; then
    if [[ $IS_ROOT == 1 ]] && command -v apt-get >/dev/null 2>&1; then
        log "PostgreSQL binaries not found; installing the 'postgresql' package with apt-get"
        export DEBIAN_FRONTEND=noninteractive
        if ! apt-get install -y -q postgresql >/dev/null 2>&1 3>&-; then
            apt-get update -q >/dev/null 2>&1 3>&- || true
            apt-get install -y -q postgresql >/dev/null 2>&1 3>&- \
                || log "apt-get install postgresql failed"
        fi
    fi
    BINDIR="$(find_bindir)" || die "no PostgreSQL server binaries (initdb, pg_ctl) found on PATH \
or in /usr/lib/postgresql/*/bin. Install PostgreSQL (e.g. 'apt-get install postgresql') or set \
HOLMES_TEST_PG_URL to a reachable server."
fi
INITDB="$BINDIR/initdb"
PG_CTL="$BINDIR/pg_ctl"
[[ -x "$INITDB" ]] || INITDB="$(command -v initdb)"
log "using PostgreSQL binaries from $BINDIR"

# initdb refuses to run as root: pick an unprivileged user to own and run the cluster.
RUN_USER=""
if [[ $IS_ROOT == 1 ]]; then
    if [[ -f "$DIR/PG_VERSION" ]]; then
        RUN_USER="$(stat -c %U -- "$DIR")"
    fi
    if [[ -z "$RUN_USER" || "$RUN_USER" == "root" || "$RUN_USER" == "UNKNOWN" ]]; then
        if id -u postgres >/dev/null 2>&1; then
            RUN_USER=postgres
        else
            if ! id -u holmes-pg >/dev/null 2>&1; then
                log "creating system user holmes-pg to run the test cluster"
                useradd -r -M -s /usr/sbin/nologin holmes-pg \
                    || die "could not create system user holmes-pg"
            fi
            RUN_USER=holmes-pg
        fi
    fi
fi

# Run a command as RUN_USER (or as ourselves when not root), from / so that an
# unreadable working directory does not matter. fd 3 (our stdout) is closed for it:
# a server daemonised by pg_ctl must not hold the caller's $(...) pipe open.
as_owner() {
    if [[ -n "$RUN_USER" ]]; then
        if command -v runuser >/dev/null 2>&1; then
            (cd / && runuser -u "$RUN_USER" -- "$@") 3>&-
        else
            local cmd
            cmd="$(printf '%q ' "$@")"
            (cd / && su -s /bin/sh "$RUN_USER" -c "$cmd") 3>&-
        fi
    else
        (cd / && "$@") 3>&-
    fi
}

server_ready() {
    local isready="$BINDIR/pg_isready"
    if [[ -x "$isready" ]]; then
        "$isready" -h 127.0.0.1 -p "$PORT" -U postgres -d postgres -q
    elif command -v pg_isready >/dev/null 2>&1; then
        pg_isready -h 127.0.0.1 -p "$PORT" -U postgres -d postgres -q
    else
        return 0  # pg_ctl -w already waited for the server
    fi
}

# Reuse a cluster that is already running.
if [[ -f "$DIR/PG_VERSION" ]] && as_owner "$PG_CTL" -D "$DIR" status >/dev/null 2>&1; then
    if server_ready; then
        log "reusing the test cluster already running in $DIR on port $PORT"
        emit "$URL"
    fi
    die "a server is running in $DIR but does not answer on 127.0.0.1:$PORT \
(started with another port?). Stop it with scripts/stop-test-postgres.sh and retry."
fi

# Create the cluster if needed.
if [[ ! -f "$DIR/PG_VERSION" ]]; then
    if [[ -d "$DIR" ]] && [[ -n "$(ls -A -- "$DIR")" ]]; then
        die "$DIR exists, is not empty and is not a PostgreSQL cluster; remove it or set \
HOLMES_TEST_PG_DIR to another path"
    fi
    mkdir -p -m 700 -- "$DIR"
    chmod 700 -- "$DIR"
    if [[ -n "$RUN_USER" ]]; then
        chown "$RUN_USER": -- "$DIR"
        as_owner test -w "$DIR" -a -x "$DIR" || die "user $RUN_USER cannot reach $DIR (a parent \
directory is not accessible to it); set HOLMES_TEST_PG_DIR to e.g. /tmp/holmes-test-pg"
    fi
    log "initialising a test cluster in $DIR"
    INITDB_LOG="$(mktemp)"
    if ! as_owner "$INITDB" -D "$DIR" -A trust -U postgres --no-sync -E UTF8 >"$INITDB_LOG" 2>&1; then
        cat -- "$INITDB_LOG" >&2 || true
        rm -f -- "$INITDB_LOG"
        die "initdb failed for $DIR"
    fi
    rm -f -- "$INITDB_LOG"
else
    DIR_VERSION="$(cat -- "$DIR/PG_VERSION")"
    BIN_VERSION="$("$PG_CTL" --version | sed -E 's/.* ([0-9]+)(\.[0-9]+)?.*/\1/')"
    if [[ "$DIR_VERSION" != "$BIN_VERSION" ]]; then
        die "$DIR holds a PostgreSQL $DIR_VERSION cluster but the binaries are version \
$BIN_VERSION; remove $DIR and retry"
    fi
fi

# Unix socket path length is limited (~107 bytes); fall back to /tmp for deep paths.
SOCKDIR="$DIR"
if (( ${#DIR} + 20 > 100 )); then
    SOCKDIR=/tmp
fi

log "starting the test cluster on 127.0.0.1:$PORT"
if ! as_owner "$PG_CTL" -D "$DIR" \
        -o "-p $PORT -k $SOCKDIR -c listen_addresses=127.0.0.1 -c fsync=off" \
        -l "$DIR/log" -w -t 60 start >/dev/null 2>&1; then
    tail -n 30 -- "$DIR/log" >&2 2>/dev/null || true
    die "could not start PostgreSQL in $DIR on port $PORT (see $DIR/log; is the port taken?)"
fi

for _ in $(seq 1 30); do
    if server_ready; then
        emit "$URL"
    fi
    sleep 1
done
die "PostgreSQL started in $DIR but does not accept connections on 127.0.0.1:$PORT"
