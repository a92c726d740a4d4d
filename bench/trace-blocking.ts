/**
 * What the page's main thread did in a Chrome trace, told apart from what the machine did to it. A task's wall time
 * counts the moments the thread waited for a core; its thread time does not. On this two-core machine Lighthouse,
 * the server, Chromium's other processes and the page share the cores, and in a first visit of the dam's table the
 * renderer's main thread ran for only about half of its tasks' wall time (650 of 1,202 ms). Lighthouse's blocking
 * time is of the wall time, multiplied by its CPU slowdown, so it counts those waits four times.
 */

/** The fields of a Chrome trace event read here (Lighthouse's `artifacts.Trace.traceEvents`). */
export interface TraceEvent {
  name: string;
  ph?: string;
  pid: number;
  tid: number;
  /** µs */
  ts: number;
  /** wall time, µs */
  dur?: number;
  /** thread (CPU) time, µs */
  tdur?: number;
  args?: { name?: string };
}

export interface MainThreadTime {
  /** the page's main-thread tasks in wall time, ms */
  wallMs: number;
  /** the same tasks in the thread's CPU time, ms */
  threadMs: number;
  /** from the first contentful paint on, each task's time beyond 50 ms once slowed `slowdown` times, wall time */
  blockingWallMs: number;
  /** the same with each task's thread time: the blocking the page itself causes, without the machine's waits */
  blockingThreadMs: number;
}

/** Long-task threshold of the blocking time (ms), as Lighthouse and the Long Tasks API count it. */
const LONG_TASK_MS = 50;

/**
 * The page's main thread is the renderer main thread with the most tasks (a trace also holds about:blank's
 * renderer and extensions' or workers' threads); the first contentful paint is its own trace mark. Without either
 * (a trace of no page), all zero.
 */
export function mainThreadTime(events: readonly TraceEvent[], slowdown = 4): MainThreadTime {
  const none = { wallMs: 0, threadMs: 0, blockingWallMs: 0, blockingThreadMs: 0 };
  const mains = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const tasksOf = (m: TraceEvent) =>
    events.filter((e) => e.pid === m.pid && e.tid === m.tid && e.name === 'RunTask' && e.ph === 'X');
  const main = mains.map((m) => ({ m, tasks: tasksOf(m) })).sort((a, b) => b.tasks.length - a.tasks.length)[0];
  if (!main) return none;
  const fcp = events.find((e) => e.name === 'firstContentfulPaint' && e.pid === main.m.pid)?.ts;
  const excess = (us: number) => Math.max(0, (us / 1000) * slowdown - LONG_TASK_MS);
  let { wallMs, threadMs, blockingWallMs, blockingThreadMs } = none;
  for (const task of main.tasks) {
    const wall = task.dur ?? 0;
    const thread = task.tdur ?? wall;
    wallMs += wall / 1000;
    threadMs += thread / 1000;
    if (fcp === undefined || task.ts < fcp) continue;
    blockingWallMs += excess(wall);
    blockingThreadMs += excess(thread);
  }
  return { wallMs, threadMs, blockingWallMs, blockingThreadMs };
}
