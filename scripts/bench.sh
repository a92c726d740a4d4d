#!/usr/bin/env bash
# npm run bench: the benchmarks of docs/benchmarks.md. With Debian's PostgreSQL installed the server figure is
# also taken on a throw-away PostgreSQL cluster (the production database); without it, on PGlite only.
cd "$(dirname "$0")/.." || exit 1
bash scripts/with-postgres.sh npx tsx bench/bench.ts
rc=$?
[ "$rc" = 3 ] && exec npx tsx bench/bench.ts
exit $rc
