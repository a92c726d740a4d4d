#!/usr/bin/env bash
# `npm test` with the clock of every process it starts (test runner, server, PostgreSQL, Chromium) moved to a
# given UTC time, to prove the suite at the hours where it once failed (issue 33): the hour after midnight in
# Vienna, a day the clocks change.
#   bash scripts/test-at.sh '2026-11-28 23:00:00'   # 00:00 in Vienna
#   bash scripts/test-at.sh '2027-03-28 00:30:00'   # 01:30 in Vienna; the clocks go forward half an hour later
# libfaketime is preloaded with a fixed offset from now, not through the `faketime` wrapper: the wrapper's start
# time ("@…") would start each process's clock anew when it starts, and its shared semaphore cannot be opened by
# `su postgres`. Chromium starts without it (test/e2e/wall-clock.ts, browserEnv): under libfaketime its processes spun in system calls (a pull of the
# bench took a minute instead of 3 s, and with the monotonic clock faked too the CPU-throttled renderer crawled).
# Its pages get the same shift as their wall clock instead (E2E_CLOCK_SHIFT_MS, test/e2e/wall-clock.ts).
set -eu
cd "$(dirname "$0")/.."
LIB=$(ls /usr/lib/*/faketime/libfaketime.so.1 2>/dev/null | head -1)
if [ -z "$LIB" ]; then
  echo "libfaketime is missing: apt-get install -y faketime"
  exit 3
fi
target=$(date -u -d "${1:?usage: test-at.sh 'YYYY-MM-DD HH:MM:SS' (UTC)}" +%s)
offset=$((target - $(date -u +%s)))
echo "== the clock of this run starts at $(date -u -d "@$target" '+%F %T') UTC ($(TZ=Europe/Vienna date -d "@$target" '+%F %T %Z') in Vienna)"
# A temp directory of its own: what tests cache there (the seeded PGlite template, keyed by the day in Vienna) was
# built at another clock, and a template seeded "later" than this run's now ordered its tasks after the new ones.
TMPDIR=$(mktemp -d /tmp/test-at-XXXXXX)
chmod 755 "$TMPDIR" # the postgres user's clusters live under it too
export TMPDIR LD_PRELOAD=$LIB FAKETIME="$(printf '%+d' "$offset")" FAKETIME_DONT_FAKE_MONOTONIC=1 TZ=UTC
export E2E_CLOCK_SHIFT_MS=$((offset * 1000))
rc=0
npm test || rc=$?
unset LD_PRELOAD
rm -rf "$TMPDIR"
exit $rc
