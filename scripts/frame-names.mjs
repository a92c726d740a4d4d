// Names of CPU-profile frames through a build's source maps, for scripts/cpuprofile-summary.mjs and
// scripts/trace-long-tasks.mjs: minified frames read as the source's functions and files.
import { existsSync, readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';

/**
 * A function giving "function file:line" of a call frame, from the source maps of the build in `dist` where there
 * is one. Library files are named by their package unless `long`.
 */
export function frameNamer(dist, { long = false } = {}) {
  const maps = new Map();
  const mapOf = (url) => {
    if (!maps.has(url)) {
      const path = `${dist}/assets/${basename(new URL(url, 'http://x').pathname)}.map`;
      maps.set(url, url.includes('/assets/') && existsSync(path) ? new TraceMap(readFileSync(path, 'utf8')) : null);
    }
    return maps.get(url);
  };
  return ({ functionName, url, lineNumber, columnNumber }) => {
    const map = url ? mapOf(url) : null;
    // a frame without a place (lineNumber -1: the script's top level as a whole) keeps its own name
    if (map && lineNumber >= 0) {
      const p = originalPositionFor(map, { line: lineNumber + 1, column: columnNumber });
      if (p.source) {
        const source = p.source.replace(/^(\.\.\/)+/, '').replace(/^node_modules\/\.vite\/deps\//, '');
        const short = source.startsWith('node_modules/') && !long ? source.split('/').slice(1, 3).join('/') : source;
        return `${p.name ?? functionName ?? '(anonymous)'} ${short}:${p.line}`;
      }
    }
    return `${functionName || '(anonymous)'} ${url ? basename(url) : ''}${url ? `:${lineNumber + 1}` : ''}`;
  };
}
