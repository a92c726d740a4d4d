#!/usr/bin/env bash
# Runs a command with TEST_PG_URL pointing at a throw-away PostgreSQL cluster (Debian's postgresql package).
# PG_EXTRA adds server settings (`-c name=value ...`), e.g. to load pg_stat_statements for bench/submit-profile.ts.
# Exits 3 without running the command when PostgreSQL is not installed.
set -u
PGBIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
if [ -z "$PGBIN" ] || [ ! -x "$PGBIN/initdb" ]; then
  echo "PostgreSQL is not installed (apt-get install -y postgresql); skipping the PostgreSQL run"
  exit 3
fi
DIR=$(mktemp -d /tmp/pg-test-XXXXXX)
PORT=$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
# Under a moved clock (scripts/test-at.sh) libfaketime's shared clock belongs to root, and the postgres user cannot
# open it: su runs without it, and the command gets the preload back and keeps a clock of its own (the same offset).
as_pg() {
  if [ "$(id -u)" = 0 ]; then
    env -u FAKETIME_SHARED -u LD_PRELOAD su postgres -s /bin/bash -c "${LD_PRELOAD:+LD_PRELOAD=$LD_PRELOAD }$*"
  else bash -c "$*"; fi
}
[ "$(id -u)" = 0 ] && chown postgres "$DIR"
as_pg "$PGBIN/initdb -D $DIR/data -A trust -U postgres >/dev/null" || { echo "initdb failed"; exit 1; }
as_pg "$PGBIN/pg_ctl -D $DIR/data -l $DIR/log -w -o \"-p $PORT -k $DIR -c listen_addresses=127.0.0.1 -c fsync=off ${PG_EXTRA:-}\" start >/dev/null" || { cat "$DIR/log"; exit 1; }
export TEST_PG_URL="postgres://postgres@127.0.0.1:$PORT/postgres"
"$@"
rc=$?
as_pg "$PGBIN/pg_ctl -D $DIR/data -m immediate stop >/dev/null"
rm -rf "$DIR"
exit $rc
