import { afterEach, describe, expect, it, vi } from 'vitest';
import { preloadInBackground, preloadPages } from './lazy-page';
import { waitOnlineOnFailure } from './wait-online';

/** A stand-in for the browser: `navigator.onLine` and a window that can fire `online`. */
function fakeBrowser(onLine: boolean) {
  const win = new EventTarget();
  const nav = { onLine };
  vi.stubGlobal('window', win);
  vi.stubGlobal('navigator', nav);
  return {
    goOnline() {
      nav.onLine = true;
      win.dispatchEvent(new Event('online'));
    },
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('waitOnlineOnFailure', () => {
  it('passes a successful load through', async () => {
    fakeBrowser(true);
    await expect(waitOnlineOnFailure(() => Promise.resolve({ Page: 1 }))()).resolves.toEqual({ Page: 1 });
  });

  it('fails at once when the load fails while online (a real error the router must see)', async () => {
    fakeBrowser(true);
    const importer = vi.fn(() => Promise.reject(new Error('Failed to fetch dynamically imported module')));
    await expect(waitOnlineOnFailure(importer)()).rejects.toThrow('dynamically imported');
    expect(importer).toHaveBeenCalledTimes(1);
  });

  it('waits for the network when the load fails offline, then loads again', async () => {
    const browser = fakeBrowser(false);
    const importer = vi
      .fn<() => Promise<{ Page: number }>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce({ Page: 2 });
    let settled = false;
    const result = waitOnlineOnFailure(importer)().finally(() => (settled = true));
    await new Promise((r) => setTimeout(r, 10));
    expect(settled).toBe(false);
    expect(importer).toHaveBeenCalledTimes(1);
    browser.goOnline();
    await expect(result).resolves.toEqual({ Page: 2 });
    expect(importer).toHaveBeenCalledTimes(2);
  });
});

describe('preloadPages', () => {
  it('starts the load of every lazy page and skips routes without one', async () => {
    const preload = vi.fn(() => Promise.resolve());
    await preloadPages([
      { options: { component: Object.assign(() => null, { preload }) } },
      { options: {} },
      { options: { component: () => null } },
      { options: { component: Object.assign(() => null, { preload }) } },
    ]);
    expect(preload).toHaveBeenCalledTimes(2);
  });

  it('starts four pages per task, so a phone never runs all 40 starts in one long task', async () => {
    vi.useFakeTimers();
    try {
      const preload = vi.fn(() => Promise.resolve());
      const page = { options: { component: Object.assign(() => null, { preload }) } };
      const all = preloadPages(Array.from({ length: 10 }, () => page));
      // the calling task starts four; the others wait for later tasks
      await Promise.resolve();
      expect(preload).toHaveBeenCalledTimes(4);
      await vi.runOnlyPendingTimersAsync();
      expect(preload).toHaveBeenCalledTimes(8);
      await vi.runAllTimersAsync();
      expect(preload).toHaveBeenCalledTimes(10);
      await expect(all).resolves.toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('preloadInBackground', () => {
  it('notes a failed load instead of leaving an unhandled rejection', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const failed = Promise.reject(new Error('Failed to fetch dynamically imported module'));
    await expect(preloadInBackground([Promise.resolve(), failed])).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });
});
