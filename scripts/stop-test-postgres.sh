#!/usr/bin/env bash
# Stop the throwaway test cluster started by scripts/ensure-postgres.sh.
# Succeeds silently when there is no such cluster or it is not running.
#
#   scripts/stop-test-postgres.sh            stop the cluster
#   scripts/stop-test-postgres.sh --remove   stop it and delete its directory
set -uo pipefail

DIR="${HOLMES_TEST_PG_DIR:-$PWD/.holmes-test-pg}"
DIR="$(realpath -m -- "$DIR")"
REMOVE=0
[[ "${1:-}" == "--remove" ]] && REMOVE=1

[[ -f "$DIR/PG_VERSION" ]] || exit 0

# pg_ctl of the cluster's major version, else whatever is on PATH.
VERSION="$(cat -- "$DIR/PG_VERSION" 2>/dev/null || true)"
PG_CTL=""
if [[ -n "$VERSION" && -x "/usr/lib/postgresql/$VERSION/bin/pg_ctl" ]]; then
    PG_CTL="/usr/lib/postgresql/$VERSION/bin/pg_ctl"
elif command -v pg_ctl >/dev/null 2>&1; then
    PG_CTL="$(command -v pg_ctl)"
else
    PG_CTL="$(ls -d /usr/lib/postgresql/*/bin/pg_ctl 2>/dev/null | sort -V | tail -n 1)"
fi

if [[ -n "$PG_CTL" ]]; then
    OWNER="$(stat -c %U -- "$DIR")"
    if [[ "$(id -u)" == "0" && "$OWNER" != "root" && "$OWNER" != "UNKNOWN" ]]; then
        run() { (cd / && runuser -u "$OWNER" -- "$@"); }
    else
        run() { (cd / && "$@"); }
    fi
    if run "$PG_CTL" -D "$DIR" status >/dev/null 2>&1; then
        run "$PG_CTL" -D "$DIR" -m fast -w stop >/dev/null 2>&1 \
            || echo "stop-test-postgres: pg_ctl stop failed for $DIR" >&2
    fi
fi

if [[ $REMOVE == 1 ]]; then
    rm -rf -- "$DIR"
fi
exit 0
