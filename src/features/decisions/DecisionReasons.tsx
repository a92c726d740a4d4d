import { Trans, useLingui } from '@lingui/react/macro';
import type { CompletedEntry } from '../../../schemas/api';
import { useConfig } from '../../db/reference-hooks';
import { archiveImagesShown } from '../../domain';
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
  const { i18n } = useLingui();
  const config = useConfig();
  const num = (n: number | undefined | null) => (n === null || n === undefined ? '–' : formatCheckNumber(i18n, n));
  const range = entry.tsPlausibilityCheck;
  const images = archiveImagesShown(submissionTime, config.showArchiveImages, new Date())
    ? [...(entry.tsRemark?.images ?? []), ...(entry.staRemark?.images ?? [])]
    : [];
  const unit = entry.tsUnit ? ` ${entry.tsUnit}` : '';
  const row = 'grid grid-cols-[minmax(8rem,auto)_1fr] gap-x-3';
  return (
    <dl className="space-y-0.5 text-sm" data-testid="decision-reasons">
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
      <RecentValues tsId={entry.tsId} />
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
