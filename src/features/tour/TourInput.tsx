import { Trans } from '@lingui/react/macro';
import { useEffect, useMemo, useRef } from 'react';
import type { StationFacility, StationTask } from '../../../schemas/api';
import { StationFacilities } from '../facilities/StationFacilities';
import { uniqueOfStation } from '../round-entry/StationBlock';
import type { StationGroup } from '../round-entry/row-model';
import { useReadConfig } from '../../db/reference-hooks';
import { BEFORE_CONFIG_READ, offeredStationPanels } from '../../domain/station-panels';
import { StationTasks } from '../tasks/StationTasks';
import { EntryCard } from './EntryCard';
import { openTasksOf } from './open-tasks';
import { StationPager } from './StationPager';
import { TaskWarning } from './TourList';
import type { Tour } from './use-tour';
import { useTourCompleteness } from './tour-completeness';

/** input view (§2): one station at a time, each timeseries with the table's widgets; tasks and facilities below. */
export function TourInput({
  tour,
  station,
  scannedTs,
  onStation,
}: {
  tour: Tour;
  station: StationGroup;
  scannedTs?: string;
  onStation: (staNumber: string) => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const panels = offeredStationPanels(useReadConfig() ?? BEFORE_CONFIG_READ);
  const serverTasks = useMemo(
    () =>
      uniqueOfStation<StationTask>(
        station,
        (e) => e.staTasks,
        (t) => t.taskId,
      ),
    [station],
  );
  const serverFacilities = useMemo(
    () =>
      uniqueOfStation<StationFacility>(
        station,
        (e) => e.staFacilities,
        (f) => f.id,
      ),
    [station],
  );
  const stationList = useMemo(
    () => tour.stations.map((s) => ({ staNumber: s.staNumber, title: s.title })),
    [tour.stations],
  );
  // a new station starts at its top, with the screen reader on its name; after a barcode scan the
  // scanned timeseries' value input takes the focus instead, ready for typing
  useEffect(() => {
    const card = scannedTs
      ? document.querySelector<HTMLElement>(`article[data-tsid="${CSS.escape(scannedTs)}"]`)
      : null;
    const field = card?.querySelector<HTMLElement>(
      '[data-entry-value] :is(input, select, textarea, button):not(:disabled)',
    );
    if (card && field) {
      // centred: above it the sticky navbar would hide it, and the card's name stays visible above the field
      field.scrollIntoView({ block: 'center' });
      field.focus({ preventScroll: true });
      return;
    }
    window.scrollTo({ top: 0 });
    heading.current?.focus({ preventScroll: true });
  }, [station.staNumber, scannedTs]);

  return (
    <div className="space-y-3" data-station={station.staNumber}>
      <StationPager stations={tour.stations} station={station} onStation={onStation} />
      <div>
        {/* title and state on one line where they fit: the first value belongs on the first screen */}
        <h2
          ref={heading}
          tabIndex={-1}
          className="mr-2 inline text-xl font-bold [overflow-wrap:anywhere] focus:outline-none"
          data-testid="station-title"
        >
          {station.ordinal && <span className="mr-1 tabular-nums">{station.ordinal}</span>}
          {station.title}
        </h2>
        <p className="inline-flex flex-wrap items-center gap-2 align-text-bottom text-sm">
          <StationState staNumber={station.staNumber} />
          <TaskWarning tasks={openTasksOf(station, tour.taskActions.localTasks)} />
        </p>
      </div>
      {station.entries.map((entry) => (
        <EntryCard key={entry.tsId} entry={entry} tour={tour} scanned={entry.tsId === scannedTs} />
      ))}
      {panels.includes('tasks') && (
        <details className="rounded border-2 border-slate-400 p-2">
          <summary className="min-h-11 cursor-pointer content-center font-semibold">
            <Trans>Station tasks</Trans>
          </summary>
          <StationTasks
            staNumber={station.staNumber}
            stationTitle={station.title}
            serverTasks={serverTasks}
            actions={tour.taskActions}
            disabled={tour.locked}
          />
        </details>
      )}
      {panels.includes('facilities') && (
        <details className="rounded border-2 border-slate-400 p-2">
          <summary className="min-h-11 cursor-pointer content-center font-semibold">
            <Trans>Station facilities</Trans>
          </summary>
          <StationFacilities
            staNumber={station.staNumber}
            stationTitle={station.title}
            serverFacilities={serverFacilities}
            stations={stationList}
            actions={tour.facilityActions}
            disabled={tour.locked}
          />
        </details>
      )}
      <StationPager stations={tour.stations} station={station} onStation={onStation} />
    </div>
  );
}

/** "complete" or "not complete" (§4); its place kept and nothing said until the completeness is read. */
function StationState({ staNumber }: { staNumber: string }) {
  // its own component: a key's completeness renders this mark, not the station's cards
  const done = useTourCompleteness()?.get(staNumber);
  return done ? (
    <span className="rounded bg-green-700 px-1.5 font-semibold text-white">
      <Trans>complete</Trans>
    </span>
  ) : (
    <span
      aria-busy={done === undefined || undefined}
      data-testid="station-state"
      className={`rounded border border-slate-600 px-1.5 ${done === undefined ? 'invisible' : ''}`}
    >
      <Trans>not complete</Trans>
    </span>
  );
}
