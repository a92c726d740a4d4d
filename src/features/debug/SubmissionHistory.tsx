import { Trans, useLingui } from '@lingui/react/macro';
import { map } from 'rxjs';
import type { OfflineInstanceDoc } from '../../../schemas/db/offline-instance-doc';
import { useReplication } from '../../app/replication';
import { useLocaleFormat } from '../../app/use-locale-format';
import { useDb } from '../../db/db-context';
import { useObservable } from '../../db/hooks';
import { Button } from '../../ui/Button';
import { SyncBadge } from '../../app/SyncBadge';
import { RoundSubmitErrorText, submitErrorForSupport } from '../../app/SubmitErrorText';

/** Every submission not yet sent, with each try (step, HTTP status, error, time) and a retry for failed ones. */
export function SubmissionHistory() {
  const { t } = useLingui();
  const db = useDb();
  const replication = useReplication();
  const fmt = useLocaleFormat();
  // undefined until read: a first [] said "Every round … has reached the server" above the rounds still waiting
  const instances = useObservable<OfflineInstanceDoc[] | undefined>(
    () =>
      db.offlineInstances
        .find({ selector: { syncState: { $ne: 'sent' } }, sort: [{ updatedAt: 'desc' }] })
        .$.pipe(map((docs) => docs.map((d) => d.toMutableJSON()))),
    undefined,
    [db],
  );
  return (
    <section aria-labelledby="submissions-heading" className="space-y-2">
      <h2 id="submissions-heading" className="text-lg font-semibold">
        <Trans>Submissions not yet sent</Trans>
      </h2>
      {instances === undefined ? (
        // the sentence's line, saying nothing until the submissions are read
        <p aria-busy="true" data-testid="submissions-reading" className="min-h-5 text-sm" />
      ) : (
        instances.length === 0 && (
          <p className="text-sm">
            <Trans>Every round entered on this device has reached the server.</Trans>
          </p>
        )
      )}
      {instances?.map((i) => {
        const roundName = i.mrName;
        return (
          <article
            key={i.instanceId}
            className="rounded border border-slate-300 p-2 text-sm dark:border-slate-700"
            data-testid="debug-submission"
          >
            <div className="flex flex-wrap items-center gap-2">
              <strong>
                {i.mrName} · {fmt.date(i.date)}
              </strong>
              <SyncBadge state={i.syncState} correction={i.corrects !== undefined} />
              <code className="text-xs">{i.instanceId}</code>
              {i.syncState === 'error' && (
                <Button variant="secondary" onClick={() => void replication.retry(i.instanceId)}>
                  <Trans>Retry</Trans>
                </Button>
              )}
            </div>
            {i.owner && (
              <p className="text-xs">
                <Trans>Entered by {i.owner}</Trans>
              </p>
            )}
            {i.lastError && (
              <p className="text-red-800 dark:text-red-300">
                <RoundSubmitErrorText error={i.lastError} round={i} withTsId />{' '}
                <code className="text-xs">{submitErrorForSupport(i.lastError)}</code>
              </p>
            )}
            {(i.attemptLog?.length ?? 0) > 0 ? (
              <table className="mt-1 w-full text-xs" aria-label={t`Tries of ${roundName}`}>
                <thead>
                  <tr className="text-left">
                    <th>{t`Time`}</th>
                    <th>{t`Step`}</th>
                    <th>{t`Try`}</th>
                    <th>{t`HTTP status`}</th>
                    <th>{t`Result`}</th>
                  </tr>
                </thead>
                <tbody>
                  {i.attemptLog?.map((a) => (
                    <tr key={`${a.at}-${a.step}-${a.attempt}`} data-testid="debug-attempt">
                      <td className="pr-2 tabular-nums">{fmt.epochDateTime(a.at)}</td>
                      <td className="pr-2">{a.step === 'values' ? t`values` : t`photos`}</td>
                      <td className="pr-2 tabular-nums">{a.attempt}</td>
                      <td className="pr-2 tabular-nums">{a.status ?? (a.ok ? '' : t`no answer`)}</td>
                      <td className="break-all">{a.ok ? t`done` : a.error}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : (
              <p className="text-xs text-slate-600 dark:text-slate-400">
                <Trans>Not tried yet.</Trans>
              </p>
            )}
          </article>
        );
      })}
    </section>
  );
}
