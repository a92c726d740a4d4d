import { Trans, useLingui } from '@lingui/react/macro';
import { SubmitBar } from '../round-entry/SubmitBar';
import { GpxDownload } from './GpxDownload';
import type { Tour } from './use-tour';
import { useTourCompleteness } from './tour-completeness';

/**
 * overview (§2): what is complete and what is not, then the submission through the same checks and prompts
 * as the table (incomplete tour, unassessed incidents, implausible values) and the replication queue.
 */
export function TourOverview({ tour, onOpen }: { tour: Tour; onOpen: (staNumber: string) => void }) {
  const { t } = useLingui();
  const complete = useTourCompleteness();
  // until the completeness is read: no station listed as open, the summary's box kept (no shift) and saying nothing
  const open = complete ? tour.stations.filter((s) => complete.get(s.staNumber) !== true) : [];
  const missing = open.filter((s) => s.obligatory);
  const done = tour.stations.length - open.length;
  const total = tour.stations.length;
  const tone = !complete
    ? 'border-slate-400'
    : missing.length === 0
      ? 'border-green-700 bg-green-50 dark:bg-green-950/60'
      : 'border-amber-600 bg-amber-50 dark:bg-amber-950/60';
  return (
    <div className="space-y-4">
      <div
        role="status"
        data-testid="tour-summary"
        aria-busy={!complete || undefined}
        className={`rounded border-2 p-3 text-lg font-semibold ${tone}`}
      >
        {complete ? t`${done} of ${total} stations complete` : '\u00a0'}
      </div>
      <SubmitBar
        round={tour.round}
        ctx={tour.ctx}
        store={tour.store}
        instance={tour.instance}
        queue={tour.queue}
        storedRows={tour.storedRows}
      />
      <GpxDownload tour={tour} />
      {open.length > 0 && (
        <section aria-labelledby="open-stations">
          <h2 id="open-stations" className="text-lg font-semibold">
            <Trans>Not complete yet</Trans>
          </h2>
          <ul className="mt-1 space-y-1">
            {open.map((s) => (
              <li key={s.staNumber}>
                <button
                  type="button"
                  onClick={() => onOpen(s.staNumber)}
                  className="flex min-h-12 w-full items-center gap-2 rounded border-2 border-slate-400 px-2 text-left hover:bg-slate-100 dark:hover:bg-slate-800"
                >
                  <span className="flex-1 [overflow-wrap:anywhere]">
                    {s.ordinal && <span className="mr-1 tabular-nums">{s.ordinal}</span>}
                    {s.title}
                  </span>
                  {s.obligatory ? (
                    <span className="rounded bg-amber-200 px-1.5 text-sm font-semibold text-amber-950">
                      <Trans>obligatory</Trans>
                    </span>
                  ) : (
                    <span className="text-sm">
                      <Trans>optional</Trans>
                    </span>
                  )}
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
