import { Plural, useLingui } from '@lingui/react/macro';
import { useSearch } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { map } from 'rxjs';
import { useReplication } from '../../app/replication';
import { useOnline } from '../../app/use-online';
import { useDb } from '../../db/db-context';
import { useObservable } from '../../db/hooks';
import { Button } from '../../ui/Button';
import { TIMESERIES_BATCH_SIZE } from '../../../replication/api-client';

interface RoundTimeseries {
  mrId: string;
  mrName: string;
  tsIds: string[];
}
const NO_ROUNDS: readonly RoundTimeseries[] = [];

type Progress =
  | { state: 'idle' }
  | { state: 'loading'; done: number; total: number; stored: number }
  | { state: 'done'; stored: number }
  | { state: 'error'; message: string };

/**
 * loadTimeseriesValues (§2): (re)loads the history of the chosen timeseries from the server into this
 * device, 32 timeseries per request (§7), showing each batch as it arrives. The other screens then
 * show it, also offline.
 */
export function LoadTimeseriesValues() {
  const { t } = useLingui();
  const db = useDb();
  const replication = useReplication();
  const online = useOnline();
  const search = useSearch({ from: '/loadTimeseriesValues' });
  // undefined until read: a first [] said "No measure rounds stored on this device yet" and listed the address's
  // timeseries as not belonging to any stored round
  const stored = useObservable<RoundTimeseries[] | undefined>(
    () =>
      db.rounds
        .find({ sort: [{ mrName: 'asc' }] })
        .$.pipe(
          map((docs) =>
            docs.map((d) => ({ mrId: d.mrId, mrName: d.mrName, tsIds: [...new Set(d.entries.map((e) => e.tsId))] })),
          ),
        ),
    undefined,
    [db],
  );
  const rounds = stored ?? NO_ROUNDS;
  const allIds = useMemo<string[]>(() => [...new Set(rounds.flatMap((r) => r.tsIds))], [rounds]);
  const [picked, setPicked] = useState<Set<string> | null>(null);
  const chosen = picked ?? new Set(search.tsId ?? allIds);
  const [progress, setProgress] = useState<Progress>({ state: 'idle' });
  const toggleRound = (ids: readonly string[], on: boolean) => {
    const next = new Set(chosen);
    for (const id of ids)
      if (on) next.add(id);
      else next.delete(id);
    setPicked(next);
  };
  const extra = stored ? (search.tsId ?? []).filter((id) => !allIds.includes(id)) : [];

  const load = async () => {
    const ids = [...chosen];
    setProgress({ state: 'loading', done: 0, total: Math.ceil(ids.length / TIMESERIES_BATCH_SIZE), stored: 0 });
    try {
      const stored = await replication.loadHistory(ids, (p) => setProgress({ state: 'loading', ...p }));
      setProgress({ state: 'done', stored });
    } catch (e) {
      setProgress({ state: 'error', message: e instanceof Error ? e.message : String(e) });
    }
  };

  return (
    <section aria-labelledby="load-heading" className="max-w-3xl space-y-3">
      <h1 id="load-heading" className="text-xl font-semibold">{t`Load timeseries values`}</h1>
      <p className="text-sm text-slate-600 dark:text-slate-400">{t`Loads the history of the chosen timeseries from the server onto this device, ${TIMESERIES_BATCH_SIZE} timeseries per request. Charts, tables and remark analysis then work offline.`}</p>
      {!online && (
        <p
          role="alert"
          className="rounded border border-amber-500 bg-amber-50 p-2 text-amber-900 dark:bg-amber-950 dark:text-amber-100"
          data-testid="load-offline"
        >
          {t`You are offline. History can be loaded once the device is online again; what is stored stays available.`}
        </p>
      )}
      {stored?.length === 0 && extra.length === 0 && <p>{t`No measure rounds stored on this device yet.`}</p>}
      <fieldset className="space-y-1" aria-busy={stored === undefined || undefined}>
        <legend className="font-semibold">{t`Timeseries`}</legend>
        {rounds.map((r) => (
          <label key={r.mrId} className="flex min-h-11 items-center gap-2">
            <input
              type="checkbox"
              className="size-5"
              checked={r.tsIds.every((id) => chosen.has(id))}
              onChange={(e) => toggleRound(r.tsIds, e.target.checked)}
            />
            {r.mrName} ({t`${r.tsIds.length} timeseries`})
          </label>
        ))}
        {extra.map((id) => (
          <label key={id} className="flex min-h-11 items-center gap-2">
            <input
              type="checkbox"
              className="size-5"
              checked={chosen.has(id)}
              onChange={(e) => toggleRound([id], e.target.checked)}
            />
            {id}
          </label>
        ))}
      </fieldset>
      <Button
        onClick={() => void load()}
        disabled={!online || stored === undefined || chosen.size === 0 || progress.state === 'loading'}
      >
        {t`Load ${chosen.size} timeseries`}
      </Button>
      <div aria-live="polite" data-testid="load-progress" data-state={progress.state}>
        {progress.state === 'loading' && (
          <>
            <progress className="w-full" max={progress.total} value={progress.done} aria-label={t`Loading history`} />
            <p>{t`Request ${progress.done} of ${progress.total}: ${progress.stored} values stored`}</p>
          </>
        )}
        {progress.state === 'done' && (
          <p role="status">
            <Plural
              value={progress.stored}
              one="# value loaded and stored on this device."
              other="# values loaded and stored on this device."
            />
          </p>
        )}
        {progress.state === 'error' && (
          <p role="alert" className="text-red-700 dark:text-red-300">{t`Loading failed: ${progress.message}`}</p>
        )}
      </div>
    </section>
  );
}
