#!/usr/bin/env bash
# `npm test`: typecheck, lint (layer boundaries), translations, formatting, dead code, unit + integration tests,
# build, the short fault soak, e2e in Debian's Chromium.
# Ends with one line "N passed, N failed" counting every test plus each check step.
set -u
cd "$(dirname "$0")/.."
mkdir -p test-results
passed=0
failed=0
failures=()

step() { # $1 name, rest: command
  local name=$1; shift
  echo "== $name"
  if "$@"; then passed=$((passed + 1)); else failed=$((failed + 1)); failures+=("$name"); fi
}

count_vitest() { # $1 json report, $2 label
  if [ -f "$1" ]; then
    local p f
    p=$(node -e "const r=require('./$1');console.log(r.numPassedTests)")
    f=$(node -e "const r=require('./$1');console.log(r.numFailedTests + (r.numTotalTestSuites && r.testResults.filter(t=>t.status==='failed'&&t.assertionResults.length===0).length))")
    passed=$((passed + p)); failed=$((failed + f))
    [ "$f" -gt 0 ] && failures+=("$2 ($f)")
    # The failing tests' names and first message lines, printed again at the end (CI keeps only the tail).
    node -e "const r=require('./$1');for(const t of r.testResults){if(t.status==='failed'&&!t.assertionResults.length)console.log('  $2: '+t.name+': '+String(t.message).slice(0,300));for(const a of t.assertionResults)if(a.status==='failed')console.log('  $2: '+t.name.replace(process.cwd()+'/','')+' > '+a.fullName+'\\n    '+a.failureMessages.join(' ').split('\\n').slice(0,4).join('\\n    '))}" >>test-results/failed-tests.txt
  else
    failed=$((failed + 1)); failures+=("$2 (no report)")
  fi
}

missing=()
[ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ] || missing+=(chromium)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing+=(postgresql)
command -v xmllint >/dev/null || missing+=(libxml2-utils)
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "== installing Debian ${missing[*]} for the browser and PostgreSQL tests"
    (apt-get update && apt-get install -y "${missing[@]}") >/tmp/apt-test.log 2>&1 || echo "install failed: see /tmp/apt-test.log"
  else
    echo "Missing Debian packages for the tests: run 'sudo apt-get install -y ${missing[*]}'."
  fi
fi

step typecheck npx tsc -p tsconfig.json --noEmit
step lint npx eslint . --max-warnings 0
step translations node scripts/check-translations.mjs
step format npx prettier --check .
step dead-code npx knip --no-progress
# production mode: an export only tests use is dead code too (tag test infrastructure @internal, with why)
step dead-code-production npx knip --production --no-progress

rm -f test-results/unit.json test-results/e2e.json test-results/failed-tests.txt
echo "== unit and integration tests (with coverage of src/domain)"
npx vitest run --project unit --coverage --reporter=default --reporter=json --outputFile.json=test-results/unit.json
unit_rc=$?
count_vitest test-results/unit.json unit
if [ $unit_rc -ne 0 ] && [ -f test-results/unit.json ] && [ "$(node -e "console.log(require('./test-results/unit.json').numFailedTests)")" = 0 ]; then
  failed=$((failed + 1)); failures+=("unit run (coverage threshold or load error)")
fi

rm -f test-results/server-pg.json
echo "== server tests on PostgreSQL"
bash scripts/with-postgres.sh npx vitest run --project unit server --reporter=default --reporter=json --outputFile.json=test-results/server-pg.json
count_vitest test-results/server-pg.json server-on-postgresql

step build npm run build --silent

rm -f test-results/soak.json
echo "== soak: short seeded fault run (headless replication + one browser round, test/soak)"
npx vitest run --config test/soak/vitest.config.ts --reporter=default --reporter=json --outputFile.json=test-results/soak.json
count_vitest test-results/soak.json soak

echo "== end-to-end tests in Chromium"
# Two files at a time: each e2e file starts its own server and browser on free ports and a temp dir, and most of
# their time is waiting (retry delays, reloads, service workers); on 2 cores this is 11 instead of 16 minutes.
npx vitest run --project e2e --maxWorkers=2 --fileParallelism --reporter=default --reporter=json --outputFile.json=test-results/e2e.json
count_vitest test-results/e2e.json e2e

if [ ${#failures[@]} -gt 0 ]; then
  echo "failed: ${failures[*]}"
  [ -s test-results/failed-tests.txt ] && cat test-results/failed-tests.txt
fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
