import { Trans, useLingui } from '@lingui/react/macro';
import { cloneElement, Fragment, memo, useMemo, type ReactElement, type ReactNode } from 'react';
import type { MeasureRoundEntry } from '../../../schemas/api';
import type { DraftStore } from '../../db/draft-store';
import type { RowContext } from './row-model';
import { EntryValue, useEntryRow } from './EntryValue';
import { EntryTime } from './EntryTime';
import { refusedEntryName } from '../../app/RefusalText';
import { RemarkField } from '../remarks/RemarkField';
import type { InstanceRef, OnChange } from './entry-types';
import { PhotoButton, type PhotoTarget } from '../photos/PhotoButton';
import { PhotoList } from '../photos/PhotoList';
import { EntryHistory } from './EntryHistory';
import type { Density } from './use-density';
import type { TableColumnKey } from '../../domain/table-columns';
import { useTableColumns } from './table-columns-context';
import { FieldForm, InFieldForm } from '../../ui/field-form';

/** A cell with the configured class of its column added to its own. */
function withClass(cell: ReactElement<{ className?: string }>, cssClass: string | undefined): ReactElement {
  return cssClass ? cloneElement(cell, { className: `${cell.props.className ?? ''} ${cssClass}` }) : cell;
}

const STATUS_CLASS = {
  danger: 'bg-red-50 dark:bg-red-950/60',
  warning: 'bg-amber-50 dark:bg-amber-950/60',
  success: 'bg-green-50 dark:bg-green-950/50',
  muted: 'text-slate-600 dark:text-slate-400',
  info: 'bg-sky-50 dark:bg-sky-950/50',
  none: '',
} as const;

/** A row that is a copy of a station's entry for a second reading (§5 station duplication). */
export interface CopyRow {
  n: number;
  /** the first row of its copy, which carries the delete button */
  first: boolean;
  stationTitle: string;
  onRemove(): void;
}

const CELL = { compact: 'p-1 lg:px-1.5 lg:py-0.5 lg:align-middle', full: 'p-1 lg:p-2 lg:align-top' } as const;

export const EntryRow = memo(function EntryRow({
  entry,
  header,
  headerRowSpan,
  ctx,
  store,
  disabled,
  onChange,
  instance,
  density,
  copy,
}: {
  entry: MeasureRoundEntry;
  header?: ReactNode;
  headerRowSpan: number;
  ctx: RowContext;
  store: DraftStore;
  disabled: boolean;
  onChange: OnChange;
  instance: InstanceRef;
  density: Density;
  copy?: CopyRow;
}) {
  const { t } = useLingui();
  const columns = useTableColumns();
  const row = useEntryRow(entry, store, ctx, instance.mrId);
  const draft = row.draft;
  const label = copy ? t`${row.label} copy ${copy.n}` : row.label;
  const name = refusedEntryName(entry);
  const entryName = copy ? t`${name}, copy ${copy.n}` : name;
  const cell = CELL[density];
  // a phone card's visible labels of value, time and remark, drawn by station-table.css
  const cardLabels = { value: t`Value`, time: t`Time`, remark: t`Remark` };
  // the same object while the entry is: the row's parts that do not show the value skip a keystroke's render
  const photoTarget = useMemo<PhotoTarget>(
    () => ({
      instanceId: instance.ensureInstance,
      mrId: instance.mrId,
      tsId: entry.tsId,
      staNumber: entry.staNumber,
      tsParameter: entry.tsParameter,
      label,
    }),
    [instance.ensureInstance, instance.mrId, entry, label],
  );

  // §3 config columns: the cells in the configured order, each with the configured class
  const cells: Record<Exclude<TableColumnKey, 'station'>, ReactElement<{ className?: string }>> = {
    parameter: (
      <td className={`${cell} max-lg:col-span-2 max-lg:pt-1`}>
        <div className={`flex min-w-0 items-center gap-x-1 ${density === 'compact' ? 'lg:flex-nowrap' : ''} flex-wrap`}>
          <span className="shrink-0 font-medium">{entry.tsParameter}</span>
          {entry.tsUnit && !copy && (
            <span className="min-w-0 truncate text-slate-600 dark:text-slate-400" title={entry.tsUnit}>
              [{entry.tsUnit}]
            </span>
          )}
          {copy && (
            <span className="rounded bg-violet-100 px-1 text-xs whitespace-nowrap text-violet-900 dark:bg-violet-900 dark:text-violet-100">
              <Trans>Copy {copy.n}</Trans>
            </span>
          )}
          {copy?.first && (
            <button
              type="button"
              disabled={disabled}
              onClick={copy.onRemove}
              aria-label={t`Delete copy ${copy.n} of ${copy.stationTitle}`}
              title={t`Delete copy ${copy.n} of ${copy.stationTitle}`}
              className="inline-flex min-h-11 min-w-11 items-center justify-center rounded text-red-700 hover:bg-red-50 dark:text-red-300 dark:hover:bg-red-950"
            >
              <span aria-hidden="true" className="text-lg leading-none">
                ×
              </span>
            </button>
          )}
        </div>
        {entry.tsName && (
          <div
            className={`truncate text-xs text-slate-600 dark:text-slate-400 ${density === 'compact' ? 'lg:hidden' : ''}`}
          >
            {entry.tsName}
          </div>
        )}
      </td>
    ),
    history: (
      <td className={`${cell} max-lg:col-span-2`}>
        {copy ? null : <EntryHistory entry={entry} label={label} density={density} />}
      </td>
    ),
    value: (
      <td className={cell} data-col="value" data-card-label={cardLabels.value}>
        <FieldForm />
        <EntryValue
          row={row}
          store={store}
          mrId={instance.mrId}
          label={label}
          disabled={disabled}
          onStore={(patch) => onChange(entry.tsId, patch)}
        />
      </td>
    ),
    time: (
      <td className={cell} data-col="time" data-card-label={cardLabels.time}>
        <EntryTime
          tsId={entry.tsId}
          stored={draft?.time ?? row.defaultTime}
          label={label}
          entryName={entryName}
          disabled={disabled}
          onStore={(time) => onChange(entry.tsId, { time })}
        />
      </td>
    ),
    remark: (
      <td className={`${cell} max-lg:col-span-2`} data-col="remark" data-card-label={cardLabels.remark}>
        <div className="flex min-w-0 items-start gap-1">
          <RemarkField
            stored={draft?.remark}
            label={t`${label} remark`}
            disabled={disabled || row.remarkDisabled}
            onStore={(remark) => onChange(entry.tsId, { remark })}
            history={entry.staRemarks}
          />
          {!copy && <PhotoButton disabled={disabled} target={photoTarget} />}
        </div>
        {!copy && <PhotoList instanceId={instance.instanceId} tsId={entry.tsId} disabled={disabled} />}
      </td>
    ),
  };

  return (
    <tr
      className={`border-t border-slate-200 max-lg:grid max-lg:grid-cols-2 max-lg:gap-x-2 max-lg:px-1 max-lg:pb-1 dark:border-slate-800 ${copy ? 'border-dashed' : ''} ${STATUS_CLASS[row.status]}`}
      data-status={row.status}
      data-tsid={entry.tsId}
      data-copy={copy ? copy.n : undefined}
    >
      {header !== undefined && (
        <th
          scope="rowgroup"
          rowSpan={headerRowSpan}
          className={`${cell} text-left font-medium max-lg:col-span-2 max-lg:bg-slate-100 max-lg:text-base lg:align-top dark:max-lg:bg-slate-900 ${columns[0]?.cssClass ?? ''}`}
        >
          {header}
        </th>
      )}
      <InFieldForm>
        {columns.map((c) => (
          <Fragment key={c.key}>{c.key === 'station' ? null : withClass(cells[c.key], c.cssClass)}</Fragment>
        ))}
      </InFieldForm>
    </tr>
  );
});
