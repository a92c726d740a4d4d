// Imported by the service worker (workers/build-sw.mjs). clientsClaim claims the pages open when a version
// activates; a page loaded past the worker afterwards (a hard reload, or a navigation that began while the first
// install was activating) is left without one, so its lazy code and a reload offline would reach for the network.
// Such a page asks for it (src/app/service-worker.ts).
self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'CLAIM_CLIENTS') event.waitUntil(self.clients.claim());
});
