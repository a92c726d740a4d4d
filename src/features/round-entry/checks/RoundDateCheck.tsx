import { Plural, Trans } from '@lingui/react/macro';
import { checkRoundDate } from '../../../domain';

/** §5 date check shown next to the round's date: a future date, or one more than 10 days back. */
export function RoundDateCheck({ date, now }: { date: string; now: Date }) {
  const problem = checkRoundDate(date, now);
  if (!problem) return null;
  return (
    <span
      data-testid="round-date-problem"
      className="ml-2 text-base font-medium break-words text-red-700 dark:text-red-300"
    >
      {problem.kind === 'future' ? (
        <Trans>The date lies in the future.</Trans>
      ) : (
        <Plural value={problem.days} one="The date is # day in the past." other="The date is # days in the past." />
      )}
    </span>
  );
}
