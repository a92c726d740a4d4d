import { Trans, useLingui } from '@lingui/react/macro';
import { memo, useMemo, type KeyboardEvent } from 'react';
import type { MeasureRoundEntry } from '../../../schemas/api';
import type { DraftPatch } from '../../../schemas/db/draft-doc';
import { useDraft, type DraftStore } from '../../db/draft-store';
import { PlausibilityMessage } from './PlausibilityMessage';
import { buildRow, type RowContext, type RowModel, type StationGroup } from './row-model';
import { NumberField } from '../readings/NumberField';
import { TimeField } from '../readings/TimeField';
import { RemarkField } from '../remarks/RemarkField';
import type { InstanceRef } from './StationTable';
import { PhotoButton } from '../photos/PhotoButton';
import { PhotoList } from '../photos/PhotoList';

const STATUS_CLASS = {
  danger: 'bg-red-50 dark:bg-red-950/60',
  warning: 'bg-amber-50 dark:bg-amber-950/60',
  success: 'bg-green-50 dark:bg-green-950/50',
  muted: 'text-slate-500 dark:text-slate-400',
  info: 'bg-sky-50 dark:bg-sky-950/50',
  none: '',
} as const;

/** Stores a patch of one entry's draft; resolves once it is in IndexedDB. */
export type OnChange = (tsId: string, patch: DraftPatch) => Promise<void>;

/** Office users type a column of readings: Enter moves to the next value field. */
function focusNextValueOnEnter(e: KeyboardEvent<HTMLInputElement>) {
  if (e.key !== 'Enter') return;
  e.preventDefault();
  const all = [...document.querySelectorAll<HTMLInputElement>('input[data-value-input]:not(:disabled)')];
  all[all.indexOf(e.currentTarget) + 1]?.focus();
}

/** Shown once the typed text is in IndexedDB: from then on a closed tab or a crash cannot lose it. */
function SavedMark() {
  const { t } = useLingui();
  return (
    <span className="mr-1 inline-flex items-center text-green-700 dark:text-green-400" title={t`Saved on this device`}>
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-3.5" fill="none" stroke="currentColor" strokeWidth="3">
        <path d="M5 13l4 4L19 7" />
      </svg>
      <span className="sr-only">{t`Saved on this device`}</span>
    </span>
  );
}

function LastValueMarker({ flag }: { flag: NonNullable<RowModel['lastValueFlag']> }) {
  const { t } = useLingui();
  const label = { bottom: t`lowest value of the history`, top: t`highest value of the history`, outside: t`outside the range of the other historic values` }[flag];
  return (
    <span role="img" aria-label={label} title={label} className={`ml-1 font-bold ${flag === 'outside' ? 'text-amber-700 dark:text-amber-300' : 'text-slate-500'}`}>
      {flag === 'bottom' ? '↓' : flag === 'top' ? '↑' : '!'}
    </span>
  );
}

export const EntryRow = memo(function EntryRow({ entry, station, stationRowSpan, ctx, store, disabled, onChange, instance }: { entry: MeasureRoundEntry; station?: StationGroup; stationRowSpan: number; ctx: RowContext; store: DraftStore; disabled: boolean; onChange: OnChange; instance: InstanceRef }) {
  const { t } = useLingui();
  const draft = useDraft(store, entry.tsId);
  const row = useMemo(() => buildRow(entry, draft, ctx), [entry, draft, ctx]);
  const label = row.label;
  const errorId = `err-${entry.tsId}`;
  const saved = (draft?.text ?? '') !== '' && !row.invalid;

  return (
    <tr className={`border-t border-slate-200 max-md:grid max-md:grid-cols-2 max-md:gap-x-2 dark:border-slate-800 ${STATUS_CLASS[row.status]}`} data-status={row.status} data-tsid={entry.tsId}>
      {station && (
        <th scope="rowgroup" rowSpan={stationRowSpan} className="p-2 text-left align-top font-medium max-md:col-span-2 max-md:bg-slate-100 max-md:text-base dark:max-md:bg-slate-900">
          {station.ordinal && <span className="mr-1 text-slate-500">{station.ordinal}</span>}
          {station.title}
          {!station.obligatory && (
            <span className="ml-1 text-xs font-normal text-slate-500">
              (<Trans>optional</Trans>)
            </span>
          )}
        </th>
      )}
      <td className="p-2 align-top">
        {entry.tsParameter} {entry.tsUnit && <span className="text-slate-500">[{entry.tsUnit}]</span>}
        {entry.tsName && <div className="text-xs text-slate-500">{entry.tsName}</div>}
      </td>
      <td className="p-2 align-top tabular-nums">
        <span className="mr-1 text-xs text-slate-500 md:hidden">
          <Trans>Last value</Trans>
        </span>
        {row.lastValueText}
        {row.lastValueFlag && <LastValueMarker flag={row.lastValueFlag} />}
      </td>
      <td className="p-2 align-top">
        <NumberField
          stored={draft?.text}
          label={label}
          invalid={row.invalid}
          describedBy={row.invalid || row.plausibility ? errorId : undefined}
          disabled={disabled}
          valueInput
          onKeyDown={focusNextValueOnEnter}
          onStore={(text) => onChange(entry.tsId, { text })}
        />
        <div id={errorId} className="max-w-xs text-xs break-words">
          {saved && <SavedMark />}
          {row.invalid && (
            <span className="text-red-700 dark:text-red-300">
              <Trans>Enter a number, a dash or nothing.</Trans>
            </span>
          )}
          {row.plausibility && <PlausibilityMessage result={row.plausibility} />}
        </div>
      </td>
      <td className="p-2 align-top">
        <TimeField stored={draft?.time ?? row.defaultTime} label={t`${label} time`} disabled={disabled} onStore={(time) => onChange(entry.tsId, { time })} />
      </td>
      <td className="p-2 align-top max-md:col-span-2">
        <div className="flex items-start gap-2">
          <RemarkField stored={draft?.remark} label={t`${label} remark`} disabled={disabled || row.remarkDisabled} onStore={(remark) => onChange(entry.tsId, { remark })} history={entry.staRemarks} />
          <PhotoButton
            disabled={disabled}
            target={{ instanceId: instance.ensureInstance, mrId: instance.mrId, tsId: entry.tsId, staNumber: entry.staNumber, tsParameter: entry.tsParameter, label }}
          />
        </div>
        <PhotoList instanceId={instance.instanceId} tsId={entry.tsId} disabled={disabled} />
      </td>
    </tr>
  );
});

