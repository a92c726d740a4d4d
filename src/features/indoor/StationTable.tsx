import { Trans, useLingui } from '@lingui/react/macro';
import { memo, useMemo } from 'react';
import type { DraftStore } from '../../db/draft-store';
import { EntryRow, type OnChange } from './EntryRow';
import { StationTasks } from '../tasks/StationTasks';
import type { StationTaskActions } from '../tasks/use-station-tasks';
import type { StationFacility, StationTask } from '../../../schemas/api';
import { StationFacilities } from '../facilities/StationFacilities';
import type { StationFacilityActions } from '../facilities/use-station-facilities';
import type { RowContext, StationGroup } from './row-model';

/** The stations of a round with one row per timeseries; keyboard users tab through value, time and remark. */
export interface InstanceRef {
  mrId: string;
  instanceId: string | undefined;
  ensureInstance: () => Promise<string>;
}

/** Tasks and facilities come with every entry of a station: each once, by its id. */
function uniqueOfStation<T>(station: StationGroup, pick: (entry: StationGroup['entries'][number]) => readonly T[] | undefined, id: (x: T) => string | undefined): T[] {
  const seen = new Map<string, T>();
  for (const entry of station.entries) {
    for (const x of pick(entry) ?? []) {
      const key = id(x);
      if (key) seen.set(key, x);
    }
  }
  return [...seen.values()];
}

const serverTasksOf = (s: StationGroup): StationTask[] => uniqueOfStation(s, (e) => e.staTasks, (t) => t.taskId);
const serverFacilitiesOf = (s: StationGroup): StationFacility[] => uniqueOfStation(s, (e) => e.staFacilities, (f) => f.id);

export const StationTable = memo(function StationTable({ stations, ctx, store, disabled, onChange, taskActions, facilityActions, mrId, instanceId, ensureInstance }: { stations: StationGroup[]; ctx: RowContext; store: DraftStore; disabled: boolean; onChange: OnChange; taskActions: StationTaskActions; facilityActions: StationFacilityActions } & InstanceRef) {
  // one object while the instance is the same, so memoized rows do not re-render on every keystroke
  const instance = useMemo(() => ({ mrId, instanceId, ensureInstance }), [mrId, instanceId, ensureInstance]);
  const stationList = stations.map((s) => ({ staNumber: s.staNumber, title: s.title }));
  const { t } = useLingui();
  return (
    <div className="md:overflow-x-auto">
      <table className="w-full border-collapse text-sm max-md:block" aria-label={t`Stations and timeseries`}>
        <thead className="sticky top-0 bg-slate-100 text-left max-md:hidden dark:bg-slate-900">
          <tr>
            <th scope="col" className="p-2">
              <Trans>Station</Trans>
            </th>
            <th scope="col" className="p-2">
              <Trans>Parameter</Trans>
            </th>
            <th scope="col" className="p-2">
              <Trans>Last value</Trans>
            </th>
            <th scope="col" className="p-2">
              <Trans>Value</Trans>
            </th>
            <th scope="col" className="p-2">
              <Trans>Time</Trans>
            </th>
            <th scope="col" className="p-2">
              <Trans>Remark</Trans>
            </th>
          </tr>
        </thead>
        {stations.map((s) => (
          <tbody key={s.staNumber} className="border-t-2 border-slate-300 max-md:mb-3 max-md:block max-md:rounded max-md:border-2 dark:border-slate-700">
            {s.entries.map((entry, i) => (
              <EntryRow key={entry.tsId} entry={entry} station={i === 0 ? s : undefined} stationRowSpan={s.entries.length} ctx={ctx} store={store} disabled={disabled} onChange={onChange} instance={instance} />
            ))}
            <tr className="max-md:block">
              <td colSpan={6} className="px-2 pb-2 max-md:block">
                <StationTasks staNumber={s.staNumber} stationTitle={s.title} serverTasks={serverTasksOf(s)} actions={taskActions} disabled={disabled} />
                <StationFacilities staNumber={s.staNumber} stationTitle={s.title} serverFacilities={serverFacilitiesOf(s)} stations={stationList} actions={facilityActions} disabled={disabled} />
              </td>
            </tr>
          </tbody>
        ))}
      </table>
    </div>
  );
});
