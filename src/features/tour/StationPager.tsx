import { Trans, useLingui } from '@lingui/react/macro';
import type { StationGroup } from '../round-entry/row-model';

/** Previous/next station with the position in the round; big buttons for one thumb. */
export function StationPager({
  stations,
  station,
  onStation,
}: {
  stations: readonly StationGroup[];
  station: StationGroup;
  onStation: (staNumber: string) => void;
}) {
  const { t } = useLingui();
  const index = stations.findIndex((s) => s.staNumber === station.staNumber);
  const previous = stations[index - 1];
  const next = stations[index + 1];
  const position = index + 1;
  const count = stations.length;
  const button =
    'min-h-12 flex-1 rounded border-2 px-3 font-semibold disabled:opacity-40 border-slate-700 bg-white text-slate-900 hover:bg-slate-100 dark:border-slate-300 dark:bg-slate-900 dark:text-slate-100';
  return (
    <div className="flex items-center gap-2">
      <button
        type="button"
        className={button}
        disabled={!previous}
        onClick={() => previous && onStation(previous.staNumber)}
        aria-label={previous ? t`Previous station: ${previous.title}` : t`Previous station`}
      >
        <span aria-hidden="true">‹ </span>
        <Trans>Previous</Trans>
      </button>
      <span className="shrink-0 text-sm tabular-nums" data-testid="station-position">
        {t`${position} / ${count}`}
      </span>
      <button
        type="button"
        className={button}
        disabled={!next}
        onClick={() => next && onStation(next.staNumber)}
        aria-label={next ? t`Next station: ${next.title}` : t`Next station`}
      >
        <Trans>Next</Trans>
        <span aria-hidden="true"> ›</span>
      </button>
    </div>
  );
}
