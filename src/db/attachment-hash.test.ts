import { defaultHashSha256 } from 'rxdb';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { hashFunction, WORKER_HASH_MIN_BYTES, WORKER_HASH_TIMEOUT_MS } from './attachment-hash';
import { toHex, type HashRequest, type HashResponse } from '../domain/sha256-messages';

/** Bytes that are not all alike, so a digest of the wrong part of them could not pass. */
function bytes(n: number): Uint8Array<ArrayBuffer> {
  return Uint8Array.from({ length: n }, (_, i) => (i * 31 + (i >> 8)) & 0xff);
}

// the worker's own handler, run in-process: importing the worker module sets it on globalThis
let workerHandler: (e: { data: HashRequest }) => Promise<void>;
beforeAll(async () => {
  await import('../../workers/sha256.worker');
  workerHandler = (globalThis as unknown as { onmessage: typeof workerHandler }).onmessage;
});

/**
 * A Worker that runs workers/sha256.worker.ts's handler here; 'fail' makes it report an error event instead, 'silent'
 * makes it never answer.
 */
function fakeWorker(log: string[], behaviour: 'answer' | 'fail' | 'silent' = 'answer') {
  return class FakeWorker {
    onmessage: ((e: { data: HashResponse }) => void) | null = null;
    onerror: ((e: { message: string }) => void) | null = null;
    constructor(url: URL) {
      log.push(`start ${url.pathname.split('/').pop() ?? ''}`);
    }
    postMessage(request: HashRequest): void {
      log.push(`hash ${request.blob.size}`);
      if (behaviour === 'silent') return;
      if (behaviour === 'fail') {
        setTimeout(() => this.onerror?.({ message: 'worker script could not be loaded' }));
        return;
      }
      vi.stubGlobal('postMessage', (answer: HashResponse) => setTimeout(() => this.onmessage?.({ data: answer })));
      void workerHandler({ data: request });
    }
    terminate(): void {
      log.push('terminate');
    }
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the hex of a digest', () => {
  it.each([
    ['empty', new Uint8Array(0), 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'],
    ['"abc"', new TextEncoder().encode('abc'), 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'],
  ])('of %s is the SHA-256 test vector', async (_, input, hex) => {
    expect(toHex(await crypto.subtle.digest('SHA-256', input))).toBe(hex);
  });
});

describe('the database hash function', () => {
  const cases: [string, () => string | Blob, boolean][] = [
    ['a schema (a string)', () => '{"version":0}', false],
    ['a small copy of a photo (a Blob under the limit)', () => new Blob([bytes(WORKER_HASH_MIN_BYTES - 1)]), false],
    ['a photo (a Blob at the limit)', () => new Blob([bytes(WORKER_HASH_MIN_BYTES)]), true],
    ['a large photo (3 MB)', () => new Blob([bytes(3_000_000)]), true],
  ];

  it.each(cases)('answers RxDB’s own digest for %s, in a worker only when large', async (_, input, inWorker) => {
    const log: string[] = [];
    vi.stubGlobal('Worker', fakeWorker(log));
    expect(await hashFunction(input())).toBe(await defaultHashSha256(input()));
    expect(log).toEqual(inWorker ? ['start sha256.worker.ts', `hash ${(input() as Blob).size}`, 'terminate'] : []);
  });

  it('makes the digest here when the worker fails, so the photo is stored all the same', async () => {
    const log: string[] = [];
    vi.stubGlobal('Worker', fakeWorker(log, 'fail'));
    const photo = new Blob([bytes(200_000)]);
    expect(await hashFunction(photo)).toBe(await defaultHashSha256(photo));
    expect(log).toEqual(['start sha256.worker.ts', 'hash 200000', 'terminate']);
  });

  it('makes the digest here when the worker does not answer, and ends the worker', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const log: string[] = [];
      vi.stubGlobal('Worker', fakeWorker(log, 'silent'));
      const photo = new Blob([bytes(200_000)]);
      let digest: string | undefined;
      const hashed = hashFunction(photo).then((d) => (digest = d));
      await vi.advanceTimersByTimeAsync(WORKER_HASH_TIMEOUT_MS - 1);
      expect(digest).toBeUndefined();
      await vi.advanceTimersByTimeAsync(1);
      await hashed;
      expect(digest).toBe(await defaultHashSha256(photo));
      expect(log).toEqual(['start sha256.worker.ts', 'hash 200000', 'terminate']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('makes the digest here where there are no workers (Node)', async () => {
    const photo = new Blob([bytes(200_000)]);
    expect(typeof Worker).toBe('undefined');
    expect(await hashFunction(photo)).toBe(await defaultHashSha256(photo));
  });
});
