import { useLingui } from '@lingui/react/macro';
import { memo, useCallback, useId, type KeyboardEvent } from 'react';
import type { MeasureRoundEntry } from '../../../schemas/api';
import type { DraftPatch } from '../../../schemas/db/draft-doc';
import {
  checkPlausibility,
  isFutureDay,
  meteoDraftKey,
  meteoTimeKey,
  parseNumberInput,
  type MeteoStation,
} from '../../domain';
import { useDraft, type DraftStore } from '../../db/draft-store';
import { useLocaleFormat } from '../../app/use-locale-format';
import { ReadingInput } from '../readings/ReadingInput';
import { TimeField } from '../readings/TimeField';
import { FieldForm, InFieldForm } from '../../ui/field-form';
import { PlausibilityMessage } from '../round-entry/PlausibilityMessage';
import { tableMove } from '../round-entry/table-keys';

export interface MeteoTableProps {
  station: MeteoStation;
  days: readonly string[];
  today: string;
  mrId: string;
  store: DraftStore;
  readOnly: boolean;
  onStore(key: string, patch: DraftPatch): Promise<unknown>;
}

/**
 * The table's keys on the month grid: up/down to the same parameter of the adjacent day,
 * left/right between the day's time and values at the text's edge. Enter is ReadingInput's: the next value.
 */
function onGridKey(e: KeyboardEvent<HTMLTableSectionElement>) {
  if (e.defaultPrevented || !(e.target instanceof HTMLInputElement)) return;
  const input = e.target;
  const move = tableMove(
    e.key,
    { start: input.selectionStart, end: input.selectionEnd, length: input.value.length },
    { alt: e.altKey, ctrl: e.ctrlKey, meta: e.metaKey, shift: e.shiftKey },
  );
  const cell = input.closest<HTMLElement>('[data-meteo-col]');
  if (!move || move.kind === 'station' || !cell) return;
  const row = Number(cell.dataset.meteoRow) + (move.kind === 'row' ? move.delta : 0);
  const col = Number(cell.dataset.meteoCol) + (move.kind === 'column' ? move.delta : 0);
  const target = e.currentTarget.querySelector<HTMLInputElement>(
    `[data-meteo-row="${row}"][data-meteo-col="${col}"] input:not(:disabled)`,
  );
  if (!target) return;
  e.preventDefault();
  target.focus();
  target.select();
}

/** One station's month: a row per day with the observation time and a value per configured parameter. */
export function MeteoStationTable({ station, days, today, mrId, store, readOnly, onStore }: MeteoTableProps) {
  const { t } = useLingui();
  const captionId = useId();
  return (
    <section aria-labelledby={captionId} className="print:hidden">
      <h2 id={captionId} className="py-2 text-lg font-semibold">
        {station.staName} {station.staNumber}
      </h2>
      {/* on a phone the month scrolls sideways under a day column that stays in view */}
      <div className="overflow-x-auto">
        <table
          aria-labelledby={captionId}
          className="min-w-full border-collapse text-sm"
          data-testid={`meteo-table-${station.staNumber}`}
        >
          <thead className="bg-slate-100 dark:bg-slate-800">
            <tr>
              <th
                scope="col"
                className="sticky left-0 z-10 bg-slate-100 px-2 py-1 text-left dark:bg-slate-800"
              >{t`Day`}</th>
              <th scope="col" className="px-2 py-1 text-left">{t`Time`}</th>
              {station.entries.map((e) => (
                <th key={e.tsId} scope="col" className="px-2 py-1 text-left">
                  {e.tsParameter}{' '}
                  <span className="font-normal text-slate-600 dark:text-slate-400">
                    {e.tsName}
                    {e.tsUnit ? ` (${e.tsUnit})` : ''}
                  </span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody onKeyDown={onGridKey}>
            {days.map((day, row) => (
              <DayRow
                key={day}
                day={day}
                row={row}
                station={station}
                future={isFutureDay(day, today)}
                mrId={mrId}
                store={store}
                readOnly={readOnly}
                onStore={onStore}
              />
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

interface DayRowProps {
  day: string;
  row: number;
  station: MeteoStation;
  future: boolean;
  mrId: string;
  store: DraftStore;
  readOnly: boolean;
  onStore(key: string, patch: DraftPatch): Promise<unknown>;
}

const DayRow = memo(function DayRow({ day, row, station, future, mrId, store, readOnly, onStore }: DayRowProps) {
  const { t } = useLingui();
  const fmt = useLocaleFormat();
  const dayText = fmt.date(day);
  const timeKey = meteoTimeKey(station.staNumber, day);
  const timeDraft = useDraft(store, timeKey);
  const disabled = readOnly || future;
  const storeTime = useCallback((time: string) => onStore(timeKey, { time }), [onStore, timeKey]);
  const weekend = [0, 6].includes(new Date(`${day}T12:00:00`).getDay());
  return (
    <tr className="border-b border-slate-200 dark:border-slate-800">
      <th
        scope="row"
        className={`sticky left-0 z-10 px-2 py-1 text-left font-medium whitespace-nowrap tabular-nums ${weekend ? 'bg-slate-100 dark:bg-slate-800' : 'bg-white dark:bg-slate-950'}`}
      >
        {dayText}
      </th>
      <InFieldForm>
        <td className="px-2 py-1" data-meteo-row={row} data-meteo-col={0}>
          <FieldForm />
          <TimeField
            stored={timeDraft?.time}
            label={t`${station.staName} ${station.staNumber} time ${dayText}`}
            nowName={`${station.staName} (${station.staNumber}), ${dayText}`}
            disabled={disabled}
            onStore={storeTime}
          />
        </td>
        {station.entries.map((entry, i) => (
          <ValueCell
            key={entry.tsId}
            entry={entry}
            day={day}
            dayText={dayText}
            row={row}
            col={i + 1}
            mrId={mrId}
            store={store}
            disabled={disabled}
            onStore={onStore}
          />
        ))}
      </InFieldForm>
    </tr>
  );
});

interface ValueCellProps {
  entry: MeasureRoundEntry;
  day: string;
  dayText: string;
  row: number;
  col: number;
  mrId: string;
  store: DraftStore;
  disabled: boolean;
  onStore(key: string, patch: DraftPatch): Promise<unknown>;
}

/** One parameter of one day: the shared reading widget with the §5 plausibility message under it. */
function ValueCell({ entry, day, dayText, row, col, mrId, store, disabled, onStore }: ValueCellProps) {
  const key = meteoDraftKey(entry.tsId, day);
  const draft = useDraft(store, key);
  const messageId = useId();
  const parsed = parseNumberInput(draft?.text ?? '');
  const plausibility = parsed?.kind === 'number' ? checkPlausibility(entry, parsed.value) : undefined;
  const store1 = useCallback((patch: DraftPatch) => onStore(key, patch), [onStore, key]);
  return (
    <td className="px-2 py-1 align-top" data-meteo-row={row} data-meteo-col={col}>
      <ReadingInput
        entry={entry}
        draft={draft}
        store={store}
        mrId={mrId}
        label={`${entry.staName} ${entry.staNumber} ${entry.tsParameter} ${dayText}`}
        disabled={disabled}
        invalid={parsed === undefined || plausibility !== undefined}
        describedBy={plausibility ? messageId : undefined}
        onStore={store1}
      />
      {plausibility && (
        <span id={messageId} className="block max-w-40 text-xs">
          <PlausibilityMessage result={plausibility} />
        </span>
      )}
    </td>
  );
}
