import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import type { RxDocument } from 'rxdb';
import { useDb } from '../../db/db-context';
import { useObservable } from '../../db/hooks';
import { useConfig, useReadConfig, useSyncStatus } from '../../db/reference-hooks';
import { rememberStartLayout } from '../../app/start-layout';
import { useFirstPullRunning } from '../../app/use-first-pull';
import type { RoundDoc } from '../../../schemas/db/round-doc';
import { StoreTourDialog } from '../tour/StoreTourDialog';
import { StoredTours } from '../tour/StoredTours';
// not the domain index: it would bring every rule and luxon onto the first screen
import { isMeteoRound, meteoParameters } from '../../domain/meteo';
import { useReplication } from '../../app/replication';
import { useLocaleFormat } from '../../app/use-locale-format';
import { Button } from '../../ui/Button';
import { DateField } from '../readings/DateField';
import { todayIsoDate } from './today';
import { UnsentInstances } from './UnsentInstances';
import { NoRounds, RoundsReading } from './NoRounds';

/** groupSelection (§2): choose a group and a date; the date is kept in the URL. */
export function GroupSelection() {
  const { t } = useLingui();
  const fmt = useLocaleFormat();
  const db = useDb();
  const replication = useReplication();
  const search = useSearch({ from: '/' });
  const navigate = useNavigate({ from: '/' });
  const date = search.date ?? todayIsoDate();
  // undefined until the device's rounds are read: a first [] said "No measure rounds are assigned to you" (or "loading
  // from the server") above rounds stored here
  const rounds = useObservable<RxDocument<RoundDoc>[] | undefined>(
    () => db.rounds.find({ sort: [{ mrName: 'asc' }] }).$,
    undefined,
    [db],
  );
  const meteoParams = meteoParameters(useConfig().meteoInput.parameters);
  // once per read of the rounds, not at every render of the list (a 2,000-entry round: 5 ms at 4× CPU)
  const meteoRounds = useMemo(
    () => new Set((rounds ?? []).filter((r) => isMeteoRound(r.entries, meteoParams)).map((r) => r.mrId)),
    [rounds, meteoParams],
  );
  const sync = useSyncStatus();
  const firstPullRunning = useFirstPullRunning();
  const [refreshing, setRefreshing] = useState(false);
  const [storing, setStoring] = useState<RoundDoc | null>(null);
  const outdoor = useConfig().mode === 2;
  // for the next start's first frame; only from the read config (its defaults would say "office" for a moment)
  const readMode = useReadConfig()?.mode;
  useEffect(() => {
    if (readMode !== undefined) rememberStartLayout(readMode === 2 ? 'field' : 'office');
  }, [readMode]);

  const refresh = async () => {
    setRefreshing(true);
    try {
      await replication.refresh();
    } finally {
      setRefreshing(false);
    }
  };

  return (
    <section aria-labelledby="group-selection-heading" className="space-y-4">
      <h1 id="group-selection-heading" className="text-2xl font-semibold">
        <Trans>Choose a measure round</Trans>
      </h1>
      <div className="flex flex-wrap items-end gap-3">
        <label className="flex flex-col text-sm font-medium">
          <Trans>Date</Trans>
          <DateField
            label={t`Date`}
            value={date}
            onChange={(iso) => iso && void navigate({ search: { date: iso }, replace: true })}
          />
        </label>
        <Button variant="secondary" onClick={() => void refresh()} disabled={refreshing}>
          {refreshing ? <Trans>Loading…</Trans> : <Trans>Refresh from server</Trans>}
        </Button>
        <p className="text-sm text-slate-600 dark:text-slate-400" role="status">
          {sync.lastPullAt ? t`Last updated ${fmt.epochDateTime(sync.lastPullAt)}` : t`Not yet loaded from the server`}
        </p>
      </div>
      {sync.lastPullError && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          <Trans>The rounds could not be loaded from the server; the stored copy is shown.</Trans> ({sync.lastPullError}
          )
        </p>
      )}
      {outdoor && <StoredTours emphasize date={date} />}
      {/* shown while the first pull brings the rounds too, in the same place: what the cards will offer is read
          before they come, and the page's largest text is painted with its frame instead of seconds later (LCP); also
          while the stored rounds are read (it claims nothing, and the usual answer keeps it: no layout shift) */}
      {(rounds === undefined || rounds.length > 0 || firstPullRunning) && (
        <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="round-actions-hint">
          <Trans>
            Office: enter in the table now. Field: store the round on this device for a tour without network.
          </Trans>
        </p>
      )}
      {rounds === undefined ? (
        <RoundsReading />
      ) : rounds.length === 0 ? (
        <NoRounds loaded={sync.lastPullAt !== undefined && !sync.lastPullError} pulling={firstPullRunning} />
      ) : (
        <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3" aria-label={t`Measure rounds`}>
          {rounds.map((r) => {
            const name = r.mrName;
            const meteo = meteoRounds.has(r.mrId);
            const openLabel = meteo ? t`Open meteo input` : t`Open office table`;
            // mode 2 (outdoor tour): taking a round offline is the way into it; the table stays one click away
            const primary = 'bg-sky-700 text-white hover:bg-sky-800';
            const secondary =
              'border border-slate-400 bg-white text-slate-900 hover:bg-slate-100 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700';
            const takeOffline = (
              <Button
                variant={outdoor ? 'primary' : 'secondary'}
                onClick={() => setStoring(r.toMutableJSON())}
                aria-label={t`Take ${name} offline`}
              >
                <Trans>Take offline (for the field)</Trans>
              </Button>
            );
            const open = (
              <Link
                // a meteo round opens its month list (§2 meteoInput), every other round the table
                to={meteo ? '/meteo/$group/$date' : '/stations/$group/$date'}
                params={{ group: name, date }}
                // the round's name in the link's name: one link per round, found by its name
                aria-label={`${openLabel}: ${name}`}
                className={`flex min-h-11 items-center justify-center rounded px-4 py-2 text-center font-semibold ${outdoor ? secondary : primary}`}
              >
                {openLabel}
              </Link>
            );
            return (
              <li
                key={r.mrId}
                className="flex flex-col gap-2 rounded border border-slate-300 bg-slate-50 p-3 dark:border-slate-700 dark:bg-slate-900"
              >
                {outdoor && takeOffline}
                <div>
                  <h2 className="font-semibold">{name}</h2>
                  <p className="text-sm text-slate-600 dark:text-slate-400">
                    {r.mrGroup} ·{' '}
                    <Plural
                      value={new Set(r.entries.map((e) => e.staNumber)).size}
                      one="# station"
                      other="# stations"
                    />
                  </p>
                </div>
                <div className="mt-auto flex flex-wrap gap-2 [&>*]:grow">
                  {open}
                  {!outdoor && takeOffline}
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {!outdoor && <StoredTours emphasize={false} date={date} />}
      <UnsentInstances />
      {storing && <StoreTourDialog round={storing} date={date} onClose={() => setStoring(null)} />}
    </section>
  );
}
