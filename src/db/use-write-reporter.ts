import { useCallback, useState } from 'react';

/**
 * Wraps a screen's write commands so a refused or failed write (the round is on its way, full storage) is kept as
 * `writeError` for the screen's alert instead of being lost in a rejected promise; the next good write clears it.
 * Each wrapped write resolves to whether it was stored (a form keeps its input when not).
 */
export function useWriteReporter(what: string): {
  writeError: unknown;
  report: <A extends unknown[]>(run: (...args: A) => Promise<unknown>) => (...args: A) => Promise<boolean>;
} {
  const [writeError, setWriteError] = useState<unknown>(null);
  const report = useCallback(
    <A extends unknown[]>(run: (...args: A) => Promise<unknown>) =>
      async (...args: A) => {
        try {
          await run(...args);
          setWriteError(null);
          return true;
        } catch (e) {
          console.error(`storing ${what} failed`, e);
          setWriteError(e);
          return false;
        }
      },
    [what],
  );
  return { writeError, report };
}
