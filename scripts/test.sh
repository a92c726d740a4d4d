#!/usr/bin/env bash
# `npm test`: typecheck, lint (layer boundaries), translations, formatting, dead code, unit + integration tests,
# build, the bench smoke, the short fault soak, e2e in Debian's Chromium.
# Ends with the duration of each step, the ten slowest tests, the count of retries (0: no config retries, issue
# 33), the failing tests with their artifacts, and one line "N passed, N failed" counting every test plus each check.
set -u
cd "$(dirname "$0")/.."
mkdir -p test-results
rm -rf test-results/e2e-failures test-results/retries.txt
# every Vitest run reports retried tests here (scripts/retry-reporter.mjs); the count is printed at the end
export VITEST_RETRY_REPORT=test-results/retries.txt
RETRIES=(--reporter=./scripts/retry-reporter.mjs)
passed=0
failed=0
failures=()
durations=()
started=$(date +%s)

timed() { # $1 name, rest: command; records how long it took
  local name=$1; shift
  local t0 rc
  t0=$(date +%s)
  "$@"
  rc=$?
  durations+=("$(printf '%5d s  %s' $(($(date +%s) - t0)) "$name")")
  return $rc
}

step() { # $1 name, rest: command
  local name=$1; shift
  echo "== $name"
  if timed "$name" "$@"; then passed=$((passed + 1)); else failed=$((failed + 1)); failures+=("$name"); fi
}

# Runs checks side by side, at most two at a time (each is one busy thread; the machine has 2 cores), in the order
# given (longest first). Each check's output is printed whole when all have ended, and its duration is its own
# (wall clock, with another check beside it); one line more gives the group's wall clock.
# Arguments: "name|shell command" ...
parallel_steps() {
  local dir=test-results/steps spec name group_t0
  rm -rf "$dir"; mkdir -p "$dir"
  group_t0=$(date +%s)
  for spec in "$@"; do
    while [ "$(jobs -rp | wc -l)" -ge 2 ]; do wait -n; done
    name=${spec%%|*}
    (
      t0=$(date +%s)
      bash -c "${spec#*|}" >"$dir/$name.log" 2>&1
      echo "$? $(($(date +%s) - t0))" >"$dir/$name.rc"
    ) &
  done
  wait
  for spec in "$@"; do
    name=${spec%%|*}
    local rc=1 secs=0
    [ -f "$dir/$name.rc" ] && read -r rc secs <"$dir/$name.rc"
    echo "== $name"
    cat "$dir/$name.log"
    durations+=("$(printf '%5d s  %s' "$secs" "$name (side by side)")")
    if [ "$rc" = 0 ]; then passed=$((passed + 1)); else failed=$((failed + 1)); failures+=("$name"); fi
  done
  durations+=("$(printf '%5d s  %s' $(($(date +%s) - group_t0)) "the checks above, two at a time")")
}

count_vitest() { # $1 json report, $2 label, $3 Vitest's exit code
  if [ -f "$1" ]; then
    local p f
    p=$(node -e "const r=require('./$1');console.log(r.numPassedTests)")
    # a file that failed without a failed test (its beforeAll threw, so its tests were skipped; an import error)
    # counts once: before, a file whose hook failed with its tests skipped counted as no failure at all
    f=$(node -e "const r=require('./$1');console.log(r.numFailedTests + r.testResults.filter(t=>t.status==='failed'&&!t.assertionResults.some(a=>a.status==='failed')).length)")
    passed=$((passed + p)); failed=$((failed + f))
    [ "$f" -gt 0 ] && failures+=("$2 ($f)")
    # failed with every test green: the coverage threshold, an error outside the tests (an unhandled rejection)
    if [ "${3:-0}" -ne 0 ] && [ "$f" -eq 0 ]; then
      failed=$((failed + 1)); failures+=("$2 run (exit $3 with no failed test: coverage threshold, unhandled error or load error; see its output)")
    fi
    # The failing tests' names and first message lines, printed again at the end (CI keeps only the tail).
    node -e "const r=require('./$1');for(const t of r.testResults){if(t.status==='failed'&&!t.assertionResults.some(a=>a.status==='failed'))console.log('  $2: '+t.name+': '+String(t.message||'failed outside its tests (a hook or an import; its error is in the output above)').slice(0,300));for(const a of t.assertionResults)if(a.status==='failed')console.log('  $2: '+t.name.replace(process.cwd()+'/','')+' > '+a.fullName+'\\n    '+a.failureMessages.join(' ').split('\\n').slice(0,4).join('\\n    '))}" >>test-results/failed-tests.txt
  else
    failed=$((failed + 1)); failures+=("$2 (no report)")
  fi
}

missing=()
[ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ] || missing+=(chromium)
# the e2e tests' browser (test/e2e/browsers.ts): the same Chromium without the full browser's UI layers
[ -x "${HEADLESS_SHELL_PATH:-/usr/lib/chromium/chromium-headless-shell}" ] || missing+=(chromium-headless-shell)
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

# The static checks, two at a time, longest first: on a quiet machine 28 + 16 + 15 + 6 + 6 s one after the other.
# Production mode of knip: an export only tests use is dead code too (tag test infrastructure @internal, with why).
parallel_steps \
  "typecheck|npx tsc -p tsconfig.json --noEmit" \
  "format|npx prettier --check ." \
  "lint|npx eslint . --max-warnings 0" \
  "dead-code|npx knip --no-progress" \
  "dead-code-production|npx knip --production --no-progress" \
  "translations|node scripts/check-translations.mjs"

rm -f test-results/unit.json test-results/e2e.json test-results/failed-tests.txt
echo "== unit and integration tests (with coverage of src/domain)"
timed unit npx vitest run --project unit --coverage --reporter=default "${RETRIES[@]}" --reporter=json --outputFile.json=test-results/unit.json
count_vitest test-results/unit.json unit $?

# The middle steps overlap where the machine has room: the server tests on PostgreSQL (about 1.4 cores) run while
# the app is built (about 1.2), and the bench smoke and the short fault soak (each about half a core: mostly their
# servers' and browsers' waits) start once the build is there. On a quiet machine one after the other they took
# 36 + 23 + 65 + 41 s. Each background step writes its output to its own log, printed whole when all have ended,
# with its own duration ("side by side"); each has its own servers, browser, ports, database cluster and report.
side_dir=test-results/side-by-side
rm -rf "$side_dir"; mkdir -p "$side_dir"
side_t0=$(date +%s)
side_by_side() { # $1 name, rest: command; output to its log, "exit seconds" to its .rc
  local name=$1 t0; shift
  t0=$(date +%s)
  "$@" >"$side_dir/$name.log" 2>&1
  echo "$? $(($(date +%s) - t0))" >"$side_dir/$name.rc"
}
side_names=()

rm -f test-results/server-pg.json test-results/bench-smoke.json test-results/soak.json
# only the files that use a database TEST_PG_URL points at (a scan, so a new one is never left out: see the script);
# the others ran in the unit step and would run again unchanged
mapfile -t pg_files < <(node scripts/pg-test-files.mjs)
echo "== server tests on PostgreSQL (${#pg_files[@]} files that use a database), beside the build"
if [ ${#pg_files[@]} -eq 0 ]; then
  failed=$((failed + 1)); failures+=("server-on-postgresql (scripts/pg-test-files.mjs found no file)")
else
  side_by_side server-on-postgresql bash scripts/with-postgres.sh npx vitest run --project unit "${pg_files[@]}" --reporter=default "${RETRIES[@]}" --reporter=json --outputFile.json=test-results/server-pg.json &
  side_names+=(server-on-postgresql)
fi

step build npm run build --silent
# The bench smoke: every area of `npm run bench` once, on a tenth of the big round (bench/bench.ts --smoke), so a
# probe that lost its way (a renamed button, a screen that never comes) is red the day it breaks; it fails within a
# minute of looking, prints the page's console of a failed area, and its areas' seconds are in the tail.
# The soak: a short seeded fault run (headless replication + one browser round, test/soak).
side_by_side bench-smoke npm run bench --silent -- --smoke &
side_by_side soak npx vitest run --config test/soak/vitest.config.ts --reporter=default "${RETRIES[@]}" --reporter=json --outputFile.json=test-results/soak.json &
side_names+=(bench-smoke soak)
wait
declare -A side_rc
for name in "${side_names[@]}"; do
  rc=1 secs=0
  [ -f "$side_dir/$name.rc" ] && read -r rc secs <"$side_dir/$name.rc"
  side_rc[$name]=$rc
  echo "== $name (side by side)"
  cat "$side_dir/$name.log"
  durations+=("$(printf '%5d s  %s' "$secs" "$name (side by side)")")
done
durations+=("$(printf '%5d s  %s' $(($(date +%s) - side_t0)) "PostgreSQL, build, bench smoke and soak, side by side")")
[ -n "${side_rc[server-on-postgresql]:-}" ] && count_vitest test-results/server-pg.json server-on-postgresql "${side_rc[server-on-postgresql]}"
if [ "${side_rc[bench-smoke]}" = 0 ]; then passed=$((passed + 1)); else failed=$((failed + 1)); failures+=(bench-smoke); fi
count_vitest test-results/soak.json soak "${side_rc[soak]}"

echo "== end-to-end tests in Chromium"
# Two files at a time: each e2e file starts its own server and browser on free ports and a temp dir, and most of
# their time is waiting (retry delays, reloads, service workers); on 2 cores this is 11 instead of 16 minutes.
# Not three: a running e2e file keeps about one core busy (its browser, server and test: 27 CPU seconds for two
# files of 24 s), so two already fill the 2 cores and a third only slows each file down towards its timeouts.
# The longest files start first, also on a clean clone (scripts/test-sequencer.mjs), so the two end together.
timed e2e npx vitest run --project e2e --maxWorkers=2 --fileParallelism --reporter=default "${RETRIES[@]}" --reporter=json --outputFile.json=test-results/e2e.json
count_vitest test-results/e2e.json e2e $?

echo "== summary"
echo "durations:"
printf '%s\n' "${durations[@]}"
printf '%5d s  total\n' $(($(date +%s) - started))
node scripts/test-summary.mjs test-results/unit.json test-results/server-pg.json test-results/soak.json test-results/e2e.json
retried=0
[ -f test-results/retries.txt ] && retried=$(grep -c . test-results/retries.txt)
# a retried test passed only the second time: it is a flake, and a flake is a failure
if [ "$retried" -gt 0 ]; then failed=$((failed + 1)); failures+=("retried tests ($retried)"); fi
if [ ${#failures[@]} -gt 0 ]; then
  echo "failed: ${failures[*]}"
  [ -s test-results/failed-tests.txt ] && cat test-results/failed-tests.txt
  if [ -s test-results/e2e-failures/index.txt ]; then
    echo "e2e failure artifacts (screenshots, console, last requests):"
    sed 's/^/  /' test-results/e2e-failures/index.txt
  fi
fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
