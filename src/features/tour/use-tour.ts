import * as v from 'valibot';
import { useMemo, useState } from 'react';
import { map } from 'rxjs';
import type { DraftPatch } from '../../../schemas/db/draft-doc';
import type { OfflineInstanceDoc } from '../../../schemas/db/offline-instance-doc';
import { RoundDocSchema, type RoundDoc } from '../../../schemas/db/round-doc';
import { tourRoundKey } from '../../db/instance-round';
import { useDb } from '../../db/db-context';
import { actionsOf } from '../../db/instance-commands';
import { useDraftStore, type DraftStore } from '../../db/draft-store';
import { useDraftWriter } from '../../db/use-draft-writer';
import { useObservable } from '../../db/hooks';
import { useConfig } from '../../db/reference-hooks';
import { groupEntriesByStation, type RowContext, type StationGroup } from '../round-entry/row-model';
import { useIndoorInstance, type IndoorInstance } from '../round-entry/use-indoor-instance';
import { useStoredRows } from '../round-entry/use-stored-rows';
import { useReadingZone } from '../../app/reading-zone';
import { useStationTasks, type StationTaskActions } from '../tasks/use-station-tasks';
import { useStationFacilities, type StationFacilityActions } from '../facilities/use-station-facilities';
import { useStoredStateReady } from '../readings/stored-state';

/** Everything the tour's child screens show and change, from one stored round. */
export interface Tour extends IndoorInstance {
  instance: OfflineInstanceDoc;
  round: RoundDoc;
  store: DraftStore;
  ctx: RowContext;
  stations: StationGroup[];
  /** no more edits: on its way to the server or sent (§5 after submitting the instance is read-only) */
  locked: boolean;
  /** the drafts are read: before, the fields are read-only and empty (StoredStateGate) */
  ready: boolean;
  onChange: (tsId: string, patch: DraftPatch) => Promise<void>;
  writeError: unknown;
  storedRows: ReturnType<typeof useStoredRows>;
  taskActions: StationTaskActions;
  facilityActions: StationFacilityActions;
}

export type TourState = { status: 'loading' } | { status: 'missing' } | { status: 'ready'; tour: Tour };

/** The stored outdoor round `instanceId` with its snapshot (docs/tour.md), or why there is none. */
export function useTour(instanceId: string): TourState {
  const db = useDb();
  const config = useConfig();
  const round = useObservable<RoundDoc | null | undefined>(
    () =>
      db.reference.findOne(tourRoundKey(instanceId)).$.pipe(
        map((d) => {
          if (!d) return null;
          const parsed = v.safeParse(RoundDocSchema, d.data);
          return parsed.success ? parsed.output : null;
        }),
      ),
    undefined,
    [db, instanceId],
  );
  const inst = useIndoorInstance(round ?? undefined, '', instanceId);
  const instance = inst.instance;
  const date = instance?.date ?? '';
  const store = useDraftStore(db, instance ? instanceId : undefined);
  const ready = useStoredStateReady(instance, store, instanceId);
  const [now] = useState(() => new Date());
  const zone = useReadingZone();
  const ctx = useMemo<RowContext>(
    () => ({ date, defaultTime: config.defaultTime, now, formulaGenerator: config.tsFormulaGenerator, zone }),
    [date, config.defaultTime, now, config.tsFormulaGenerator, zone],
  );
  const stations = useMemo(
    () => (round ? groupEntriesByStation(round.entries, config.stationTitle) : []),
    [round, config.stationTitle],
  );
  const taskActions = useStationTasks(round?.mrId ?? '', instance?.instanceId, inst.ensureInstance);
  const facilityActions = useStationFacilities(round?.mrId ?? '', instance?.instanceId, inst.ensureInstance);
  const storedRows = useStoredRows(
    round,
    date,
    { defaultTime: config.defaultTime, formulaGenerator: config.tsFormulaGenerator, zone },
    inst.settled,
  );
  const { onChange, writeError } = useDraftWriter(inst.updateDraft);

  if (round === undefined || instance === undefined) return { status: 'loading' };
  if (round === null || instance === null) return { status: 'missing' };
  return {
    status: 'ready',
    tour: {
      ...inst,
      instance,
      round,
      store,
      ctx,
      stations,
      locked: !actionsOf(instance).edit,
      ready,
      onChange,
      // a task or facility change the round refused (on its way) or storage could not keep is said like a value's
      writeError: writeError ?? taskActions.writeError ?? facilityActions.writeError,
      storedRows,
      taskActions,
      facilityActions,
    },
  };
}
