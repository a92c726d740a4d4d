// Builds the service worker that precaches the app shell so it starts with no network (Architecture §1).
import { generateSW } from 'workbox-build';

const { count, size, warnings } = await generateSW({
  globDirectory: 'dist',
  // wasm: the barcode reader's zxing module, so scanning works offline
  globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,woff2,wasm}'],
  globIgnores: ['**/*.map'],
  swDest: 'dist/sw.js',
  // Large lazy chunks (maps, charts) are precached too: a field worker may open them offline.
  maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
  navigateFallback: 'index.html',
  navigateFallbackDenylist: [/^\/hwe-api\//, /^\/__test__\//],
  cleanupOutdatedCaches: true,
  clientsClaim: true,
  // A new version waits until the user confirms the update prompt (§4 Update).
  skipWaiting: false,
  inlineWorkboxRuntime: true,
  sourcemap: false,
});
for (const w of warnings) console.warn(w);
console.info(`service worker: ${count} files precached, ${(size / 1024).toFixed(0)} KiB`);
