/// <reference lib="webworker" />
// SHA-256 of a large attachment off the main thread (src/db/attachment-hash.ts): RxDB digests every attachment it
// stores, and a resized photo's digest on the main thread was a task of 50–70 ms on a slow phone, in which no key
// of the table was taken.

import { toHex, type HashRequest, type HashResponse } from '../src/domain/sha256-messages';

// globalThis, not self: the unit test (Node, no self) runs this handler in-process
const scope = globalThis as unknown as DedicatedWorkerGlobalScope;
scope.onmessage = async (event: MessageEvent<HashRequest>) => {
  try {
    const digest = await crypto.subtle.digest('SHA-256', await event.data.blob.arrayBuffer());
    scope.postMessage({ ok: true, hex: toHex(digest) } satisfies HashResponse);
  } catch (e) {
    scope.postMessage({ ok: false, error: e instanceof Error ? e.message : String(e) } satisfies HashResponse);
  }
};
