import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { MeasureRoundEntry } from '../../../schemas/api';
import { remarkWithLocation } from '../../domain';
import { EntryHistory } from '../round-entry/EntryHistory';
import { EntryValue, useEntryRow } from '../round-entry/EntryValue';
import { PhotoButton } from '../photos/PhotoButton';
import { PhotoList } from '../photos/PhotoList';
import { EntryTime } from '../round-entry/EntryTime';
import { refusedEntryName } from '../../app/RefusalText';
import { RemarkField } from '../remarks/RemarkField';
import { devicePosition } from './device-position';
import type { Tour } from './use-tour';
import { FieldForm, InFieldForm } from '../../ui/field-form';

const STATUS_BORDER = {
  danger: 'border-red-700 bg-red-50 dark:bg-red-950/60',
  warning: 'border-amber-600 bg-amber-50 dark:bg-amber-950/60',
  success: 'border-green-700 bg-green-50 dark:bg-green-950/50',
  muted: 'border-slate-400',
  info: 'border-sky-700 bg-sky-50 dark:bg-sky-950/50',
  none: 'border-slate-400',
} as const;

/**
 * One timeseries of the station on the tour: the same widgets as a table row (value of its input type,
 * time, remark, photo) in one column for a phone, with history and plausibility as the table shows them.
 */
export function EntryCard({
  entry,
  tour,
  scanned = false,
}: {
  entry: MeasureRoundEntry;
  tour: Tour;
  scanned?: boolean;
}) {
  const { t } = useLingui();
  const row = useEntryRow(entry, tour.store, tour.ctx, tour.round.mrId);
  const draft = row.draft;
  const label = row.label;
  const disabled = tour.locked;
  const [locating, setLocating] = useState(false);
  const onStore = (patch: Parameters<Tour['onChange']>[1]) => tour.onChange(entry.tsId, patch);

  /** The photo is stored; its position, when the user allows it, goes into the remark as geo:lat,lon (§3). */
  const addPosition = async () => {
    setLocating(true);
    try {
      const position = await devicePosition();
      if (position) await onStore({ remark: remarkWithLocation(tour.store.get(entry.tsId)?.remark, position) });
    } finally {
      setLocating(false);
    }
  };

  return (
    <article
      data-tsid={entry.tsId}
      data-status={row.status}
      data-scanned={scanned || undefined}
      aria-label={`${entry.tsParameter} ${entry.tsUnit ?? ''}`.trim()}
      // the timeseries a barcode led to stands out, so the eye finds it on a busy station
      className={`space-y-2 rounded border-2 p-2 ${STATUS_BORDER[row.status]} ${scanned ? 'ring-4 ring-sky-600 dark:ring-sky-300' : ''}`}
    >
      <InFieldForm>
        <FieldForm />
        <header>
          <h3 className="text-lg font-bold">
            {entry.tsParameter} {entry.tsUnit && <span className="font-normal">[{entry.tsUnit}]</span>}
          </h3>
          {entry.tsName && <p className="text-sm text-slate-700 dark:text-slate-300">{entry.tsName}</p>}
        </header>
        <EntryHistory entry={entry} label={label} density="full" />
        <div data-entry-value>
          <span aria-hidden="true" className="block text-sm font-semibold">
            <Trans>Value</Trans>
          </span>
          <EntryValue
            row={row}
            store={tour.store}
            mrId={tour.round.mrId}
            label={label}
            disabled={disabled}
            onStore={onStore}
          />
        </div>
        <div>
          <span aria-hidden="true" className="block text-sm font-semibold">
            <Trans>Time</Trans>
          </span>
          <EntryTime
            tsId={entry.tsId}
            stored={draft?.time ?? row.defaultTime}
            label={label}
            entryName={refusedEntryName(entry)}
            disabled={disabled}
            onStore={(time) => onStore({ time })}
          />
        </div>
        <div>
          <span aria-hidden="true" className="block text-sm font-semibold">
            <Trans>Remark</Trans>
          </span>
          <div className="flex min-w-0 items-start gap-2">
            <RemarkField
              stored={draft?.remark}
              label={t`${label} remark`}
              disabled={disabled || row.remarkDisabled}
              onStore={(remark) => onStore({ remark })}
              history={entry.staRemarks}
            />
            <PhotoButton
              disabled={disabled}
              onStored={() => void addPosition()}
              target={{
                instanceId: tour.ensureInstance,
                mrId: tour.round.mrId,
                tsId: entry.tsId,
                staNumber: entry.staNumber,
                tsParameter: entry.tsParameter,
                label,
              }}
            />
          </div>
          {locating && (
            <p role="status" className="text-sm">
              <Trans>Finding the position of the photo…</Trans>
            </p>
          )}
          <PhotoList instanceId={tour.instance.instanceId} tsId={entry.tsId} disabled={disabled} />
        </div>
      </InFieldForm>
    </article>
  );
}
