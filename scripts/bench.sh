#!/usr/bin/env bash
# npm run bench: the benchmarks of docs/benchmarks.md. With Debian's PostgreSQL installed the server figure is
# also taken on a throw-away PostgreSQL cluster (the production database); without it, on PGlite only.
# `npm run bench -- --smoke`: every area once with small counts (a step of npm test; see bench/bench.ts).
cd "$(dirname "$0")/.." || exit 1
if [ "${1:-}" = --smoke ]; then
  # the fleet area's 1,000 devices for 40 s per phase after a 5 s warm-up: 50 devices for 3 s, no warm-up, find the
  # same way through it (every kind of call must get good answers in each phase, bench/area-fleet.ts)
  export FLEET_DEVICES=${FLEET_DEVICES:-50} FLEET_PHASE_S=${FLEET_PHASE_S:-3} FLEET_WARMUP_S=${FLEET_WARMUP_S:-0}
fi
bash scripts/with-postgres.sh npx tsx bench/bench.ts "$@"
rc=$?
[ "$rc" = 3 ] && exec npx tsx bench/bench.ts "$@"
exit $rc
