import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link, useParams } from '@tanstack/react-router';
import { DateTime } from 'luxon';
import { useMemo, useState } from 'react';
import { map } from 'rxjs';
import type { RoundDoc } from '../../../schemas/db/round-doc';
import { meteoParameters, meteoStations, monthDays, monthStart, parseNumberInput } from '../../domain';
import { useDb } from '../../db/db-context';
import { useObservable } from '../../db/hooks';
import { useAllDrafts, useDraftStore } from '../../db/draft-store';
import { useConfig, useReadConfig } from '../../db/reference-hooks';
import { useLocaleFormat } from '../../app/use-locale-format';
import { Alert } from '../../ui/Alert';
import { GroupNotFound } from '../../ui/GroupNotFound';
import { useDraftWriter } from '../../db/use-draft-writer';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { todayIsoDate } from '../groups/today';
import { WriteErrorAlert } from '../round-entry/WriteErrorAlert';
import { MeteoPrint } from './MeteoPrint';
import { MeteoStationTable } from './MeteoStationTable';
import { MeteoStatus } from './MeteoStatus';
import { useMeteoInstance } from './use-meteo-instance';
import { StoredStateGate, useStoredStateReady } from '../readings/stored-state';

/** meteoInput (§2): the month of {date} as observation lists per station, entered like the table, then transferred. */
export function MeteoInput() {
  const { t } = useLingui();
  const db = useDb();
  const { group, date } = useParams({ from: '/meteo/$group/$date' });
  const config = useConfig();
  const printMonth = useReadConfig()?.printMeteoMonth ?? false;
  const fmt = useLocaleFormat();
  const round = useObservable<RoundDoc | null | undefined>(
    () => db.rounds.findOne({ selector: { mrName: group } }).$.pipe(map((d) => (d ? d.toMutableJSON() : null))),
    undefined,
    [db, group],
  );
  const month = monthStart(date) ?? '';
  const days = useMemo(() => monthDays(month), [month]);
  const parameters = meteoParameters(config.meteoInput.parameters);
  const stations = useMemo(() => (round ? meteoStations(round.entries, parameters) : []), [round, parameters]);
  const { instance, readOnly, updateDraft, transfer } = useMeteoInstance(round ?? undefined, month);
  const store = useDraftStore(db, instance?.instanceId);
  const drafts = useAllDrafts(store);
  // the day fields take keys only once the month's instance and its drafts are read
  const ready = useStoredStateReady(instance, store, `${group}|${month}`);
  const [today] = useState(() => todayIsoDate());
  const [confirming, setConfirming] = useState(false);
  const monthTitle = month ? DateTime.fromISO(month).setLocale(fmt.locale).toFormat('LLLL yyyy') : '';
  const { onChange: onStore, writeError, reportError } = useDraftWriter(updateDraft);
  const valueCount = drafts.filter((d) => parseNumberInput(d.text ?? '')?.kind === 'number').length;

  if (!month) return <Alert type="danger">{t`The date in the address is not a valid date (YYYY-MM-DD).`}</Alert>;
  if (round === undefined) return <p role="status">…</p>;
  if (round === null) {
    return <GroupNotFound group={group} />;
  }
  const prev = DateTime.fromISO(month).minus({ months: 1 }).toISODate() ?? month;
  const next = DateTime.fromISO(month).plus({ months: 1 }).toISODate() ?? month;
  const navLink =
    'flex min-h-11 items-center rounded border border-slate-400 px-3 text-sm hover:bg-slate-100 dark:hover:bg-slate-800';
  return (
    <section aria-labelledby="meteo-heading" className="space-y-3">
      <div className="flex flex-wrap items-center gap-3 print:hidden">
        <h1 id="meteo-heading" className="text-2xl font-semibold">
          {round.mrName} · {monthTitle}
        </h1>
        <span className="ml-auto" />
        <Link to="/meteo/$group/$date" params={{ group, date: prev }} className={navLink}>
          <Trans>Previous month</Trans>
        </Link>
        <Link to="/meteo/$group/$date" params={{ group, date: next }} className={navLink}>
          <Trans>Next month</Trans>
        </Link>
      </div>
      {stations.length === 0 ? (
        <Alert type="warning" testId="no-meteo-parameters">
          <Trans>No meteo parameters found in this round (configured: {parameters.join(', ')}).</Trans>
        </Alert>
      ) : (
        <>
          <MeteoStatus instance={instance} />
          {writeError !== null && <WriteErrorAlert error={writeError} />}
          <div className="flex flex-wrap gap-3 print:hidden">
            {printMonth && (
              <Button variant="secondary" onClick={() => window.print()}>
                <Trans>Print month</Trans>
              </Button>
            )}
            {!readOnly && (
              <Button onClick={() => setConfirming(true)} disabled={valueCount === 0} data-testid="meteo-transfer">
                <Trans>Transfer month</Trans>
              </Button>
            )}
          </div>
          <StoredStateGate ready={ready}>
            {stations.map((s) => (
              <MeteoStationTable
                key={s.staNumber}
                station={s}
                days={days}
                today={today}
                mrId={round.mrId}
                store={store}
                readOnly={readOnly}
                onStore={onStore}
              />
            ))}
          </StoredStateGate>
          {printMonth && (
            <MeteoPrint
              group={round.mrName}
              monthTitle={monthTitle}
              stations={stations}
              days={days}
              drafts={drafts}
              defaultTime={config.defaultTime}
            />
          )}
        </>
      )}
      {confirming && (
        <ConfirmDialog
          title={t`Transfer ${monthTitle}?`}
          confirmLabel={t`Transfer`}
          cancelLabel={t`Cancel`}
          testId="meteo-transfer-dialog"
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            setConfirming(false);
            void transfer().catch(reportError);
          }}
        >
          <p>
            <Plural value={valueCount} one="# value will be transferred." other="# values will be transferred." />{' '}
            <Trans>After the transfer the data of this month is read-only and can no longer be changed.</Trans>
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}
