import { useLingui } from '@lingui/react/macro';
import { useParams } from '@tanstack/react-router';
import { useDeferredValue, useMemo, useState } from 'react';
import { map } from 'rxjs';
import type { RoundDoc } from '../../../schemas/db/round-doc';
import type { MeasureRoundEntry } from '../../../schemas/api';
import { useDb } from '../../db/db-context';
import { useObservable } from '../../db/hooks';
import { useConfig } from '../../db/reference-hooks';
import { useFirstPullRunning } from '../../app/use-first-pull';
import { useLocaleFormat } from '../../app/use-locale-format';
import { isIsoDate } from '../../domain/url-search';
import { Alert } from '../../ui/Alert';
import { GroupNotFound } from '../../ui/GroupNotFound';
import { useDraftWriter } from '../../db/use-draft-writer';
import { StationTable } from '../round-entry/StationTable';
import { SubmitBar } from '../round-entry/SubmitBar';
import { groupEntriesByStation, type RowContext } from '../round-entry/row-model';
import { useIndoorInstance } from '../round-entry/use-indoor-instance';
import { WriteErrorAlert } from '../round-entry/WriteErrorAlert';
import { LastSubmission } from './LastSubmission';
import { useStationTasks } from '../tasks/use-station-tasks';
import { useStationFacilities } from '../facilities/use-station-facilities';
import { useDraftStore } from '../../db/draft-store';
import { useStoredRows } from '../round-entry/use-stored-rows';
import { useReadingZone } from '../../app/reading-zone';
import { MezNote } from '../readings/MezNote';
import { RoundDateCheck } from '../round-entry/checks/RoundDateCheck';
import { RoundData } from './RoundData';
import { AnalysisLinks } from '../analysis/AnalysisLinks';
import { actionsOf } from '../../db/instance-commands';
import { RefusalProvider } from '../round-entry/refusal-context';
import { StoredStateGate, useStoredStateReady } from '../readings/stored-state';

const NO_STATIONS: ReturnType<typeof groupEntriesByStation> = [];
const NO_ROUND = { mrId: undefined, list: NO_STATIONS };

/**
 * tabularInput (§2): the office table of a round for one date, rendered from RxDB only. hydroInput passes
 * its group, date and the entries it shows (docs/analysis.md); the stations route takes them from the path.
 */
export function TabularInput(props: {
  group?: string;
  date?: string;
  entryFilter?: (e: MeasureRoundEntry) => boolean;
}) {
  const { t } = useLingui();
  const db = useDb();
  const params = useParams({ strict: false });
  const group = props.group ?? params.group ?? '';
  const date = props.date ?? params.date ?? '';
  const { entryFilter } = props;
  const config = useConfig();
  const firstPullRunning = useFirstPullRunning();
  const fmt = useLocaleFormat();
  const round = useObservable<RoundDoc | null | undefined>(
    () =>
      db.rounds.findOne({ selector: { mrName: group } }).$.pipe(
        map((d) => (d ? d.toMutableJSON() : null)),
        map((r) => (r && entryFilter ? { ...r, entries: r.entries.filter(entryFilter) } : r)),
      ),
    undefined,
    [db, group, entryFilter],
  );
  const { instance, updateDraft, queue, ensureInstance, settled } = useIndoorInstance(round ?? undefined, date);
  const taskActions = useStationTasks(round?.mrId ?? '', instance?.instanceId, ensureInstance);
  const facilityActions = useStationFacilities(round?.mrId ?? '', instance?.instanceId, ensureInstance);
  const [now] = useState(() => new Date());
  const store = useDraftStore(db, instance?.instanceId);
  // the fields take keys only once the instance lookup answered and its drafts are read (docs/office-table.md)
  const ready = useStoredStateReady(instance, store, `${group}|${date}`);
  const zone = useReadingZone();
  const ctx = useMemo<RowContext>(
    () => ({ date, defaultTime: config.defaultTime, now, formulaGenerator: config.tsFormulaGenerator, zone }),
    [date, config.defaultTime, now, config.tsFormulaGenerator, zone],
  );
  const storedRows = useStoredRows(
    round,
    date,
    { defaultTime: config.defaultTime, formulaGenerator: config.tsFormulaGenerator, zone },
    settled,
  );
  const stations = useMemo(
    () => ({ mrId: round?.mrId, list: round ? groupEntriesByStation(round.entries, config.stationTitle) : [] }),
    [round, config.stationTitle],
  );
  // The stations' rows are the screen's biggest render (every field with its history, checks and buttons): about
  // 1 s of script in one task at a phone's speed when a round opened (Lighthouse's total blocking time). Deferred,
  // React renders them in the background in slices of a few ms, so the heading, the submit bar and a tap or key
  // are not held up; the table appears when its render is done. They wait for the stored state (StoredStateGate):
  // rendered before it, every field mounted read-only and was changed again when it came, a second style and layout
  // of the whole table on a first visit whose instance lookup answered late. Another round's stations are never shown
  // meanwhile (a field of round A would write into round B's instance): none until this round's are rendered.
  const deferred = useDeferredValue(ready ? stations : NO_ROUND);
  const shownStations = deferred.mrId === stations.mrId ? deferred.list : NO_STATIONS;
  const { onChange, writeError } = useDraftWriter(updateDraft);

  if (!isIsoDate(date)) {
    return <Alert type="danger">{t`The date in the address is not a valid date (YYYY-MM-DD).`}</Alert>;
  }
  // a first visit: the rounds are still on their way from the server (the first pull), so "cannot find" would be
  // false (it was the first thing a first visit to a round's address showed); a failed pull says not found
  if (round === null && !firstPullRunning) return <GroupNotFound group={group} />;
  // The heading comes from the address (the round is found by that name), so it is drawn at once, in the place and
  // element the loaded table keeps: the user sees which round is coming, and the page's largest text is not held
  // back until the first pull stored the round (Lighthouse's largest contentful paint on a first visit).
  const heading = (
    <h1 id="tabular-heading" className="text-xl font-semibold">
      {group} <span className="font-normal text-slate-600 dark:text-slate-400">· {fmt.date(date)}</span>
      <RoundDateCheck date={date} now={now} />
      <MezNote />
    </h1>
  );
  if (!round)
    return (
      <section aria-labelledby="tabular-heading" className="space-y-3">
        {heading}
        <p role="status">{round === undefined ? '…' : t`Loading the rounds from the server…`}</p>
      </section>
    );
  // only an instance being edited takes input; one on its way is reopened with "Edit again" first
  const locked = instance ? !actionsOf(instance).edit : false;

  return (
    <section aria-labelledby="tabular-heading" className="space-y-3">
      {heading}
      <AnalysisLinks group={round.mrName} />
      <LastSubmission mrId={round.mrId} date={date} instance={instance} />
      {/* a task or facility change that could not be stored is said like a value's */}
      {(writeError ?? taskActions.writeError ?? facilityActions.writeError) !== null && (
        <WriteErrorAlert error={writeError ?? taskActions.writeError ?? facilityActions.writeError} />
      )}
      <StoredStateGate ready={ready}>
        <RoundData
          entries={round.entries}
          instance={instance}
          ensureInstance={ensureInstance}
          group={round.mrName}
          store={store}
          ctx={ctx}
          onChange={onChange}
          disabled={locked}
        />
        <SubmitBar
          round={round}
          ctx={ctx}
          store={store}
          instance={instance ?? null}
          queue={queue}
          storedRows={storedRows}
        />
        <RefusalProvider instance={instance} entries={round.entries}>
          <StationTable
            stations={shownStations}
            ctx={ctx}
            store={store}
            disabled={locked}
            onChange={onChange}
            mrId={round.mrId}
            instanceId={instance?.instanceId}
            ensureInstance={ensureInstance}
            taskActions={taskActions}
            facilityActions={facilityActions}
          />
        </RefusalProvider>
        {/* the stations wait for the stored state and then render in the background: without this line the page
            showed nothing where they come, for a moment on a desktop, seconds on a slow phone. A screen reader
            hears the gate's status instead. */}
        {shownStations.length === 0 && stations.list.length > 0 && (
          <p
            aria-hidden="true"
            className="appears-late text-slate-600 dark:text-slate-400"
            data-testid="stations-loading"
          >
            {t`Loading the stations…`}
          </p>
        )}
      </StoredStateGate>
    </section>
  );
}
