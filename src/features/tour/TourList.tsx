import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { startTransition, useEffect, useMemo, useState } from 'react';
import { useAllDrafts } from '../../db/draft-store';
import { FIRST_SCREEN_STATIONS } from './first-screen';
import { useConfig } from '../../db/reference-hooks';
import { OverwriteTime } from '../round-entry/OverwriteTime';
import type { StationGroup } from '../round-entry/row-model';
import type { TaskView } from '../tasks/use-station-tasks';
import { openTasksOf } from './open-tasks';
import { TaskTypeIcon } from '../tasks/TaskTypeIcon';
import type { TourDensity } from './tour-search';
import type { Tour } from './use-tour';
import { useTourCompleteness } from './tour-completeness';
import { useRefusalIn } from '../round-entry/refusal-context';
import { heldByDraft } from '../../domain/refusal-rows';
import type { Draft } from '../../../schemas/forms/draft';
import { RefusalText } from '../../app/RefusalText';
import './tour-list.css';

/** Open tasks in yellow (§ issue: warnings on stations with open tasks), each type in its configured colour. */
export function TaskWarning({ tasks }: { tasks: readonly TaskView[] }) {
  const config = useConfig();
  if (tasks.length === 0) return null;
  const types = [...new Set(tasks.map((t) => t.taskType))];
  return (
    <span
      data-testid="open-tasks"
      className="inline-flex flex-wrap items-center gap-1 rounded bg-amber-200 px-1.5 py-0.5 text-xs font-semibold text-amber-950"
    >
      <span aria-hidden="true">⚠</span>
      <Plural value={tasks.length} one="# open task" other="# open tasks" />
      {types.map((type) => {
        const configured = config.stationTaskTypes.find((x) => x.taskType === type);
        return (
          <span key={type} className="inline-flex items-center gap-0.5 font-normal">
            <span
              aria-hidden="true"
              className="inline-block size-2.5 rounded-full border border-amber-950"
              style={configured?.color ? { backgroundColor: configured.color } : undefined}
            />
            <TaskTypeIcon taskType={type} className="size-3.5" />
            {type}
          </span>
        );
      })}
    </span>
  );
}

function StationLine({
  tour,
  station,
  density,
  onOpen,
  values,
  drafts,
}: {
  tour: Tour;
  station: StationGroup;
  density: TourDensity;
  onOpen: () => void;
  values: ReadonlyMap<string, string>;
  /** the instance's drafts by tsId, and the copies (§5) of each series */
  drafts: { byTs: ReadonlyMap<string, Draft>; copies: ReadonlyMap<string, readonly string[]> };
}) {
  const { t } = useLingui();
  // undefined until read: no mark and no "not complete" before the completeness is known
  const done = useTourCompleteness()?.get(station.staNumber);
  const tasks = openTasksOf(station, tour.taskActions.localTasks);
  // §5 copies of the station's series are rows of the station too
  const tsIds = station.entries.flatMap((e) => [e.tsId, ...(drafts.copies.get(e.tsId) ?? [])]);
  // the server refused the last submission for a value of this station: said here, before the station is opened,
  // when one of its rows holds the refused value or time (drafts not loaded yet: not known, said)
  const refusal = useRefusalIn(tsIds, (tsId) =>
    tour.store.loaded ? heldByDraft(drafts.byTs.get(tsId), tour.ctx) : undefined,
  );
  return (
    <li
      data-station={station.staNumber}
      data-complete={done}
      aria-busy={done === undefined || undefined}
      className="tour-station"
    >
      <button
        type="button"
        onClick={onOpen}
        className={`flex min-h-14 w-full items-start gap-3 rounded border-2 p-2 text-left focus-visible:outline-3 focus-visible:-outline-offset-4 focus-visible:outline-amber-500 ${done ? 'border-green-700 bg-green-50 dark:border-green-500 dark:bg-green-950/60' : 'border-slate-400 bg-white dark:border-slate-600 dark:bg-slate-900'}`}
      >
        <span
          aria-hidden="true"
          className={`mt-0.5 flex size-7 shrink-0 items-center justify-center rounded-full text-base font-bold ${done ? 'bg-green-700 text-white' : 'border-2 border-slate-500'} ${done === undefined ? 'invisible' : ''}`}
        >
          {done ? '✓' : ''}
        </span>
        <span className="min-w-0 flex-1">
          <span className="block font-semibold [overflow-wrap:anywhere]">
            {station.ordinal && <span className="mr-1 tabular-nums">{station.ordinal}</span>}
            {station.title}
          </span>
          {done !== undefined && <span className="sr-only">{done ? t`complete` : t`not complete`}</span>}
          <span className="flex flex-wrap items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
            {!station.obligatory && <Trans>optional</Trans>}
            <Plural value={station.entries.length} one="# timeseries" other="# timeseries" />
            <TaskWarning tasks={tasks} />
          </span>
          {refusal && (
            <span
              className="mt-1 block text-sm font-semibold text-red-700 dark:text-red-300"
              data-testid="refused-value"
            >
              <RefusalText refusal={refusal} />
            </span>
          )}
          {density === 'full' && (
            <span className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-sm">
              {station.entries.map((e) => (
                <span key={e.tsId} className="contents">
                  <span>
                    {e.tsParameter}{' '}
                    {e.tsUnit && <span className="text-slate-600 dark:text-slate-400">[{e.tsUnit}]</span>}
                  </span>
                  <span className="tabular-nums">{values.get(e.tsId) || '–'}</span>
                </span>
              ))}
            </span>
          )}
        </span>
      </button>
    </li>
  );
}

/**
 * The stations beyond the first screen join the list in a transition right after its first frame: on a slow
 * phone a 400-station round painted in 300 ms instead of at once, and React yields to a tap meanwhile.
 * All of them are in the DOM a moment later (find in page, screen readers).
 */
function useProgressiveCount(total: number): number {
  const [shown, setShown] = useState(() => Math.min(total, FIRST_SCREEN_STATIONS));
  useEffect(() => {
    if (shown < total) startTransition(() => setShown(total));
  }, [shown, total]);
  return Math.min(shown, total);
}

/** station list (§2): the stations in round order with their completion and open tasks, compact or full. */
export function TourList({
  tour,
  density,
  onDensity,
  onOpen,
}: {
  tour: Tour;
  density: TourDensity;
  onDensity: (d: TourDensity) => void;
  onOpen: (staNumber: string) => void;
}) {
  const { t } = useLingui();
  const drafts = useAllDrafts(tour.store);
  const values = new Map(drafts.map((d) => [d.tsId, d.text ?? '']));
  const rows = useMemo(() => {
    const copies = new Map<string, string[]>();
    for (const d of drafts) if (d.copyOf !== undefined) copies.set(d.copyOf, [...(copies.get(d.copyOf) ?? []), d.tsId]);
    return { byTs: new Map(drafts.map((d) => [d.tsId, d])), copies };
  }, [drafts]);
  const shown = useProgressiveCount(tour.stations.length);
  return (
    <div className="space-y-2">
      <div role="group" aria-label={t`List layout`} className="flex gap-2">
        {(['compact', 'full'] as const).map((d) => (
          <button
            key={d}
            type="button"
            aria-pressed={density === d}
            onClick={() => onDensity(d)}
            className={`min-h-11 rounded border-2 px-3 font-semibold ${density === d ? 'border-sky-800 bg-sky-800 text-white dark:border-sky-300 dark:bg-sky-300 dark:text-slate-950' : 'border-slate-500 bg-white text-slate-900 dark:bg-slate-900 dark:text-slate-100'}`}
          >
            {d === 'compact' ? t`Compact` : t`Detailed`}
          </button>
        ))}
      </div>
      {/* as on the table (§5 overwrite date/time): a round walked in one morning gets its time once */}
      <details className="rounded border-2 border-slate-400 p-2" data-testid="tour-one-time">
        <summary className="min-h-11 cursor-pointer content-center font-semibold">
          <Trans>Set one time for the entries</Trans>
        </summary>
        <OverwriteTime
          entries={tour.round.entries}
          store={tour.store}
          ctx={tour.ctx}
          onChange={tour.onChange}
          disabled={tour.locked}
        />
      </details>
      <ol
        className="space-y-2"
        aria-label={t`Stations of the round`}
        // a screen reader waits for the stations beyond the first screen's, added right after it
        aria-busy={shown < tour.stations.length || undefined}
      >
        {tour.stations.slice(0, shown).map((s) => (
          <StationLine
            key={s.staNumber}
            tour={tour}
            station={s}
            density={density}
            values={values}
            drafts={rows}
            onOpen={() => onOpen(s.staNumber)}
          />
        ))}
      </ol>
    </div>
  );
}
