import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { CompletedEntry } from '../../../schemas/api';
import { useConfig } from '../../db/reference-hooks';
import { archiveImagesShown, decisionReasonsOf, type DecisionReason } from '../../domain';
import { ArchiveImage } from '../archive/ArchiveImage';
import { formatCheckNumber } from '../round-entry/checks/format';
import { RecentValues } from '../round-entry/EntryHistory';
import { formatDateTime } from '../round-entry/history-format';

/**
 * Why an entry needs a decision (deciders decided blind): the plausible range, the station's own
 * history (range, last value, the recent values stored on this device), the observer's value and station
 * remarks, and the photos. Rows without data are left out.
 */
export function DecisionReasons({
  entry,
  instanceId,
  submissionTime,
}: {
  entry: CompletedEntry;
  instanceId: string;
  submissionTime: string | null | undefined;
}) {
  const { t, i18n } = useLingui();
  const config = useConfig();
  const num = (n: number | undefined | null) => (n === null || n === undefined ? '–' : formatCheckNumber(i18n, n));
  const range = entry.tsPlausibilityCheck;
  const images = archiveImagesShown(submissionTime, config.showArchiveImages, new Date())
    ? [...(entry.tsRemark?.images ?? []), ...(entry.staRemark?.images ?? [])]
    : [];
  const unit = entry.tsUnit ? ` ${entry.tsUnit}` : '';
  // one grid for the whole list: each row its own grid gave each its own label width, so values did not line up
  const row = 'contents';
  const why = (r: DecisionReason): ReactNode => {
    const second = r.reading === 'valueAfter';
    if (r.result.kind === 'incident') return second ? t`Incident reported in the second reading` : t`Incident reported`;
    const deviation = `${num(r.result.deviation)}${unit}`;
    return second
      ? t`Second reading outside the plausible range (deviation ${deviation})`
      : t`Outside the plausible range (deviation ${deviation})`;
  };
  const reasons = decisionReasonsOf(entry);
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm" data-testid="decision-reasons">
      {reasons.length > 0 && (
        <div className={row}>
          <dt className="font-medium">
            <Trans>Why</Trans>
          </dt>
          <dd className="font-semibold text-amber-900 dark:text-amber-300" data-testid="decision-why">
            {reasons.map((r) => (
              <span key={r.reading} className="block">
                {why(r)}
              </span>
            ))}
          </dd>
        </div>
      )}
      {range && (range.min !== undefined || range.max !== undefined) && (
        <div className={row}>
          <dt className="font-medium">
            <Trans>Plausible range</Trans>
          </dt>
          <dd className="tabular-nums">
            {num(range.min)} … {num(range.max)}
            {unit}
          </dd>
        </div>
      )}
      {entry.min !== undefined && entry.max !== undefined && (
        <div className={row}>
          <dt className="font-medium">
            <Trans>History</Trans>
          </dt>
          <dd className="tabular-nums">
            {num(entry.min)} … {num(entry.max)}
            {unit}
          </dd>
        </div>
      )}
      {entry.last && (
        <div className={row}>
          <dt className="font-medium">
            <Trans>Last value</Trans>
          </dt>
          <dd className="tabular-nums">
            {num(entry.last.value)}
            {unit} ({formatDateTime(entry.last.dt, i18n.locale)})
          </dd>
        </div>
      )}
      {entry.tsRemark?.text && (
        <div className={row}>
          <dt className="font-medium">
            <Trans>Remark on the value</Trans>
          </dt>
          <dd className="break-words whitespace-pre-wrap">{entry.tsRemark.text}</dd>
        </div>
      )}
      {entry.staRemark?.text && (
        <div className={row}>
          <dt className="font-medium">
            <Trans>Station remark</Trans>
          </dt>
          <dd className="break-words whitespace-pre-wrap">{entry.staRemark.text}</dd>
        </div>
      )}
      <div className="col-span-2">
        <RecentValues tsId={entry.tsId} />
      </div>
      {images.length > 0 && (
        <div className={row}>
          <dt className="font-medium">
            <Trans>Photos</Trans>
          </dt>
          <dd className="flex flex-wrap gap-1">
            {images.map((id) => (
              <ArchiveImage key={id} instanceId={instanceId} imageId={id} />
            ))}
          </dd>
        </div>
      )}
    </dl>
  );
}
