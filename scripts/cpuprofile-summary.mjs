// Summarises a CPU profile (.cpuprofile, e.g. from BENCH_CPU_PROFILE=<dir> npm run bench): self and inclusive
// milliseconds per function, names and places taken from dist/'s source maps so minified frames read as the
// source's functions and files. `node scripts/cpuprofile-summary.mjs <file> [top=40] [filter]`; DIST=<dir> reads the
// maps of another build (the one the profile was taken with).
//
// The profiler samples by the wall clock: on a loaded machine the renderer waits for a core now and then, and the one
// sample taken across that wait counts the whole wait (a 376 ms "setItem" was one such sample). So a sample counts at
// most MAX_SAMPLE_MS (CLAMP_MS=<ms> to change; 0 counts it whole): the figures are the work done, not the waits.
import { readFileSync } from 'node:fs';
import { frameNamer } from './frame-names.mjs';

const [file, topArg, filter] = process.argv.slice(2);
if (!file) throw new Error('usage: node scripts/cpuprofile-summary.mjs <file.cpuprofile> [top] [filter]');
const top = Number(topArg ?? 40);
const DIST = process.env.DIST ?? 'dist';
const MAX_SAMPLE_MS = Number(process.env.CLAMP_MS ?? 1) || Infinity;
const profile = JSON.parse(readFileSync(file, 'utf8'));
const nameOf = frameNamer(DIST, { long: Boolean(process.env.LONG) });
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const names = new Map(profile.nodes.map((n) => [n.id, nameOf(n.callFrame)]));
const self = new Map();
const inclusive = new Map();
let total = 0;
let idle = 0;
for (let i = 0; i < profile.samples.length; i++) {
  const ms = Math.min((profile.timeDeltas[i + 1] ?? 0) / 1000, MAX_SAMPLE_MS);
  const id = profile.samples[i];
  const name = names.get(id);
  if (name.startsWith('(idle)') || name.startsWith('(program)')) {
    idle += ms;
    continue;
  }
  total += ms;
  self.set(name, (self.get(name) ?? 0) + ms);
  const seen = new Set();
  for (let at = id; at !== undefined; at = parent.get(at)) {
    const n = names.get(at);
    if (seen.has(n)) continue;
    seen.add(n);
    inclusive.set(n, (inclusive.get(n) ?? 0) + ms);
  }
}
const list = (m) =>
  [...m]
    .filter(([k]) => !filter || k.includes(filter))
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([k, v]) => `${v.toFixed(1).padStart(9)} ms  ${k}`)
    .join('\n');
console.info(`busy ${total.toFixed(0)} ms, idle or program ${idle.toFixed(0)} ms (${byId.size} nodes)`);
console.info(`--- self\n${list(self)}\n--- inclusive\n${list(inclusive)}`);

// STEPS=<keystrokes>: the table typing's profile in the steps of a keystroke (docs/benchmarks.md, "What a keystroke
// costs"), per keystroke. A sample goes to the first step its stack shows, in this order.
if (process.env.STEPS) {
  const keys = Number(process.env.STEPS);
  const steps = [
    ['journal: the localStorage note and its removal', (s) => s.some((n) => n.includes('keystroke-journal.ts'))],
    [
      'RxDB write chain (lifecycle check, instance lookup, Dexie transaction)',
      (s) =>
        s.some((n) => /keystroke-commands|instance-commands|draft-store|dexie\/|rxdb\//.test(n)) &&
        !s.some((n) => n.startsWith('performWorkOnRoot ')),
    ],
    [
      'React render of the keystroke (in the input event)',
      (s) => s.some((n) => n.startsWith('performWorkOnRoot ')) && s.some((n) => n.startsWith('dispatchDiscreteEvent')),
    ],
    [
      'React render after the write (saved mark, subscriptions)',
      (s) => s.some((n) => n.startsWith('performWorkOnRoot ')),
    ],
    ['event handling (React dispatch, handlers)', (s) => s.some((n) => n.startsWith('dispatchDiscreteEvent'))],
    [
      'the table window (virtualiser, block measuring)',
      (s) => s.some((n) => /virtual-core|use-station-window/.test(n)),
    ],
    ['the bench driver (focus, select, polling)', (s) => s.some((n) => n.startsWith('evaluate '))],
    ['garbage collection', (s) => s[0]?.startsWith('(garbage collector)')],
    ['other', () => true],
  ];
  const sums = new Map(steps.map(([label]) => [label, 0]));
  for (let i = 0; i < profile.samples.length; i++) {
    const id = profile.samples[i];
    if (/^\((idle|program)\)/.test(names.get(id))) continue;
    const stack = [];
    for (let at = id; at !== undefined; at = parent.get(at)) stack.push(names.get(at));
    const ms = Math.min((profile.timeDeltas[i + 1] ?? 0) / 1000, MAX_SAMPLE_MS);
    const [label] = steps.find(([, test]) => test(stack));
    sums.set(label, sums.get(label) + ms);
  }
  console.info(`--- steps, per keystroke (${keys} keystrokes)`);
  for (const [label, ms] of sums)
    console.info(`${(ms / keys).toFixed(2).padStart(8)} ms  ${label}  (${ms.toFixed(0)} ms in all)`);
}

// TASKS=<ms>: the stretches of uninterrupted work of at least <ms> (a first visit's long tasks, roughly: a stretch
// ends at the first idle sample), each with the functions most of its samples ran in, outermost library frames
// left out. For finding what Lighthouse's long tasks are.
if (process.env.TASKS) {
  const minMs = Number(process.env.TASKS);
  const runs = [];
  let at = 0;
  let run;
  for (let i = 0; i < profile.samples.length; i++) {
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    const id = profile.samples[i];
    if (/^\((idle|program)\)/.test(names.get(id))) {
      if (run) runs.push(run);
      run = undefined;
    } else {
      run ??= { start: at, ms: 0, counts: new Map(), self: new Map(), samples: 0 };
      run.ms += ms;
      run.samples++;
      run.self.set(names.get(id), (run.self.get(names.get(id)) ?? 0) + ms);
      const seen = new Set();
      for (let n = id; n !== undefined; n = parent.get(n)) {
        const name = names.get(n);
        if (seen.has(name) || !/ src\/| replication\/| schemas\//.test(name)) continue;
        seen.add(name);
        run.counts.set(name, (run.counts.get(name) ?? 0) + 1);
      }
    }
    at += ms;
  }
  if (run) runs.push(run);
  console.info(`--- stretches of work of ${minMs} ms or more (start, length, the app's functions in most samples)`);
  for (const r of runs.filter((r) => r.ms >= minMs)) {
    const main = [...r.counts]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 5)
      .map(([name, c]) => `${Math.round((100 * c) / r.samples)}% ${name}`);
    console.info(`@${r.start.toFixed(0).padStart(6)} ${r.ms.toFixed(0).padStart(5)} ms  ${main.join(' | ')}`);
    // SELF=1: also the stretch's own time per function (where the work is, library code included)
    if (process.env.SELF)
      for (const [name, ms] of [...r.self].sort((a, b) => b[1] - a[1]).slice(0, 6))
        console.info(`${''.padStart(14)}self ${ms.toFixed(1).padStart(6)} ms  ${name}`);
  }
}
