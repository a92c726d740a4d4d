import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useLocaleFormat } from '../../app/use-locale-format';
import { useDb } from '../../db/db-context';
import { useObservable } from '../../db/hooks';
import { PdfButton } from './PdfButton';
import { RoundState } from './round-state';

/** completedMeasureRoundList (§2): completed rounds from the local copy, newest first. */
export function ArchiveList() {
  const { t } = useLingui();
  const fmt = useLocaleFormat();
  const db = useDb();
  const rounds = useObservable(() => db.completedRounds.find({ sort: [{ submissionTime: 'desc' }] }).$, [], [db]);
  return (
    <section aria-labelledby="archive-heading" className="space-y-3">
      <h1 id="archive-heading" className="text-2xl font-semibold">
        <Trans>Archive</Trans>
      </h1>
      {rounds.length === 0 ? (
        <p className="rounded border border-dashed border-slate-400 p-4">
          <Trans>No completed rounds on this device yet.</Trans>
        </p>
      ) : (
        <table className="w-full border-collapse text-sm" aria-label={t`Completed rounds`}>
          <thead className="bg-slate-100 text-left max-md:hidden dark:bg-slate-900">
            <tr>
              <th className="p-2">
                <Trans>Round</Trans>
              </th>
              <th className="p-2">
                <Trans>Submitted</Trans>
              </th>
              <th className="p-2">
                <Trans>Team</Trans>
              </th>
              <th className="p-2">
                <Trans>State</Trans>
              </th>
              <th className="p-2">
                <span className="sr-only">
                  <Trans>Actions</Trans>
                </span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rounds.map((r) => (
              <tr key={r.instanceId} className="border-t border-slate-200 max-md:grid max-md:grid-cols-2 dark:border-slate-800">
                <td className="p-2">
                  <Link to="/archive/$instanceId" params={{ instanceId: r.instanceId }} className="font-medium text-sky-700 underline dark:text-sky-300">
                    {r.mrName}
                  </Link>
                </td>
                <td className="p-2 tabular-nums" data-testid="submission-time">
                  {fmt.dateTime(r.submissionTime)}
                </td>
                <td className="p-2">{r.mrTeam ?? '–'}</td>
                <td className="p-2" data-testid="round-state">
                  <RoundState round={r} />
                </td>
                <td className="p-2">
                  <PdfButton instanceId={r.instanceId} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
