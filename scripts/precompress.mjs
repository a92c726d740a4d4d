// Writes a brotli (`x.br`) and a gzip (`x.gz`) copy beside every compressible file of the build, so the server
// answers a phone on a slow link with the smallest variant it accepts without compressing per request
// (server/http/static.ts negotiates them). Runs after the service worker is built, so sw.js is compressed too.
// Uses only node:zlib: no binary dependency.
import { readdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

// BUILD_DIR: another build's output (as workers/build-sw.mjs)
const dir = process.env.BUILD_DIR ?? 'dist';
// images (png, woff2) are compressed already; wasm and maps compress well
const COMPRESSIBLE = /\.(html|js|mjs|css|svg|json|webmanifest|wasm|po|txt|xml|ico)$/;
// below this a compressed answer saves less than its own headers cost
const MIN_BYTES = 1024;

function* files(d) {
  for (const entry of readdirSync(d, { withFileTypes: true })) {
    const path = join(d, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (entry.isFile()) yield path;
  }
}

let count = 0;
let before = 0;
let afterBr = 0;
let afterGz = 0;
for (const path of [...files(dir)]) {
  // a variant left by an earlier build of the same directory is rewritten or removed below
  if (path.endsWith('.br') || path.endsWith('.gz')) continue;
  if (!COMPRESSIBLE.test(path)) continue;
  const body = readFileSync(path);
  const br = brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      [constants.BROTLI_PARAM_MODE]: /\.(wasm)$/.test(path)
        ? constants.BROTLI_MODE_GENERIC
        : constants.BROTLI_MODE_TEXT,
    },
  });
  const gz = gzipSync(body, { level: 9 });
  for (const [ext, out] of [
    ['.br', br],
    ['.gz', gz],
  ]) {
    // only a variant that is worth it; a stale one from an earlier build must not stay beside the new file
    if (body.length >= MIN_BYTES && out.length < body.length * 0.9) writeFileSync(path + ext, out);
    else if (statSync(path + ext, { throwIfNoEntry: false })) unlinkSync(path + ext);
  }
  if (body.length >= MIN_BYTES) {
    count++;
    before += body.length;
    afterBr += Math.min(br.length, body.length);
    afterGz += Math.min(gz.length, body.length);
  }
}
const kib = (n) => `${(n / 1024).toFixed(0)} KiB`;
console.info(`precompressed ${count} files: ${kib(before)} → brotli ${kib(afterBr)}, gzip ${kib(afterGz)}`);
