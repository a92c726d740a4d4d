import { Trans, useLingui } from '@lingui/react/macro';
import { memo, useCallback, useEffect, useMemo, useRef, useSyncExternalStore, type KeyboardEvent } from 'react';
import { removeDraft, type DraftStore } from '../../db/draft-store';
import { useDb } from '../../db/db-context';
import type { OnChange } from './EntryRow';
import type { StationTaskActions } from '../tasks/use-station-tasks';
import type { StationFacilityActions } from '../facilities/use-station-facilities';
import type { RowContext, StationGroup } from './row-model';
import { StationBlock } from './StationBlock';
import { copiesOf, type CopyRef } from './station-copies';
import { TABLE_COLUMNS, tableMove, type TableColumn } from './table-keys';
import { useDensity } from './use-density';
import { useStickyOffsets } from './use-sticky-offsets';
import { openShortcutHelp } from '../../app/ShortcutHelp';
import './station-table.css';

/** The stations of a round with one row per timeseries; keyboard users tab through value, time and remark. */
export interface InstanceRef {
  mrId: string;
  instanceId: string | undefined;
  ensureInstance: () => Promise<string>;
}

const NO_COPIES: readonly CopyRef[] = [];
const FOCUSABLE = 'input:not([type=hidden]):not(:disabled), select:not(:disabled), textarea:not(:disabled), button:not(:disabled)';

/** The copies among the drafts, as one array that stays the same object while they do (a keystroke changes none). */
function useCopies(store: DraftStore): readonly CopyRef[] {
  const cache = useRef<{ key: string; copies: readonly CopyRef[] }>({ key: '', copies: NO_COPIES });
  const snapshot = useCallback(() => {
    const copies = copiesOf(store.all());
    const key = copies.map((c) => c.tsId).join('|');
    if (key !== cache.current.key) cache.current = { key, copies };
    return cache.current.copies;
  }, [store]);
  return useSyncExternalStore(useCallback((l) => store.subscribeAll(l), [store]), snapshot);
}

function focusIn(container: Element | null | undefined, column: TableColumn): boolean {
  const el = container?.querySelector<HTMLElement>(`[data-col="${column}"] :is(${FOCUSABLE})`);
  if (!el) return false;
  el.focus();
  if (el instanceof HTMLInputElement && el.type === 'text') el.select();
  return true;
}

/** F7/F8: the first value of the previous/next station; from outside the table, the first or last station. */
function moveStation(table: HTMLTableElement, delta: -1 | 1) {
  const stations = [...table.querySelectorAll('tbody[data-station]')];
  const current = document.activeElement?.closest('tbody[data-station]');
  let i = current ? stations.indexOf(current) + delta : delta > 0 ? 0 : stations.length - 1;
  for (; i >= 0 && i < stations.length; i += delta) if (focusIn(stations[i], 'value')) return;
}

/** Spreadsheet keys inside the table (arrows between cells); other widgets that use the keys prevent them first. */
function onTableKeyDown(e: KeyboardEvent<HTMLTableElement>) {
  if (e.defaultPrevented || e.key === 'F7' || e.key === 'F8') return;
  const target = e.target;
  if (!(target instanceof HTMLInputElement) || target.type !== 'text' || target.getAttribute('aria-expanded') === 'true') return;
  const column = target.closest<HTMLElement>('[data-col]')?.dataset.col as TableColumn | undefined;
  const row = target.closest('tr[data-tsid]');
  if (!column || !row) return;
  const move = tableMove(e.key, { start: target.selectionStart, end: target.selectionEnd, length: target.value.length }, { alt: e.altKey, ctrl: e.ctrlKey, meta: e.metaKey, shift: e.shiftKey });
  if (!move || move.kind === 'station') return;
  if (move.kind === 'row') {
    const rows = [...e.currentTarget.querySelectorAll('tr[data-tsid]')];
    for (let i = rows.indexOf(row) + move.delta; i >= 0 && i < rows.length; i += move.delta) {
      if (focusIn(rows[i], column)) {
        e.preventDefault();
        return;
      }
    }
    return;
  }
  for (let c = TABLE_COLUMNS.indexOf(column) + move.delta; c >= 0 && c < TABLE_COLUMNS.length; c += move.delta) {
    const next = TABLE_COLUMNS[c];
    if (next && focusIn(row, next)) {
      e.preventDefault();
      return;
    }
  }
}

export const StationTable = memo(function StationTable({ stations, ctx, store, disabled, onChange, taskActions, facilityActions, mrId, instanceId, ensureInstance }: { stations: StationGroup[]; ctx: RowContext; store: DraftStore; disabled: boolean; onChange: OnChange; taskActions: StationTaskActions; facilityActions: StationFacilityActions } & InstanceRef) {
  // one object while the instance is the same, so memoized rows do not re-render on every keystroke
  const instance = useMemo(() => ({ mrId, instanceId, ensureInstance }), [mrId, instanceId, ensureInstance]);
  const stationList = useMemo(() => stations.map((s) => ({ staNumber: s.staNumber, title: s.title })), [stations]);
  const { t } = useLingui();
  const db = useDb();
  const [density, setDensity] = useDensity();
  const table = useRef<HTMLTableElement>(null);
  useStickyOffsets();

  const copies = useCopies(store);
  const copiesByStation = useMemo(() => {
    const stationOf = new Map(stations.flatMap((s) => s.entries.map((e) => [e.tsId as string, s.staNumber] as const)));
    const by = new Map<string, CopyRef[]>();
    for (const c of copies) {
      const sta = stationOf.get(c.copyOf);
      if (sta) by.set(sta, [...(by.get(sta) ?? []), c]);
    }
    return by;
  }, [copies, stations]);
  const onRemoveCopies = useCallback(
    (tsIds: readonly string[]) => {
      const id = store.instanceId;
      if (id) void Promise.all(tsIds.map((tsId) => removeDraft(db, id, tsId))).catch((e: unknown) => console.error('deleting a station copy failed', e));
    },
    [db, store],
  );

  // F7/F8 work from anywhere on the screen, also from a button or the page itself
  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      if ((e.key !== 'F7' && e.key !== 'F8') || e.altKey || e.ctrlKey || e.metaKey || !table.current) return;
      e.preventDefault();
      moveStation(table.current, e.key === 'F7' ? -1 : 1);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const headCell = 'p-2 font-semibold';
  return (
    <div>
      <div className="mb-1 flex flex-wrap items-center gap-2 text-sm" role="group" aria-label={t`Station list`}>
        <span className="text-slate-600 dark:text-slate-400">
          <Trans>Station list</Trans>:
        </span>
        {(['compact', 'full'] as const).map((d) => (
          <button key={d} type="button" aria-pressed={density === d} onClick={() => setDensity(d)} className={`min-h-11 rounded border px-3 ${density === d ? 'border-sky-700 bg-sky-700 text-white' : 'border-slate-400 hover:bg-slate-100 dark:hover:bg-slate-800'}`}>
            {d === 'compact' ? <Trans>Compact</Trans> : <Trans>Full</Trans>}
          </button>
        ))}
        <button type="button" onClick={openShortcutHelp} className="ml-auto min-h-11 rounded px-2 text-slate-700 underline max-lg:hidden hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800">
          <Trans>Keyboard shortcuts</Trans> <kbd className="rounded border border-slate-400 px-1 text-xs">?</kbd>
        </button>
      </div>
      <table ref={table} data-station-table data-density={density} onKeyDown={onTableKeyDown} className="w-full border-collapse text-sm max-lg:block lg:table-fixed" aria-label={t`Stations and timeseries`}>
        <colgroup className="max-lg:hidden">
          <col className="w-[30%]" />
          <col className="w-28" />
          <col className="w-52" />
          <col className="w-48" />
          <col className="w-24" />
          <col />
        </colgroup>
        <thead className="sticky z-[5] bg-slate-100 text-left shadow-sm max-lg:hidden dark:bg-slate-900" style={{ top: 'calc(var(--navbar-h, 0px) + var(--submitbar-h, 0px))' }}>
          <tr>
            <th scope="col" className={headCell}>
              <Trans>Station</Trans>
            </th>
            <th scope="col" className={headCell}>
              <Trans>Parameter</Trans>
            </th>
            <th scope="col" className={headCell}>
              <Trans>History</Trans>
            </th>
            <th scope="col" className={headCell}>
              <Trans>Value</Trans>
            </th>
            <th scope="col" className={headCell}>
              <Trans>Time</Trans>
            </th>
            <th scope="col" className={headCell}>
              <Trans>Remark</Trans>
            </th>
          </tr>
        </thead>
        {stations.map((s) => (
          <StationBlock
            key={s.staNumber}
            station={s}
            copies={copiesByStation.get(s.staNumber) ?? NO_COPIES}
            stationList={stationList}
            ctx={ctx}
            store={store}
            disabled={disabled}
            onChange={onChange}
            onRemoveCopies={onRemoveCopies}
            instance={instance}
            density={density}
            taskActions={taskActions}
            facilityActions={facilityActions}
          />
        ))}
      </table>
    </div>
  );
});
