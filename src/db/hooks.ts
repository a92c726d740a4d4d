import { useEffect, useState } from 'react';
import type { Observable } from 'rxjs';

/** Subscribes to an RxDB observable and re-renders on every emission; `deps` re-create the query. */
export function useObservable<T>(factory: () => Observable<T> | undefined, initial: T, deps: readonly unknown[]): T {
  const [value, setValue] = useState<T>(initial);
  useEffect(() => {
    const obs = factory();
    if (!obs) {
      // No query (e.g. the instance was sent): show the initial value, not the last one's results.
      setValue(initial);
      return undefined;
    }
    const sub = obs.subscribe({ next: setValue, error: (e: unknown) => console.error('query failed', e) });
    return () => sub.unsubscribe();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller lists the query's inputs in deps
  }, deps);
  return value;
}
