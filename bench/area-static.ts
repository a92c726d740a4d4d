// Initial JavaScript of the first screen: what dist/index.html loads before anything else —
// its module scripts and modulepreloads and their static imports — gzip-compressed as served.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { record } from './report';

/** Static `import … from "./x.js"` and `import "./x.js"` of a built chunk (not `import()`: those are lazy). */
function staticImports(code: string): string[] {
  const out: string[] = [];
  for (const m of code.matchAll(/(?:^|[;}\n])\s*import\s*(?:[^'"()]*?from\s*)?["']([^"']+\.js)["']/g))
    if (m[1]) out.push(m[1]);
  return out;
}

export function initialJs(dist = 'dist'): void {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const roots = [
    ...html.matchAll(/<(?:script[^>]*type="module"[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="([^"]+)"/g),
  ].map((m) => m[1] ?? '');
  const seen = new Set<string>();
  const queue = roots.map((r) => r.replace(/^\//, ''));
  let gzip = 0;
  let raw = 0;
  const largest: [string, number][] = [];
  while (queue.length > 0) {
    const file = queue.shift() ?? '';
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(join(dist, file));
    const z = gzipSync(code, { level: 9 }).length;
    gzip += z;
    raw += code.length;
    largest.push([file, z]);
    const dir = file.includes('/') ? file.slice(0, file.lastIndexOf('/') + 1) : '';
    for (const imp of staticImports(code.toString('utf8')))
      queue.push(imp.startsWith('./') ? dir + imp.slice(2) : imp.replace(/^\//, ''));
  }
  largest.sort((a, b) => b[1] - a[1]);
  const top = largest
    .slice(0, 4)
    .map(([f, z]) => `${f.replace(/^assets\//, '')} ${(z / 1024).toFixed(0)} KB`)
    .join(', ');
  record('initial JavaScript (gzip)', 'node', [gzip / 1024], 'KB', 200, {
    note: `${seen.size} files, ${(raw / 1024).toFixed(0)} KB raw; largest: ${top}`,
  });
}
