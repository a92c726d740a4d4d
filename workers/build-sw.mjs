// Builds the service worker that precaches the app shell so it starts with no network (Architecture §1).
import { generateSW } from 'workbox-build';

// BUILD_DIR: another build's output (test/e2e/schema-update.e2e.ts builds "the next version" beside dist)
const dir = process.env.BUILD_DIR ?? 'dist';

const { count, size, warnings } = await generateSW({
  globDirectory: dir,
  // wasm: the barcode reader's zxing module, so scanning works offline
  // not the manifest: the server renders it from the config's title (server/http/manifest.ts), and a precached
  // copy would answer with the build's name for as long as this version runs (runtime route below)
  globPatterns: ['**/*.{js,css,html,svg,png,woff2,wasm}'],
  globIgnores: ['**/*.map'],
  swDest: `${dir}/sw.js`,
  // Large lazy chunks (maps, charts) are precached too: a field worker may open them offline.
  maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
  // Relative, like the precached files: resolved against sw.js, so under a sub-path (BASE_PATH=/hwe/) the
  // fallback is /hwe/index.html and the API's navigations /hwe/hwe-api/v2/… are refused it like /hwe-api/v2/….
  navigateFallback: 'index.html',
  // the silent session check's page is its own file (src/app/auth.ts): never the app in its hidden frame
  navigateFallbackDenylist: [/\/hwe-api\/v\d+\//, /^\/hwe-api\//, /\/__test__\//, /\/silent-check-sso\.html$/],
  cleanupOutdatedCaches: true,
  clientsClaim: true,
  // a page that loaded uncontrolled after the claim asks for one (public/sw-claim.js); relative like the rest
  importScripts: ['sw-claim.js'],
  // A new version waits until the user confirms the update prompt (§4 Update).
  skipWaiting: false,
  inlineWorkboxRuntime: true,
  sourcemap: false,
  // Base map tiles (docs/tour.md): served from the 'map-tiles' cache that "prepare map for offline" fills, else
  // from the network without storing — browsing online must not fill the phone, and what a round needs is
  // stored on purpose. Tile URLs are the config's, so any origin: `…/z/x/y.png|jpg|webp` or a WMS GetMap.
  // The functions are copied into sw.js as text: they must not use anything from this file.
  runtimeCaching: [
    {
      urlPattern: ({ url, request }) =>
        request.method === 'GET' &&
        (/\/\d+\/\d+\/\d+(@2x)?\.(png|jpe?g|webp)$/i.test(url.pathname) || /[?&]bbox=/i.test(url.search)),
      handler: async ({ request }) => (await caches.match(request, { cacheName: 'map-tiles' })) ?? fetch(request),
    },
    // the manifest from the network, so a title changed on the server reaches the next installation; the last
    // answer is kept for a start without network. Beside sw.js, wherever the app is served (a sub-path too).
    {
      urlPattern: ({ url }) => url.href === new URL('manifest.webmanifest', self.location.href).href,
      handler: 'NetworkFirst',
      options: { cacheName: 'app-manifest', networkTimeoutSeconds: 5 },
    },
  ],
});
for (const w of warnings) console.warn(w);
console.info(`service worker: ${count} files precached, ${(size / 1024).toFixed(0)} KiB`);
