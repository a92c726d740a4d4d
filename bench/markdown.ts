// Prints bench/results.json as the Markdown table of docs/benchmarks.md (both CPU profiles side by side).
import { readFileSync } from 'node:fs';
import type { Result } from './report';

const report = JSON.parse(readFileSync(process.argv[2] ?? 'bench/results.json', 'utf8')) as {
  results: Result[];
  load: { at: string; load1: number }[];
  totalSeconds: number;
};
const metrics = [...new Set(report.results.map((r) => r.metric))];
const cell = (r: Result | undefined) =>
  r ? `${r.median} ${r.unit} (${r.min}–${r.max})${r.pass === false ? ' **missed**' : r.pass ? ' ✓' : ''}` : '';
console.info('| metric | normal CPU (median, min–max) | CPU 4× slower | budget |');
console.info('| --- | --- | --- | --- |');
for (const m of metrics) {
  const of = (p: string) => report.results.find((r) => r.metric === m && r.profile === p);
  const node = of('node');
  const normal = node ?? of('normal');
  const slow = of('cpu4x');
  const budget = [normal?.budget, slow?.budget && slow.budget !== normal?.budget ? `${slow.budget} (4×)` : undefined]
    .filter(Boolean)
    .join(' / ');
  console.info(`| ${m} | ${cell(normal)} | ${node ? '—' : cell(slow)} | ${budget || '—'} |`);
}
console.info(
  `\nMachine load (1 min): ${report.load.map((l) => `${l.at} ${l.load1}`).join('; ')}. Total ${report.totalSeconds} s.`,
);
