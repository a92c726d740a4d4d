#!/usr/bin/env bash
# `npm test` with the clock of every process it starts (test runner, server, PostgreSQL, Chromium) moved to a
# given UTC time, to prove the suite at the hours where it once failed (issue 33): the hour after midnight in
# Vienna, a day the clocks change.
#   bash scripts/test-at.sh '2026-11-28 23:00:00'   # 00:00 in Vienna
#   bash scripts/test-at.sh '2027-03-28 00:30:00'   # 01:30 in Vienna; the clocks go forward half an hour later
# libfaketime is preloaded with a fixed offset from now, not through the `faketime` wrapper: the wrapper's start
# time ("@…") would start each process's clock anew when it starts, and its shared semaphore cannot be opened by
# `su postgres`. The monotonic clock stays real: Chromium's CPU throttling of the keystroke tests runs on it, and
# a faked one made the throttled renderer crawl.
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
export LD_PRELOAD=$LIB FAKETIME="$(printf '%+d' "$offset")" FAKETIME_DONT_FAKE_MONOTONIC=1 TZ=UTC
exec npm test
