/**
 * One run at a time. Asks while one runs do not start another: they share ONE follow-up run after it, with their
 * arguments merged, and each resolves when a run that began after its ask has ended. Once `stopped`, nothing
 * starts; asks that waited resolve without a run.
 */
export function oneAtATime<T>(
  run: (arg: T) => Promise<void>,
  merge: (waiting: T, ask: T) => T,
  stopped: () => boolean,
): (arg: T) => Promise<void> {
  let running = false;
  let followUp: { arg: T; done: Promise<void>; settle: (run: Promise<void>) => void } | undefined;
  const begin = (arg: T): Promise<void> => {
    running = true;
    const done = run(arg);
    // registered before the caller's await: the follow-up has begun when a caller resumes, so an ask it makes
    // then waits for the next follow-up instead of running beside it
    void done.then(next, next);
    return done;
  };
  const next = () => {
    running = false;
    const waiting = followUp;
    followUp = undefined;
    waiting?.settle(stopped() ? Promise.resolve() : begin(waiting.arg));
  };
  return (arg) => {
    if (stopped()) return Promise.resolve();
    if (!running) return begin(arg);
    if (followUp) {
      followUp.arg = merge(followUp.arg, arg);
      return followUp.done;
    }
    let settle: (run: Promise<void>) => void = () => undefined;
    const done = new Promise<void>((resolve) => (settle = resolve));
    followUp = { arg, done, settle };
    return done;
  };
}
