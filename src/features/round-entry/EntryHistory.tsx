import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { memo, useState } from 'react';
import { map } from 'rxjs';
import type { MeasureRoundEntry } from '../../../schemas/api';
import { useDb } from '../../db/db-context';
import { useObservable } from '../../db/hooks';
import { checkLastValue, type LastValueFlag } from '../../domain';
import { formatDateTime, formatReading, formatTime } from './history-format';
import type { Density } from './use-density';
import { useReadingZone } from '../../app/reading-zone';

/** §5 last-value check: bottom/top symbol when the last value is the lowest/highest, a flag when outside. */
export function LastValueMarker({ flag }: { flag: LastValueFlag }) {
  const { t } = useLingui();
  const label = {
    bottom: t`lowest value of the history`,
    top: t`highest value of the history`,
    outside: t`outside the range of the other historic values`,
  }[flag];
  return (
    <span
      role="img"
      aria-label={label}
      title={label}
      data-last-flag={flag}
      className={`ml-0.5 font-bold ${flag === 'outside' ? 'text-amber-700 dark:text-amber-300' : 'text-slate-600 dark:text-slate-300'}`}
    >
      {flag === 'bottom' ? '⊥' : flag === 'top' ? '⊤' : '⚠'}
    </span>
  );
}

const NO_VALUES: readonly { dt: string; value: number | null }[] = [];

/** The newest 10 values of the series' history document (one per tsId: a lookup by primary key), newest first. */
export function RecentValues({ tsId }: { tsId: string }) {
  const { i18n } = useLingui();
  const zone = useReadingZone();
  const db = useDb();
  const values = useObservable(
    () =>
      db.historicValues.findOne(tsId).$.pipe(
        map((doc) =>
          doc
            ? doc.values
                .slice(-10)
                .reverse()
                .map((v) => ({ dt: v.dt, value: v.value ?? null }))
            : NO_VALUES,
        ),
      ),
    NO_VALUES,
    [db, tsId],
  );
  if (values.length === 0) return null;
  return (
    <div>
      <dt className="font-medium">
        <Trans>Recent values</Trans>
      </dt>
      <dd>
        <ul className="tabular-nums">
          {values.map((v) => (
            <li key={v.dt}>
              {formatDateTime(v.dt, i18n.locale, zone)}: {v.value === null ? '–' : formatReading(v.value, i18n.locale)}
            </li>
          ))}
        </ul>
      </dd>
    </div>
  );
}

/**
 * History beside an entry from what the server puts on the entry: the last value with its
 * date and time and the §5 mark, min and max, values of the same day; details expand with the recent
 * values of the series' stored history. Compact: one line; full: the summary below each other.
 */
export const EntryHistory = memo(function EntryHistory({
  entry,
  label,
  density,
}: {
  entry: MeasureRoundEntry;
  label: string;
  density: Density;
}) {
  const { t, i18n } = useLingui();
  const zone = useReadingZone();
  const [open, setOpen] = useState(false);
  const num = (n: number | null | undefined) => (n === null || n === undefined ? '–' : formatReading(n, i18n.locale));
  const last = entry.last;
  const flag = checkLastValue(entry);
  const sameDay = entry.sameDay ?? [];
  const sameDayCount = sameDay.length;
  const hasRange = entry.min !== undefined && entry.max !== undefined;
  const detailsId = `history-${entry.tsId}`;
  if (!last && !hasRange && sameDayCount === 0) return <span className="text-slate-600 dark:text-slate-400">–</span>;
  const full = density === 'full';
  const lastAt = last ? formatDateTime(last.dt, i18n.locale, zone) : undefined;

  return (
    <div className="min-w-0 text-sm" data-history>
      <div className={`flex min-w-0 items-center gap-1 ${full ? 'flex-wrap' : ''}`}>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={open ? detailsId : undefined}
          onClick={() => setOpen((o) => !o)}
          aria-label={t`History of ${label}`}
          className="-my-2.5 -ml-2 inline-flex min-h-11 min-w-11 shrink-0 items-center justify-center rounded text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
        >
          {/* the button's name is its label; the arrow is seen, not read */}
          {open ? '▾' : '▸'}
        </button>
        <span className="shrink-0 font-medium tabular-nums" data-testid="last-value">
          {num(last?.value)}
          {flag && <LastValueMarker flag={flag} />}
        </span>
        {lastAt !== undefined && (
          <span className="min-w-0 truncate text-xs text-slate-600 tabular-nums dark:text-slate-400" title={lastAt}>
            {lastAt}
          </span>
        )}
        {sameDayCount > 0 && (
          <span
            className="shrink-0 rounded bg-sky-100 px-1 text-xs text-sky-900 dark:bg-sky-900 dark:text-sky-100"
            data-testid="same-day"
            title={sameDay.map((v) => `${formatTime(v.dt, i18n.locale, zone)} ${num(v.value)}`).join(', ')}
          >
            <Plural value={sameDayCount} one="# value today" other="# values today" />
          </span>
        )}
      </div>
      {(full || open) && (
        <dl id={detailsId} className="mt-0.5 space-y-0.5 text-xs text-slate-700 dark:text-slate-300">
          {hasRange && (
            <div className="tabular-nums">
              <dt className="inline font-medium">
                <Trans>Min/max</Trans>:
              </dt>{' '}
              <dd className="inline">
                {num(entry.min)} … {num(entry.max)}
              </dd>
            </div>
          )}
          {sameDayCount > 0 && (
            <div className="tabular-nums">
              <dt className="inline font-medium">
                <Trans>Same day</Trans>:
              </dt>{' '}
              <dd className="inline">
                {sameDay.map((v) => `${formatTime(v.dt, i18n.locale, zone)} ${num(v.value)}`).join(' · ')}
              </dd>
            </div>
          )}
          {open && <RecentValues tsId={entry.tsId} />}
        </dl>
      )}
    </div>
  );
});
