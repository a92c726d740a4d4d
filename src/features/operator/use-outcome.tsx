import { useLingui } from '@lingui/react/macro';
import { useCallback, useState, type ReactNode } from 'react';
import type { NetworkProblemAnswer } from '../../../schemas/api';
import { ProblemList } from './ProblemList';
import { UploadRefused } from './operator-api';

export type Outcome<T> =
  | { kind: 'idle' }
  | { kind: 'busy' }
  | { kind: 'done'; result: T }
  | { kind: 'refused'; problems: NetworkProblemAnswer[] }
  | { kind: 'error'; message: string };

/**
 * One call to the admin API and what became of it (busy, done, refused with the file's problems, failed):
 * the upload and the download blocks of the operator screen share it.
 */
export function useOutcome<T>(): {
  outcome: Outcome<T>;
  run(call: () => Promise<T>): Promise<T | undefined>;
  reset(): void;
} {
  const [outcome, setOutcome] = useState<Outcome<T>>({ kind: 'idle' });
  const run = useCallback(async (call: () => Promise<T>) => {
    setOutcome({ kind: 'busy' });
    try {
      const result = await call();
      setOutcome({ kind: 'done', result });
      return result;
    } catch (e) {
      if (e instanceof UploadRefused) setOutcome({ kind: 'refused', problems: e.problems });
      else setOutcome({ kind: 'error', message: e instanceof Error ? e.message : String(e) });
      return undefined;
    }
  }, []);
  const reset = useCallback(() => setOutcome({ kind: 'idle' }), []);
  return { outcome, run, reset };
}

/** The outcome as the user reads it: progress and success announced politely, problems and failures as alerts. */
export function OutcomeView<T>({ outcome, done }: { outcome: Outcome<T>; done(result: T): ReactNode }) {
  const { t } = useLingui();
  return (
    <>
      <div aria-live="polite">
        {outcome.kind === 'busy' && <p role="status">{t`Working…`}</p>}
        {outcome.kind === 'done' && done(outcome.result)}
      </div>
      {outcome.kind === 'refused' && <ProblemList problems={outcome.problems} />}
      {outcome.kind === 'error' && (
        <p role="alert" className="font-semibold text-red-800 dark:text-red-300">
          {outcome.message}
        </p>
      )}
    </>
  );
}
