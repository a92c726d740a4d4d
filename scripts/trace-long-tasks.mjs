// The long tasks of a Chrome trace (bench/first-visit-tasks.ts with TRACE=1) and what ran in each: the renderer main
// thread's tasks of `min` ms or more (default 50), each with the app's functions most of its CPU samples ran in and
// the functions with the most own time. `DIST=<dir> node scripts/trace-long-tasks.mjs <trace.json> [min]`; names
// come from the build's source maps as in cpuprofile-summary.mjs.
import { readFileSync } from 'node:fs';
import { frameNamer } from './frame-names.mjs';

const [file, minArg] = process.argv.slice(2);
if (!file) throw new Error('usage: node scripts/trace-long-tasks.mjs <trace.json> [min ms]');
const minMs = Number(minArg ?? 50);
const DIST = process.env.DIST ?? 'dist';
const { traceEvents } = JSON.parse(readFileSync(file, 'utf8'));
const nameOf = frameNamer(DIST);

// the renderer's main thread: the one named CrRendererMain whose process loaded the page
const mains = traceEvents.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
const busiest = mains
  .map((m) => ({ m, n: traceEvents.filter((e) => e.pid === m.pid && e.tid === m.tid && e.name === 'RunTask').length }))
  .sort((a, b) => b.n - a.n)[0]?.m;
if (!busiest) throw new Error('no renderer main thread in the trace');
const onMain = (e) => e.pid === busiest.pid && e.tid === busiest.tid;
const tasks = traceEvents
  .filter((e) => onMain(e) && e.name === 'RunTask' && e.ph === 'X' && e.dur / 1000 >= minMs)
  .sort((a, b) => a.ts - b.ts);

// the CPU profile's samples with their times (trace clock, µs): the main thread's profile (a service worker in the
// same process has one of its own)
const profileEvent = traceEvents.find((e) => onMain(e) && e.name === 'Profile');
const nodes = new Map();
const parent = new Map();
const samples = [];
for (const e of traceEvents.filter(
  (e) => e.pid === busiest.pid && e.name === 'ProfileChunk' && e.id === profileEvent?.id,
)) {
  const chunk = e.args.data.cpuProfile ?? {};
  for (const n of chunk.nodes ?? []) {
    nodes.set(n.id, nameOf(n.callFrame));
    if (n.parent !== undefined) parent.set(n.id, n.parent);
  }
  let t = samples.length ? samples[samples.length - 1].t : 0;
  const deltas = e.args.data.timeDeltas ?? [];
  (chunk.samples ?? []).forEach((id, i) => {
    t += deltas[i] ?? 0;
    samples.push({ id, t });
  });
}
const profileStart = profileEvent?.args?.data?.startTime ?? 0;
for (const s of samples) s.t += profileStart;

const firstPaint = traceEvents.find((e) => e.name === 'firstContentfulPaint' && e.pid === busiest.pid)?.ts;
const origin = traceEvents.find((e) => e.name === 'navigationStart' && e.pid === busiest.pid)?.ts ?? tasks[0]?.ts ?? 0;
// top-level steps only (FunctionCall holds the script's nested work; Layout and style are not nested in one another)
const STEPS = new Set([
  'FunctionCall',
  'EvaluateScript',
  'v8.compile',
  'v8.compileModule',
  'EventDispatch',
  'TimerFire',
  'FireAnimationFrame',
  'UpdateLayoutTree',
  'Layout',
  'Paint',
  'PrePaint',
  'Layerize',
  'ParseHTML',
  'ParseAuthorStyleSheet',
  'MajorGC',
  'MinorGC',
  'V8.GC_SCAVENGER',
  'HitTest',
  'IntersectionObserverController::computeIntersections',
  'ResizeObserverController::deliverObservations',
  'RunMicrotasks',
  'v8.run',
  'IndexedDB::transactionComplete',
]);
// who posted a task (the 'toplevel' category): the browser's source file and function, e.g. autofill's
// form_submission_tracker.cc:FormControlDidChange, a task that runs no script and shows no step of its own
const posters = traceEvents.filter((e) => onMain(e) && e.name === 'ThreadControllerImpl::RunTask' && e.ph === 'X');
const poster = (e) => `${String(e.args?.src_file ?? '?').replace(/.*\//, '')}:${e.args?.src_func ?? '?'}`;
const posterOf = (task) => {
  const e = posters.find((p) => p.ts >= task.ts && p.ts < task.ts + task.dur);
  return e ? poster(e) : '?';
};
let blocking = 0;
for (const task of tasks) {
  const ms = task.dur / 1000;
  if (firstPaint === undefined || task.ts >= firstPaint) blocking += Math.max(0, ms - 50);
  const own = new Map();
  const app = new Map();
  let count = 0;
  for (const s of samples) {
    if (s.t < task.ts || s.t > task.ts + task.dur) continue;
    count++;
    const self = nodes.get(s.id) ?? '?';
    own.set(self, (own.get(self) ?? 0) + 1);
    const seen = new Set();
    for (let at = s.id; at !== undefined; at = parent.get(at)) {
      const n = nodes.get(at);
      if (!n || seen.has(n) || !/ src\/| replication\/| schemas\//.test(n)) continue;
      seen.add(n);
      app.set(n, (app.get(n) ?? 0) + 1);
    }
  }
  const top = (m, k) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, k)
      .map(([n, c]) => `${Math.round((100 * c) / Math.max(1, count))}% ${n}`)
      .join(' | ');
  console.info(
    `@${((task.ts - origin) / 1000).toFixed(0).padStart(6)} ${ms.toFixed(0).padStart(5)} ms  ${top(app, 5)}`,
  );
  console.info(`${''.padStart(14)}posted by: ${posterOf(task)}`);
  console.info(`${''.padStart(14)}own: ${top(own, 5)}`);
  // the browser's own steps in the task (style, layout, paint, script compile, garbage collection), by total time
  const steps = new Map();
  for (const e of traceEvents) {
    if (!onMain(e) || e.ph !== 'X' || e.ts < task.ts || e.ts >= task.ts + task.dur || e === task) continue;
    if (!STEPS.has(e.name)) continue;
    steps.set(e.name, (steps.get(e.name) ?? 0) + e.dur / 1000);
  }
  console.info(
    `${''.padStart(14)}steps: ${[...steps]
      .sort((a, b) => b[1] - a[1])
      .map(([n, v]) => `${n} ${v.toFixed(0)}`)
      .join(', ')}`,
  );
}
// every task's time (long or not) by who posted it: a cost paid in many short tasks, such as one per key
const byPoster = new Map();
for (const e of posters) {
  const k = poster(e);
  byPoster.set(k, (byPoster.get(k) ?? 0) + e.dur / 1000);
}
console.info(
  `all tasks by who posted them: ${[...byPoster]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 8)
    .map(([n, v]) => `${n} ${v.toFixed(0)} ms`)
    .join(', ')}`,
);
console.info(
  `${tasks.length} tasks of ${minMs} ms or more; after the first contentful paint, their time beyond 50 ms: ${blocking.toFixed(0)} ms`,
);
