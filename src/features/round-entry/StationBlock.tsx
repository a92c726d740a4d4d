import { memo, useCallback, useMemo, useState } from 'react';
import type { StationFacility, StationTask } from '../../../schemas/api';
import type { DraftStore } from '../../db/draft-store';
import { StationTasks } from '../tasks/StationTasks';
import { mergeTasks, type StationTaskActions } from '../tasks/use-station-tasks';
import { StationFacilities } from '../facilities/StationFacilities';
import { mergeFacilities, type StationFacilityActions } from '../facilities/use-station-facilities';
import { DuplicateStation } from './DuplicateStation';
import { EntryRow } from './EntryRow';
import type { InstanceRef, OnChange } from './entry-types';
import type { RowContext, StationGroup } from './row-model';
import { copyTsId, type CopyRef } from '../../domain/station-copies';
import { StationHeader } from './StationHeader';
import type { StationPanel } from '../../domain/station-panels';
import type { Density } from './use-density';
import type { MeasureRoundEntry } from '../../../schemas/api';

/** Tasks and facilities come with every entry of a station: each once, by its id. */
export function uniqueOfStation<T>(
  station: StationGroup,
  pick: (entry: StationGroup['entries'][number]) => readonly T[] | undefined,
  id: (x: T) => string | undefined,
): T[] {
  const seen = new Map<string, T>();
  for (const entry of station.entries) {
    for (const x of pick(entry) ?? []) {
      const key = id(x);
      if (key) seen.set(key, x);
    }
  }
  return [...seen.values()];
}

export interface StationBlockProps {
  /** the station's place in the round, for keyboard moves and the table's window of rendered stations */
  index: number;
  measureRef(element: Element | null): void;
  station: StationGroup;
  copies: readonly CopyRef[];
  stationList: readonly { staNumber: string; title: string }[];
  ctx: RowContext;
  store: DraftStore;
  disabled: boolean;
  onChange: OnChange;
  onRemoveCopies(tsIds: readonly string[]): void;
  instance: InstanceRef;
  density: Density;
  taskActions: StationTaskActions;
  facilityActions: StationFacilityActions;
  panels: readonly StationPanel[];
}

/** One station of the table: its rows, its copies and, when opened, its tasks, facilities or duplication form. */
export const StationBlock = memo(function StationBlock({
  index,
  measureRef,
  station,
  copies,
  stationList,
  ctx,
  store,
  disabled,
  onChange,
  onRemoveCopies,
  instance,
  density,
  taskActions,
  facilityActions,
  panels,
}: StationBlockProps) {
  const [opened, setPanel] = useState<StationPanel | null>(null);
  // a panel the config took away meanwhile is closed
  const panel = opened && panels.includes(opened) ? opened : null;
  const togglePanel = useCallback((p: StationPanel) => setPanel((open) => (open === p ? null : p)), []);
  const serverTasks = useMemo<StationTask[]>(
    () =>
      uniqueOfStation(
        station,
        (e) => e.staTasks,
        (t) => t.taskId,
      ),
    [station],
  );
  const serverFacilities = useMemo<StationFacility[]>(
    () =>
      uniqueOfStation(
        station,
        (e) => e.staFacilities,
        (f) => f.id,
      ),
    [station],
  );
  const taskCount = mergeTasks(
    serverTasks,
    taskActions.localTasks.filter((x) => x.staNumber === station.staNumber),
  ).length;
  const facilityCount = mergeFacilities(station.staNumber, serverFacilities, facilityActions.local).length;

  // copy rows grouped by copy number, in the order of the station's entries
  const copyGroups = useMemo(() => {
    const numbers = [...new Set(copies.map((c) => c.n))].sort((a, b) => a - b);
    const have = new Set(copies.map((c) => c.tsId));
    return numbers.map((n) => ({
      n,
      entries: station.entries
        .filter((e) => have.has(copyTsId(e.tsId, n)))
        .map((e) => ({ ...e, tsId: copyTsId(e.tsId, n) as MeasureRoundEntry['tsId'] })),
    }));
  }, [copies, station]);
  const rowSpan = station.entries.length + copyGroups.reduce((sum, g) => sum + g.entries.length, 0);

  // one element while nothing it shows changed: the first row (which carries it) then skips a re-render of the block
  const header = useMemo(
    () => (
      <StationHeader
        station={station}
        density={density}
        store={store}
        disabled={disabled}
        onChange={onChange}
        taskCount={taskCount}
        facilityCount={facilityCount}
        panel={panel}
        onPanel={togglePanel}
        panels={panels}
      />
    ),
    [station, density, store, disabled, onChange, taskCount, facilityCount, panel, togglePanel, panels],
  );

  return (
    <tbody
      ref={measureRef}
      data-index={index}
      data-station={station.staNumber}
      className="border-t-2 border-slate-300 max-lg:mb-3 max-lg:block max-lg:rounded max-lg:border-2 dark:border-slate-700"
    >
      {station.entries.map((entry, i) => (
        <EntryRow
          key={entry.tsId}
          entry={entry}
          header={i === 0 ? header : undefined}
          headerRowSpan={rowSpan}
          ctx={ctx}
          store={store}
          disabled={disabled}
          onChange={onChange}
          instance={instance}
          density={density}
        />
      ))}
      {copyGroups.flatMap((g) =>
        g.entries.map((entry, i) => (
          <EntryRow
            key={entry.tsId}
            entry={entry}
            headerRowSpan={0}
            ctx={ctx}
            store={store}
            disabled={disabled}
            onChange={onChange}
            instance={instance}
            density={density}
            copy={{
              n: g.n,
              first: i === 0,
              stationTitle: station.title,
              onRemove: () => onRemoveCopies(g.entries.map((e) => e.tsId)),
            }}
          />
        )),
      )}
      {panel && (
        <tr className="max-lg:block">
          <td
            colSpan={6}
            id={`station-panel-${station.staNumber}`}
            className="bg-slate-50 px-2 py-2 max-lg:block dark:bg-slate-900/60"
          >
            {panel === 'tasks' && (
              <StationTasks
                staNumber={station.staNumber}
                stationTitle={station.title}
                serverTasks={serverTasks}
                actions={taskActions}
                disabled={disabled}
              />
            )}
            {panel === 'facilities' && (
              <StationFacilities
                staNumber={station.staNumber}
                stationTitle={station.title}
                serverFacilities={serverFacilities}
                stations={stationList}
                actions={facilityActions}
                disabled={disabled}
              />
            )}
            {panel === 'copy' && (
              <DuplicateStation
                station={station}
                copies={copies}
                store={store}
                defaultTime={ctx.defaultTime}
                disabled={disabled}
                onChange={onChange}
                onDone={() => setPanel(null)}
              />
            )}
          </td>
        </tr>
      )}
    </tbody>
  );
});
