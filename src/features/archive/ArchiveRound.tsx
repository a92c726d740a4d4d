import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useParams } from '@tanstack/react-router';
import { map } from 'rxjs';
import type { CompletedRoundDoc } from '../../../schemas/db/completed-round-doc';
import { useLocaleFormat } from '../../app/use-locale-format';
import { useDb } from '../../db/db-context';
import { useObservable } from '../../db/hooks';
import { Alert } from '../../ui/Alert';
import { DecisionLabel } from './DecisionLabel';
import { PdfButton } from './PdfButton';
import { RoundState } from './round-state';

/** completedMeasureRound (§2): one round with times, teams, every entry and its decisions. */
export function ArchiveRound() {
  const { t } = useLingui();
  const fmt = useLocaleFormat();
  const db = useDb();
  const { instanceId } = useParams({ from: '/archive/$instanceId' });
  const round = useObservable<CompletedRoundDoc | null | undefined>(
    () => db.completedRounds.findOne(instanceId).$.pipe(map((d) => (d ? d.toMutableJSON() : null))),
    undefined,
    [db, instanceId],
  );
  if (round === undefined) return <p role="status">…</p>;
  if (round === null) {
    return (
      <Alert type="danger">
        <Trans>This completed round is not on this device.</Trans>{' '}
        <Link to="/archive" className="underline">
          <Trans>Back to the archive</Trans>
        </Link>
      </Alert>
    );
  }
  const when = fmt.dateTime;
  const facts: [string, string][] = [
    [t`Team`, round.mrTeam ?? '–'],
    [t`Round remark`, round.mrRemark ?? '–'],
    [t`Submitted`, when(round.submissionTime)],
    [t`Created`, when(round.creationTime)],
    [t`Decision 1`, `${when(round.decision1Time)} ${round.decision1Team ?? ''}`.trim()],
    [t`Decision 2`, `${when(round.decision2Time)} ${round.decision2Team ?? ''}`.trim()],
    [t`Completed`, when(round.completionTime)],
  ];
  return (
    <section aria-labelledby="archive-round-heading" className="space-y-3">
      <div className="flex flex-wrap items-center gap-3">
        <h1 id="archive-round-heading" className="text-2xl font-semibold">
          {round.mrName}
        </h1>
        <span className="rounded bg-slate-200 px-2 py-0.5 text-sm dark:bg-slate-800">
          <RoundState round={round} />
        </span>
        <PdfButton instanceId={round.instanceId} />
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {facts.map(([k, v]) => (
          <div key={k} className="contents">
            <dt className="font-medium">{k}</dt>
            <dd className="min-w-0 break-words whitespace-pre-wrap">{v}</dd>
          </div>
        ))}
      </dl>
      <table className="w-full border-collapse text-sm" aria-label={t`Entries`}>
        <thead className="bg-slate-100 text-left dark:bg-slate-900">
          <tr>
            <th className="p-2">
              <Trans>Station</Trans>
            </th>
            <th className="p-2">
              <Trans>Time</Trans>
            </th>
            <th className="p-2">
              <Trans>Value</Trans>
            </th>
            <th className="p-2">
              <Trans>Remark</Trans>
            </th>
            <th className="p-2">
              <Trans>Decisions</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {round.entries.map((e) => (
            <tr key={`${e.tsId}-${e.dt}`} className="border-t border-slate-200 dark:border-slate-800">
              <td className="p-2">
                {e.staName} ({e.staNumber}) · {e.tsParameter}
              </td>
              <td className="p-2 tabular-nums">{e.dt ? when(e.dt) : ''}</td>
              <td className="p-2 tabular-nums" data-testid="entry-value">
                {fmt.number(e.value)} {e.tsUnit}
                {e.valueAfter !== undefined && e.valueAfter !== null && <> / {fmt.number(e.valueAfter)}</>}
              </td>
              <td className="p-2">{e.tsRemark?.text ?? e.staRemark?.text ?? ''}</td>
              <td className="p-2">
                {e.decision1Value && (
                  <div>
                    1: <DecisionLabel value={e.decision1Value} /> {e.decision1Remark}
                  </div>
                )}
                {e.decision2Value && (
                  <div>
                    2: <DecisionLabel value={e.decision2Value} /> {e.decision2Remark}
                  </div>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
