import { Trans } from '@lingui/react/macro';
import { Link, useParams } from '@tanstack/react-router';
import { parseInstanceIds } from '../../domain';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { PdfButton } from './PdfButton';
import { RoundDetails } from './RoundDetails';
import { RoundState } from './round-state';
import { useCompletedRound } from './use-completed-round';

function ReportRound({ instanceId }: { instanceId: string }) {
  const round = useCompletedRound(instanceId);
  if (round === undefined) return <p role="status">…</p>;
  if (round === null) {
    return (
      <Alert type="warning">
        <Trans>Round {instanceId} is not on this device.</Trans>
      </Alert>
    );
  }
  return (
    <article
      aria-labelledby={`report-${instanceId}`}
      data-testid="report-round"
      className="space-y-2 border-t-2 border-slate-300 pt-3 break-inside-auto not-first:print:break-before-page dark:border-slate-700"
    >
      <div className="flex flex-wrap items-center gap-3">
        <h2 id={`report-${instanceId}`} className="text-xl font-semibold">
          {round.mrName}
        </h2>
        <span className="rounded bg-slate-200 px-2 py-0.5 text-sm dark:bg-slate-800">
          <RoundState round={round} />
        </span>
        <span className="print:hidden">
          <PdfButton instanceId={round.instanceId} />
        </span>
      </div>
      <RoundDetails round={round} />
    </article>
  );
}

/** completedMeasureRoundReport (§2): several completed rounds on one page, each on its own printed page. */
export function ArchiveReport() {
  const { instanceIds } = useParams({ from: '/archive/report/$instanceIds' });
  const ids = parseInstanceIds(instanceIds);
  return (
    <section aria-labelledby="report-heading" className="space-y-4">
      <div className="flex flex-wrap items-center gap-3 print:hidden">
        <Link to="/archive" className="inline-flex min-h-11 items-center text-sky-700 underline dark:text-sky-300">
          ← <Trans>Back to the archive</Trans>
        </Link>
        <Button variant="secondary" onClick={() => window.print()}>
          <Trans>Print</Trans>
        </Button>
      </div>
      <h1 id="report-heading" className="text-2xl font-semibold">
        <Trans>Report of completed rounds</Trans>
      </h1>
      {ids.map((id) => (
        <ReportRound key={id} instanceId={id} />
      ))}
    </section>
  );
}
