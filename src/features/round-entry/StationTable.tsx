import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { Fragment, memo, useCallback, useMemo, useRef, useSyncExternalStore } from 'react';
import type { DraftStore } from '../../db/draft-store';
import { removeStationCopy } from '../../db/station-copy-commands';
import { useDb } from '../../db/db-context';
import type { InstanceRef, OnChange } from './entry-types';
import type { StationTaskActions } from '../tasks/use-station-tasks';
import type { StationFacilityActions } from '../facilities/use-station-facilities';
import type { RowContext, StationGroup } from './row-model';
import { StationBlock } from './StationBlock';
import { copiesOf, type CopyRef } from '../../domain/station-copies';
import { useDensity } from './use-density';
import { useStickyOffsets } from './use-sticky-offsets';
import { useFocusFirstValue } from './use-focus-first-value';
import { findTarget, type EntryTarget } from '../readings/go-to-entry';
import { useStationWindow } from './use-station-window';
import { useTableKeyboard } from './use-table-keyboard';
import { openShortcutHelp } from '../../app/ShortcutHelp';
import { useConfig, useReadConfig } from '../../db/reference-hooks';
import { BEFORE_CONFIG_READ, offeredStationPanels } from '../../domain/station-panels';
import { tableColumns, type TableColumnKey } from '../../domain/table-columns';
import { toFormatLocale } from '../../domain/locale-format';
import { TableColumnsContext } from './table-columns-context';
import { InstancePhotosProvider } from '../photos/instance-photos';
import './station-table.css';

const COLUMN_WIDTH: Record<TableColumnKey, string> = {
  station: 'w-[30%]',
  parameter: 'w-28',
  history: 'w-52',
  value: 'w-48',
  time: 'w-36',
  remark: '',
};
const COLUMN_LABEL: Record<TableColumnKey, MessageDescriptor> = {
  station: msg`Station`,
  parameter: msg`Parameter`,
  history: msg`History`,
  value: msg`Value`,
  time: msg`Time`,
  remark: msg`Remark`,
};

const NO_COPIES: readonly CopyRef[] = [];

/** The copies among the drafts, as one array that stays the same object while they do (a keystroke changes none). */
function useCopies(store: DraftStore): readonly CopyRef[] {
  const cache = useRef<{ key: string; copies: readonly CopyRef[] }>({ key: '', copies: NO_COPIES });
  const snapshot = useCallback(() => {
    const copies = copiesOf(store.all());
    const key = copies.map((c) => c.tsId).join('|');
    if (key !== cache.current.key) cache.current = { key, copies };
    return cache.current.copies;
  }, [store]);
  return useSyncExternalStore(
    useCallback((l) => store.subscribeAll(l), [store]),
    snapshot,
  );
}

/** Empty space standing in for stations that are not rendered, so the page scrolls as if they were. */
function Spacer({ height, listStart }: { height: number; listStart?: boolean }) {
  return (
    <tbody aria-hidden="true" data-list-start={listStart ? '' : undefined} className="max-lg:block">
      <tr className="max-lg:block" style={{ height }}>
        <td colSpan={6} className="p-0 max-lg:block" />
      </tr>
    </tbody>
  );
}

export const StationTable = memo(function StationTable({
  stations,
  ctx,
  store,
  disabled,
  onChange,
  taskActions,
  facilityActions,
  mrId,
  instanceId,
  ensureInstance,
}: {
  stations: StationGroup[];
  ctx: RowContext;
  store: DraftStore;
  disabled: boolean;
  onChange: OnChange;
  taskActions: StationTaskActions;
  facilityActions: StationFacilityActions;
} & InstanceRef) {
  // one object while the instance is the same, so memoized rows do not re-render on every keystroke
  const instance = useMemo(() => ({ mrId, instanceId, ensureInstance }), [mrId, instanceId, ensureInstance]);
  const stationList = useMemo(() => stations.map((s) => ({ staNumber: s.staNumber, title: s.title })), [stations]);
  const { t, i18n } = useLingui();
  const db = useDb();
  const [density, setDensity] = useDensity();
  // §3 config columns: labels per language, order and classes
  const config = useConfig();
  const configured = config.columns;
  const { postStationTasks, postStationFacilities } = useReadConfig() ?? BEFORE_CONFIG_READ;
  const panels = useMemo(
    () => offeredStationPanels({ postStationTasks, postStationFacilities }),
    [postStationTasks, postStationFacilities],
  );
  const locale = toFormatLocale(i18n.locale);
  const columns = useMemo(() => tableColumns(configured, locale), [configured, locale]);
  const table = useRef<HTMLTableElement>(null);
  useStickyOffsets();
  const entryCounts = useMemo(() => stations.map((s) => s.entries.length), [stations]);
  const stationWindow = useStationWindow(table, entryCounts, density);
  const stationIndexOf = useCallback(
    (target: EntryTarget) => {
      return findTarget(stations, target).index;
    },
    [stations],
  );
  const onTableKeyDown = useTableKeyboard(table, stationWindow, stations.length, stationIndexOf);
  useFocusFirstValue(table, stations.length > 0);

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
      if (id)
        // an edit of the round like any other: refused while it is on its way
        void removeStationCopy(db, id, tsIds).catch((e: unknown) => console.error('deleting a station copy failed', e));
    },
    [db, store],
  );

  const headCell = 'p-2 font-semibold';
  return (
    <TableColumnsContext.Provider value={columns}>
      <InstancePhotosProvider instanceId={instanceId}>
        <div>
          <div className="mb-1 flex flex-wrap items-center gap-2 text-sm" role="group" aria-label={t`Station list`}>
            <span className="text-slate-600 dark:text-slate-400">
              <Trans>Station list</Trans>:
            </span>
            {(['compact', 'full'] as const).map((d) => (
              <button
                key={d}
                type="button"
                aria-pressed={density === d}
                onClick={() => setDensity(d)}
                className={`min-h-11 rounded border px-3 ${density === d ? 'border-sky-700 bg-sky-700 text-white' : 'border-slate-400 hover:bg-slate-100 dark:hover:bg-slate-800'}`}
              >
                {d === 'compact' ? <Trans>Compact</Trans> : <Trans>Full</Trans>}
              </button>
            ))}
            <button
              type="button"
              onClick={openShortcutHelp}
              className="ml-auto min-h-11 rounded px-2 text-slate-700 underline max-lg:hidden hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
            >
              <Trans>Keyboard shortcuts</Trans> <kbd className="rounded border border-slate-400 px-1 text-xs">?</kbd>
            </button>
          </div>
          <table
            ref={table}
            data-station-table
            data-density={density}
            onKeyDown={onTableKeyDown}
            className="w-full border-collapse text-sm max-lg:block lg:table-fixed"
            aria-label={t`Stations and timeseries`}
            // a screen reader waits for the last stations of a small round, added right after the first screen's
            aria-busy={stationWindow.filling || undefined}
          >
            <colgroup className="max-lg:hidden">
              {columns.map((c) => (
                <col key={c.key} className={COLUMN_WIDTH[c.key]} />
              ))}
            </colgroup>
            <thead
              className="sticky z-[5] bg-slate-100 text-left shadow-sm max-lg:hidden dark:bg-slate-900"
              style={{ top: 'calc(var(--navbar-h, 0px) + var(--submitbar-h, 0px))' }}
            >
              <tr>
                {columns.map((c) => (
                  <th key={c.key} scope="col" className={`${headCell} ${c.cssClass ?? ''}`} data-col-head={c.key}>
                    {c.label ?? i18n._(COLUMN_LABEL[c.key])}
                  </th>
                ))}
              </tr>
            </thead>
            {stationWindow.windowed && <Spacer height={stationWindow.blocks[0]?.spaceBefore ?? 0} listStart />}
            {stationWindow.blocks.map(({ index, spaceBefore }, i) => {
              const s = stations[index];
              if (!s) return null;
              return (
                <Fragment key={s.staNumber}>
                  {i > 0 && spaceBefore > 0 && <Spacer height={spaceBefore} />}
                  <StationBlock
                    index={index}
                    measureRef={stationWindow.measure}
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
                    panels={panels}
                  />
                </Fragment>
              );
            })}
            {stationWindow.spaceAfter > 0 && <Spacer height={stationWindow.spaceAfter} />}
          </table>
        </div>
      </InstancePhotosProvider>
    </TableColumnsContext.Provider>
  );
});
