import { describe, expect, it } from 'vitest';
import { oneAtATime } from './one-at-a-time';

/** A run the test ends by hand, recording what began with which argument. */
function harness() {
  const began: number[] = [];
  const ends: (() => void)[] = [];
  let stopped = false;
  const ask = oneAtATime(
    (arg: number) => {
      began.push(arg);
      return new Promise<void>((resolve) => ends.push(resolve));
    },
    (a, b) => a + b,
    () => stopped,
  );
  const endRun = async () => {
    ends.shift()?.();
    await new Promise((r) => setTimeout(r, 0));
  };
  return { ask, began, endRun, stop: () => (stopped = true) };
}

describe('one run at a time', () => {
  it('asks during a run share one follow-up with their arguments merged, which begins when the run ends', async () => {
    const h = harness();
    const first = h.ask(1);
    const resolved: string[] = [];
    const second = h.ask(2).then(() => resolved.push('second'));
    const third = h.ask(3).then(() => resolved.push('third'));
    expect(h.began).toEqual([1]);
    await h.endRun();
    await first;
    expect(h.began).toEqual([1, 5]);
    expect(resolved).toEqual([]);
    await h.endRun();
    await Promise.all([second, third]);
    expect(resolved).toEqual(['second', 'third']);
    expect(h.began).toEqual([1, 5]);
  });

  it('an ask while nothing runs begins at once', async () => {
    const h = harness();
    const first = h.ask(1);
    await h.endRun();
    await first;
    void h.ask(4);
    expect(h.began).toEqual([1, 4]);
    await h.endRun();
  });

  it('after a stop nothing begins, and a waiting follow-up resolves without a run', async () => {
    const h = harness();
    void h.ask(1);
    const waiting = h.ask(2);
    h.stop();
    await h.endRun();
    await waiting;
    await h.ask(3);
    expect(h.began).toEqual([1]);
  });
});
