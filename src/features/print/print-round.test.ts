import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PRINT_WAIT_MS, printRound, type PrintTarget } from './print-round';

function fakeWindow(print: (w: FakeWindow) => void) {
  const listeners = new Set<() => void>();
  const w = {
    document: { title: 'Messrunden' },
    titleWhilePrinting: '',
    listeners,
    print: () => {
      w.titleWhilePrinting = w.document.title;
      print(w);
    },
    addEventListener: (_: 'afterprint', l: () => void) => listeners.add(l),
    removeEventListener: (_: 'afterprint', l: () => void) => listeners.delete(l),
    fireAfterPrint: () => [...listeners].forEach((l) => l()),
  };
  return w;
}
type FakeWindow = ReturnType<typeof fakeWindow>;

describe('printRound', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it.each<[string, (w: FakeWindow) => void]>([
    ['a blocking print() that fires afterprint (Chromium)', (w) => w.fireAfterPrint()],
    ['a print() that returns at once and fires afterprint later (Safari)', (w) => setTimeout(() => w.fireAfterPrint(), 500)],
    ['a print() that throws', () => {
      throw new Error('blocked');
    }],
  ])('resolves after %s and restores the title', async (_, print) => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const w = fakeWindow(print);
    const done = printRound({ title: 'Runde Nord 23.11.2026' }, w as PrintTarget);
    await vi.advanceTimersByTimeAsync(1_000);
    await done;
    expect(w.document.title).toBe('Messrunden');
    expect(w.listeners.size).toBe(0);
  });

  it('names the printout after the round while printing', async () => {
    const w = fakeWindow((fw) => fw.fireAfterPrint());
    await printRound({ title: 'Runde Nord 23.11.2026' }, w as PrintTarget);
    expect(w.titleWhilePrinting).toBe('Runde Nord 23.11.2026');
  });

  it('keeps the title without one and gives up waiting after the limit', async () => {
    const w = fakeWindow(() => undefined);
    let resolved = false;
    void printRound({}, w as PrintTarget).then(() => (resolved = true));
    await vi.advanceTimersByTimeAsync(PRINT_WAIT_MS - 1);
    expect(resolved).toBe(false);
    expect(w.titleWhilePrinting).toBe('Messrunden');
    await vi.advanceTimersByTimeAsync(1);
    expect(resolved).toBe(true);
  });
});
