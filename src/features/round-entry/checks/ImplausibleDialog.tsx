import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { DateProblem, ImplausibleReason, ImplausibleValue } from '../../../domain';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { EntryLink } from './EntryLink';
import { formatCheckNumber, formatRoundDate } from './format';

function Reason({ reason }: { reason: ImplausibleReason }) {
  const { i18n } = useLingui();
  const fmt = (n: number | undefined) => formatCheckNumber(i18n, n);
  switch (reason.kind) {
    case 'range': {
      const min = fmt(reason.min);
      const max = fmt(reason.max);
      const deviation = fmt(reason.deviation);
      return (
        <Trans>
          outside {min} … {max} (deviation {deviation})
        </Trans>
      );
    }
    case 'future':
      return <Trans>the time lies in the future</Trans>;
    case 'unusual': {
      const min = fmt(reason.min);
      const max = fmt(reason.max);
      return (
        <Trans>
          unusual compared with the history {min} … {max}
        </Trans>
      );
    }
    case 'previousOutsideRange': {
      const value = fmt(reason.value);
      const min = fmt(reason.min);
      const max = fmt(reason.max);
      return (
        <Trans>
          the last value {value} was outside {min} … {max}
        </Trans>
      );
    }
  }
}

const itemClass =
  'flex min-h-11 min-w-0 items-start gap-3 rounded border border-amber-300 bg-amber-50 p-2 dark:border-amber-800 dark:bg-amber-950/60';

/**
 * §5 implausible values (and a round dated more than 10 days back) listed for an explicit confirmation:
 * the user ticks every single one before the round may be sent.
 */
export function ImplausibleDialog({
  values,
  pastDate,
  date,
  last,
  onConfirm,
  onCancel,
}: {
  values: ImplausibleValue[];
  pastDate?: Extract<DateProblem, { kind: 'past' }>;
  date: string;
  last: boolean;
  onConfirm(): void;
  onCancel(): void;
}) {
  const { t, i18n } = useLingui();
  const keys = [...(pastDate ? ['date'] : []), ...values.map((x) => x.entry.tsId)];
  const [ticked, setTicked] = useState<ReadonlySet<string>>(new Set());
  const toggle = (key: string, on: boolean) => {
    const next = new Set(ticked);
    if (on) next.add(key);
    else next.delete(key);
    setTicked(next);
  };
  const shownDate = formatRoundDate(i18n, date);
  const count = keys.length;
  return (
    <ConfirmDialog
      title={t`Confirm implausible entries`}
      confirmLabel={last ? t`Send` : t`Continue`}
      cancelLabel={t`Cancel`}
      onConfirm={onConfirm}
      onCancel={onCancel}
      confirmDisabled={keys.some((k) => !ticked.has(k))}
      testId="implausible-dialog"
    >
      <p className="mb-3">
        <Plural
          value={count}
          one="This entry looks implausible. Check it and tick it to send it as it is."
          other="These # entries look implausible. Check each one and tick it to send it as it is."
        />
      </p>
      <ul className="space-y-2">
        {pastDate && (
          <li>
            <label className={itemClass}>
              <input
                type="checkbox"
                className="mt-1 size-5 shrink-0"
                checked={ticked.has('date')}
                onChange={(e) => toggle('date', e.target.checked)}
              />
              <span className="min-w-0 break-words">
                <Plural
                  value={pastDate.days}
                  one={`Date ${shownDate}: # day in the past`}
                  other={`Date ${shownDate}: # days in the past`}
                />
              </span>
            </label>
          </li>
        )}
        {values.map(({ entry, value, reasons }) => {
          const shown = formatCheckNumber(i18n, value);
          return (
            <li key={entry.tsId}>
              <label className={itemClass}>
                <input
                  type="checkbox"
                  className="mt-1 size-5 shrink-0"
                  checked={ticked.has(entry.tsId)}
                  onChange={(e) => toggle(entry.tsId, e.target.checked)}
                />
                <span className="min-w-0 break-words">
                  <span className="font-medium">
                    {entry.staName} ({entry.staNumber}), {entry.tsParameter}: {shown} {entry.tsUnit}
                  </span>
                  <span className="block text-sm">
                    {reasons.map((r, i) => (
                      <span key={r.kind}>
                        {i > 0 && '; '}
                        <Reason reason={r} />
                      </span>
                    ))}
                  </span>
                </span>
              </label>
              <EntryLink target={{ tsId: entry.tsId }} before={onCancel}>
                <Trans>Go to the entry</Trans>
                <span className="sr-only">
                  : {entry.staName} ({entry.staNumber}), {entry.tsParameter}
                </span>
              </EntryLink>
            </li>
          );
        })}
      </ul>
    </ConfirmDialog>
  );
}
