import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { combineLatest, map } from 'rxjs';
import { useLocaleFormat } from '../../app/use-locale-format';
import { useDb } from '../../db/db-context';
import { useObservable } from '../../db/hooks';
import { COLLECTIONS } from '../../db/database';
import { Button } from '../../ui/Button';
import { InlineError } from '../../ui/InlineError';
import { useSupportExport } from './use-support-export';
import { SyncBadge } from '../../app/SyncBadge';
import { RoundSubmitErrorText, submitErrorForSupport } from '../../app/SubmitErrorText';

type CollectionName = keyof typeof COLLECTIONS;
const NAMES = Object.keys(COLLECTIONS) as CollectionName[];

/**
 * For support engineers: what this device holds (documents per collection, unsent rounds with their last
 * error, storage use) and an export of the whole local data, photos included, to attach to a report.
 */
export function LocalDataPanel() {
  const { t } = useLingui();
  const fmt = useLocaleFormat();
  const db = useDb();
  const counts = useObservable<Record<string, number>>(
    () =>
      combineLatest(NAMES.map((n) => db[n].count().$.pipe(map((c) => [n, c] as const)))).pipe(
        map((pairs) => Object.fromEntries(pairs)),
      ),
    {},
    [db],
  );
  const unsent = useObservable(
    () => db.offlineInstances.find({ selector: { syncState: { $ne: 'sent' } }, sort: [{ updatedAt: 'desc' }] }).$,
    [],
    [db],
  );
  const [estimate, setEstimate] = useState<{ usage?: number; quota?: number; persisted?: boolean }>({});
  useEffect(() => {
    void (async () => {
      const e = await navigator.storage?.estimate?.();
      const persisted = await navigator.storage?.persisted?.();
      setEstimate({ usage: e?.usage, quota: e?.quota, persisted });
    })();
  }, []);

  const supportExport = useSupportExport();
  // bytes to MB with one decimal, written like every other number of the interface language
  const mb = (n?: number) => (n === undefined ? '–' : fmt.number(Math.round(n / 1024 / 102.4) / 10));

  return (
    <section aria-labelledby="local-data-heading" className="space-y-2">
      <h2 id="local-data-heading" className="text-lg font-semibold">
        <Trans>Data on this device</Trans>
      </h2>
      <table className="text-sm" aria-label={t`Documents per collection`}>
        <tbody>
          {NAMES.map((n) => (
            <tr key={n}>
              <th scope="row" className="pr-4 text-left font-normal">
                {n}
              </th>
              <td className="tabular-nums" data-testid={`count-${n}`}>
                {counts[n] ?? '…'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="text-sm">
        <Trans>
          Storage used: {mb(estimate.usage)} MB of {mb(estimate.quota)} MB.
        </Trans>{' '}
        {estimate.persisted ? (
          <Trans>Persistent storage granted.</Trans>
        ) : (
          <Trans>Persistent storage not granted: the browser may clear data under storage pressure.</Trans>
        )}
      </p>
      {unsent.length > 0 && (
        <ul className="space-y-1 text-sm" aria-label={t`Rounds not yet sent`}>
          {unsent.map((i) => (
            <li key={i.instanceId}>
              {i.mrName} · {fmt.date(i.date)} · <SyncBadge state={i.syncState} correction={i.corrects !== undefined} />{' '}
              <code className="text-xs">{i.instanceId}</code>
              {i.owner && (
                <span className="text-xs">
                  {' '}
                  <Trans>Entered by {i.owner}</Trans>
                </span>
              )}
              {i.lastError && (
                <div className="text-xs text-red-700 dark:text-red-300">
                  <RoundSubmitErrorText error={i.lastError} round={i} withTsId />{' '}
                  <code>{submitErrorForSupport(i.lastError)}</code>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      <Button variant="secondary" disabled={supportExport.exporting} onClick={() => void supportExport.run()}>
        <Trans>Export local data for support</Trans>
      </Button>
      {supportExport.error && <InlineError>{supportExport.error}</InlineError>}
    </section>
  );
}
