import { describe, expect, it } from 'vitest';
import { mainThreadTime, type TraceEvent } from '../../bench/trace-blocking';

const thread = (pid: number, tid: number, name: string): TraceEvent => ({
  name: 'thread_name',
  ph: 'M',
  pid,
  tid,
  ts: 0,
  args: { name },
});
const task = (pid: number, ts: number, wallMs: number, threadMs?: number): TraceEvent => ({
  name: 'RunTask',
  ph: 'X',
  pid,
  tid: 1,
  ts,
  dur: wallMs * 1000,
  tdur: threadMs === undefined ? undefined : threadMs * 1000,
});
const fcp = (pid: number, ts: number): TraceEvent => ({ name: 'firstContentfulPaint', ph: 'R', pid, tid: 1, ts });

describe('mainThreadTime', () => {
  it('counts wall and thread time of the page main thread, and the blocking from the first paint on', () => {
    const events = [
      thread(10, 1, 'CrRendererMain'),
      thread(20, 1, 'CrRendererMain'),
      thread(10, 2, 'Compositor'),
      // about:blank's renderer: one task, not the page
      task(20, 0, 500, 500),
      task(10, 100, 40, 30), // before the first paint: time, no blocking
      fcp(10, 1_000),
      task(10, 2_000, 20, 10), // 80 ms slowed: 30 beyond 50; 40 ms in thread time: none
      task(10, 50_000, 30, 30), // 120 ms slowed: 70 either way
      task(10, 90_000, 10, 10), // 40 ms slowed: none
      { ...task(10, 95_000, 99, 99), tid: 2 }, // the compositor's: not the main thread
    ];
    expect(mainThreadTime(events)).toEqual({ wallMs: 100, threadMs: 80, blockingWallMs: 100, blockingThreadMs: 70 });
  });

  it('takes the wall time where a task has no thread time, and another slowdown', () => {
    const events = [thread(1, 1, 'CrRendererMain'), fcp(1, 0), task(1, 10, 30)];
    expect(mainThreadTime(events, 2)).toEqual({ wallMs: 30, threadMs: 30, blockingWallMs: 10, blockingThreadMs: 10 });
  });

  it('is all zero without a renderer main thread', () => {
    expect(mainThreadTime([task(1, 0, 100, 100)])).toEqual({
      wallMs: 0,
      threadMs: 0,
      blockingWallMs: 0,
      blockingThreadMs: 0,
    });
  });
});
